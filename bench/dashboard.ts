import { createPool } from '@pageprobe/db';
import { freePort } from '@pageprobe/local-services';
import { type AppProcess, spawnApp } from '@pageprobe/testing';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { type DashboardSeed, seedDashboard } from './support/dashboard-seed.ts';
import { appEnv, type BenchServices, percentile } from './support/services.ts';
import { progress, table } from './support/table.ts';

// Issue 46, "Fast, light, accessible": the dashboard's pages with 10,000 monitors, 1,000,000 tests and
// 90 days of checks (support/dashboard-seed.ts says what is seeded and what retention would keep beyond
// it). The dashboard runs as production runs it (its own process, `node apps/dashboard/src/main.ts`); the
// bench signs in through its form and keeps the session cookie. Each page is read REQUESTS times after a
// warm-up, one request at a time: server time by the Server-Timing header when the app sends one, else
// the response's time over loopback (the whole body read), and the HTML's size.
// Pages: every GET route of the dashboard's ROUTES that a viewer may read (team.read) and has no path
// parameter, and the overview; the team.read routes with an :id under /monitors, /tests, /alert-channels,
// /maintenance and /status-pages, given a seeded row; the monitor search with a query; the monitor and
// test lists filtered, and their 50th page reached through their "next" links (the cursor).
// Baselines, in the same run: the sign-in page (no session, no query: the app's floor), and the API's
// JSON of the same data through a key (GET /api/v1/monitors?limit=50, /tests?limit=50, /monitors/{id}).
// Then Lighthouse (its default: mobile, simulated throttling) on the seven pages of the navigation and a
// monitor's and a test's page, with the session cookie set in Chromium.

const GOAL_MS = 100;
const GOAL_KB = 150;

interface RouteLike {
  method: string;
  path: string;
  access: string;
}

interface Figures {
  status: number;
  p50: number;
  p95: number;
  bytes: number;
  timing: 'server-timing' | 'loopback';
  body: string;
}

