// A test's page while it runs (issue 46): asks the dashboard for its state every 2 s, shows the status as
// it changes (announced: the element is a live region), and reloads once it ends, for the report the server
// renders. Without this file, the page's <noscript> refresh does the same every 5 s.
const progress = document.getElementById('test-progress');
const status = document.getElementById('test-status');

async function poll() {
  try {
    const res = await fetch(progress.dataset.state, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    });
    if (res.ok) {
      const state = await res.json();
      if (state.status !== status.dataset.status) {
        status.dataset.status = state.status;
        // The server's own drawing of the status (escaped there): shape, color and word.
        status.innerHTML = state.mark;
      }
      if (state.finished) {
        progress.textContent = 'Finished: loading the report…';
        location.reload();
        return;
      }
    }
  } catch {
    // A dropped poll: the next one tries again.
  }
  setTimeout(poll, 2000);
}

if (progress && status) setTimeout(poll, 1000);
