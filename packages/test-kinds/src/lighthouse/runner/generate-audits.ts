// Writes ../generated/lighthouse-audits.ts from the Lighthouse installed (`pnpm run generate`).
import { readFileSync, writeFileSync } from 'node:fs';
import { AUDITS_MODULE, auditsModule, readLighthouseAudits } from './lighthouse-audits.ts';

const text = auditsModule(await readLighthouseAudits());
const before = (() => {
  try {
    return readFileSync(AUDITS_MODULE, 'utf8');
  } catch {
    return '';
  }
})();
writeFileSync(AUDITS_MODULE, text);
process.stdout.write(`lighthouse-audits.ts: ${before === text ? 'up to date' : 'rewritten'}\n`);