export async function dashboardBench(services: BenchServices): Promise<string> {
  const sizes = {
    monitors: Number(process.env.BENCH_DASHBOARD_MONITORS ?? 10_000),
    tests: Number(process.env.BENCH_DASHBOARD_TESTS ?? 1_000_000),
    days: Number(process.env.BENCH_DASHBOARD_DAYS ?? 90),
    rawHours: Number(process.env.BENCH_DASHBOARD_RAW_HOURS ?? 24),
  };
  const requests = Number(process.env.BENCH_DASHBOARD_REQUESTS ?? 30);
  const runLighthouse = process.env.BENCH_DASHBOARD_LIGHTHOUSE !== '0';
  const search = process.env.BENCH_DASHBOARD_SEARCH ?? 'shop-12';

  const pool = createPool(services.databaseUrl, { size: 4 });
  let seed: DashboardSeed;
  try {
    progress(
      `dashboard: seeding ${sizes.monitors} monitors, ${sizes.tests} tests, ${sizes.days} days (raw checks: ${sizes.rawHours} h)`,
    );
    seed = await seedDashboard(pool, services.databaseUrl, sizes);
  } finally {
    await pool.end();
  }
  progress(`dashboard: seeded in ${seed.seconds.toFixed(0)} s`);

  const apiPort = await freePort();
  const dashPort = await freePort();
  const apiOrigin = `http://127.0.0.1:${apiPort}`;
  const origin = `http://127.0.0.1:${dashPort}`;
  const base = `${origin}/app`;
  const apps: AppProcess[] = [];
  try {
    progress('dashboard: starting the API (for its baseline) and the dashboard');
    const api = await spawnApp('api', appEnv(services, apiPort), { readyUrl: `${apiOrigin}/healthz` });
    apps.push(api);
    const dashboard = await spawnApp('dashboard', appEnv(services, apiPort, { DASHBOARD_PORT: String(dashPort) }), {
      readyUrl: `${base}/sign-in`,
    });
    apps.push(dashboard);
    const cookie = await signIn(base, origin, seed.owner);

    const routes = await dashboardRoutes();
    const rows: Array<Array<string | number>> = [];
    const notes: string[] = [];
    const failures: string[] = [];
    let timing = 'loopback' as Figures['timing'];
    /** A baseline read through the API: it must answer 200, or its figures mean nothing. */
    const baseline = (name: string, f: Figures) => {
      if (f.status !== 200) notes.push(`${name}: answered ${f.status}${f.status >= 500 ? `: ${lastError(api)}` : ''}`);
      row(`${name}${f.status === 200 ? '' : ` (answered ${f.status})`}`, f, GOAL_MS, null);
    };
    const row = (name: string, f: Figures, goalMs = GOAL_MS, goalKb: number | null = GOAL_KB) => {
      if (f.timing === 'server-timing') timing = f.timing;
      const kb = f.bytes / 1024;
      const ok = f.p95 < goalMs && (goalKb === null || kb < goalKb);
      if (!ok && goalKb !== null) failures.push(name);
      rows.push([
        name,
        f.p50.toFixed(1),
        f.p95.toFixed(1),
        `< ${goalMs}`,
        kb.toFixed(1),
        goalKb === null ? '' : `< ${goalKb}`,
        goalKb === null ? '' : ok ? 'ok' : 'MISSED',
      ]);
    };
    const read = (url: string, headers: Record<string, string> = { cookie }) => measure(url, headers, requests);
    /** Measures a dashboard page; a missing one (404, not built yet) is noted and skipped. */
    const dashboardPage = async (name: string, url: string, goalMs = GOAL_MS): Promise<Figures | null> => {
      progress(`dashboard: ${name}`);
      const f = await read(url);
      if (f.status === 404) {
        notes.push(`${name}: 404, skipped (not built yet, or it needs more than an id)`);
        return null;
      }
      if (f.status !== 200) {
        notes.push(`${name}: answered ${f.status}, skipped${f.status >= 500 ? `: ${lastError(dashboard)}` : ''}`);
        return null;
      }
      row(name, f, goalMs);
      return f;
    };

    progress('dashboard: baselines');
    row('baseline: the sign-in page (no session, no query)', await read(`${base}/sign-in`, {}), GOAL_MS, null);
    const bearer = { authorization: `Bearer ${seed.key}` };
    baseline(
      'baseline: API GET /api/v1/monitors?limit=50 (JSON)',
      await read(`${apiOrigin}/api/v1/monitors?limit=50`, bearer),
    );
    baseline(
      'baseline: API GET /api/v1/tests?limit=50 (JSON)',
      await read(`${apiOrigin}/api/v1/tests?limit=50`, bearer),
    );
    baseline(
      'baseline: API GET /api/v1/monitors/{id} (JSON)',
      await read(`${apiOrigin}/api/v1/monitors/${seed.monitorId}`, bearer),
    );

    const main = routes.filter(
      (r) => r.method === 'get' && !r.path.includes(':') && (r.access === 'team.read' || r.path === '/'),
    );
    const bodies = new Map<string, string>();
    for (const route of main) {
      const f = await dashboardPage(`GET ${route.path}`, `${base}${route.path === '/' ? '/' : route.path}`);
      if (f) bodies.set(route.path, f.body);
    }
    for (const nav of NAV_PAGES) {
      if (!main.some((r) => r.path === nav)) notes.push(`GET ${nav}: not among the routes yet`);
    }

    // Pages of one row: the seeded monitor, test, a failing channel, a window, a status page.
    const ids = await rowIds(services.databaseUrl, seed);
    for (const route of routes) {
      if (route.method !== 'get' || !route.path.includes(':') || route.access !== 'team.read') continue;
      const prefix = Object.keys(ids).find((p) => route.path.startsWith(`${p}/:id`));
      const path = prefix ? route.path.replace(':id', ids[prefix]!) : null;
      if (!path || path.includes(':')) {
        notes.push(`GET ${route.path}: a parameter the bench does not fill, skipped`);
        continue;
      }
      await dashboardPage(`GET ${route.path}`, `${base}${path}`);
    }
    for (const one of ['/monitors/:id', '/tests/:id']) {
      if (!routes.some((r) => r.method === 'get' && r.path === one)) notes.push(`GET ${one}: not among the routes yet`);
    }

    const monitorsHtml = bodies.get('/monitors');
    if (monitorsHtml) {
      const name = fieldName(monitorsHtml, 'Search monitors');
      if (name) {
        const action = formAction(monitorsHtml, name) ?? `${base}/monitors`;
        await dashboardPage(`monitor search "${search}"`, withQuery(origin, action, { [name]: search }));
      } else notes.push('monitor search: no field labelled "Search monitors" on /monitors, skipped');
    }
    for (const [list, prefer] of [
      ['/monitors', ['active', 'up', 'uptime']],
      ['/tests', ['completed', 'lighthouse']],
    ] as const) {
      const body = bodies.get(list);
      if (!body) continue;
      const filter = filterOf(body, prefer);
      if (!filter) {
        notes.push(`${list}: no state/status/type filter found, the filtered list skipped`);
        continue;
      }
      const first = withQuery(origin, `${base}${list}`, { [filter.name]: filter.value });
      const filtered = await dashboardPage(`GET ${list}?${filter.name}=${filter.value}`, first);
      if (!filtered) continue;
      progress(`dashboard: following ${list}'s next links to page 50`);
      let url = first;
      let html = filtered.body;
      let page = 1;
      while (page < 50) {
        const next = nextLink(html);
        if (!next) break;
        url = new URL(next, url).href;
        const res = await fetch(url, { headers: { cookie }, redirect: 'manual' });
        html = await res.text();
        if (res.status !== 200) break;
        page++;
      }
      if (page === 50) await dashboardPage(`GET ${list}?${filter.name}=${filter.value}, page 50 (cursor)`, url);
      else notes.push(`${list} filtered: reached page ${page} by its next links, not 50`);
    }

    const pagesTable = table(
      [
        `page (${requests} requests each, one at a time; ${timing === 'server-timing' ? 'Server-Timing' : 'response time over loopback'})`,
        'p50 ms',
        'p95 ms',
        'goal',
        'HTML KB',
        'goal',
        '',
      ],
      rows,
    );

    let lighthouseTable = '';
    if (runLighthouse) {
      const targets: Array<[string, string]> = NAV_PAGES.filter((p) => bodies.has(p)).map((p) => [
        `GET ${p}`,
        `${base}${p}`,
      ]);
      // The monitor's page is the one people open most after the list, and its score moved with the
      // machine's load (90 and 97 in issue 46's runs): scored three times in a row (issue 56, item 22),
      // beside the same page with its charts' figures inline, as it was before.
      if (routes.some((r) => r.method === 'get' && r.path === '/monitors/:id')) {
        const monitorRuns = Number(process.env.BENCH_DASHBOARD_MONITOR_RUNS ?? 3);
        for (let run = 1; run <= monitorRuns; run++)
          targets.push([`GET /monitors/:id, run ${run} of ${monitorRuns}`, `${base}/monitors/${seed.monitorId}`]);
        targets.push([
          'baseline: GET /monitors/:id?figures=1 (figures inline)',
          `${base}/monitors/${seed.monitorId}?figures=1`,
        ]);
      }
      if (routes.some((r) => r.method === 'get' && r.path === '/tests/:id'))
        targets.push(['GET /tests/:id', `${base}/tests/${seed.testId}`]);
      lighthouseTable = await lighthouseScores(targets, origin, cookie, failures);
    }

    const seeded = Object.entries(seed.counts)
      .map(([name, n]) => `${name} ${n.toLocaleString('en')}`)
      .join(', ');
    return [
      `Seeded in ${seed.seconds.toFixed(0)} s: ${seeded}.`,
      pagesTable,
      lighthouseTable,
      [...notes, failures.length ? `Goals missed: ${failures.join('; ')}.` : 'Every page measured met its goals.'].join(
        '\n',
      ),
    ]
      .filter(Boolean)
      .join('\n\n');
  } finally {
    await Promise.all(apps.map((a) => a.stop()));
  }
}

