import type { Pool } from '@pageprobe/db';
import { DEGRADED } from '@pageprobe/services';
import { monitorTrends } from '@pageprobe/test-kinds';

// The monitors list (issue 46): a team's monitors searched, filtered and sorted, one keyset page at a
// time. One statement reads the page (its figures included), so a page costs the same at 50 monitors as
// at 10,000, and no row costs a query of its own.

export const SORTS = {
  newest: 'Newest first',
  state: 'State (down first)',
  uptime: 'Uptime, 7 days (lowest first)',
  last_check: 'Last check (latest first)',
} as const;
export type Sort = keyof typeof SORTS;
export const STATES = {
  down: 'Down',
  degraded: 'Degraded',
  up: 'Up',
  pending: 'No run yet',
  paused: 'Paused',
} as const;
export type State = keyof typeof STATES;
export const PAGE_SIZE = 50;
/** The window of the uptime shown and sorted by: the day rollups of the last 7 days (8 rows a monitor at most). */
export const UPTIME_DAYS = 7;
/** The hours of the strip and the sparkline: the hour rollups of the last day, the current hour last. */
export const TREND_HOURS = 24;

/** One hour of a monitor's trend: its checks (`n`), the good ones, the degraded ones, and the trend figure's average. */
export interface Hour {
  n: number;
  ok: number;
  degraded: number;
  value: number | null;
}

export interface ListFilters {
  q: string;
  state: State | '';
  type: string;
  location: string;
  tag: string;
  sort: Sort;
  cursor: string;
}

export interface ListRow {
  id: string;
  url: string;
  name: string | null;
  type: string;
  status: string;
  down: boolean;
  pausedReason: string | null;
  tags: string[];
  locations: string[] | null;
  intervalSeconds: number;
  lastRunAt: Date | null;
  state: State;
  uptime: number | null;
  /** The configuration file that manages it (issue 50), null when made by hand. */
  managedBy: string | null;
  /** The last TREND_HOURS hours, oldest first; an hour without checks is null. */
  hours: Array<Hour | null>;
}

// Each sort is a key and the id (uuid v7: newest first among equal keys). The key is never null, so a
// cursor is the last row's (key, id) and the next page starts after it. A heartbeat runs nothing: its
// last ping is its last check (issue 47).
const LAST_CHECK = 'coalesce(m.last_run_at, m.last_ping_at)';
const STATE_RANK = `CASE WHEN m.status = 'paused' THEN 4 WHEN m.down THEN 0 WHEN m.degraded THEN 1 WHEN ${LAST_CHECK} IS NULL THEN 3 ELSE 2 END`;
const RANKS: Record<State, number> = { down: 0, degraded: 1, up: 2, pending: 3, paused: 4 };
const KEYS: Record<Sort, { expr: string; dir: 'asc' | 'desc'; cast: string; everyUptime?: true }> = {
  newest: { expr: 'm.created_at', dir: 'desc', cast: 'timestamptz' },
  state: { expr: STATE_RANK, dir: 'asc', cast: 'int' },
  // Monitors without checks in the window come last.
  uptime: { expr: 'coalesce(u.pct, 101)', dir: 'asc', cast: 'float8', everyUptime: true },
  last_check: { expr: `coalesce(${LAST_CHECK}, 'epoch'::timestamptz)`, dir: 'desc', cast: 'timestamptz' },
};

const encode = (key: unknown, id: string) => Buffer.from(JSON.stringify([key, id])).toString('base64url');

/** An instant as the list's cursors write it (toISOString), and nothing PostgreSQL would refuse to cast. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
/** What a key of each cast may be: a cursor of another sort (or made up) must not reach the query. */
const KEY_FITS: Record<string, (key: unknown) => boolean> = {
  timestamptz: (key) => typeof key === 'string' && ISO_INSTANT.test(key) && !Number.isNaN(Date.parse(key)),
  int: (key) => typeof key === 'number' && Number.isInteger(key) && key >= 0 && key <= 4,
  float8: (key) => typeof key === 'number' && Number.isFinite(key) && key >= 0 && key <= 101,
};

