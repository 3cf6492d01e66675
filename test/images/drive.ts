// The stack driven as its users meet it: the dashboard backend makes a team and a key, an API user runs
// tests and receives a signed callback, the kubelet probes every pod and stops each one.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { createClient, type PageprobeClient } from '@pageprobe/client';
import { SIGNATURE_HEADER, verifySignature } from '@pageprobe/webhook-verify';
import { say, seconds } from './log.ts';
import { podman } from './podman.ts';
import { containerState, ip, probe, type Started, until } from './stack.ts';

/** The API as its users call it: the typed client with the team's write key, and its webhook secret. */
export interface ApiUser {
  client: PageprobeClient;
  webhookSecret: string;
}

/** A pro team with a write key and a webhook secret, through the admin API on its own port. */
export async function apiUser(api: Started, adminToken: string): Promise<ApiUser> {
  const admin = `http://${api.address}:${api.workload.ports.admin}/admin/v1`;
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${admin}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, any>;
    assert.equal(res.status, 201, `POST ${path}: ${JSON.stringify(json)}`);
    return json;
  };
  const team = await call('/teams', { name: 'images', plan: 'pro' });
  await call(`/teams/${team.id}/credits`, { amount: 100, reason: 'npm run test:images' });
  const { key } = await call(`/teams/${team.id}/api-keys`, { scope: 'write', name: 'images' });
  const { secret } = await call(`/teams/${team.id}/webhook-secret`, {});
  return {
    client: createClient({ baseUrl: `http://${api.address}:${api.workload.ports.http}`, apiKey: key }),
    webhookSecret: secret,
  };
}

/** The dashboard's sign-in page from its pod, as the ingress reaches it (its path is DASHBOARD_BASE_URL's). */
export async function dashboardSignIn(dashboard: Started): Promise<void> {
  const url = `http://${dashboard.address}:${dashboard.workload.ports.http}/app/sign-in`;
  const res = await fetch(url);
  const body = await res.text();
  assert.equal(res.status, 200, `GET ${url}: ${body.slice(0, 300)}`);
  assert.match(body, /<button[^>]*>Sign in<\/button>/, 'the sign-in form');
  say(`  GET /app/sign-in: 200, ${body.length} bytes`);
}

const site = `http://${ip.site}`;
const finished = (user: ApiUser, id: string) => user.client.waitForTest(id, { timeoutMs: 240_000 });

/** An uptime test of the site, its signed callback delivered to the site, GET showing it completed. */
export async function uptimeWithCallback(user: ApiUser): Promise<void> {
  const { id } = await user.client.createTest({
    url: `${site}/`,
    type: 'uptime',
    callback_url: `https://${ip.site}/callback`,
  });
  const test = await finished(user, id);
  assert.equal(test.status, 'completed', JSON.stringify(test.error));
  const result = test.result as { up: boolean; status_code: number | null };
  assert.equal(result.up, true, JSON.stringify(result));
  let delivery: { headers: Record<string, string>; body: string } | undefined;
  await until('the callback reaches the site', 60_000, async () => {
    const received = (await (await fetch(`${site}/received`)).json()) as Array<{
      headers: Record<string, string>;
      body: string;
    }>;
    delivery = received.find((r) => r.body.includes(id));
    assert.ok(delivery, 'no callback yet');
  });
  verifySignature(delivery!.headers[SIGNATURE_HEADER.toLowerCase()], delivery!.body, user.webhookSecret);
  const payload = JSON.parse(delivery!.body);
  assert.equal(payload.event, 'test.completed', delivery!.body);
  assert.equal(payload.test.status, 'completed', delivery!.body);
  say(`  uptime test ${id}: up, ${result.status_code}; callback signed and verified`);
}