/** The navigation's seven pages (views/layout.ts), the ones Lighthouse scores. */
const NAV_PAGES = ['/', '/tests', '/monitors', '/alert-channels', '/maintenance', '/status-pages', '/team'];

/** The dashboard's routes, read from its source (not a build dependency of the bench). */
async function dashboardRoutes(): Promise<RouteLike[]> {
  const specifier = new URL('../apps/dashboard/src/routes.ts', import.meta.url).href;
  const { ROUTES } = (await import(specifier)) as { ROUTES: RouteLike[] };
  return ROUTES;
}

/** Signs in through the form, as a browser does; the session cookie (`name=value`). */
async function signIn(base: string, origin: string, owner: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    body: new URLSearchParams(owner),
    redirect: 'manual',
  });
  await res.text();
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /pp_session=./.test(c));
  if (res.status !== 303 || !cookie) throw new Error(`sign-in answered ${res.status} without a session cookie`);
  return cookie;
}

async function rowIds(databaseUrl: string, seed: DashboardSeed): Promise<Record<string, string>> {
  const pool = createPool(databaseUrl, { size: 1 });
  try {
    const one = async (sql: string) => ((await pool.query(sql, [seed.teamId])).rows[0]?.id as string) ?? '';
    return {
      '/monitors': seed.monitorId,
      '/tests': seed.testId,
      '/alert-channels': await one(
        `SELECT id FROM alert_channels WHERE team_id = $1 ORDER BY state DESC, created_at DESC LIMIT 1`,
      ),
      '/maintenance': await one(`SELECT id FROM maintenance_windows WHERE team_id = $1 AND rrule IS NOT NULL LIMIT 1`),
      '/status-pages': await one(`SELECT id FROM status_pages WHERE team_id = $1 ORDER BY created_at DESC LIMIT 1`),
    };
  } finally {
    await pool.end();
  }
}

