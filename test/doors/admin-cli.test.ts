// `pnpm admin ...` does what the admin API does, through the same service code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openInvitation } from '@pageprobe/accounts';
import { hashApiKey } from '@pageprobe/api';
import { compileCache, createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const cli = fileURLToPath(new URL('../../apps/api/src/cli/admin.ts', import.meta.url));

function admin(...args: string[]) {
  const run = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: env.databaseUrl, ...compileCache },
    encoding: 'utf8',
  });
  return {
    code: run.status,
    out: run.stdout,
    err: run.stderr,
    json: () => JSON.parse(run.stdout || `{"stderr": ${JSON.stringify(run.stderr)}}`),
  };
}

test('team, key, secret and credits commands', () => {
  const team = admin('team', 'create', '--name', 'Ops', '--plan', 'free').json();
  assert.equal(team.plan, 'free');
  assert.equal(admin('team', 'plan', team.id, 'pro').json().plan, 'pro');
  assert.equal(admin('credits', 'add', team.id, '25', '--reason', 'welcome').json().credits_balance, 25);
  assert.equal(admin('credits', 'add', team.id, '-5', '--reason', 'correction').json().credits_balance, 20);
  assert.equal(admin('team', 'get', team.id).json().credits_balance, 20);

  const key = admin('key', 'create', team.id, '--scope', 'read', '--name', 'cli').json();
  assert.match(key.key, /^pp_live_/);
  return env.db.apiKey.findUniqueOrThrow({ where: { id: key.id } }).then(async (row) => {
    assert.equal(row.hash, hashApiKey(key.key));
    assert.equal(admin('key', 'revoke', key.id).code, 0);
    assert.ok((await env.db.apiKey.findUniqueOrThrow({ where: { id: key.id } })).revokedAt);
    const { secret } = admin('secret', 'set', team.id).json();
    assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: team.id } })).webhookSecret, secret);
    // Issue 45: a rotation keeps the old secret signing for the overlap.
    const rotated = admin('secret', 'rotate', team.id, '--overlap-seconds', '3600').json();
    assert.match(rotated.secret, /^whsec_/);
    const rotatedRow = await env.db.team.findUniqueOrThrow({ where: { id: team.id } });
    assert.deepEqual([rotatedRow.webhookSecret, rotatedRow.webhookSecretPrevious], [rotated.secret, secret]);
    assert.equal(rotatedRow.webhookSecretPreviousExpiresAt?.toISOString(), rotated.previous_expires_at);
    assert.equal(admin('secret', 'rotate', team.id, '--overlap-seconds', '0').code, 2);
    assert.equal(admin('secret', 'delete', team.id).code, 0);
    assert.equal((await env.db.team.findUniqueOrThrow({ where: { id: team.id } })).webhookSecret, null);
  });
});

test('bad input exits 2 with a reason and changes nothing', () => {
  const unknown = admin('team', 'get', randomUUID());
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /not_found/);
  const badPlan = admin('team', 'create', '--name', 'X', '--plan', 'gold');
  assert.equal(badPlan.code, 2);
  assert.match(badPlan.err, /invalid input/);
  const overdraw = admin(
    'credits',
    'add',
    admin('team', 'create', '--name', 'Y', '--plan', 'pro').json().id,
    '-1',
    '--reason',
    'x',
  );
  assert.equal(overdraw.code, 2);
  assert.match(overdraw.err, /insufficient_credits/);
  const nonsense = admin('launch', 'rockets');
  assert.equal(nonsense.code, 2);
  assert.match(nonsense.err, /Usage: pnpm admin/);
});

// Issue 45: `pnpm admin users invite` prints the dashboard's link (mailing it too when SMTP_URL is set).
test('users invite prints a single-use link to the dashboard that makes the address a member with the role', async () => {
  const team = admin('team', 'create', '--name', 'Invited', '--plan', 'free').json();
  const run = admin('users', 'invite', 'Boss@Example.com', '--team', team.id, '--role', 'owner');
  assert.equal(run.code, 0, run.err);
  const made = run.json();
  assert.match(made.url, /^http:\/\/127\.0\.0\.1:3001\/app\/invite\/[\w-]{43}$/, "the dashboard's default address");
  assert.equal(made.mailed, false, 'no SMTP_URL: only printed');
  const invitation = await openInvitation(env.db, made.url.split('/').at(-1));
  assert.deepEqual(
    [invitation?.id, invitation?.teamId, invitation?.email, invitation?.role],
    [made.id, team.id, 'boss@example.com', 'owner'],
  );
  const entry = await env.db.auditEntry.findFirstOrThrow({ where: { teamId: team.id, action: 'member.invited' } });
  assert.equal((entry.details as { via: string }).via, 'pnpm admin');

  const bad = (...args: string[]) => {
    const r = admin('users', 'invite', ...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    return r.err;
  };
  assert.match(
    bad('x@example.com', '--team', team.id, '--role', 'king'),
    /--role must be one of viewer, editor, admin, owner/,
  );
  assert.match(bad('x@example.com', '--role', 'viewer'), /invalid input/);
  assert.match(bad('not-an-address', '--team', team.id, '--role', 'viewer'), /validation_failed/);
  assert.match(bad('x@example.com', '--team', randomUUID(), '--role', 'viewer'), /not_found/);
  assert.equal(await env.db.invitation.count({ where: { teamId: team.id } }), 1);
});
