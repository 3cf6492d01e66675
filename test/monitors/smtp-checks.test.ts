// SMTP checks, the kind docs/architecture.md's recipe added on its own (issue 57 item 3): through the API,
// the real uptime worker and dispatcher, against mail servers this file starts on loopback. smtp-server (a
// real SMTP server nobody here wrote) plain, with STARTTLS and with TLS from its first byte, and raw sockets
// for what a real server only does when it is unwell: a 421 greeting, an HTTP answer, a port that is closed.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { after, test } from 'node:test';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { startCheckStack, listenLocal as listen } from '../support/check-stack.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';

type Json = Record<string, any>;

const { certs, origin, strict, key, post, finished, refused } = await startCheckStack({ SMTP_TIMEOUT_MS: '5000' });
// The mail servers below answer on this process's event loop, which the API shares: its first POST and GET
// of a test compile their validators (seconds of CPU on a loaded machine), long enough to hold a greeting
// past the time budget. They compile now, before any server is asked.
const warm = await post('/tests', { type: 'smtp', url: 'mx.example.invalid' });
await call(`${origin}/api/v1/tests/${warm.body.id}`, { token: key });

/**
 * A real mail server on a free port, accepting anyone (no mail is sent by a check). It greets at once: by
 * default smtp-server looks up the client's name first, which this machine's resolver may take seconds to fail.
 */
async function mailServer(options: SMTPServerOptions): Promise<number> {
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    name: 'mx.pageprobe.test',
    disableReverseLookup: true,
    ...options,
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  after(() => server.close());
  return (server.server.address() as AddressInfo).port;
}

test('smtp: host:port is stored as smtp://host:port; a mail server that greets and answers EHLO is up, what it offers listed', async () => {
  const port = await mailServer({ disabledCommands: ['STARTTLS'], size: 10_240_000 });
  const t = await finished({
    type: 'smtp',
    url: `127.0.0.1:${port}`,
    expect: [{ source: 'response_time', operator: 'lt', value: 5000 }],
  });
  assert.equal(t.accepted.url, `smtp://127.0.0.1:${port}`);
  assert.equal(t.status, 'completed', JSON.stringify(t));
  const r = t.result;
  assert.deepEqual([r.up, r.reason, r.error, r.host, r.port], [true, null, null, '127.0.0.1', port], JSON.stringify(r));
  assert.match(r.greeting, /^220 mx\.pageprobe\.test ESMTP/);
  assert.ok(r.extensions.includes('SIZE 10240000'), JSON.stringify(r.extensions));
  assert.ok(!r.extensions.includes('STARTTLS'));
  for (const phase of ['connect', 'greeting', 'ehlo', 'total'])
    assert.equal(typeof r.timings_ms[phase], 'number', phase);
  assert.deepEqual([r.timings_ms.dns, r.timings_ms.tls, r.tls], [null, null, null]);
  assert.deepEqual(
    r.expectations.map((e: Json) => [e.source, e.passed]),
    [['response_time', true]],
  );
  const report = await (await fetch(t.report_url)).text();
  assert.match(report, new RegExp(`127\\.0\\.0\\.1:${port} answers mail`));
  assert.match(report, /<code>SIZE 10240000<\/code>/);
});

