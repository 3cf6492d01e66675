import { hashPassword } from '@pageprobe/accounts';
import { createDb, DAY_MS, type Pool } from '@pageprobe/db';
import { createLogger } from '@pageprobe/logger';
import { ensurePartitions, refreshMaintenanceOccurrences } from '@pageprobe/test-lifecycle';
import { teamWithKey } from '@pageprobe/testing';
import { progress } from './table.ts';

// The dashboard scenario's data (issue 46): one pro team as a big customer has it, written with set-based
// SQL (generate_series), never a row at a time. What is seeded, and what is not:
// - 10,000 monitors (70 % named; 70 % uptime, 25 % lighthouse, 5 % seo_crawl), intervals 60 s to a day, 0–3 of 24 tags,
//   locations, 8 % paused, ~2 % down now (with their open incident), each using 1–2 of 20 alert channels.
// - 1,000,000 tests over 90 days, newest first by (created_at, id), half of them a monitor's runs; the last
//   20,000 debited in the credit ledger.
// - Checks as retention keeps them, but not all of it: a pro team keeps 90 days of raw checks, which at
//   10,000 monitors is about a billion rows (most of a day to write here). Seeded: the last
//   BENCH_DASHBOARD_RAW_HOURS (24) hours of raw checks of every active uptime monitor at its interval,
//   and the whole 90 days at 60 s for the monitor whose pages are measured; day rollups of every monitor
//   for 90 days, hour rollups of every monitor for the last 48 hours and of the measured one for 90 days.
//   Uptime monitors keep no minute rollups (their raw rows are that level); lighthouse monitors' minute
//   rollups are left out (one run an hour or a day: their hour rollups hold the same).
// - Incidents over the 90 days (1–3 a monitor) with their down and recovered alerts, one delivery per
//   alert and channel with 1–3 attempts; 30 maintenance windows (once and recurring, their occurrences
//   computed as the dispatcher does); 50 status pages; 16 members, 3 invitations, 5 keys, 20,000 audit
//   entries. Live locations (Redis heartbeats of workers) are not seeded: no worker runs.

export interface DashboardSeed {
  teamId: string;
  /** An API key of the team (write): the API's baseline reads the same data. */
  key: string;
  owner: { email: string; password: string };
  /** The active uptime monitor with 90 days of 1-minute checks. */
  monitorId: string;
  /** A completed lighthouse test of yesterday. */
  testId: string;
  seconds: number;
  counts: Record<string, number>;
}

const TAGS = [
  'prod',
  'staging',
  'eu',
  'us',
  'apac',
  'checkout',
  'marketing',
  'api',
  'critical',
  'team-a',
  'team-b',
  'team-c',
  'blog',
  'docs',
  'payments',
  'search',
  'auth',
  'cdn',
  'mobile',
  'partner',
  'legacy',
  'beta',
  'internal',
  'sla',
];
const CHANNEL_TYPES = ['slack', 'email', 'webhook', 'discord', 'teams', 'pagerduty'];

/** A time-ordered id as the app's uuid(7) makes them (48 bits of epoch ms, then random), for `ts`. */
const UUID7 = `CREATE FUNCTION pg_temp.uuid7(ts timestamptz) RETURNS uuid LANGUAGE sql VOLATILE AS $$
  SELECT (lpad(to_hex(floor(extract(epoch FROM ts) * 1000)::bigint), 12, '0') || '7'
    || substr(md5(random()::text), 1, 3) || to_hex(8 + floor(random() * 4)::int) || substr(md5(random()::text), 1, 15))::uuid
$$`;

