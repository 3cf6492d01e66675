// Issue 17: the doors API consumers use, against the real stack, from the workspace's sources. The typed
// client calls every endpoint; the CLI runs as a process (exit codes, --json, progress on a terminal and
// in a pipe); the MCP server is driven by the MCP SDK's own client. doors-packed.test.ts uses them as
// they ship (the tarballs, the Action's bundle, the remote MCP server). Uptime checks keep it quick.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  createClient,
  type Monitor,
  type MonitorCheck,
  type MonitorSeries,
  PageprobeError,
  type Page,
  type Test,
} from '@pageprobe/client';
import { startApiInProcess } from '../support/api-in-process.ts';
import { startApp } from '../support/app-process.ts';
import { eventually, startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const run = promisify(execFile);
const env = await createTestEnv();
const common = {
  ALLOW_PRIVATE_TARGETS: 'true',
  RATE_LIMIT_WRITES_PER_MIN: '1000',
  RATE_LIMIT_READS_PER_MIN: '100000',
  MONITOR_MIN_INTERVAL_SECONDS: '1',
};
const { origin } = await startApiInProcess(env, common);
await startApp('worker-uptime', env.appEnv(common));
// The dispatcher's process also schedules the monitors' checks.
await startApp('callback-dispatcher', env.appEnv({ ...common, SWEEP_INTERVAL_MS: '500' }));
// /slow answers after 20 ms: a check of it takes at least that long, so an assertion of at most 0 ms fails
// (on loopback, the other pages can be checked in under half a millisecond, which rounds to 0).
const target = await startServer((req, res) => {
  const answer = () => res.writeHead(200, { 'content-type': 'text/plain' }).end('up');
  if (req.url === '/slow') setTimeout(answer, 20);
  else answer();
});
const { key } = await teamWithKey(env, { credits: 10 });
const client = createClient({ baseUrl: origin, apiKey: key });
const url = `${target.url}/`;

const CLI = new URL('../../packages/cli/src/main.ts', import.meta.url).pathname;
const cliEnv = { ...process.env, PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key, NO_COLOR: '1' };

/** Runs a command and gives its exit code and output, whatever the code. */
async function exec(file: string, args: string[], extraEnv: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(file, args, {
      env: { ...cliEnv, ...extraEnv },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
const cli = (...args: string[]) => exec(process.execPath, [CLI, ...args]);
/** The PageprobeError a call rejects with. */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => assert.fail('expected a PageprobeError'),
    (error: unknown) => {
      assert.ok(error instanceof PageprobeError, String(error));
      return error;
    },
  );

test('the client calls every endpoint, typed, with errors as PageprobeError', async () => {
  const progress: string[] = [];
  const created = await client.createTest({ url, type: 'uptime' }, { idempotencyKey: 'doors-1' });
  const replay = await client.createTest({ url, type: 'uptime' }, { idempotencyKey: 'doors-1' });
  assert.equal(replay.id, created.id);
  const done: Test = await client.waitForTest(created.id, {
    onProgress: (t) => progress.push(t.status),
    intervalMs: 100,
  });
  assert.equal(done.status, 'completed');
  assert.equal(progress.at(-1), 'completed');
  // The union narrows by type: an uptime test's result is an UptimeResult.
  if (done.type === 'uptime') assert.equal(done.result?.up, true);
  assert.equal((await client.getTest(created.id)).id, created.id);
  assert.ok((await client.listTests({ type: 'uptime', limit: 5 })).data.some((t) => t.id === created.id));
  const other = await client.waitForTest((await client.createTest({ url, type: 'uptime' })).id, { intervalMs: 100 });
  const comparison = await client.compareTests(other.id, done.id);
  assert.equal(comparison.type, 'uptime');
  assert.deepEqual((await client.getArtifacts(done.id)).data, []);
  const credits = await client.getCredits();
  assert.equal(credits.plan, 'pro');

  const monitor = await client.monitors.create({ url, type: 'uptime', interval_seconds: 60 });
  assert.equal((await client.monitors.get(monitor.id)).id, monitor.id);
  assert.ok((await client.monitors.list()).data.some((m) => m.id === monitor.id));
  assert.equal((await client.monitors.update(monitor.id, { interval_seconds: 120 })).interval_seconds, 120);
  assert.equal((await client.monitors.pause(monitor.id)).status, 'paused');
  assert.equal((await client.monitors.resume(monitor.id)).status, 'active');
  assert.ok(Array.isArray((await client.monitors.tests(monitor.id)).data));
  assert.equal((await client.monitors.series(monitor.id, { metric: 'total_ms' })).metric, 'total_ms');
  assert.deepEqual((await client.monitors.alerts(monitor.id)).data, []);
  await client.monitors.delete(monitor.id);

  // An uptime monitor's checks (issue 29): not tests, newest first, paged; the union narrows on test_id.
  const every = await client.monitors.create({ url, type: 'uptime', interval_seconds: 1 });
  await eventually(async () => ((await client.monitors.checks(every.id)).data.length >= 2 ? true : undefined));
  const first = await client.monitors.checks(every.id, { limit: 1 });
  assert.equal(first.data.length, 1);
  assert.ok(first.next_cursor);
  const [newest] = first.data;
  if (newest!.test_id !== null) assert.fail('an uptime check has no test');
  assert.deepEqual([newest!.status, newest!.up, newest!.reason, newest!.status_code], ['completed', true, null, 200]);
  assert.equal(newest!.total_ms, newest!.timings_ms.total);
  const older = await client.monitors.checks(every.id, { limit: 1, cursor: first.next_cursor });
  assert.ok(Date.parse(older.data[0]!.slot) < Date.parse(newest!.slot), 'the next page is older');
  assert.deepEqual((await client.monitors.tests(every.id)).data, [], 'checks are not tests');
  const read = await client.monitors.get(every.id);
  assert.equal(typeof read.skipped_runs, 'number');
  assert.deepEqual(Object.keys(read.uptime_percent ?? {}), ['24h', '7d', '30d', '90d']);
  const since = new Date(Date.now() - 10 * 60_000);
  const series = await client.monitors.series(every.id, { metric: 'total_ms', from: since });
  assert.equal(series.resolution, 'minute');
  const point = series.points[0]!;
  assert.ok(point.count >= 1 && point.min <= point.p50 && point.p50 <= point.p95 && point.p95 <= point.max);
  const badCursor = await failure(client.monitors.checks(every.id, { cursor: 'nope' }));
  assert.deepEqual([badCursor.status, badCursor.code], [400, 'validation_failed']);
  await client.monitors.delete(every.id);
  // A lighthouse monitor's runs are tests: listed as checks too, with their test_id (queued here: no Chromium).
  const speed = await client.monitors.create({ url, type: 'lighthouse', interval_seconds: 3600 });
  const runs = await eventually(async () => {
    const page = await client.monitors.checks(speed.id);
    return page.data.length ? page : undefined;
  });
  const run = runs.data[0]!;
  if (run.test_id === null) assert.fail('a lighthouse run is a test');
  assert.equal((await client.monitors.tests(speed.id)).data[0]!.id, run.test_id);
  await client.monitors.delete(speed.id);
  const gone = await failure(client.monitors.checks(speed.id));
  assert.deepEqual([gone.status, gone.code], [404, 'not_found']);

  const har = await failure(client.getHar(done.id));
  assert.deepEqual([har.status, har.code], [404, 'not_found']);
  const invalid = await failure(client.createTest({ url: 'not a url' }));
  assert.deepEqual([invalid.status, invalid.code], [400, 'validation_failed']);
  assert.ok(invalid.errors.length > 0);
  const unauthorized = await failure(createClient({ baseUrl: origin, apiKey: 'pp_live_wrong' }).getCredits());
  assert.deepEqual([unauthorized.status, unauthorized.code], [401, 'unauthorized']);
});

test('the CLI: exit 0 when passed, 1 when an error-level assertion fails, 2 on usage and API errors; --json parses', async () => {
  const ok = await cli('test', url, '--type', 'uptime', '--assert', 'uptime:up=error', '--json');
  assert.equal(ok.code, 0, ok.stderr);
  const t = JSON.parse(ok.stdout) as Test;
  assert.deepEqual([t.status, t.passed], ['completed', true]);
  // Piped: plain progress lines on stderr, one per state.
  assert.match(ok.stderr, /queued/);
  assert.match(ok.stderr, /completed after [\d.]+ s/);
  assert.doesNotMatch(ok.stderr, /\r/);

  const failing = await cli(
    'test',
    `${url}slow`,
    '--type',
    'uptime',
    '--assert',
    'uptime:timings:total=maxNumericValue:0',
  );
  assert.equal(failing.code, 1, failing.stderr);
  assert.match(failing.stdout, /assertions: failed/);
  assert.match(failing.stdout, /✖ uptime:timings:total ≤ 0 \(\d+\) \[error\]/);
  assert.match(failing.stdout, /report: http/);

  const warned = await cli(
    'test',
    `${url}slow`,
    '--type',
    'uptime',
    '--assert',
    'uptime:timings:total=warn:maxNumericValue:0',
  );
  assert.equal(warned.code, 0, 'a warn-level failure still passes');

  assert.equal((await cli()).code, 2);
  assert.equal((await cli('test')).code, 2);
  assert.equal((await cli('test', url, '--assert', 'k=loud')).code, 2);
  const bogus = await cli('test', url, '--type', 'uptime', '--assert', 'categories:performance=minScore:0.9');
  assert.equal(bogus.code, 2);
  assert.match(bogus.stderr, /validation_failed \(400\)/);
  const noAuth = await exec(process.execPath, [CLI, 'credits'], { PAGEPROBE_API_KEY: 'pp_live_wrong' });
  assert.equal(noAuth.code, 2);
  assert.match(noAuth.stderr, /unauthorized \(401\)/);
  const help = await cli('--help');
  assert.equal(help.code, 0);
  assert.match(help.stdout, /Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 /);

  const id = t.id;
  const got = await cli('get', id);
  assert.equal(got.code, 0);
  assert.match(got.stdout, /✔ completed/);
  assert.match((await cli('list', '--type', 'uptime')).stdout, new RegExp(id));
  assert.equal(JSON.parse((await cli('credits', '--json')).stdout).plan, 'pro');
  assert.match((await cli('compare', id, id)).stdout, /no significant change/);
  const created = JSON.parse(
    (await cli('monitors', 'create', url, '--type', 'uptime', '--interval', '60', '--json')).stdout,
  );
  await eventually(async () => ((await client.monitors.checks(created.id)).data.length ? true : undefined));
  const checks = await cli('monitors', 'checks', created.id);
  assert.equal(checks.code, 0, checks.stderr);
  assert.match(checks.stdout, /^\S+Z {2}up {4}status 200 {2}total \d+ ms\n/);
  const checksJson = JSON.parse(
    (await cli('monitors', 'checks', created.id, '--limit', '1', '--json')).stdout,
  ) as Page<MonitorCheck>;
  assert.equal(checksJson.data.length, 1);
  assert.equal(checksJson.data[0]!.test_id, null);
  assert.equal((await cli('monitors', 'checks')).code, 2);
  const missingMonitor = await cli('monitors', 'checks', '0190f1a2-0000-7000-8000-000000000000');
  assert.equal(missingMonitor.code, 2);
  assert.match(missingMonitor.stderr, /not_found \(404\)/);
  assert.match(help.stdout, /pageprobe monitors checks <monitor-id> \[--limit N\]/);
  assert.match((await cli('monitors', 'pause', created.id)).stdout, /paused/);
  assert.match((await cli('monitors', 'list')).stdout, new RegExp(created.id));
  assert.match((await cli('monitors', 'delete', created.id)).stdout, /deleted/);
  const noWait = await cli('test', url, '--type', 'uptime', '--no-wait');
  assert.equal(noWait.code, 0);
  assert.match(noWait.stdout, /^[0-9a-f-]{36} {2}queued {2}http/);
});

test('issue 44: the CLI takes its key from standard input with --api-key-stdin, and refuses --api-key', async () => {
  const withInput = (args: string[], input: string) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      // No PAGEPROBE_API_KEY: the key can only come from standard input.
      const child = execFile(
        process.execPath,
        [CLI, ...args],
        { env: { ...cliEnv, PAGEPROBE_API_KEY: '' }, timeout: 60_000 },
        (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
      );
      child.stdin!.end(input);
    });
  const piped = await withInput(['credits', '--json', '--api-key-stdin'], `${key}\n`);
  assert.equal(piped.code, 0, piped.stderr);
  assert.equal(JSON.parse(piped.stdout).plan, 'pro');
  const wrong = await withInput(['credits', '--api-key-stdin'], 'pp_live_wrong\n');
  assert.equal(wrong.code, 2);
  assert.match(wrong.stderr, /unauthorized \(401\)/);
  const refused = await exec(process.execPath, [CLI, 'credits', '--api-key', key]);
  assert.equal(refused.code, 2);
  assert.match(
    refused.stderr,
    /^--api-key is not taken: .*Set PAGEPROBE_API_KEY, or pipe the key in with --api-key-stdin/,
  );
  assert.match((await cli('--help')).stdout, /--api-key-stdin/);
});

test('the CLI on a terminal: one progress line rewritten in place', async () => {
  // `script` gives the CLI a pseudo-terminal, as a person's shell would.
  const command = [process.execPath, CLI, 'test', url, '--type', 'uptime'].map((a) => `'${a}'`).join(' ');
  const { code, stdout } = await exec('script', ['-qec', command, '/dev/null']);
  assert.equal(code, 0, stdout);
  // Carriage return and "erase line" before each redraw.
  assert.ok(stdout.includes('\r\u001b[2Ktest '), JSON.stringify(stdout.slice(0, 200)));
  assert.match(stdout, /test [0-9a-f-]{36}: (queued|running|completed) [\d.]+ s/);
  assert.match(stdout, /✔ completed/);
});

test('the MCP server, driven by the MCP client over stdio: list the tools, run a test, read it back', async () => {
  const mcp = new Client({ name: 'doors-test', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [new URL('../../packages/mcp/src/main.ts', import.meta.url).pathname],
      env: { PATH: process.env.PATH ?? '', PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key },
      stderr: 'pipe',
    }),
  );
  try {
    const tools = (await mcp.listTools()).tools.map((t) => t.name).sort();
    for (const name of [
      'run_test',
      'get_test',
      'list_tests',
      'compare_tests',
      'get_credits',
      'create_monitor',
      'list_monitors',
      'list_monitor_checks',
    ])
      assert.ok(tools.includes(name), `${name} in ${tools}`);
    const runTool = (await mcp.listTools()).tools.find((t) => t.name === 'run_test')!;
    assert.deepEqual(runTool.inputSchema.required, ['url']);

    const ran = await mcp.callTool({
      name: 'run_test',
      arguments: { url, type: 'uptime', assertions: { 'uptime:up': 'error' } },
    });
    assert.ok(!ran.isError, JSON.stringify(ran.content));
    const test = ran.structuredContent as Test;
    assert.deepEqual([test.status, test.passed], ['completed', true]);
    const text = (ran.content as Array<{ text: string }>)[0]!.text;
    assert.match(text, /uptime test [0-9a-f-]{36} of .*: completed\nup, status 200/);
    assert.match(text, /assertions passed\nreport: http/);
    // Issue 44 item 10: the answer names the fields that hold the tested site's text.
    const note = (ran.content as Array<{ text: string }>)[1]!.text;
    assert.match(
      note,
      /^Untrusted content: `result` \(.*\), `error\.message`.* came from the tested site, not from Pageprobe/,
    );

    const read = await mcp.callTool({ name: 'get_test', arguments: { id: test.id } });
    assert.equal((read.structuredContent as Test).id, test.id);
    const compared = await mcp.callTool({ name: 'compare_tests', arguments: { id: test.id, base_id: test.id } });
    assert.match((compared.content as Array<{ text: string }>)[0]!.text, /no significant change/);
    const credits = await mcp.callTool({ name: 'get_credits', arguments: {} });
    assert.match((credits.content as Array<{ text: string }>)[0]!.text, /^pro plan, \d+ credits/);
    assert.equal((credits.content as unknown[]).length, 1, 'nothing in credits came from a site');
    const readNote = (read.content as Array<{ text: string }>)[1]?.text;
    assert.match(readNote ?? '', /^Untrusted content: /);
    const monitor = await client.monitors.create({ url, type: 'uptime', interval_seconds: 60 });
    await eventually(async () => ((await client.monitors.checks(monitor.id)).data.length ? true : undefined));
    const listed = await mcp.callTool({ name: 'list_monitor_checks', arguments: { id: monitor.id, limit: 5 } });
    assert.ok(!listed.isError, JSON.stringify(listed.content));
    assert.match((listed.content as Array<{ text: string }>)[0]!.text, /^\S+Z: up, status 200, \d+ ms$/m);
    assert.equal((listed.structuredContent as Page<MonitorCheck>).data[0]!.test_id, null);
    await client.monitors.delete(monitor.id);
    const missing = await mcp.callTool({ name: 'get_test', arguments: { id: '0190f1a2-0000-7000-8000-000000000000' } });
    assert.equal(missing.isError, true);
    assert.match((missing.content as Array<{ text: string }>)[0]!.text, /^not_found \(404\)/);
  } finally {
    await mcp.close();
  }
});

test('a monitor’s uptime, series and alerts: the CLI’s monitors get|series|alerts and the MCP server’s tools', async () => {
  const monitor = await client.monitors.create({ url, type: 'uptime', interval_seconds: 1 });
  await eventually(async () => ((await client.monitors.checks(monitor.id)).data.length >= 2 ? true : undefined));
  const since = new Date(Date.now() - 10 * 60_000).toISOString();

  const got = await cli('monitors', 'get', monitor.id);
  assert.equal(got.code, 0, got.stderr);
  assert.match(got.stdout, /^up {2}http\S+ {2}\(uptime, every 1 s\)/);
  assert.match(got.stdout, /\n {2}uptime: 24h [\d.]+% · 7d [\d.]+% · 30d [\d.]+% · 90d [\d.]+%\n/);
  assert.match(got.stdout, /\n {2}no incidents\n/);
  assert.equal(JSON.parse((await cli('monitors', 'get', monitor.id, '--json')).stdout).id, monitor.id);

  const seriesJson = await cli('monitors', 'series', monitor.id, '--metric', 'total_ms', '--from', since, '--json');
  assert.equal(seriesJson.code, 0, seriesJson.stderr);
  const series = JSON.parse(seriesJson.stdout) as MonitorSeries;
  assert.equal(series.metric, 'total_ms');
  assert.ok(series.points.length >= 1 && series.points[0]!.count >= 1, seriesJson.stdout);
  const seriesText = await cli('monitors', 'series', monitor.id, '--metric', 'total_ms', '--from', since);
  assert.equal(seriesText.code, 0, seriesText.stderr);
  assert.match(
    seriesText.stdout,
    /^total_ms from \S+ to \S+, per minute: \d+ points\n[▁▂▃▄▅▆▇█]+\n\S+Z +[\d.]+ {2}×\d+\n/,
  );

  const alerts = await cli('monitors', 'alerts', monitor.id, '--limit', '5');
  assert.equal(alerts.code, 0, alerts.stderr);
  assert.match(alerts.stdout, /^no alerts\n$/);
  assert.deepEqual(JSON.parse((await cli('monitors', 'alerts', monitor.id, '--json')).stdout).data, []);

  const badMetric = await cli('monitors', 'series', monitor.id, '--metric', 'lcp_ms');
  assert.equal(badMetric.code, 2);
  assert.match(
    badMetric.stderr,
    /validation_failed \(400\): metric must be one of up, .*total_ms.* for a uptime monitor/,
  );
  assert.equal((await cli('monitors', 'series', monitor.id)).code, 2, 'no --metric');
  assert.equal((await cli('monitors', 'series', monitor.id, '--metric', 'up', '--from', 'yesterday')).code, 2);
  assert.equal((await cli('monitors', 'get')).code, 2);
  assert.match((await cli('--help')).stdout, /pageprobe monitors series <monitor-id> --metric <metric>/);

  const mcp = new Client({ name: 'doors-test', version: '1.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [new URL('../../packages/mcp/src/main.ts', import.meta.url).pathname],
      env: { PATH: process.env.PATH ?? '', PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key },
      stderr: 'pipe',
    }),
  );
  try {
    const tools = (await mcp.listTools()).tools;
    for (const name of ['get_monitor', 'monitor_series', 'monitor_alerts'])
      assert.ok(
        tools.some((t) => t.name === name),
        name,
      );
    const seriesTool = tools.find((t) => t.name === 'monitor_series')!;
    assert.deepEqual(seriesTool.inputSchema.required, ['id', 'metric']);
    assert.match(seriesTool.description!, /uptime: up, dns_ms, .*certificate_days_remaining/);
    assert.match(seriesTool.description!, /seo_crawl: structure_score, errors, warnings, notices, pages_crawled/);

    const read = await mcp.callTool({ name: 'get_monitor', arguments: { id: monitor.id } });
    assert.ok(!read.isError, JSON.stringify(read.content));
    assert.equal((read.structuredContent as Monitor).id, monitor.id);
    assert.match((read.content as Array<{ text: string }>)[0]!.text, /\nuptime: 24h [\d.]+%, 7d .*\nno incidents\n/);
    const points = await mcp.callTool({
      name: 'monitor_series',
      arguments: { id: monitor.id, metric: 'total_ms', from: since },
    });
    assert.ok(!points.isError, JSON.stringify(points.content));
    assert.ok((points.structuredContent as MonitorSeries).points.length >= 1);
    assert.match(
      (points.content as Array<{ text: string }>)[0]!.text,
      /^total_ms from .*, per minute, \d+ points\n\S+Z: /,
    );
    const wrong = await mcp.callTool({ name: 'monitor_series', arguments: { id: monitor.id, metric: 'seo' } });
    assert.equal(wrong.isError, true);
    assert.match(
      (wrong.content as Array<{ text: string }>)[0]!.text,
      /^validation_failed \(400\): metric must be one of/,
    );
    const raised = await mcp.callTool({ name: 'monitor_alerts', arguments: { id: monitor.id } });
    assert.equal((raised.content as Array<{ text: string }>)[0]!.text, 'no alerts');
  } finally {
    await mcp.close();
    await client.monitors.delete(monitor.id);
  }
});

