// A monitor's page keeps itself current (issue 60), as an enhancement: every 30 s it reads the same URL
// and, where the server's drawing of the monitor (its state, last check, charts and checks) changed,
// swaps it in. Nothing moves under the reader: no swap while focus is inside it or a part of it was
// opened (a figures table, a request's headers). Without this file the page is as it was loaded.
const live = document.getElementById('monitor-live');
const EVERY_MS = 30_000;

const opened = () => [...live.querySelectorAll('details')].map((d) => d.open).join();

async function refresh() {
  if (!document.hidden && !live.contains(document.activeElement)) {
    try {
      const before = opened();
      const res = await fetch(location.href, { credentials: 'same-origin' });
      // A redirect (signed out) answers another page: left alone.
      if (res.ok && !res.redirected && res.headers.get('content-type')?.startsWith('text/html')) {
        const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
        const fresh = doc.getElementById('monitor-live');
        if (
          fresh &&
          fresh.innerHTML !== live.innerHTML &&
          opened() === before &&
          !live.contains(document.activeElement)
        )
          live.replaceChildren(...fresh.childNodes);
      }
    } catch {
      // A dropped refresh: the next one tries again.
    }
  }
  setTimeout(refresh, EVERY_MS);
}

// The newest view only: an older page of checks, or a chart's figures, stays as it was asked for.
const params = new URLSearchParams(location.search);
if (live && !params.has('before') && !params.has('figures')) setTimeout(refresh, EVERY_MS);