/** A rollup's stats and histogram (monitoring.merge_stats' shape) for `n` runs, `ok` good, around `ms`. */
const ROLLUP_JSON = `CREATE FUNCTION pg_temp.rollup_stats(kind text, n int, ok int, ms int) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN kind = 'uptime' THEN jsonb_build_object(
      'up', jsonb_build_array(n, CASE WHEN ok < n THEN 0 ELSE 1 END, ok, CASE WHEN ok > 0 THEN 1 ELSE 0 END),
      'status_code', jsonb_build_array(n, 200, 200 * n, CASE WHEN ok < n THEN 503 ELSE 200 END),
      'dns_ms', jsonb_build_array(n, 1, 2 * n, 9),
      'connect_ms', jsonb_build_array(n, 2, 5 * n, 30),
      'tls_ms', jsonb_build_array(n, 5, 12 * n, 60),
      'first_byte_ms', jsonb_build_array(n, greatest(1, ms - 40), (ms - 20) * n, ms * 3),
      'download_ms', jsonb_build_array(n, 1, 3 * n, 20),
      'total_ms', jsonb_build_array(n, greatest(1, ms - 30), ms * n, ms * 4),
      'certificate_days_remaining', jsonb_build_array(n, 40, 41 * n, 42))
    ELSE jsonb_build_object(
      'performance_score', jsonb_build_array(n, greatest(0, ms % 100 - 5), (ms % 100) * n, least(100, ms % 100 + 4)),
      'lcp_ms', jsonb_build_array(n, ms * 8, ms * 10 * n, ms * 14),
      'fcp_ms', jsonb_build_array(n, ms * 4, ms * 5 * n, ms * 7),
      'cls', jsonb_build_array(n, 0, 0.02 * n, 0.1),
      'tbt_ms', jsonb_build_array(n, 0, ms * n, ms * 3)) END
$$`;
const ROLLUP_HIST = `CREATE FUNCTION pg_temp.rollup_hist(kind text, n int, ms int) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(CASE WHEN kind = 'uptime' THEN 'total_ms' ELSE 'lcp_ms' END, jsonb_build_object(
    floor(ln(greatest(ms, 2)) / ln(1.04))::int::text, n - n / 4,
    floor(ln(greatest(ms, 2) * 1.3) / ln(1.04))::int::text, n / 4))
$$`;