/** A cursor this list did not give out for this sort (issue 56, item 15): the page answers 400, as the API does. */
export class BadCursor extends Error {}

/** The (key, id) a `sort`'s cursor holds, or null when it is not one this list gave out for that sort. */
export function decodeCursor(cursor: string, sort: Sort): [string | number, string] | null {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(decoded) || decoded.length !== 2) return null;
    const [key, id] = decoded as [unknown, unknown];
    if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id) || !KEY_FITS[KEYS[sort].cast]!(key)) return null;
    return [key as string | number, id];
  } catch {
    return null;
  }
}

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of the team's monitors and the cursor of the next (null on the last). */
export async function listMonitors(
  pool: Pool,
  teamId: string,
  f: ListFilters,
  now = new Date(),
): Promise<{ rows: ListRow[]; next: string | null }> {
  const params: unknown[] = [teamId];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['m.team_id = $1::uuid', 'm.deleted_at IS NULL'];
  if (f.q) {
    const like = p(likeOf(f.q));
    where.push(
      `(m.url ILIKE ${like} OR m.name ILIKE ${like} OR EXISTS (SELECT 1 FROM unnest(m.tags) t WHERE t ILIKE ${like}))`,
    );
  }
  if (f.state) {
    where.push(`${STATE_RANK} = ${p(RANKS[f.state])}`);
  }
  if (f.type) where.push(`m.type::text = ${p(f.type)}`);
  if (f.location === 'default') where.push(`coalesce(cardinality(m.locations), 0) = 0`);
  else if (f.location) where.push(`${p(f.location)} = ANY(m.locations)`);
  if (f.tag) where.push(`${p(f.tag)} = ANY(m.tags)`);
  const key = KEYS[f.sort];
  const after = f.cursor ? decodeCursor(f.cursor, f.sort) : null;
  if (f.cursor && !after) throw new BadCursor('cursor is not one this list gave out for this sort');
  if (after) {
    const k = `${p(after[0])}::${key.cast}`;
    const id = `${p(after[1])}::uuid`;
    where.push(`(${key.expr} ${key.dir === 'asc' ? '>' : '<'} ${k} OR (${key.expr} = ${k} AND m.id < ${id}))`);
  }
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = p(new Date(today - (UPTIME_DAYS - 1) * 86_400_000));
  // Sorting by uptime needs it for every monitor that passes the filters: one grouped read of the day
  // rollups (at most UPTIME_DAYS rows a monitor, by their primary key). Otherwise only the page's rows.
  const uptime = `SELECT monitor_id, round(100.0 * sum(ok) / nullif(sum(n), 0), 3)::float8 AS pct
    FROM monitoring.rollups_day WHERE at >= ${since}::timestamptz`;
  // The page's last day, hour by hour, from the hour rollups (at most TREND_HOURS rows a monitor, by their
  // primary key): each hour as [epoch s, n, ok, degraded, the type's trend figure's average].
  const hourNow = Math.floor(now.getTime() / 3_600_000) * 3_600_000;
  const from = p(new Date(hourNow - (TREND_HOURS - 1) * 3_600_000));
  const trends = p(JSON.stringify(Object.fromEntries(Object.entries(monitorTrends).map(([t, v]) => [t, v.metric]))));
  const trend = `stats -> (${trends}::jsonb ->> page.type::text)`;
  // (A team that changed plan that hour has a row in each plan's partition: grouped by hour.)
  const hours = `SELECT json_agg(json_build_array(at_s, n, ok, degraded, value) ORDER BY at_s) AS hours FROM (
      SELECT extract(epoch FROM at)::bigint AS at_s, sum(n) AS n, sum(ok) AS ok, sum(${DEGRADED}) AS degraded,
        round(sum((${trend} ->> 2)::numeric) / nullif(sum((${trend} ->> 0)::numeric), 0)) AS value
      FROM monitoring.rollups_hour WHERE monitor_id = page.id AND at >= ${from}::timestamptz GROUP BY at) r`;
  const sql = key.everyUptime
    ? `WITH u AS (${uptime} AND monitor_id IN (SELECT id FROM monitors m WHERE m.team_id = $1::uuid AND m.deleted_at IS NULL) GROUP BY monitor_id),
         page AS (SELECT m.*, ${key.expr} AS sort_key, u.pct FROM monitors m LEFT JOIN u ON u.monitor_id = m.id
           WHERE ${where.join(' AND ')} ORDER BY sort_key ${key.dir}, m.id DESC LIMIT ${PAGE_SIZE + 1})
       SELECT page.*, h.hours FROM page LEFT JOIN LATERAL (${hours}) h ON true ORDER BY sort_key ${key.dir}, page.id DESC`
    : `WITH page AS (SELECT m.*, ${key.expr} AS sort_key FROM monitors m WHERE ${where.join(' AND ')}
           ORDER BY ${key.expr} ${key.dir}, m.id DESC LIMIT ${PAGE_SIZE + 1})
       SELECT page.*, u.pct, h.hours FROM page
         LEFT JOIN LATERAL (${uptime} AND monitor_id = page.id GROUP BY monitor_id) u ON true
         LEFT JOIN LATERAL (${hours}) h ON true
       ORDER BY sort_key ${key.dir}, page.id DESC`;
  const { rows } = await pool.query(sql, params);
  const page = rows.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  const keyOf = (v: unknown) => (v instanceof Date ? v.toISOString() : Number.isFinite(Number(v)) ? Number(v) : v);
  return {
    rows: page.map((r) => ({
      id: r.id,
      url: r.url,
      name: r.name,
      type: r.type,
      status: r.status,
      down: r.down,
      pausedReason: r.paused_reason,
      tags: r.tags ?? [],
      locations: r.locations,
      intervalSeconds: r.interval_seconds,
      lastRunAt: r.last_run_at ?? r.last_ping_at,
      state: stateOf(r),
      uptime: r.pct === null ? null : Number(r.pct),
      managedBy: r.managed_by ?? null,
      hours: hoursOf(r.hours, hourNow),
    })),
    next: rows.length > PAGE_SIZE && last ? encode(keyOf(last.sort_key), last.id) : null,
  };
}

