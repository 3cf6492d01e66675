// Issue 47 items 2 and 3: tcp and dns checks through the API, the real uptime worker and dispatcher,
// against servers this file starts on loopback: a TCP port (plain, then one that closes and reopens), a
// TLS port, and a DNS server (dns2) whose record changes and which then answers SERVFAIL. What a channel
// receives is what users see: each failure is named in its alert.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { after, test } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import dns2 from 'dns2';
import { CHECKS_COMMON as common, listenLocal as listen, startCheckStack } from '../support/check-stack.ts';
import { assertProblem, call } from '../support/http.ts';
import { eventually, type ReceivedRequest, startServer } from '../support/servers.ts';
import { startInProcess } from '../support/stack.ts';

type Json = Record<string, any>;

const { env, certs, origin, strict, key, post, finished, refused } = await startCheckStack({
  TCP_TIMEOUT_MS: '2000',
  DNS_TIMEOUT_MS: '1000',
});
const patch = (path: string, body: unknown) =>
  call<Json>(`${origin}/api/v1${path}`, { method: 'PATCH', token: key, body });

/** A webhook channel and what it received, as `event:reason`. */
async function channel() {
  const receiver = await startServer();
  const created = await post('/alert-channels', { type: 'webhook', name: 'hook', url: `${receiver.url}/hook` });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const bodies = () => receiver.requests.map((r: ReceivedRequest) => JSON.parse(r.raw.toString('utf8')));
  return { id: created.body.id as string, bodies, events: () => bodies().map((b) => `${b.event}:${b.alert.reason}`) };
}

async function monitor(body: Json) {
  const res = await post('/monitors', { interval_seconds: 1, alert: { down_after: 1 }, ...body });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body;
}

const received = (hook: Awaited<ReturnType<typeof channel>>, count: number) =>
  eventually(async () => (hook.events().length >= count ? hook.bodies() : undefined), 20_000, `${count} alerts`);

// A DNS server for example.test: the A record of www is what `zone.www` says; `zone.servfail` fails every query.
const { Packet } = dns2;
const zone = { www: '192.0.2.1', servfail: false };
const dnsServer = dns2.createServer({
  udp: true,
  handle: (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    // dns2's types ask for its Resource class; it encodes plain records like these (its README's way).
    const answer = (record: Record<string, unknown>) =>
      response.answers.push(record as unknown as (typeof response.answers)[number]);
    const [question] = request.questions;
    const name = question?.name ?? '';
    if (zone.servfail) response.header.rcode = Packet.RCODE.SERVFAIL;
    else if (!['www.example.test', 'mail.example.test', 'intranet.example.test'].includes(name))
      response.header.rcode = Packet.RCODE.NXDOMAIN;
    else if (question?.type === Packet.TYPE.A) {
      // intranet: a split-horizon name, answered with an address of the network and a public one.
      const addresses =
        name === 'www.example.test'
          ? [zone.www]
          : name === 'intranet.example.test'
            ? ['10.1.2.3', '93.184.215.14']
            : ['192.0.2.26', '192.0.2.25'];
      for (const [i, address] of addresses.entries())
        answer({ name, type: Packet.TYPE.A, class: Packet.CLASS.IN, ttl: 300 - i * 60, address });
    } else if (question?.type === Packet.TYPE.MX) {
      answer({
        name,
        type: Packet.TYPE.MX,
        class: Packet.CLASS.IN,
        ttl: 300,
        exchange: 'mail.example.test',
        priority: 10,
      });
    }
    send(response);
  },
});
dnsServer.listen({ udp: { port: 0, address: '127.0.0.1' } });
await once(dnsServer, 'listening');
after(() => dnsServer.close());
const resolver = `127.0.0.1:${(dnsServer.addresses() as { udp: AddressInfo }).udp.port}`;

test('tcp: host:port is stored as tcp://host:port; an open port is up with its connect time, expectations listed', async () => {
  const open = createServer((socket) => socket.end());
  after(() => open.close());
  const port = await listen(open);
  const t = await finished({
    type: 'tcp',
    url: `127.0.0.1:${port}`,
    expect: [{ source: 'response_time', operator: 'lt', value: 5000 }],
  });
  assert.equal(t.accepted.url, `tcp://127.0.0.1:${port}`);
  assert.equal(t.status, 'completed');
  const r = t.result;
  assert.deepEqual([r.up, r.reason, r.host, r.port, r.ip_address], [true, null, '127.0.0.1', port, '127.0.0.1']);
  assert.equal(typeof r.timings_ms.connect, 'number');
  assert.equal(r.timings_ms.tls, null);
  assert.equal(r.tls, null);
  assert.deepEqual(
    r.expectations.map((e: Json) => [e.source, e.passed, typeof e.actual]),
    [['response_time', true, 'number']],
  );
});

