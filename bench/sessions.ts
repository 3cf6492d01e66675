import { randomBytes } from 'node:crypto';
import { generateApiKey, hashPassword, newToken, readSession, verifyPassword } from '@pageprobe/accounts';
import { createDb, createPool } from '@pageprobe/db';
import { teamWithKey } from '@pageprobe/testing';
import type { BenchServices } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 45: what a signed-in page costs before it does anything, and what signing in costs. The session
// check (readSession: one indexed query joining the session, its person, membership and team) is
// measured in this process's CPU per call, over CALLS calls against 10,000 live sessions, beside a bare
// SELECT 1 and the API's key lookup through the same client. The goal is under 0.2 ms of CPU a check.
// Argon2id at the chosen cost (OWASP's: 19 MiB, 2 passes, 1 lane) is timed as sign-in spends it.
const PEOPLE = 1_000;
const SESSIONS = 10_000;
const KEYS = 1_000;
const CALLS = 5_000;
const ROUNDS = 3;
const HASHES = 15;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function sessionsBench(services: BenchServices): Promise<string> {
  const pool = createPool(services.databaseUrl, { size: 5 });
  const db = createDb(services.databaseUrl, { pool });
  try {
    progress(`sessions: ${SESSIONS} sessions of ${PEOPLE} people, ${KEYS} keys`);
    const { teamId } = await teamWithKey(db, { name: 'sessions bench' });
    const people = await db.user.createManyAndReturn({
      data: Array.from({ length: PEOPLE }, (_, i) => ({ email: `person-${i}@bench.example` })),
      select: { id: true },
    });
    await db.membership.createMany({
      data: people.map((p, i) => ({ teamId, userId: p.id, role: i ? 'editor' : 'owner' })),
    });
    const now = Date.now();
    const tokens = Array.from({ length: SESSIONS }, () => newToken());
    for (let i = 0; i < SESSIONS; i += 2_000) {
      await db.session.createMany({
        data: tokens.slice(i, i + 2_000).map((t, j) => ({
          tokenHash: t.hash,
          userId: people[(i + j) % PEOPLE]!.id,
          teamId,
          method: 'password',
          csrfToken: randomBytes(32).toString('base64url'),
          // Seen now: within a minute a check only reads (the touch is at most once a minute a session).
          lastSeenAt: new Date(now),
          expiresAt: new Date(now + 30 * 86_400_000),
        })),
      });
    }
    const keys = Array.from({ length: KEYS }, () => generateApiKey());
    await db.apiKey.createMany({ data: keys.map((k) => ({ teamId, prefix: k.prefix, hash: k.hash, scope: 'read' })) });
    const settings = { idleMs: 12 * 3_600_000, maxMs: 30 * 86_400_000 };

    const checks: Record<string, (i: number) => Promise<unknown>> = {
      'SELECT 1 through Prisma (baseline)': () => db.$queryRaw`SELECT 1`,
      "an API key's lookup (as the API's)": (i) =>
        db.apiKey.findUnique({
          where: { hash: keys[i % KEYS]!.hash },
          select: {
            id: true,
            prefix: true,
            teamId: true,
            scope: true,
            hash: true,
            expiresAt: true,
            revokedAt: true,
            team: { select: { plan: true, defaultLocation: true } },
          },
        }),
      'SELECT 1, node-postgres directly': () => pool.query('SELECT 1'),
      'the session check (readSession)': async (i) => {
        const session = await readSession(pool, tokens[(i * 7919) % SESSIONS]!.token, settings);
        if (!session?.role) throw new Error('a live session was not found');
      },
    };
    const cpu = Object.fromEntries(Object.keys(checks).map((name) => [name, [] as number[]]));
    const wall = Object.fromEntries(Object.keys(checks).map((name) => [name, [] as number[]]));
    for (const check of Object.values(checks)) for (let i = 0; i < 500; i++) await check(i);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, check] of Object.entries(checks)) {
        const started = performance.now();
        const before = process.cpuUsage();
        for (let i = 0; i < CALLS; i++) await check(round * CALLS + i);
        const used = process.cpuUsage(before);
        cpu[name]!.push((used.user + used.system) / 1000 / CALLS);
        wall[name]!.push((performance.now() - started) / CALLS);
      }
      progress(`sessions: round ${round + 1} of ${ROUNDS}`);
    }

    const hashing: number[] = [];
    const verifying: number[] = [];
    let stored = '';
    for (let i = 0; i < HASHES; i++) {
      let started = performance.now();
      stored = await hashPassword(`a passphrase for the bench ${i}`);
      hashing.push(performance.now() - started);
      started = performance.now();
      await verifyPassword(stored, `a passphrase for the bench ${i}`);
      verifying.push(performance.now() - started);
    }
    const ms = (x: number) => `${x.toFixed(3)} ms`;
    return `${table(
      [`per call (median of ${ROUNDS} rounds of ${CALLS})`, 'CPU of this process', 'wall'],
      Object.keys(checks).map((name) => [name, ms(median(cpu[name]!)), ms(median(wall[name]!))]),
    )}\n${table(
      [`Argon2id, ${stored.split('$')[3]} (median of ${HASHES})`, 'wall'],
      [
        ['hashPassword (sign-up, a new password)', `${median(hashing).toFixed(1)} ms`],
        ['verifyPassword (each sign-in)', `${median(verifying).toFixed(1)} ms`],
      ],
    )}`;
  } finally {
    await db.$disconnect();
    await pool.end();
  }
}