/** A Lighthouse test of the site: scores, its artifacts in the bucket and a HAR of the page's requests. */
export async function lighthouseEndToEnd(user: ApiUser, s3: S3Client, bucket: string): Promise<void> {
  const started = performance.now();
  const { id } = await user.client.createTest({ url: `${site}/`, type: 'lighthouse' });
  const test = await finished(user, id);
  assert.equal(test.status, 'completed', JSON.stringify(test.error));
  assert.ok(
    (test.performance_score ?? 0) > 0 && test.scores?.performance === test.performance_score,
    JSON.stringify(test.scores),
  );
  const har = (await user.client.getHar(id)) as { log: { entries: Array<{ request: { url: string } }> } };
  assert.ok(
    har.log.entries.some((e) => e.request.url === `${site}/`),
    `the HAR has no request for the page: ${har.log.entries.map((e) => e.request.url).join(', ')}`,
  );
  const artifacts = await user.client.getArtifacts(id);
  const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  const stored = (listed.Contents ?? []).map((o) => o.Key!).filter((k) => k.includes(id));
  assert.ok(
    stored.length >= artifacts.data.length && stored.length > 0,
    `in the bucket for ${id}: ${stored.join(', ')}`,
  );
  say(
    `  lighthouse test ${id}: performance ${test.performance_score}, ${artifacts.data.length} artifacts (${kinds(artifacts.data.map((a) => a.kind))}), ${stored.length} objects in the bucket, HAR of ${har.log.entries.length} requests, in ${seconds(performance.now() - started)}`,
  );
}

/** "final_screenshot, filmstrip_frame ×10, har": each kind once, with its count where it repeats. */
function kinds(all: string[]): string {
  const counts = new Map<string, number>();
  for (const kind of all) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind)).join(', ');
}

/** Each pod's readiness and liveness probes, once each, as the kubelet calls them. */
export async function probesAnswer(pods: Started[]): Promise<void> {
  for (const pod of pods) {
    const answers: string[] = [];
    for (const [kind, p] of [
      ['readiness', pod.workload.readiness],
      ['liveness', pod.workload.liveness],
    ] as const) {
      assert.ok(p, `${pod.workload.name} has no ${kind} probe`);
      answers.push(`${kind} ${p.path} ${await probe(pod.address, p)}`);
    }
    say(`  ${pod.workload.name}: ${answers.join(', ')}`);
  }
}

/**
 * With the Sentinel overlay (issue 49): each pod's ready line says it found Redis through the sentinels,
 * as the group the ConfigMap names, and nothing it printed holds the password (the Secret's key).
 */
export async function redisThroughSentinels(pods: Started[], group: string, password: string): Promise<void> {
  for (const pod of pods) {
    const { stdout, stderr } = await podman(['logs', pod.container]);
    const output = `${stdout}${stderr}`;
    const ready = output
      .split('\n')
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          return null;
        }
      })
      .find((line) => typeof line?.redis === 'string');
    assert.ok(ready, `${pod.workload.name}: no line says where Redis is (its ready line)`);
    assert.match(String(ready.redis), new RegExp(`^sentinel ${group} via `), `${pod.workload.name}: ${ready.redis}`);
    assert.ok(!output.includes(password), `${pod.workload.name} printed the Redis password`);
    say(`  ${pod.workload.name}: redis ${ready.redis}`);
  }
}

/**
 * The kubelet's stop: the preStop sleep, then SIGTERM, then SIGKILL once terminationGracePeriodSeconds
 * (counted from the start) have passed. The container must be gone before that, by itself.
 */
export async function stopAsKubelet(pod: Started): Promise<void> {
  const { terminationGraceSeconds: grace, preStopSleepSeconds } = pod.workload;
  const started = performance.now();
  await sleep(preStopSleepSeconds * 1000);
  await podman(['stop', '--time', String(grace - preStopSleepSeconds), pod.container]);
  const ms = performance.now() - started;
  const { exitCode } = await containerState(pod.container);
  assert.ok(ms < grace * 1000, `${pod.workload.name} took ${seconds(ms)} to stop, past its ${grace} s grace period`);
  assert.equal(
    exitCode,
    0,
    `${pod.workload.name} exited ${exitCode} on SIGTERM (137: killed at the end of the grace period)`,
  );
  say(`  ${pod.workload.name}: stopped in ${seconds(ms)} of its ${grace} s, exit 0`);
}

/** A Lighthouse test still running when its worker is stopped: handed back or finished, never lost. */
export async function inFlightTest(user: ApiUser, worker: Started, restart: () => Promise<Started>): Promise<Started> {
  const { id } = await user.client.createTest({ url: `${site}/slow`, type: 'lighthouse' });
  await until('the worker starts the slow test', 120_000, async () => {
    const { status } = await user.client.getTest(id);
    assert.equal(status, 'running', `still ${status}`);
  });
  await stopAsKubelet(worker);
  // Whatever the worker did with it (finished it before exiting, or handed it back), a worker finishes it.
  const next = await restart();
  const test = await finished(user, id);
  assert.equal(test.status, 'completed', JSON.stringify(test.error));
  say(`  the test in flight (${id}) completed after its worker was stopped`);
  return next;
}
