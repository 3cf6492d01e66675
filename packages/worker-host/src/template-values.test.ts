import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Db } from '@pageprobe/db';
import { seal } from '@pageprobe/secrets';
import { MissingValue, variableSealContext } from '@pageprobe/test-kinds';
import { fillTeamValues, loadTemplateValues, missingValue, redactOutcome } from './template-values.ts';

const KEY = randomBytes(32);
const TEAM = '0191f3b0-0000-7aaa-8bbb-0123456789ab';

function dbWith(rows: Array<{ name: string; secret: boolean; value: string | null; sealed: Uint8Array | null }>) {
  let reads = 0;
  const db = {
    teamVariable: {
      findMany: async () => {
        reads++;
        return rows;
      },
    },
  } as unknown as Db;
  return { db, reads: () => reads };
}

const secretRow = (name: string, value: string, key = KEY, team = TEAM) => ({
  name,
  secret: true,
  value: null,
  sealed: new Uint8Array(seal(key, value, variableSealContext(team, name))),
});

test('loadTemplateValues opens the team’s secrets and reads its plain values', async () => {
  const { db } = dbWith([
    { name: 'HOST', secret: false, value: 'shop.test', sealed: null },
    secretRow('TOKEN', 's3cr3t'),
  ]);
  assert.deepEqual(await loadTemplateValues(db, [KEY], TEAM), {
    vars: { HOST: 'shop.test' },
    secrets: { TOKEN: 's3cr3t' },
  });
});

test('a seal moved to another team or name does not open', async () => {
  const { db } = dbWith([{ ...secretRow('TOKEN', 's3cr3t', KEY, 'another-team') }]);
  await assert.rejects(loadTemplateValues(db, [KEY], TEAM), /does not open/);
});

test('a check without team placeholders reads nothing; one with them is filled, its extracted ones kept', async () => {
  const { db, reads } = dbWith([secretRow('TOKEN', 's3cr3t')]);
  const plain = await fillTeamValues(db, [KEY], TEAM, { url: 'https://a.test/', headers: { A: '{{id}}' } });
  assert.equal(reads(), 0);
  assert.equal(plain.redact('s3cr3t'), 's3cr3t');
  const filled = await fillTeamValues(db, [KEY], TEAM, {
    headers: { Authorization: 'Bearer {{secrets.TOKEN}} {{id}}' },
  });
  assert.equal(reads(), 1);
  assert.deepEqual(filled.value, { headers: { Authorization: 'Bearer s3cr3t {{id}}' } });
  assert.equal(filled.redact('got Bearer s3cr3t'), 'got Bearer [redacted]');
  assert.deepEqual(filled.fill({ text: '{{secrets.TOKEN}}' }), { text: 's3cr3t' });
});

test('a deleted variable is a failed run naming it, refunded; not an error to retry', async () => {
  const { db } = dbWith([]);
  const error = await fillTeamValues(db, [KEY], TEAM, { body: '{{vars.GONE}}' }).then(
    () => assert.fail('filled'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof MissingValue);
  const outcome = missingValue(error);
  assert.equal(outcome?.status, 'failed');
  assert.deepEqual(outcome?.status === 'failed' && [outcome.error.code, outcome.refund], ['variable_missing', true]);
  assert.match(outcome?.status === 'failed' ? outcome.error.message : '', /\{\{vars\.GONE\}\} is not a variable/);
});

test('redactOutcome takes a secret out of a result and an error, and leaves other fields alone', () => {
  const redact = (t: string) => t.replaceAll('s3cr3t', '[redacted]');
  const sentinel = Object.freeze(Object.create({ kind: 'DbNull' }) as object);
  const done = redactOutcome(
    {
      status: 'completed',
      fields: { result: { final_url: 'https://a.test/?k=s3cr3t', n: 1 }, runResults: sentinel as never },
    },
    redact,
  );
  assert.equal(
    done.status === 'completed' && (done.fields.result as { final_url: string }).final_url,
    'https://a.test/?k=[redacted]',
  );
  assert.equal(done.status === 'completed' && done.fields.runResults, sentinel);
  const failed = redactOutcome(
    { status: 'failed', error: { code: 'x', message: 'sent s3cr3t' }, refund: false },
    redact,
  );
  assert.equal(failed.status === 'failed' && failed.error.message, 'sent [redacted]');
});
