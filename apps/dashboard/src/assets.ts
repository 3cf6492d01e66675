import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { REPORT_CSS } from '@pageprobe/test-kinds';
import { WEBAUTHN_BROWSER } from './passkeys/browser-library.ts';

// The dashboard's own stylesheet and script, named by their content: cached for good, a change is a new name.

function asset(file: string, type: string) {
  const body = readFileSync(new URL(`./assets/${file}`, import.meta.url));
  const [name, ext] = file.split('.');
  return { path: `/assets/${name}-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`, body, type };
}

export const ASSETS = {
  css: asset('dashboard.css', 'text/css'),
  js: asset('dashboard.js', 'text/javascript'),
  passkeys: asset('passkeys.js', 'text/javascript'),
  testProgress: asset('test-progress.js', 'text/javascript'),
  webauthn: WEBAUTHN_BROWSER,
  /** The report pages' stylesheet: a monitor's page shows the public page's sections (issue 46). */
  reportCss: {
    path: `/assets/report-${createHash('sha256').update(REPORT_CSS).digest('hex').slice(0, 12)}.css`,
    body: REPORT_CSS,
    type: 'text/css',
  },
};