export async function seedDashboard(
  pool: Pool,
  databaseUrl: string,
  sizes: { monitors: number; tests: number; days: number; rawHours: number },
): Promise<DashboardSeed> {
  const started = performance.now();
  const { monitors, tests, days, rawHours } = sizes;
  const db = createDb(databaseUrl, { pool });
  const step = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await fn();
    progress(`seed: ${what} (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    return result;
  };
  const { teamId, key } = await teamWithKey(db, { name: 'Dashboard bench', plan: 'pro', credits: 5_000_000 });
  const owner = { email: 'owner@dashboard-bench.example', password: 'a passphrase for the dashboard bench' };
  const now = new Date();
  const from = new Date(now.getTime() - days * DAY_MS);
  await ensurePartitions(pool, new Date(from.getTime() - DAY_MS), new Date(now.getTime() + 3 * DAY_MS));

  const client = await pool.connect();
  const q = (sql: string, params: unknown[] = []) => client.query(sql, params);
  const counts: Record<string, number> = {};
  const count = async (name: string, sql: string, params: unknown[] = []) => {
    counts[name] = (counts[name] ?? 0) + ((await q(sql, params)).rowCount ?? 0);
  };
  try {
    // A bulk load, as a restore would: the data is thrown away with the bench's database.
    await q('SET synchronous_commit = off');
    await q(UUID7);
    await q(ROLLUP_JSON);
    await q(ROLLUP_HIST);

    await step('the owner and 15 members, 3 invitations, 4 more keys', async () => {
      const hash = await hashPassword(owner.password);
      await q(
        `INSERT INTO users (id, email, name, password_hash, email_verified_at, updated_at)
         VALUES (pg_temp.uuid7(now()), $1, 'Bench Owner', $2, now(), now())`,
        [owner.email, hash],
      );
      await q(
        `INSERT INTO users (id, email, name, password_hash, email_verified_at, created_at, updated_at)
         SELECT pg_temp.uuid7(now() - i * interval '3 days'), 'member-' || i || '@dashboard-bench.example',
           'Member ' || i, $1, now(), now() - i * interval '3 days', now() FROM generate_series(1, 15) i`,
        [hash],
      );
      await q(
        `INSERT INTO memberships (team_id, user_id, role, created_at)
         SELECT $1, id, CASE WHEN email = $2 THEN 'owner' ELSE (ARRAY['viewer','editor','admin'])[1 + (row_number() OVER ()) % 3] END::"TeamRole", created_at
         FROM users WHERE email LIKE '%@dashboard-bench.example'`,
        [teamId, owner.email],
      );
      await q(
        `INSERT INTO invitations (id, team_id, email, role, token_hash, expires_at, created_at)
         SELECT pg_temp.uuid7(now()), $1, 'invitee-' || i || '@dashboard-bench.example', 'editor',
           sha256(('invite' || i || random())::bytea), now() + interval '6 days', now() FROM generate_series(1, 3) i`,
        [teamId],
      );
      await q(
        `INSERT INTO api_keys (id, team_id, name, prefix, hash, scope, created_at, last_used_at)
         SELECT pg_temp.uuid7(now() - i * interval '9 days'), $1, 'ci key ' || i, 'pp_' || substr(md5(i::text), 1, 8),
           encode(sha256(('key' || i || random())::bytea), 'hex'), CASE WHEN i % 2 = 0 THEN 'read' ELSE 'write' END::"KeyScope",
           now() - i * interval '9 days', now() - i * interval '1 hour' FROM generate_series(1, 4) i`,
        [teamId],
      );
    });

    await step('20 alert channels', () =>
      count(
        'alert channels',
        `INSERT INTO alert_channels (id, team_id, type, name, settings, sealed, state, first_failure_at, last_delivered_at, created_at, updated_at)
         SELECT pg_temp.uuid7(now() - i * interval '4 days'), $1, t::"AlertChannelType", initcap(t) || ' ' || i,
           CASE WHEN t = 'email' THEN jsonb_build_object('addresses', jsonb_build_array('ops-' || i || '@dashboard-bench.example'))
                WHEN t = 'pagerduty' THEN '{"severity":"critical"}'::jsonb ELSE '{}'::jsonb END,
           CASE WHEN t = 'email' THEN NULL ELSE decode(md5(random()::text) || md5(random()::text), 'hex') END,
           CASE WHEN i IN (7, 13) THEN 'failing' ELSE 'ok' END::"AlertChannelState",
           CASE WHEN i IN (7, 13) THEN now() - interval '30 hours' END, now() - i * interval '2 hours',
           now() - i * interval '4 days', now()
         FROM generate_series(1, 20) i, LATERAL (SELECT ($2::text[])[1 + i % 6] AS t) x`,
        [teamId, CHANNEL_TYPES],
      ),
    );
    await q(
      `INSERT INTO alert_channel_addresses (channel_id, email, confirmed_at)
       SELECT id, settings->'addresses'->>0, now() FROM alert_channels WHERE team_id = $1 AND type = 'email'`,
      [teamId],
    );

    await step(`${monitors} monitors and their channels`, async () => {
      // i = 0 is the monitor whose pages are measured: uptime, every minute, active and up.
      await count(
        'monitors',
        `INSERT INTO monitors (id, team_id, name, type, url, device, interval_seconds, status, paused_reason, down,
           consecutive_failures, tags, locations, location_mode, last_run_at, next_run_at, down_alerted_at, created_at, updated_at)
         SELECT pg_temp.uuid7(c), $1,
           CASE WHEN i % 10 < 7 THEN initcap((ARRAY['shop','blog','api','docs','status','app','www','cdn'])[1 + i % 8]) || ' '
             || i || ' ' || (ARRAY['home','health','checkout','login','pricing'])[1 + (i / 32) % 5] END,
           k::"TestType",
           'https://' || (ARRAY['shop','blog','api','docs','status','app','www','cdn'])[1 + i % 8] || '-' || i || '.'
             || (ARRAY['example.com','example.org','example.net','acme.test'])[1 + (i / 8) % 4] || '/'
             || (ARRAY['','health','checkout','login','pricing'])[1 + (i / 32) % 5],
           CASE WHEN i % 3 = 0 THEN 'desktop' ELSE 'mobile' END::"Device", iv,
           CASE WHEN paused THEN 'paused' ELSE 'active' END::"MonitorStatus",
           CASE WHEN paused THEN (ARRAY['user','out_of_credits','target_errors'])[1 + i % 3] END,
           down, CASE WHEN down THEN 3 + i % 5 ELSE 0 END,
           ARRAY(SELECT ($2::text[])[1 + (i * 7 + j * 5) % 24] FROM generate_series(1, i % 4) j),
           (ARRAY['{}','{eu-central}','{eu-central,us-east}','{us-east,ap-southeast}','{}'])[1 + i % 5]::text[],
           CASE WHEN i % 10 = 3 THEN 'round_robin' ELSE 'every' END,
           CASE WHEN NOT paused THEN now() - (i % iv) * interval '1 second' END,
           CASE WHEN NOT paused THEN now() + (iv - i % iv) * interval '1 second' END,
           CASE WHEN down THEN now() - (i % 50) * interval '1 minute' END, c, c
         FROM generate_series(0, $3::int - 1) i,
         LATERAL (SELECT CASE WHEN i % 20 < 14 THEN 'uptime' WHEN i % 20 < 19 THEN 'lighthouse' ELSE 'seo_crawl' END AS k,
                         i > 0 AND i % 13 = 5 AS paused,
                         now() - interval '180 days' + i * (interval '180 days' / $3::int) AS c) a,
         LATERAL (SELECT CASE WHEN i = 0 THEN 60 WHEN k = 'uptime' THEN (ARRAY[60,300,300,300,600])[1 + i % 5]
                              WHEN k = 'lighthouse' THEN (ARRAY[3600,21600,86400])[1 + i % 3] ELSE 86400 END AS iv,
                         i > 0 AND NOT paused AND i % 53 = 7 AS down) b`,
        [teamId, TAGS, monitors],
      );
      await count(
        'monitor channels',
        `INSERT INTO monitor_alert_channels (monitor_id, channel_id)
         SELECT m.id, c.id FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS i FROM monitors WHERE team_id = $1) m
         JOIN (SELECT id, row_number() OVER (ORDER BY created_at) AS j FROM alert_channels WHERE team_id = $1) c
           ON c.j = 1 + m.i % 20 OR (m.i % 3 = 0 AND c.j = 1 + (m.i + 7) % 20)`,
        [teamId],
      );
    });

    const monitorId = (await q(`SELECT id FROM monitors WHERE team_id = $1 ORDER BY created_at, id LIMIT 1`, [teamId]))
      .rows[0].id as string;

    // Tests in chunks (progress, and one statement's memory bounded), oldest first, as a restore loads a
    // table: its secondary indexes made after the rows, and foreign keys not checked row by row (the rows
    // are consistent by construction; session_replication_role = replica is pg_restore's --disable-triggers).
    const CHUNK = 100_000;
    const testIndexes = (
      await q(
        `SELECT indexname, indexdef FROM pg_indexes i WHERE schemaname = 'public' AND tablename = 'tests'
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      )
    ).rows as Array<{ indexname: string; indexdef: string }>;
    for (const index of testIndexes) await q(`DROP INDEX "${index.indexname}"`);
    await q('SET session_replication_role = replica');
    await q(
      `CREATE TEMP TABLE bench_monitor_ids AS
       SELECT type, array_agg(id ORDER BY id) AS ids FROM monitors WHERE team_id = $1 GROUP BY type`,
      [teamId],
    );
    for (let first = 0; first < tests; first += CHUNK) {
      const last = Math.min(tests, first + CHUNK) - 1;
      await step(`tests ${first + 1}–${last + 1} of ${tests}`, () =>
        count(
          'tests',
          `INSERT INTO tests (id, team_id, type, url, device, status, report_token, credits_spent, monitor_id, run_count,
             performance_score, scores, vitals, structure_score, grade, result, error_code, error_message, locations,
             created_at, started_at, completed_at, updated_at, artifacts_expire_at)
           SELECT pg_temp.uuid7(c), $1, k::"TestType",
             CASE WHEN mid IS NULL THEN 'https://' || (ARRAY['shop','blog','www','landing','docs'])[1 + i % 5] || '-' || (i % 997)
               || '.example.com/' || (ARRAY['','pricing','product/' || (i % 331),'blog/post-' || (i % 89)])[1 + (i / 5) % 4]
               ELSE 'https://monitored-' || (i % 2000) || '.example.com/' END,
             CASE WHEN i % 4 = 0 THEN 'desktop' ELSE 'mobile' END::"Device", st::"TestStatus",
             md5(i::text || random()::text) || md5(random()::text), 1, mid, 1,
             CASE WHEN k = 'lighthouse' AND st = 'completed' THEN p END,
             CASE WHEN k = 'lighthouse' AND st = 'completed' THEN jsonb_build_object('performance', p,
               'accessibility', 80 + i % 21, 'best-practices', 75 + i % 26, 'seo', 85 + i % 16) END,
             CASE WHEN k = 'lighthouse' AND st = 'completed' THEN jsonb_build_object('lcp_ms', 900 + (i * 37) % 4000,
               'fcp_ms', 500 + (i * 13) % 2000, 'cls', round(((i % 30) / 100.0)::numeric, 2), 'tbt_ms', (i * 7) % 900,
               'speed_index_ms', 1000 + (i * 11) % 3000, 'ttfb_ms', 80 + i % 400, 'interactive_ms', 1500 + (i * 17) % 5000) END,
             CASE WHEN k = 'seo_crawl' AND st = 'completed' THEN 60 + i % 41 END,
             CASE WHEN k = 'seo_crawl' AND st = 'completed' THEN (ARRAY['A','B','C','D'])[1 + i % 4] END,
             CASE WHEN k = 'uptime' AND st = 'completed' THEN jsonb_build_object('up', i % 50 <> 0,
               'reason', CASE WHEN i % 50 = 0 THEN 'timeout' END, 'status_code', CASE WHEN i % 50 = 0 THEN NULL ELSE 200 END,
               'final_url', 'https://shop.example.com/', 'redirects', '[]'::jsonb, 'ip_address', '93.184.216.34',
               'http_version', '2', 'size_bytes', 10000 + i % 5000, 'body_truncated', false,
               'timings_ms', jsonb_build_object('dns', 2, 'connect', 10, 'tls', 20, 'first_byte', 80 + i % 200, 'download', 5, 'total', 117 + i % 200),
               'tls', NULL, 'error', NULL)
               WHEN k = 'seo_crawl' AND st = 'completed' THEN jsonb_build_object('pages', 10 + i % 40) END,
             CASE WHEN st = 'failed' THEN (ARRAY['navigation_timeout','dns_error','target_error'])[1 + i % 3] END,
             CASE WHEN st = 'failed' THEN 'The page did not load in time.' END,
             (ARRAY['{}','{}','{eu-central}','{eu-central,us-east}'])[1 + i % 4]::text[],
             c, CASE WHEN st <> 'queued' THEN c + interval '2 seconds' END,
             CASE WHEN st IN ('completed','failed') THEN c + interval '25 seconds' END, c,
             CASE WHEN k = 'lighthouse' AND st = 'completed' THEN c + interval '365 days' END
           FROM generate_series($2::int, $3::int) i,
           LATERAL (SELECT $4::timestamptz + (i + random()) * ($5::timestamptz - $4::timestamptz) / $6::int AS c,
                           CASE WHEN i % 10 < 6 THEN 'lighthouse' WHEN i % 10 < 9 THEN 'uptime' ELSE 'seo_crawl' END AS k,
                           40 + (i * 31) % 61 AS p) a,
           LATERAL (SELECT CASE WHEN c > now() - interval '2 minutes' THEN (ARRAY['queued','running'])[1 + i % 2]
                                WHEN i % 14 = 3 THEN 'failed' ELSE 'completed' END AS st,
                           CASE WHEN i % 2 = 0 THEN (SELECT ids[1 + (i / 2) % cardinality(ids)] FROM bench_monitor_ids WHERE type = k::"TestType") END AS mid) b`,
          [teamId, first, last, from, now, tests],
        ),
      );
    }

    await step(`the tests' ${testIndexes.length} secondary indexes`, async () => {
      for (const index of testIndexes) await q(index.indexdef);
    });
    // The ledger's trigger keeps the team's balance: on (origin), and a statement a thousand rows (each row
    // updates the team's one row: within one statement its versions pile up).
    await q('SET session_replication_role = origin');
    await step('credit ledger: the newest 20,000 tests debited', async () => {
      const { rows } = await q(
        `SELECT id FROM tests WHERE team_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20000`,
        [teamId],
      );
      const newest = rows.map((r) => r.id as string).reverse();
      for (let i = 0; i < newest.length; i += 1_000) {
        await count(
          'ledger entries',
          `INSERT INTO credit_ledger (team_id, delta, reason, test_id, created_at)
           SELECT $1, -1, 'test', t.id, t.created_at FROM tests t WHERE t.id = ANY($2::uuid[]) ORDER BY t.created_at, t.id`,
          [teamId, newest.slice(i, i + 1_000)],
        );
      }
    });
    await q('SET session_replication_role = replica');

    const rawFrom = new Date(now.getTime() - rawHours * 3600_000);
    await step(`raw checks: ${rawHours} h of every active uptime monitor`, () =>
      count(
        'raw checks',
        `INSERT INTO monitoring.checks (monitor_id, at, plan, delay_ms, dns_ms, connect_ms, tls_ms, first_byte_ms, download_ms,
           total_ms, status_code, reason, certificate_days, up, passed, location)
         SELECT m.id, s.at, 'pro', 3 + (h % 40), 2, 10, 20, ms - 37, 5, ms,
           CASE WHEN fail THEN NULL ELSE 200 END, CASE WHEN fail THEN 4 END, 41, NOT fail, NULL, 'default'
         FROM monitors m,
         LATERAL generate_series(date_trunc('minute', $2::timestamptz) + (m.phase_ms % (m.interval_seconds * 1000)) * interval '1 ms',
                                 $3::timestamptz, m.interval_seconds * interval '1 second') s(at),
         LATERAL (SELECT abs(hashtext(m.id::text || s.at::text)) AS h) x,
         LATERAL (SELECT 90 + h % 180 AS ms, (m.down AND s.at > $3::timestamptz - interval '1 hour') OR h % 500 = 0 AS fail) y
         WHERE m.team_id = $1 AND m.type = 'uptime' AND m.status = 'active' AND m.id <> $4`,
        [teamId, rawFrom, now, monitorId],
      ),
    );
    await step(`raw checks: ${days} days at 60 s of the measured monitor`, () =>
      count(
        'raw checks',
        `INSERT INTO monitoring.checks (monitor_id, at, plan, delay_ms, dns_ms, connect_ms, tls_ms, first_byte_ms, download_ms,
           total_ms, status_code, reason, certificate_days, up, passed, location)
         SELECT $1, s.at, 'pro', 3 + (h % 40), 2, 10, 20, 90 + h % 180 - 37, 5, 90 + h % 180,
           CASE WHEN h % 700 = 0 THEN NULL ELSE 200 END, CASE WHEN h % 700 = 0 THEN 4 END, 41, h % 700 <> 0, NULL, 'default'
         FROM generate_series(date_trunc('minute', $2::timestamptz), $3::timestamptz, interval '1 minute') s(at),
         LATERAL (SELECT abs(hashtext(s.at::text)) AS h) x`,
        [monitorId, from, now],
      ),
    );
    await step(`day rollups: ${days} days of every monitor`, () =>
      count(
        'day rollups',
        `INSERT INTO monitoring.rollups_day (monitor_id, at, plan, n, ok, stats, hist)
         SELECT m.id, d.at, 'pro', n, ok, pg_temp.rollup_stats(m.type::text, n, ok, ms), pg_temp.rollup_hist(m.type::text, n, ms)
         FROM monitors m,
         LATERAL generate_series(greatest(date_trunc('day', m.created_at), date_trunc('day', $2::timestamptz)), $3::timestamptz, interval '1 day') d(at),
         LATERAL (SELECT greatest(1, 86400 / m.interval_seconds) AS n, abs(hashtext(m.id::text || d.at::text)) AS h) x,
         LATERAL (SELECT CASE WHEN h % 9 = 0 THEN n - 1 - h % greatest(1, n / 50) ELSE n END AS ok, 90 + h % 180 AS ms) y
         WHERE m.team_id = $1`,
        [teamId, from, now],
      ),
    );
    await step('hour rollups: 48 h of every monitor, 90 days of the measured one', async () => {
      const hourly = `INSERT INTO monitoring.rollups_hour (monitor_id, at, plan, n, ok, stats, hist)
         SELECT m.id, t.at, 'pro', n, ok, pg_temp.rollup_stats(m.type::text, n, ok, ms), pg_temp.rollup_hist(m.type::text, n, ms)
         FROM monitors m,
         LATERAL generate_series(date_trunc('hour', $2::timestamptz), $3::timestamptz, interval '1 hour') t(at),
         LATERAL (SELECT greatest(1, 3600 / m.interval_seconds) AS n, abs(hashtext(m.id::text || t.at::text)) AS h) x,
         LATERAL (SELECT CASE WHEN h % 40 = 0 THEN n - 1 ELSE n END AS ok, 90 + h % 180 AS ms) y
         WHERE m.team_id = $1 AND m.interval_seconds <= 3600 AND m.status = 'active'`;
      await count('hour rollups', `${hourly} AND m.id <> $4`, [
        teamId,
        new Date(now.getTime() - 48 * 3600_000),
        now,
        monitorId,
      ]);
      await count('hour rollups', `${hourly} AND m.id = $4`, [teamId, from, now, monitorId]);
    });
    await step(
      'incidents (1–3 a monitor over the days, open for those down), alerts, deliveries, attempts',
      async () => {
        await count(
          'incidents',
          `INSERT INTO monitoring.incidents (monitor_id, started_at, ended_at, reason)
         SELECT m.id, s, s + (5 + (k * 17 + length(m.url)) % 90) * interval '1 minute', (ARRAY['timeout','http_error','dns_error'])[1 + k % 3]
         FROM monitors m, generate_series(1, 1 + abs(hashtext(m.id::text)) % 3) k,
         LATERAL (SELECT date_trunc('minute', $2::timestamptz + (abs(hashtext(m.id::text || k)) % ($4::int * 1440)) * interval '1 minute') AS s) x
         WHERE m.team_id = $1 AND s < $3::timestamptz - interval '3 hours'
         UNION ALL
         SELECT m.id, coalesce(m.down_alerted_at, now()) - interval '2 minutes', NULL, 'timeout' FROM monitors m WHERE m.team_id = $1 AND m.down
         ON CONFLICT DO NOTHING`,
          [teamId, from, now, days],
        );
        await count(
          'alerts',
          `INSERT INTO monitor_alerts (id, monitor_id, test_id, event, reason, details, created_at)
         SELECT pg_temp.uuid7(at), monitor_id, NULL, event, reason, jsonb_build_object('reason', reason), at FROM (
           SELECT i.monitor_id, i.started_at AS at, 'monitor.down' AS event, i.reason FROM monitoring.incidents i
             JOIN monitors m ON m.id = i.monitor_id WHERE m.team_id = $1
           UNION ALL
           SELECT i.monitor_id, i.ended_at, 'monitor.recovered', i.reason FROM monitoring.incidents i
             JOIN monitors m ON m.id = i.monitor_id WHERE m.team_id = $1 AND i.ended_at IS NOT NULL) a`,
          [teamId],
        );
        await count(
          'deliveries',
          `INSERT INTO callback_deliveries (id, team_id, alert_id, channel_id, url, event, payload, state, created_at, finished_at)
         SELECT pg_temp.uuid7(a.created_at), $1, a.id, mc.channel_id, NULL, a.event,
           jsonb_build_object('event', a.event, 'monitor_id', a.monitor_id, 'at', a.created_at)::text,
           CASE WHEN c.state = 'failing' THEN 'failed' ELSE 'delivered' END::"DeliveryState", a.created_at, a.created_at + interval '1 second'
         FROM monitor_alerts a JOIN monitors m ON m.id = a.monitor_id JOIN monitor_alert_channels mc ON mc.monitor_id = a.monitor_id
         JOIN alert_channels c ON c.id = mc.channel_id WHERE m.team_id = $1`,
          [teamId],
        );
        await count(
          'attempts',
          `INSERT INTO callback_attempts (delivery_id, number, started_at, duration_ms, status_code, error, response_snippet)
         SELECT d.id, k, d.created_at + (k - 1) * interval '30 seconds', 80 + k * 20,
           CASE WHEN d.state = 'failed' THEN 500 ELSE 200 END, CASE WHEN d.state = 'failed' THEN 'HTTP 500' END,
           CASE WHEN d.state = 'failed' THEN 'internal error' ELSE 'ok' END
         FROM callback_deliveries d, generate_series(1, CASE WHEN d.state = 'failed' THEN 3 ELSE 1 END) k WHERE d.team_id = $1`,
          [teamId],
        );
      },
    );
    await step('30 maintenance windows, 50 status pages, 20,000 audit entries', async () => {
      await count(
        'maintenance windows',
        `INSERT INTO maintenance_windows (id, team_id, name, starts_at, ends_at, rrule, duration_minutes, time_zone, monitor_ids, tags, created_at, updated_at)
         SELECT pg_temp.uuid7(now() - i * interval '3 days'), $1, 'Window ' || i,
           date_trunc('hour', now()) + ((i % 7) - 3) * interval '1 day' + interval '2 hours',
           CASE WHEN i % 2 = 0 THEN date_trunc('hour', now()) + ((i % 7) - 3) * interval '1 day' + interval '3 hours' END,
           CASE WHEN i % 2 = 1 THEN (ARRAY['FREQ=DAILY','FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR','FREQ=WEEKLY;BYDAY=SU','FREQ=MONTHLY;BYMONTHDAY=1'])[1 + i % 4] END,
           CASE WHEN i % 2 = 1 THEN 60 END, (ARRAY['UTC','Europe/Berlin','America/New_York'])[1 + i % 3],
           ARRAY(SELECT id FROM monitors WHERE team_id = $1 ORDER BY created_at OFFSET i * 10 LIMIT 1 + i % 5),
           CASE WHEN i % 3 = 0 THEN ARRAY[($2::text[])[1 + i % 24]] ELSE '{}' END,
           now() - i * interval '3 days', now() - i * interval '3 days'
         FROM generate_series(1, 30) i`,
        [teamId, TAGS],
      );
      const logger = createLogger({ name: 'bench', level: 'warn' });
      while ((await refreshMaintenanceOccurrences(db, logger, now)) > 0) {}
      await count(
        'status pages',
        `INSERT INTO status_pages (id, team_id, slug, title, description, monitors, indexable, created_at, updated_at)
         SELECT pg_temp.uuid7(now() - i * interval '2 days'), $1, 'bench-status-' || i, 'Status ' || i, 'Our services',
           coalesce((SELECT jsonb_agg(jsonb_build_object('id', id, 'label', 'Service ' || n)) FROM
             (SELECT id, row_number() OVER () AS n FROM monitors WHERE team_id = $1 ORDER BY created_at
              OFFSET (i * 30) % (SELECT count(*) FROM monitors WHERE team_id = $1) LIMIT 5 + i % 16) s), '[]'),
           i % 4 = 0, now() - i * interval '2 days', now()
         FROM generate_series(1, 50) i`,
        [teamId],
      );
      await count(
        'audit entries',
        `INSERT INTO audit_log (id, team_id, actor_id, actor_email, action, target, details, ip, user_agent, created_at)
         SELECT pg_temp.uuid7(at), $1, u.id, u.email,
           (ARRAY['sign_in','monitor.created','monitor.updated','test.started','key.created','channel.created','monitor.deleted'])[1 + i % 7],
           'target-' || i, '{}'::jsonb, '203.0.113.' || (i % 250), 'Mozilla/5.0 (bench)', at
         FROM generate_series(1, 20000) i, LATERAL (SELECT $2::timestamptz + i * ($3::timestamptz - $2::timestamptz) / 20000 AS at) t,
         LATERAL (SELECT id, email FROM users WHERE email LIKE '%@dashboard-bench.example' ORDER BY email OFFSET i % 16 LIMIT 1) u`,
        [teamId, from, now],
      );
    });
    await q('SET session_replication_role = origin');
    // As autovacuum would have by now: statistics for the planner and the visibility map for index-only scans.
    await step('VACUUM ANALYZE', () => q('VACUUM ANALYZE'));
    const testId = (
      await q(
        `SELECT id FROM tests WHERE team_id = $1 AND type = 'lighthouse' AND status = 'completed'
           AND created_at < now() - interval '1 day' ORDER BY created_at DESC, id DESC LIMIT 1`,
        [teamId],
      )
    ).rows[0].id as string;
    return { teamId, key, owner, monitorId, testId, seconds: (performance.now() - started) / 1000, counts };
  } finally {
    client.release();
  }
}
