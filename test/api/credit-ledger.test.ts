// The credit rules the database itself enforces, whatever code writes to it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CHECK_VIOLATION, sqlState } from '@pageprobe/db';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { db } = env;

const newTeam = () => db.team.create({ data: { name: 'ledger', plan: 'pro' } });
const balance = async (id: string) => (await db.team.findUniqueOrThrow({ where: { id } })).creditsBalance;

test('each ledger entry moves the balance and records the balance it left', async () => {
  const team = await newTeam();
  const a = await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 10, reason: 'grant' } });
  const b = await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: -3, reason: 'debit' } });
  assert.equal(a.balanceAfter, 10);
  assert.equal(b.balanceAfter, 7);
  assert.equal(await balance(team.id), 7);
});

test('a debit past zero is refused and changes nothing', async () => {
  const team = await newTeam();
  await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 2, reason: 'grant' } });
  const error = await db.creditLedgerEntry
    .create({ data: { teamId: team.id, delta: -3, reason: 'debit' } })
    .catch((e) => e);
  assert.equal(sqlState(error), CHECK_VIOLATION);
  assert.equal(await balance(team.id), 2);
  assert.equal(await db.creditLedgerEntry.count({ where: { teamId: team.id } }), 1);
});

test('concurrent debits never overdraw: 20 at once against a balance of 5 leave exactly 5 entries', async () => {
  const team = await newTeam();
  await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 5, reason: 'grant' } });
  const results = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) =>
      db.creditLedgerEntry.create({ data: { teamId: team.id, delta: -1, reason: `debit ${i}` } }),
    ),
  );
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 5);
  assert.equal(await balance(team.id), 0);
});

test('the ledger is append-only', async () => {
  const team = await newTeam();
  const entry = await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 5, reason: 'grant' } });
  await assert.rejects(db.creditLedgerEntry.update({ where: { id: entry.id }, data: { delta: 500 } }), /append-only/);
  await assert.rejects(db.creditLedgerEntry.delete({ where: { id: entry.id } }), /append-only/);
  await assert.rejects(db.$executeRawUnsafe('TRUNCATE credit_ledger'), /append-only/);
  assert.equal((await db.creditLedgerEntry.findUniqueOrThrow({ where: { id: entry.id } })).delta, 5);
});

test('the balance changes only through the ledger', async () => {
  const team = await newTeam();
  await assert.rejects(
    db.team.update({ where: { id: team.id }, data: { creditsBalance: 1000 } }),
    /only through credit_ledger/,
  );
  await assert.rejects(
    db.team.create({ data: { name: 'rich', plan: 'pro', creditsBalance: 50 } }),
    /starts with 0 credits/,
  );
  assert.equal(await balance(team.id), 0);
});

test('a test gets at most one debit and one refund', async () => {
  const team = await newTeam();
  await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 5, reason: 'grant' } });
  const testRow = await db.test.create({
    data: {
      teamId: team.id,
      type: 'seo_crawl',
      url: 'https://example.com/',
      device: 'mobile',
      reportToken: `tok-${team.id}`,
    },
  });
  await db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 1, reason: 'refund', testId: testRow.id } });
  await assert.rejects(
    db.creditLedgerEntry.create({ data: { teamId: team.id, delta: 1, reason: 'refund', testId: testRow.id } }),
  );
  assert.equal(await balance(team.id), 6);
});