test('tcp with tls: the handshake is timed and the certificate described (days remaining), and an expectation on them holds or fails', async () => {
  const secure = createTlsServer(certs.valid, (socket) => socket.end());
  after(() => secure.close());
  const port = await listen(secure);
  const t = await finished({
    type: 'tcp',
    url: `tcp://localhost:${port}`,
    tls: true,
    expect: [{ source: 'certificate_days', operator: 'gt', value: 60 }],
  });
  assert.equal(t.status, 'completed');
  assert.deepEqual(t.options, { tls: true, expect: [{ source: 'certificate_days', operator: 'gt', value: 60 }] });
  const r = t.result;
  assert.equal(typeof r.timings_ms.tls, 'number');
  assert.equal(typeof r.timings_ms.dns, 'number', 'localhost was resolved');
  assert.equal(r.tls.chain_valid, true);
  assert.match(r.tls.subject, /CN=localhost/);
  assert.match(r.tls.protocol, /^TLSv1\.[23]$/);
  assert.ok(r.tls.days_remaining >= 28 && r.tls.days_remaining <= 30, String(r.tls.days_remaining));
  // The certificate has about 30 days left, not more than 60: down, saying both.
  assert.deepEqual([r.up, r.reason], [false, 'expectation_failed']);
  assert.match(r.error, /Expected certificate days remaining to be greater than 60, got (28|29|30)/);
  // A plain port asked for TLS: the handshake fails.
  const plain = createServer((socket) => socket.end());
  after(() => plain.close());
  const failed = await finished({ type: 'tcp', url: `tcp://127.0.0.1:${await listen(plain)}`, tls: true });
  assert.deepEqual([failed.result.up, failed.result.reason], [false, 'tls_error']);
});

test('a tcp monitor: a port that closes is monitor.down naming it, and its reopening is monitor.recovered', async () => {
  const hook = await channel();
  const server = createServer((socket) => socket.end());
  after(() => server.listening && server.close());
  const port = await listen(server);
  const m = await monitor({ type: 'tcp', url: `localhost:${port}`, alert_channels: [hook.id] });
  assert.equal(m.url, `tcp://localhost:${port}`);
  await eventually(
    async () => {
      const checks = (await call<Json>(`${origin}/api/v1/monitors/${m.id}/checks`, { token: key })).body.data;
      return checks.some((c: Json) => c.up === true) ? true : undefined;
    },
    20_000,
    'an up check',
  );
  server.close();
  const [down] = await received(hook, 1);
  assert.equal(`${down.event}:${down.alert.reason}`, 'monitor.down:connection_refused');
  assert.match(down.alert.details.message, new RegExp(`localhost:${port} refused the connection \\(ECONNREFUSED\\)`));
  assert.match(down.alert.details.advice.what, /Nothing accepted the connection on that port/);
  const reopened = createServer((socket) => socket.end());
  after(() => reopened.close());
  await listen(reopened, port);
  await received(hook, 2);
  assert.deepEqual(hook.events(), ['monitor.down:connection_refused', 'monitor.recovered:check_passed']);
  const view = (await call<Json>(`${origin}/api/v1/monitors/${m.id}`, { token: key })).body;
  assert.equal(typeof view.uptime_percent['24h'], 'number', 'checks count toward uptime like uptime monitors');
  await patch(`/monitors/${m.id}`, { paused: true });
});

test('a dns monitor: a record that changes fails its expectation naming both values, then SERVFAIL is named', async () => {
  const hook = await channel();
  const m = await monitor({
    type: 'dns',
    url: `dns://${resolver}/WWW.example.test?type=a`,
    expect: [{ source: 'answers', operator: 'eq', value: ['192.0.2.1'] }],
    alert_channels: [hook.id],
  });
  assert.equal(m.url, `dns://${resolver}/www.example.test?type=A`);
  await eventually(
    async () => {
      const checks = (await call<Json>(`${origin}/api/v1/monitors/${m.id}/checks`, { token: key })).body.data;
      return checks.some((c: Json) => c.up === true) ? true : undefined;
    },
    20_000,
    'an up check',
  );
  zone.www = '192.0.2.99';
  const [changed] = await received(hook, 1);
  assert.equal(`${changed.event}:${changed.alert.reason}`, 'monitor.down:expectation_failed');
  assert.match(changed.alert.details.message, /Expected answers to equal \["192\.0\.2\.1"\], got \["192\.0\.2\.99"\]/);
  zone.www = '192.0.2.1';
  await received(hook, 2);
  zone.servfail = true;
  const bodies = await received(hook, 3);
  zone.servfail = false;
  assert.deepEqual(hook.events(), [
    'monitor.down:expectation_failed',
    'monitor.recovered:check_passed',
    'monitor.down:servfail',
  ]);
  assert.match(bodies[2].alert.details.message, /DNS server answered SERVFAIL for www\.example\.test A/);
  const checks = (await call<Json>(`${origin}/api/v1/monitors/${m.id}/checks`, { token: key })).body.data;
  assert.ok(
    checks.some((c: Json) => c.reason === 'servfail'),
    'the check keeps its reason',
  );
  await patch(`/monitors/${m.id}`, { paused: true });
});

