// Passkeys (issue 45): the one place the dashboard needs JavaScript, since WebAuthn is a browser API.
// The ceremonies run through @simplewebauthn/browser (served by the dashboard itself, loaded before this
// module as globalThis.SimpleWebAuthnBrowser). Without WebAuthn the controls stay hidden and the page
// says so; everything else on the page works without this file.
const webauthn = globalThis.SimpleWebAuthnBrowser;
const supported = Boolean(webauthn?.browserSupportsWebAuthn());

/** Posts form fields (same origin, the session cookie rides along); the JSON answer, or throws its error. */
async function post(url, fields) {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { accept: 'application/json' },
  });
  const body = res.headers.get('content-type')?.includes('json') ? await res.json() : {};
  if (!res.ok) throw new Error(body.error ?? 'This page has expired: reload it and try again.');
  return body;
}

/** Says what went wrong: the browser's own words for a cancelled or refused ceremony. */
function show(status, error) {
  if (!status) return;
  status.hidden = false;
  status.textContent =
    error?.name === 'NotAllowedError'
      ? 'The passkey request was cancelled or timed out.'
      : String(error?.message ?? error);
}

for (const note of document.querySelectorAll('[data-passkey-unsupported]')) note.hidden = supported;

// Adding a passkey: its name, then options from the server, the browser's ceremony, the server's check.
for (const form of document.querySelectorAll('form[data-passkey-add]')) {
  if (!supported) continue;
  form.hidden = false;
  const status = form.querySelector('[data-passkey-status]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    try {
      const fields = Object.fromEntries(new FormData(form));
      const optionsJSON = await post(form.dataset.options, fields);
      const credential = await webauthn.startRegistration({ optionsJSON });
      const done = await post(form.dataset.verify, { _csrf: fields._csrf, response: JSON.stringify(credential) });
      location.assign(done.redirect);
    } catch (error) {
      show(status, error);
      button.disabled = false;
    }
  });
}

// Signing in with a passkey alone: no address typed, the authenticator offers the person's passkeys.
for (const button of document.querySelectorAll('button[data-passkey-sign-in]')) {
  if (!supported) continue;
  button.hidden = false;
  const status = document.getElementById(button.dataset.status);
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const optionsJSON = await post(button.dataset.options, {});
      const credential = await webauthn.startAuthentication({ optionsJSON });
      const done = await post(button.dataset.verify, { response: JSON.stringify(credential) });
      location.assign(done.redirect);
    } catch (error) {
      show(status, error);
      button.disabled = false;
    }
  });
}
