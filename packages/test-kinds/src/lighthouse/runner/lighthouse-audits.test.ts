import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { AUDITS_MODULE, auditsModule, readLighthouseAudits } from './lighthouse-audits.ts';

test("the audit ids the API checks assertions against are the installed Lighthouse's (pnpm run generate)", async () => {
  const audits = await readLighthouseAudits();
  assert.equal(
    readFileSync(AUDITS_MODULE, 'utf8'),
    auditsModule(audits),
    'lighthouse-audits.ts drifted: pnpm run generate',
  );
  // What the README's example and its successor rely on.
  assert.ok(audits.auditIds.includes('cache-insight'));
  assert.equal(audits.replaced['uses-long-cache-ttl'], 'cache-insight');
});