async function measure(url: string, headers: Record<string, string>, n: number): Promise<Figures> {
  const times: number[] = [];
  let status = 0;
  let body = '';
  let timing: Figures['timing'] = 'loopback';
  for (let i = 0; i < n + 3; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers, redirect: 'manual' });
    body = await res.text();
    const elapsed = performance.now() - started;
    status = res.status;
    if (status === 404) break;
    const server = serverTime(res.headers.get('server-timing'));
    if (server !== null) timing = 'server-timing';
    if (i >= 3) times.push(server ?? elapsed); // the first three warm up
  }
  return {
    status,
    p50: times.length ? percentile(times, 0.5) : 0,
    p95: times.length ? percentile(times, 0.95) : 0,
    bytes: Buffer.byteLength(body),
    timing,
    body,
  };
}

/** `total;dur=12.3` (or the sum of the entries' durations without a total), in ms; null without the header. */
function serverTime(header: string | null): number | null {
  if (!header) return null;
  const entries = header.split(',').map((e) => ({
    name: e.split(';')[0]!.trim(),
    dur: Number(/dur=([\d.]+)/.exec(e)?.[1] ?? Number.NaN),
  }));
  const total = entries.find((e) => e.name === 'total' && Number.isFinite(e.dur));
  if (total) return total.dur;
  const durs = entries.filter((e) => Number.isFinite(e.dur));
  return durs.length ? durs.reduce((a, e) => a + e.dur, 0) : null;
}

const decode = (s: string) => s.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'");

/** The name of the field a person finds by `label` (label for=…, or a label wrapping the field). */
function fieldName(html: string, label: string): string | null {
  const byFor = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>\\s*${label}\\s*</label>`).exec(html);
  if (byFor) {
    const field = new RegExp(`<(?:input|select)[^>]*\\bid="${byFor[1]}"[^>]*>`).exec(html);
    return field ? (/\bname="([^"]+)"/.exec(field[0])?.[1] ?? null) : null;
  }
  const wrapping = new RegExp(`<label[^>]*>\\s*${label}[\\s\\S]*?<(?:input|select)[^>]*\\bname="([^"]+)"`).exec(html);
  return wrapping?.[1] ?? null;
}

/** The action of the form holding the field named `name`. */
function formAction(html: string, name: string): string | null {
  const at = html.search(new RegExp(`\\bname="${name}"`));
  if (at < 0) return null;
  const start = html.lastIndexOf('<form', at);
  if (start < 0) return null;
  const action = /\baction="([^"]*)"/.exec(html.slice(start, html.indexOf('>', start) + 1))?.[1];
  return action ? decode(action) : null;
}

function withQuery(origin: string, path: string, params: Record<string, string>): string {
  const url = new URL(path, origin);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.href;
}

/** A select named state, status or type with one of `prefer` among its options. */
function filterOf(html: string, prefer: readonly string[]): { name: string; value: string } | null {
  for (const m of html.matchAll(/<select[^>]*\bname="(state|status|type)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const values = [...m[2]!.matchAll(/<option[^>]*\bvalue="([^"]*)"/g)].map((o) => o[1]!);
    const value = prefer.find((p) => values.includes(p));
    if (value) return { name: m[1]!, value };
  }
  return null;
}

/** The href of the list's next page: rel="next", or a link reading Next, Older or More. */
function nextLink(html: string): string | null {
  for (const a of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)) {
    const attrs = a[1]!;
    const href = /\bhref="([^"]+)"/.exec(attrs)?.[1];
    if (!href) continue;
    const text = a[2]!.replace(/<[^>]+>/g, '').trim();
    if (/\brel="next"/.test(attrs) || /^(next|older|more)\b/i.test(text)) return decode(href);
  }
  return null;
}

