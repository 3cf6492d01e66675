import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kinds, runsChecks } from '@pageprobe/test-kinds';
import { METRIC_COLUMNS, REASONS } from './check-row.ts';

// A kind whose monitors run checks is stored in monitoring.checks' columns: a series or a reason they
// have no place for would be dropped without a word (a series plotting nothing, a down check with no
// reason), so a kind added by docs/architecture.md's recipe fails here until it has one.

const checkKinds = kinds.filter((k) => runsChecks(k.name));

test('every series of a kind whose monitors run checks has a column of monitoring.checks', () => {
  assert.ok(checkKinds.length >= 5, 'uptime, tcp, dns, multistep, smtp at least');
  for (const kind of checkKinds)
    for (const metric of Object.keys(kind.monitor.metrics))
      assert.ok(METRIC_COLUMNS[metric], `${kind.name}'s ${metric} has no column in monitoring.checks (check-row.ts)`);
});

test('every reason such a kind gives is one monitoring.checks can store', () => {
  for (const kind of checkKinds) {
    const reason = (kind.result as unknown as { shape: { reason: { unwrap(): { options: string[] } } } }).shape.reason;
    for (const r of reason.unwrap().options)
      assert.ok(REASONS.includes(r), `${kind.name}'s reason ${r} is not in REASONS (check-row.ts): append it`);
  }
});