test('without ALLOW_PRIVATE_TARGETS, a private answer is withheld: not shown, not matched, counted and explained', async () => {
  // Issue 56 item 13. A worker as production runs it (private targets refused) at its own location,
  // allowed to ask this one resolver (ALLOW_TARGETS), as it may ask the system's.
  await startInProcess(
    'worker-uptime',
    env.appEnv({
      ...common,
      ALLOW_PRIVATE_TARGETS: 'false',
      ALLOW_TARGETS: resolver,
      LOCATION: 'lan',
      DNS_TIMEOUT_MS: '1000',
      OPS_PORT: '0',
    }),
  );
  const url = `dns://${resolver}/intranet.example.test?type=A`;
  const expect = [{ source: 'answers', operator: 'contains', value: '10.1.2.3' }];
  const strictCheck = await finished({ type: 'dns', url, expect, locations: ['lan'] });
  assert.equal(strictCheck.status, 'completed', JSON.stringify(strictCheck));
  assert.deepEqual(strictCheck.result.answers, [{ value: '93.184.215.14', ttl: 240 }]);
  assert.equal(strictCheck.result.withheld, 1);
  assert.deepEqual([strictCheck.result.up, strictCheck.result.expectations[0].passed], [false, false]);
  const report = await (await fetch(strictCheck.report_url)).text();
  assert.match(report, /1 private address withheld/);
  // A worker allowed private targets shows both, as before.
  const open = await finished({ type: 'dns', url, expect });
  assert.deepEqual(
    open.result.answers.map((a: Json) => a.value),
    ['10.1.2.3', '93.184.215.14'],
  );
  assert.deepEqual([open.result.up, open.result.withheld], [true, undefined]);
});

test('dns tests: answers sorted with their TTLs (A), MX written as its zone data, NXDOMAIN a finding', async () => {
  const [a, mx, nx] = await Promise.all([
    finished({ type: 'dns', url: `dns://${resolver}/mail.example.test?type=A` }),
    finished({
      type: 'dns',
      url: `dns://${resolver}/mail.example.test?type=MX`,
      expect: [{ source: 'answers', operator: 'contains', value: '10 mail.example.test' }],
    }),
    finished({ type: 'dns', url: `dns://${resolver}/gone.example.test?type=A` }),
  ]);
  assert.deepEqual([a.status, a.result.up, a.result.resolver], ['completed', true, resolver]);
  assert.deepEqual(a.result.answers, [
    { value: '192.0.2.25', ttl: 240 },
    { value: '192.0.2.26', ttl: 300 },
  ]);
  assert.equal(typeof a.result.timings_ms.total, 'number');
  assert.deepEqual(mx.result.answers, [{ value: '10 mail.example.test', ttl: null }]);
  assert.deepEqual([mx.result.up, mx.result.expectations[0].passed], [true, true]);
  assert.deepEqual([nx.status, nx.result.up, nx.result.reason], ['completed', false, 'nxdomain']);
  assert.match(nx.result.error, /NXDOMAIN for gone\.example\.test A/);
  const report = await fetch(nx.report_url);
  assert.equal(report.status, 200);
  assert.match(await report.text(), /does not exist \(NXDOMAIN\)/);
});

test('bad targets are 400s naming url: no port, an unknown record type, a private address without ALLOW_PRIVATE_TARGETS', async () => {
  await refused({ type: 'tcp', url: 'tcp://db.example.com' }, 400, 'validation_failed', /has no port/);
  await refused({ type: 'tcp', url: 'https://db.example.com/' }, 400, 'validation_failed', /tcp:\/\/host:port/);
  await refused({ type: 'dns', url: 'dns:example.com?type=PTR' }, 400, 'validation_failed', /record type "PTR"/);
  await refused(
    { type: 'dns', url: 'dns://ns1.example.com/example.com' },
    400,
    'validation_failed',
    /not an IP address/,
  );
  await refused({ type: 'tcp', url: '127.0.0.1:5432' }, 400, 'url_not_allowed', /loopback/, strict.origin);
  await refused(
    { type: 'dns', url: `dns://${resolver}/www.example.test` },
    400,
    'url_not_allowed',
    /loopback/,
    strict.origin,
  );
  // Asked of the worker's own resolver, a name that only resolves inside a network would tell what is there.
  await refused({ type: 'dns', url: 'db.internal' }, 400, 'url_not_allowed', /inside a network/, strict.origin);
  // Request options that go with HTTP are not a tcp test's.
  const res = await post('/tests', { type: 'tcp', url: 'db.example.com:5432', headers: { 'x-a': 'b' } });
  assertProblem(res, 400, 'validation_failed');
  assert.equal(res.body.errors[0].path, 'body.headers');
});