/** Lighthouse (mobile) on each page, signed in: performance, accessibility and best practices beside their goals. */
async function lighthouseScores(
  targets: Array<[string, string]>,
  origin: string,
  cookie: string,
  failures: string[],
): Promise<string> {
  if (!targets.length) return 'Lighthouse: none of the navigation pages exists yet.';
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    pipe: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
  await browser.setCookie({
    name,
    value,
    domain: new URL(origin).hostname,
    path: '/app',
    httpOnly: true,
    sameSite: 'Lax',
  });
  const rows: Array<Array<string | number>> = [];
  try {
    for (const [label, url] of targets) {
      progress(`dashboard: Lighthouse on ${label}`);
      const page = await browser.newPage();
      try {
        const result = await lighthouse(
          url,
          { onlyCategories: ['performance', 'accessibility', 'best-practices'], logLevel: 'error', output: 'json' },
          undefined,
          page,
        );
        const lhr = result!.lhr;
        if (new URL(lhr.finalDisplayedUrl).pathname.endsWith('/sign-in')) throw new Error('signed out');
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const [perf, a11y, bp] = [score('performance'), score('accessibility'), score('best-practices')];
        // What held a score down: the accessibility and best-practices audits not passed (with the first
        // item of each, e.g. the console's error), and the performance metrics Lighthouse simulated.
        const failing = ['accessibility', 'best-practices'].flatMap((category) =>
          (lhr.categories[category]?.auditRefs ?? [])
            .map((ref) => lhr.audits[ref.id]!)
            .filter((a) => a.score !== null && a.score < 1)
            .map((a) => `${a.id}${firstItem(a.details)}`),
        );
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
        const kb = Math.round((lhr.audits['total-byte-weight']?.numericValue ?? 0) / 1024);
        const metrics = `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, ${kb} KB`;
        const ok = perf >= 95 && a11y === 100 && bp === 100;
        // A baseline is measured beside the pages, not held to their goals.
        if (!ok && !label.startsWith('baseline')) failures.push(`Lighthouse ${label}`);
        const problem = lhr.runtimeError ? `Lighthouse: ${lhr.runtimeError.code}; ` : '';
        rows.push([
          label,
          perf,
          a11y,
          bp,
          `${ok ? 'ok' : 'MISSED'} (${problem}${metrics}${failing.length ? `; ${failing.join(', ')}` : ''})`,
        ]);
      } catch (error) {
        rows.push([label, '-', '-', '-', `failed: ${(error as Error).message}`]);
        failures.push(`Lighthouse ${label}`);
      } finally {
        await page.close();
      }
    }
  } finally {
    await browser.close();
  }
  return table(
    ['Lighthouse, mobile (goals: ≥ 95, 100, 100)', 'performance', 'accessibility', 'best practices', ''],
    rows,
  );
}

/** ": <the first item's text>" of an audit's details table, cut to 120 characters; "" without one. */
function firstItem(details: unknown): string {
  const item = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items?.[0];
  if (!item) return '';
  const text = ['description', 'source', 'url', 'node'].map((k) => item[k]).find((v) => v !== undefined);
  const shown =
    typeof text === 'string' ? text : text && typeof text === 'object' && 'snippet' in text ? String(text.snippet) : '';
  return shown ? `: ${shown.slice(0, 120)}` : '';
}

/** The last error an app logged (its message, cut), for a 500's note. */
function lastError(app: AppProcess): string {
  const line = app
    .output()
    .split('\n')
    .reverse()
    .find((l) => /"level":(50|60)|error/i.test(l));
  if (!line) return 'nothing logged';
  try {
    const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } | string };
    const err = typeof entry.err === 'string' ? entry.err : entry.err?.message;
    return `${entry.msg ?? ''}${err ? `: ${err}` : ''}`.slice(0, 300);
  } catch {
    return line.slice(0, 300);
  }
}