test('smtp with tls: STARTTLS is timed, the certificate described, and EHLO said again over TLS; a server without it is down', async () => {
  const port = await mailServer({ key: certs.valid.key, cert: certs.valid.cert });
  const t = await finished({
    type: 'smtp',
    url: `smtp://localhost:${port}`,
    tls: true,
    expect: [{ source: 'certificate_days', operator: 'gt', value: 60 }],
  });
  assert.equal(t.status, 'completed', JSON.stringify(t));
  const r = t.result;
  assert.equal(typeof r.timings_ms.tls, 'number');
  assert.equal(typeof r.timings_ms.dns, 'number', 'localhost was resolved');
  assert.equal(r.tls.chain_valid, true);
  assert.match(r.tls.subject, /CN=localhost/);
  assert.match(r.tls.protocol, /^TLSv1\.[23]$/);
  // What the server offers over TLS: smtp-server offers STARTTLS only before it.
  assert.ok(r.extensions.length > 0 && !r.extensions.includes('STARTTLS'), JSON.stringify(r.extensions));
  // The certificate has about 30 days left, not more than 60: down, saying both.
  assert.deepEqual([r.up, r.reason], [false, 'expectation_failed']);
  assert.match(r.error, /Expected certificate days remaining to be greater than 60, got (28|29|30)/);

  const plain = await mailServer({ disabledCommands: ['STARTTLS'] });
  const refused = await finished({ type: 'smtp', url: `smtp://127.0.0.1:${plain}`, tls: true });
  assert.deepEqual([refused.result.up, refused.result.reason], [false, 'smtp_error']);
  assert.equal(refused.result.error, `127.0.0.1:${plain} does not offer STARTTLS`);
  // A certificate not made for the name connected to: down, the handshake's error said.
  const untrusted = await mailServer({ key: certs.selfSigned.key, cert: certs.selfSigned.cert });
  const selfSigned = await finished({ type: 'smtp', url: `smtp://localhost:${untrusted}`, tls: true });
  assert.deepEqual([selfSigned.result.up, selfSigned.result.reason], [false, 'tls_error']);
  assert.equal(selfSigned.result.tls.chain_valid, false);
  assert.match(selfSigned.result.error, /is not trusted: .*(SELF_SIGNED|self-signed)/i);
});

test('smtps: TLS from the first byte, at 465 unless the port is given', async () => {
  const port = await mailServer({ secure: true, key: certs.valid.key, cert: certs.valid.cert });
  const t = await finished({ type: 'smtp', url: `smtps://localhost:${port}` });
  assert.equal(t.status, 'completed', JSON.stringify(t));
  const r = t.result;
  assert.deepEqual([r.up, r.reason, r.tls.chain_valid], [true, null, true], JSON.stringify(r));
  assert.match(r.greeting, /^220 /);
  assert.equal(typeof r.timings_ms.tls, 'number');
  const bare = await post('/tests', { type: 'smtp', url: 'smtps://mx.example.com' });
  assert.equal(bare.body.url, 'smtps://mx.example.com:465');
});

test('a server that refuses is smtp_error quoting it; one that never ends its greeting times out; a closed port is connection_refused', async () => {
  const busy = createServer((socket) => socket.end('421 4.3.2 mx.pageprobe.test too busy, try later\r\n'));
  // A greeting that never ends: bounded by the time budget, not memory.
  const mute = createServer((socket) => socket.write('220-still greeting'));
  const closed = createServer();
  const [busyPort, mutePort, closedPort] = [await listen(busy), await listen(mute), await listen(closed)];
  closed.close();
  const [b, m, c] = await Promise.all(
    [busyPort, mutePort, closedPort].map((port) => finished({ type: 'smtp', url: `127.0.0.1:${port}` })),
  );
  assert.deepEqual([b!.result.up, b!.result.reason], [false, 'smtp_error']);
  assert.equal(b!.result.error, `127.0.0.1:${busyPort} greeted with "421 4.3.2 mx.pageprobe.test too busy, try later"`);
  assert.equal(b!.result.greeting, '421 4.3.2 mx.pageprobe.test too busy, try later');
  const report = await (await fetch(b!.report_url)).text();
  assert.match(report, /a 421 or 554 greeting usually means it is overloaded or refuses us/);
  assert.deepEqual([m!.result.reason, m!.result.greeting], ['timeout', null]);
  assert.equal(m!.result.error, `no answer from 127.0.0.1:${mutePort} in 5000 ms`);
  assert.deepEqual([c!.result.up, c!.result.reason], [false, 'connection_refused']);
  assert.match(c!.result.error, new RegExp(`127\\.0\\.0\\.1:${closedPort} refused the connection \\(ECONNREFUSED\\)`));
});

