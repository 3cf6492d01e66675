// `npm run test:images`: builds every image of infra/docker/Dockerfile with podman, starts them as the
// production manifests say, and drives the result as an API user and as the kubelet would
// (docs/operations.md, "The images"). Each step is printed as it starts and ends; build logs and every
// container's output are kept under test/.artifacts/images/.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { ensurePodman, nodeImage, serviceImages } from './base-images.ts';
import { type Built, buildTarget, checkImage, localTag, TARGETS, type Target } from './build.ts';
import {
  apiUser,
  dashboardSignIn,
  inFlightTest,
  lighthouseEndToEnd,
  probesAnswer,
  redisThroughSentinels,
  stopAsKubelet,
  uptimeWithCallback,
} from './drive.ts';
import { megabytes, say, seconds, step } from './log.ts';
import { renderProduction, type Workload, workloads } from './manifests.ts';
import { podman } from './podman.ts';
import {
  clean,
  createNetwork,
  ip,
  makeSecrets,
  runService,
  SENTINELS,
  saveLogs,
  siteCertificate,
  type Started,
  startServices,
  startWorkload,
  until,
  waitReady,
} from './stack.ts';

const started = performance.now();
let stackUp = false;
const tls = mkdtempSync(join(tmpdir(), 'pageprobe-site-'));
try {
  say(await step('podman', ensurePodman));
  const base = await step('the base image', nodeImage);
  const services = await step('the stack’s PostgreSQL, Redis and S3 images', () => serviceImages(base));

  const built: Built[] = [];
  for (const target of TARGETS) built.push(await step(`build ${target}`, () => buildTarget(target, base)));
  await step('each image within its budget, with neither the build secret nor the package cache in it', async () => {
    for (const b of built) await checkImage(b);
  });

  // IMAGES_DROP_CONFIG=NAME[,NAME]: run with those keys left out of the ConfigMap, to see the run fail on them.
  const drop = (process.env.IMAGES_DROP_CONFIG ?? '').split(',').filter(Boolean);
  // IMAGES_OVERLAY=redis-sentinel: production with Redis Sentinel (issue 49); the stack adds three sentinels.
  const overlay = process.env.IMAGES_OVERLAY || 'production';
  const rendered = await step(`render the ${overlay} manifests`, () => renderProduction({ drop, overlay }));
  say(`  from ${rendered.how}${drop.length ? `; left out of the ConfigMap, as asked: ${drop.join(', ')}` : ''}`);
  const sentinelGroup = rendered.configMap.REDIS_SENTINEL_NAME;
  const all = workloads(rendered);
  // Each manifest's image is ours under the name the overlay gives it.
  for (const w of all) {
    const target = /pageprobe\/([\w-]+)/.exec(w.image)?.[1] as Target | undefined;
    assert.ok(target && TARGETS.includes(target), `${w.name} runs ${w.image}, which no target builds`);
    await podman(['tag', localTag(target), w.image]);
  }
  const named = (name: string) => all.find((w) => w.name === name) ?? assert.fail(`no ${name} in the manifests`);

  const secrets = makeSecrets();
  chmodSync(tls, 0o755);
  const caFile = siteCertificate(tls);
  // The dispatcher trusts the site's CA, as an operator would mount a private one.
  const trustSite = ['-v', `${caFile}:/etc/pageprobe/ca.pem:ro`, '-e', 'NODE_EXTRA_CA_CERTS=/etc/pageprobe/ca.pem'];
  const bucket = rendered.configMap.S3_BUCKET ?? 'pageprobe';
  const apiAddress = ip.firstPod;
  // This network's own settings, as an overlay for it would set them: the origin clients use, path-style
  // S3 (the stack's S3 server has no DNS names for buckets), and the stack's sentinels.
  const settings = {
    PUBLIC_BASE_URL: `http://${apiAddress}:3000`,
    S3_FORCE_PATH_STYLE: 'true',
    REDIS_SENTINELS: SENTINELS,
  };
  // They replace what the ConfigMap says, never stand in for what it leaves out: a ConfigMap without
  // PUBLIC_BASE_URL must fail this run as it would fail production.
  const configure = (w: Workload): Workload => ({
    ...w,
    env: w.env.map((e) =>
      e.name in settings ? { name: e.name, value: settings[e.name as keyof typeof settings] } : e,
    ),
  });

  await step(
    `a network, PostgreSQL, Redis${sentinelGroup ? ' and three sentinels' : ''}, the S3 server and the site`,
    async () => {
      await clean();
      await createNetwork();
      stackUp = true;
      await startServices(services, secrets, bucket, { sentinelGroup });
      const script = new URL('./site.mjs', import.meta.url).pathname;
      await runService('site', base, ['-v', `${script}:/site.mjs:ro`, '-v', `${tls}:/tls:ro`], ['node', '/site.mjs']);
      await until('the site answers', 30_000, async () => void (await fetch(`http://${ip.site}/`)).body?.cancel());
    },
  );
  await step('the migration, as the Job runs it', () => startWorkload(configure(named('pageprobe-migrate')), secrets));

  const deployments = all.filter((w) => w.kind === 'Deployment');
  const pods: Started[] = [];
  await step(`start ${deployments.map((w) => w.name).join(', ')}`, async () => {
    for (const w of deployments)
      pods.push(
        await startWorkload(configure(w), secrets, { extraArgs: w.name === 'callback-dispatcher' ? trustSite : [] }),
      );
    assert.equal(pods[0]!.workload.name, 'api', 'the api is started first, at the address PUBLIC_BASE_URL names');
    assert.equal(pods[0]!.address, apiAddress);
    for (const pod of pods) await waitReady(pod);
  });
  await step('readiness and liveness probes, as the kubelet calls them', () => probesAnswer(pods));
  if (sentinelGroup)
    await step('every app found Redis through the sentinels, and printed no password', () =>
      redisThroughSentinels(pods, sentinelGroup, secrets.REDIS_SENTINEL_PASSWORD!),
    );
  await step('the dashboard’s sign-in page', () =>
    dashboardSignIn(pods.find((p) => p.workload.name === 'dashboard') ?? assert.fail('no dashboard pod')),
  );

  const user = await step('a team and a key from the admin API', () => apiUser(pods[0]!, secrets.ADMIN_TOKEN!));
  await step('an uptime test with a signed callback', () => uptimeWithCallback(user));
  const s3 = new S3Client({
    endpoint: `http://${ip.s3}:9000`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: secrets.S3_ACCESS_KEY_ID!, secretAccessKey: secrets.S3_SECRET_ACCESS_KEY! },
  });
  await step('a Lighthouse test: artifacts in S3 and a HAR', () => lighthouseEndToEnd(user, s3, bucket));

  await step('SIGTERM with a test in flight: the Lighthouse worker', async () => {
    const index = pods.findIndex((p) => p.workload.name === 'worker-lighthouse');
    const worker = pods[index]!;
    pods[index] = await inFlightTest(user, worker, async () => {
      const next = await startWorkload(configure(worker.workload), secrets, { name: 'worker-lighthouse-2' });
      await waitReady(next);
      return next;
    });
  });
  await step('SIGTERM to every container: each ends within its grace period', async () => {
    for (const pod of [...pods].reverse()) await stopAsKubelet(pod);
  });

  await step('a ConfigMap without PUBLIC_BASE_URL: the api refuses to start, naming it', async () => {
    const api = named('api');
    const broken = configure({ ...api, env: api.env.filter((e) => e.name !== 'PUBLIC_BASE_URL') });
    const pod = await startWorkload(broken, secrets, { name: 'api-broken' });
    const error = await waitReady(pod, 60_000).then(
      () => null,
      (e: Error) => e,
    );
    assert.ok(error, 'the api started without PUBLIC_BASE_URL');
    assert.match(error.message, /PUBLIC_BASE_URL/);
    say(
      `  ${error.message
        .split('\n')
        .find((l) => l.includes('PUBLIC_BASE_URL'))
        ?.trim()}`,
    );
  });

  say('images (size; build time this run):');
  for (const b of built)
    say(
      `  ${b.target.padEnd(20)} ${megabytes(b.bytes).padStart(8)}  ${seconds(b.ms).padStart(8)}  ${b.rebuilt === 0 ? 'nothing rebuilt' : `${b.rebuilt} of ${b.steps} steps run`}`,
    );
  say(`images test passed in ${seconds(performance.now() - started)}`);
} catch (error) {
  say(`images test failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(tls, { recursive: true, force: true });
  if (stackUp) {
    await saveLogs();
    await clean();
  }
}
