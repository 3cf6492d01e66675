import type { StoredPing } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { fmtMs } from '@pageprobe/test-kinds';
import { listTable } from '../../views/list-table.ts';

// A heartbeat's part of its dashboard page (issue 47): its ping URL, how a job calls it, and the pings
// received with their logs. The URL is a key (whoever has it can ping, and so mark the monitor up or
// down): only members who may change the monitor see it (issue 56, item 17); the public page never does.

/** A log's first characters, enough to see what the job said. */
const EXCERPT = 300;

const when = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

const KIND_WORDS: Record<StoredPing['kind'], string> = {
  success: 'success',
  start: 'start',
  fail: 'failure (/fail)',
  exit: 'exit status',
};

function pingWord(p: StoredPing): string {
  if (p.kind !== 'exit') return KIND_WORDS[p.kind];
  return p.exitCode === 0 ? 'exit 0 (success)' : `exit ${p.exitCode} (failure)`;
}

const excerpt = (body: string | null) =>
  body === null || body === ''
    ? html`<span class="muted">none</span>`
    : html`<pre class="log">${body.length > EXCERPT ? `${body.slice(0, EXCERPT)}…` : body}</pre>`;

/** The ping URL with copy-paste examples (null: the member may not change the monitor), then the newest pings. */
export function heartbeatSection(pingUrl: string | null, pings: StoredPing[]): SafeHtml {
  const pingCard = pingUrl
    ? pingUrlCard(pingUrl)
    : html`<section class="card" aria-labelledby="ping-h"><h2 id="ping-h">Ping URL</h2>
<p>Members who may change this monitor see the URL its job pings: it works as a key.</p>
</section>`;
  return html`${pingCard}
<section class="card" aria-labelledby="pings-h"><h2 id="pings-h">Latest pings</h2>
${
  pings.length
    ? listTable(
        'Pings',
        [{ head: 'When' }, { head: 'Ping' }, { head: 'Run duration', num: true }, { head: 'Log' }],
        pings.map((p) => [when(p.at), pingWord(p), fmtMs(p.durationMs), excerpt(p.body)]),
        'pings',
      )
    : html`<p>No ping yet.</p>`
}
</section>`;
}

function pingUrlCard(pingUrl: string): SafeHtml {
  const examples = [
    ['After the job succeeds', `/usr/local/bin/backup.sh && curl -fsS -m 10 --retry 3 ${pingUrl}`],
    ['A crontab line', `0 3 * * * /usr/local/bin/backup.sh && curl -fsS -m 10 --retry 3 ${pingUrl}`],
    ['When it starts (its duration is measured from here)', `curl -fsS -m 10 ${pingUrl}/start`],
    ['When it fails', `curl -fsS -m 10 ${pingUrl}/fail`],
    [
      'Its exit status (0 is success), with its output as the log',
      `out=$(/usr/local/bin/backup.sh 2>&1); code=$?\nprintf '%s' "$out" | tail -c 100000 | curl -fsS -m 10 --data-binary @- ${pingUrl}/$code`,
    ],
  ] as const;
  return html`<section class="card" aria-labelledby="ping-h"><h2 id="ping-h">Ping URL</h2>
<p>The job calls this URL (GET, HEAD or POST, no key) when it runs. Keep it secret: whoever has it can ping. A new one: <code>POST /api/v1/monitors/{id}/rotate-token</code> with <code>{"token": "ping"}</code>.</p>
<pre class="copy"><code id="ping-url">${pingUrl}</code></pre><button type="button" data-copy="ping-url" hidden>Copy ping URL</button>
<h3>Examples</h3>
${examples.map(([label, code]) => html`<p>${label}:</p><pre class="copy"><code>${code}</code></pre>`)}
</section>`;
}
