import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Db } from '@pageprobe/db';
import { ProblemError } from '../problem.ts';
import { checkFieldsOf, checkPlaceholders, presentVariable } from './variable-service.ts';

/** A database that knows the team's variables by name and kind (the only read checkPlaceholders makes). */
function dbWith(variables: Record<string, boolean>) {
  const asked: unknown[] = [];
  const db = {
    teamVariable: {
      findMany: async (query: { where: { name: { in: string[] } } }) => {
        asked.push(query);
        return query.where.name.in.filter((n) => n in variables).map((name) => ({ name, secret: variables[name] }));
      },
    },
  } as unknown as Db;
  return { db, asked };
}

const refusal = async (promise: Promise<void>) => {
  const error = await promise.then(
    () => assert.fail('accepted'),
    (e: unknown) => e,
  );
  assert.ok(error instanceof ProblemError);
  return error;
};

test('a body without team placeholders reads nothing', async () => {
  const { db, asked } = dbWith({});
  await checkPlaceholders(db, 't', checkFieldsOf({ url: 'https://a.test/{{id}}', headers: { A: 'b' }, name: 'x' }));
  assert.equal(asked.length, 0);
});

test('each placeholder must name a variable of its kind; the 400 names every string at fault', async () => {
  const { db } = dbWith({ TOKEN: true, HOST: false });
  await checkPlaceholders(db, 't', { headers: { Authorization: 'Bearer {{secrets.TOKEN}}' }, body: '{{vars.HOST}}' });
  const error = await refusal(
    checkPlaceholders(db, 't', {
      headers: { Authorization: 'Bearer {{secrets.NOPE}}' },
      steps: [{ type: 'type', text: '{{vars.TOKEN}}' }],
    }),
  );
  assert.equal(error.status, 400);
  assert.equal(error.code, 'validation_failed');
  assert.deepEqual(error.errors, [
    { path: 'body.headers.Authorization', message: '{{secrets.NOPE}} names no secret of the team' },
    { path: 'body.steps.0.text', message: '{{vars.TOKEN}}: TOKEN is a secret: write {{secrets.TOKEN}}' },
  ]);
});

test('checkFieldsOf keeps what a check sends, not its name or tags', () => {
  assert.deepEqual(Object.keys(checkFieldsOf({ url: 'u', name: '{{vars.X}}', tags: [], body: 'b', steps: [] })), [
    'url',
    'body',
    'steps',
  ]);
});

test('a secret is shown without its value, always', () => {
  const at = new Date('2026-11-28T10:00:00Z');
  const shown = presentVariable({
    id: 'i',
    teamId: 't',
    name: 'TOKEN',
    secret: true,
    value: 'should never be there',
    sealed: new Uint8Array([1]),
    createdAt: at,
    updatedAt: at,
  });
  assert.equal(shown.value, null);
});
