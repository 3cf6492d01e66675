import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { REPORT_CSS } from '@pageprobe/test-kinds';
import { WEBAUTHN_BROWSER } from './passkeys/browser-library.ts';

// The dashboard's own stylesheet and script, named by their content: cached for good, a change is a new name.

function asset(file: string, type: string) {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const [name, ext] = file.split('.');
  return { path: `/assets/${name}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`, body, type };
}

/**
 * The stylesheet, one file of parts: `assets/css/*.css` in name order (a part per concern, so that changes
 * to the list, the forms and the test pages do not meet in one file).
 */
function stylesheet() {
  const dir = new URL('./assets/css/', import.meta.url);
  const parts = readdirSync(dir)
    .filter((f) => f.endsWith('.css'))
    .sort();
  const body = Buffer.from(parts.map((f) => `/* ${f} */\n${readFileSync(new URL(f, dir), 'utf8')}`).join('\n'));
  return {
    path: `/assets/dashboard-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.css`,
    body,
    type: 'text/css',
  };
}

export const ASSETS = {
  css: stylesheet(),
  js: asset('dashboard.js', 'text/javascript'),
  passkeys: asset('passkeys.js', 'text/javascript'),
  testProgress: asset('test-progress.js', 'text/javascript'),
  /** The monitor list's rows, refreshed in place (issue 60). */
  monitorList: asset('monitor-list.js', 'text/javascript'),
  monitorLive: asset('monitor-live.js', 'text/javascript'),
  webauthn: WEBAUTHN_BROWSER,
  /** The report pages' stylesheet: a monitor's page shows the public page's sections (issue 46). */
  reportCss: {
    path: `/assets/report-${createHash('sha256').update(REPORT_CSS).digest('hex').slice(0, 12)}.css`,
    body: REPORT_CSS,
    type: 'text/css',
  },
};