test('a server answering HTTP is no SMTP server: smtp_error, the line it sent quoted', async () => {
  const web = createServer((socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
  const port = await listen(web);
  const t = await finished({ type: 'smtp', url: `127.0.0.1:${port}` });
  assert.deepEqual([t.result.up, t.result.reason], [false, 'smtp_error']);
  assert.equal(t.result.error, `127.0.0.1:${port} sent not an SMTP reply: "HTTP/1.1 400 Bad Request"`);
});

test('an smtp monitor: a 421 greeting is monitor.down quoting it, the greeting again monitor.recovered; its series plot the greeting', async () => {
  const receiver = await startServer();
  const created = await post('/alert-channels', { type: 'webhook', name: 'hook', url: `${receiver.url}/hook` });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const events = () => receiver.requests.map((r: ReceivedRequest) => JSON.parse(r.raw.toString('utf8'))) as Array<Json>;
  let greeting = '220 mx.pageprobe.test ESMTP ready';
  const server = createServer((socket) => {
    socket.write(`${greeting}\r\n`);
    socket.on('data', (line) => {
      const command = line.toString().trim().toUpperCase();
      if (command.startsWith('EHLO')) socket.write('250-mx.pageprobe.test\r\n250 8BITMIME\r\n');
      else if (command === 'QUIT') socket.end('221 bye\r\n');
    });
    socket.on('error', () => {});
  });
  const port = await listen(server);
  const m = await post('/monitors', {
    type: 'smtp',
    url: `localhost:${port}`,
    interval_seconds: 1,
    alert: { down_after: 1 },
    alert_channels: [created.body.id],
  });
  assert.equal(m.status, 201, JSON.stringify(m.body));
  assert.equal(m.body.url, `smtp://localhost:${port}`);
  await eventually(
    async () => {
      const checks = (await call<Json>(`${origin}/api/v1/monitors/${m.body.id}/checks`, { token: key })).body.data;
      return checks.some((c: Json) => c.up === true) ? true : undefined;
    },
    20_000,
    'an up check',
  );
  greeting = '421 4.7.0 mx.pageprobe.test closing, too many connections';
  const [down] = await eventually(async () => (events().length >= 1 ? events() : undefined), 20_000, 'monitor.down');
  assert.equal(`${down!.event}:${down!.alert.reason}`, 'monitor.down:smtp_error');
  assert.ok(
    down!.alert.details.message.startsWith(
      `localhost:${port} greeted with "421 4.7.0 mx.pageprobe.test closing, too many connections".`,
    ),
    down!.alert.details.message,
  );
  assert.match(down!.alert.details.advice.what, /a greeting other than 220/);
  greeting = '220 mx.pageprobe.test ESMTP ready';
  await eventually(async () => (events().length >= 2 ? true : undefined), 20_000, 'monitor.recovered');
  assert.deepEqual(
    events().map((e) => `${e.event}:${e.alert.reason}`),
    ['monitor.down:smtp_error', 'monitor.recovered:check_passed'],
  );
  const listed = await call<Json>(`${origin}/api/v1/monitors/${m.body.id}/checks`, { token: key });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  const checks = listed.body.data;
  assert.ok(
    checks.some((c: Json) => c.reason === 'smtp_error'),
    'a check keeps its reason',
  );
  const series = await call<Json>(`${origin}/api/v1/monitors/${m.body.id}/series?metric=first_byte_ms`, {
    token: key,
  });
  assert.equal(series.status, 200, JSON.stringify(series.body));
  assert.ok(
    series.body.points.some((p: Json) => p.count > 0 && typeof p.value === 'number'),
    JSON.stringify(series.body),
  );
  await call(`${origin}/api/v1/monitors/${m.body.id}`, { method: 'PATCH', token: key, body: { paused: true } });
});

test('bad smtp targets are 400s naming url: another scheme, a path, a private address without ALLOW_PRIVATE_TARGETS', async () => {
  await refused({ type: 'smtp', url: 'https://mx.example.com/' }, 400, 'validation_failed', /smtp:\/\/host\[:port\]/);
  await refused({ type: 'smtp', url: 'smtp://mx.example.com/inbox' }, 400, 'validation_failed', /smtp:\/\//);
  await refused({ type: 'smtp', url: '127.0.0.1:25' }, 400, 'url_not_allowed', /loopback/, strict.origin);
  // Request options that go with HTTP are not an SMTP check's.
  const res = await post('/tests', { type: 'smtp', url: 'mx.example.com', headers: { 'x-a': 'b' } });
  assertProblem(res, 400, 'validation_failed');
  assert.equal(res.body.errors[0].path, 'body.headers');
});
