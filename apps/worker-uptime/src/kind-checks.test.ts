import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { GuardPolicy } from '@pageprobe/net-guard';
import { kinds } from '@pageprobe/test-kinds';
import type { UptimeConfig } from './config.ts';
import { kindChecks } from './kind-checks.ts';

// A kind whose monitors run checks (not tests) and has no check here would have its monitors queued and
// logged as "no check for this type of monitor", recording nothing, with no other test failing (a trial of
// the add-a-kind recipe, issue 57). The table is built without reading the configuration or the policy.
test('every kind whose monitors run checks has its check in the uptime worker', () => {
  const checks = kindChecks({} as UptimeConfig, {} as GuardPolicy);
  const checking = kinds.filter((kind) => kind.monitor.page.run === 'check').map((kind) => kind.name);
  assert.ok(checking.length >= 3, checking.join(', '));
  assert.deepEqual(
    checking.filter((name) => !checks.has(name)),
    [],
    'add its check to apps/worker-uptime/src/kind-checks.ts',
  );
});