test('issue 47: the CLI and the MCP server run a tcp check with expectations; the CLI makes a heartbeat, shows its ping URL, and reads its pings and checks', async () => {
  const port = createTcpServer((socket) => socket.end()).listen(0, '127.0.0.1');
  await once(port, 'listening');
  const open = (port.address() as AddressInfo).port;
  const closed = createTcpServer().listen(0, '127.0.0.1');
  await once(closed, 'listening');
  const shut = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  try {
    // A bare host:port, written out as tcp://; the expectation's words and what was found.
    const up = await cli('test', `127.0.0.1:${open}`, '--type', 'tcp', '--expect', 'response_time<10000');
    assert.equal(up.code, 0, up.stderr);
    assert.match(
      up.stdout,
      new RegExp(
        `^✔ completed {2}tcp://127\\.0\\.0\\.1:${open} {2}\\(tcp\\)\\n {2}up · connect [\\d.]+ m?s · total [\\d.]+ m?s\\n {2}expectations:\\n {4}✔ response time lt 10000 \\(\\d+\\)\\n`,
      ),
    );
    const down = await cli('test', `127.0.0.1:${shut}`, '--type', 'tcp', '--assert', 'tcp:up=error', '--json');
    assert.equal(down.code, 1, 'a closed port asserted up fails the step');
    const t = JSON.parse(down.stdout) as Test;
    assert.deepEqual([t.type, t.type === 'tcp' && t.result?.reason], ['tcp', 'connection_refused']);
    // An uptime check's failed expectation says which, in its own words.
    const wrongBody = await cli('test', url, '--type', 'uptime', '--expect', 'status=200', '--expect', 'body~healthy');
    assert.equal(wrongBody.code, 0, wrongBody.stderr);
    assert.match(
      wrongBody.stdout,
      /\n {2}down \(expectation_failed\) · status 200 · .*\n {2}expectations:\n {4}✔ status eq 200 \(200\)\n {4}✖ Expected body to contain "healthy", it did not\n/,
    );
    const mcp = new Client({ name: 'doors-test', version: '1.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [new URL('../../packages/mcp/src/main.ts', import.meta.url).pathname],
        env: { PATH: process.env.PATH ?? '', PAGEPROBE_API_URL: origin, PAGEPROBE_API_KEY: key },
        stderr: 'pipe',
      }),
    );
    try {
      const ran = await mcp.callTool({
        name: 'run_test',
        arguments: {
          url: `127.0.0.1:${open}`,
          type: 'tcp',
          expect: [{ source: 'response_time', operator: 'lt', value: 10_000 }],
        },
      });
      assert.ok(!ran.isError, JSON.stringify(ran.content));
      assert.match(
        (ran.content as Array<{ text: string }>)[0]!.text,
        /^tcp test \S+ of tcp:\/\/127\.0\.0\.1:\d+: completed\nup, connect \d+ ms, total \d+ ms\nexpectations: 1 of 1 held\n/,
      );
    } finally {
      await mcp.close();
    }
  } finally {
    port.close();
  }

  const made = await cli(
    'monitors',
    'create',
    '--type',
    'heartbeat',
    '--period',
    '60',
    '--grace',
    '30',
    '--name',
    'cli job',
  );
  assert.equal(made.code, 0, made.stderr);
  const [line, pingLine] = made.stdout.split('\n');
  assert.match(line!, /^\S+ {2}active {2}heartbeat {3}every 60 s \+ 30 s grace {2}cli job$/);
  const pingUrl = /^ping URL: (\S+) /.exec(pingLine!)?.[1];
  assert.match(pingUrl ?? '', new RegExp(`^${origin}/ping/[\\w-]{40,}$`));
  const id = line!.split(' ')[0]!;
  assert.equal((await fetch(pingUrl!, { method: 'POST', body: 'backup done: 1.2 GB' })).status, 200);
  assert.equal((await fetch(`${pingUrl}/fail`)).status, 200);
  const pings = await cli('monitors', 'pings', id);
  assert.equal(pings.code, 0, pings.stderr);
  assert.match(pings.stdout, /^\S+Z {2}fail\n\S+Z {2}success {2}backup done: 1\.2 GB\n$/);
  // The dispatcher's tick applies the pings: up on the first, down at once on /fail.
  await eventually(async () => ((await client.monitors.checks(id)).data.length >= 2 ? true : undefined));
  const checks = (await cli('monitors', 'checks', id)).stdout;
  assert.match(checks, /^\S+Z {2}down \(run_failed\) {2}total .*\n\S+Z {2}up {4}total /);
  const got = await cli('monitors', 'get', id);
  assert.match(got.stdout, /^down {2}cli job {2}\(heartbeat, every 60 s \+ 30 s grace\)/);
  assert.ok(got.stdout.includes(`\n  ping: ${pingUrl}\n`), got.stdout);
  await client.monitors.delete(id);
});
