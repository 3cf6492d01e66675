// The monitor list keeps itself current (issue 60), as an enhancement: every 15 s it asks the same URL for
// its rows alone (the server draws them with the page's own code) and swaps the rows that changed. What the
// reader is doing survives the swap: ticked boxes stay ticked, and focus stays on the same control of the
// same monitor. Without this file the page is the same, current as of its loading.
const rows = document.getElementById('monitor-rows');
const EVERY_MS = 15_000;

/** Where focus is, as a row's id and the index of the focused element among the row's focusable ones. */
function focusOf() {
  const active = document.activeElement;
  const row = active?.closest?.('tr[data-id]');
  if (!row || !rows.contains(row)) return null;
  return { id: row.dataset.id, index: [...row.querySelectorAll('a, input, [tabindex]')].indexOf(active) };
}

function swap(text) {
  const fresh = document.createElement('tbody');
  fresh.innerHTML = text;
  const picked = new Set([...rows.querySelectorAll('input[name="ids"]:checked')].map((box) => box.value));
  const focus = focusOf();
  const old = new Map([...rows.querySelectorAll('tr[data-id]')].map((tr) => [tr.dataset.id, tr]));
  const next = [...fresh.children];
  for (const tr of next) {
    const box = tr.querySelector('input[name="ids"]');
    if (box) box.checked = picked.has(box.value);
    // An unchanged row is kept as it is (its element, its focus); a changed one is replaced.
    const before = old.get(tr.dataset.id);
    if (before && before.innerHTML === tr.innerHTML) {
      const keptBox = before.querySelector('input[name="ids"]');
      if (keptBox) keptBox.checked = picked.has(keptBox.value);
      next[next.indexOf(tr)] = before;
    }
  }
  rows.replaceChildren(...next);
  if (focus && !rows.contains(document.activeElement)) {
    const row = rows.querySelector(`tr[data-id="${CSS.escape(focus.id)}"]`);
    row?.querySelectorAll('a, input, [tabindex]')[focus.index]?.focus();
  }
}

async function refresh() {
  if (!document.hidden) {
    try {
      const res = await fetch(location.href, {
        headers: { 'x-pageprobe-fragment': 'rows' },
        credentials: 'same-origin',
      });
      // A redirect (signed out) answers another page, not rows: left alone.
      if (res.ok && !res.redirected && res.headers.get('content-type')?.startsWith('text/html')) swap(await res.text());
    } catch {
      // A dropped refresh: the next one tries again.
    }
  }
  setTimeout(refresh, EVERY_MS);
}

if (rows) setTimeout(refresh, EVERY_MS);