const stateOf = (r: Record<string, unknown>): State =>
  r.status === 'paused'
    ? 'paused'
    : r.down
      ? 'down'
      : r.degraded
        ? 'degraded'
        : (r.last_run_at ?? r.last_ping_at)
          ? 'up'
          : 'pending';

/** The rollups' rows laid on the TREND_HOURS hours ending with the current one. */
function hoursOf(rows: Array<[number, number, number, number, number | null]> | null, hourNow: number) {
  const hours: Array<Hour | null> = Array.from({ length: TREND_HOURS }, () => null);
  for (const [at, n, ok, degraded, value] of rows ?? []) {
    const i = TREND_HOURS - 1 - Math.round((hourNow - at * 1000) / 3_600_000);
    if (i >= 0 && i < TREND_HOURS)
      hours[i] = {
        n: Number(n),
        ok: Number(ok),
        degraded: Number(degraded),
        value: value === null ? null : Number(value),
      };
  }
  return hours;
}

/** The tags and locations the team's monitors use, for the filters (two small aggregates). */
export async function filterChoices(pool: Pool, teamId: string): Promise<{ tags: string[]; locations: string[] }> {
  const { rows } = await pool.query(
    `SELECT (SELECT coalesce(array_agg(DISTINCT t ORDER BY t), '{}') FROM monitors m, unnest(m.tags) t
              WHERE m.team_id = $1::uuid AND m.deleted_at IS NULL) AS tags,
            (SELECT coalesce(array_agg(DISTINCT l ORDER BY l), '{}') FROM monitors m, unnest(m.locations) l
              WHERE m.team_id = $1::uuid AND m.deleted_at IS NULL) AS locations`,
    [teamId],
  );
  return { tags: (rows[0].tags as string[]).slice(0, 200), locations: rows[0].locations as string[] };
}
