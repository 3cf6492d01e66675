import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// @simplewebauthn/browser's single-file build, served as one of the dashboard's own assets (the CSP
// allows scripts from 'self' only: no CDN). It defines globalThis.SimpleWebAuthnBrowser, which
// assets/passkeys.js uses. Its package exports only its entry, so the file is found beside it.
const entry = createRequire(import.meta.url).resolve('@simplewebauthn/browser');
const body = readFileSync(join(dirname(entry), '..', 'dist', 'bundle', 'index.umd.min.js'));

export const WEBAUTHN_BROWSER = {
  path: `/assets/simplewebauthn-browser-${createHash('sha256').update(body).digest('hex').slice(0, 12)}.js`,
  body,
  type: 'text/javascript',
};
