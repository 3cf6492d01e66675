// The production manifests cannot run here (no Docker, no Kubernetes on these machines), so they are
// checked as data: every file parses, kustomizations list files that exist, every Deployment has
// probes and resources, every ScaledObject scales a Deployment that exists on a queue that exists, and
// the compose file and Dockerfile name every app.
import assert from 'node:assert/strict';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { jobs } from '@pageprobe/jobs';
import { parseAllDocuments } from 'yaml';

const INFRA = fileURLToPath(new URL('../infra/', import.meta.url));
const APPS = ['api', 'worker-uptime', 'worker-browser', 'callback-dispatcher'];
type Doc = Record<string, any>;

function load(file: string): Doc[] {
  const docs = parseAllDocuments(readFileSync(file, 'utf8'), { merge: true }); // compose uses <<: merge keys
  for (const d of docs) assert.deepEqual(d.errors, [], `${file}: ${d.errors.join('; ')}`);
  return docs.map((d) => d.toJS() as Doc).filter(Boolean);
}
const k8sFiles = globSync('k8s/**/*.yaml', { cwd: INFRA }).map((f) => join(INFRA, f));
const base = k8sFiles.filter((f) => f.includes('/base/') && !f.endsWith('kustomization.yaml')).flatMap(load);
const ofKind = (kind: string) => base.filter((d) => d.kind === kind);
const config = ofKind('ConfigMap').find((c) => c.metadata.name === 'pageprobe-config')!;

test('every manifest parses; every kustomization lists files that exist', () => {
  assert.ok(k8sFiles.length >= 8);
  for (const file of k8sFiles) {
    const docs = load(file);
    if (!file.endsWith('kustomization.yaml')) continue;
    for (const entry of [...(docs[0]!.resources ?? []), ...(docs[0]!.patches ?? []).map((p: { path: string }) => p.path)]) {
      assert.ok(existsSync(join(dirname(file), entry)), `${file} lists ${entry}, which does not exist`);
    }
  }
});

test('every Deployment has resources, liveness and readiness probes, a grace period and a disruption budget', () => {
  const deployments = ofKind('Deployment');
  assert.deepEqual(deployments.map((d) => d.metadata.name).sort(), ['api', 'callback-dispatcher', 'worker-lighthouse', 'worker-seo', 'worker-uptime']);
  const budgets = ofKind('PodDisruptionBudget').map((p) => p.spec.selector.matchLabels.app);
  for (const d of deployments) {
    const pod = d.spec.template.spec;
    assert.ok(pod.terminationGracePeriodSeconds >= 30, d.metadata.name);
    assert.ok(pod.securityContext.runAsNonRoot, `${d.metadata.name} runs as root`);
    for (const c of pod.containers) {
      for (const key of ['requests', 'limits']) assert.ok(c.resources?.[key]?.cpu && c.resources?.[key]?.memory, `${d.metadata.name} ${key}`);
      for (const probe of ['livenessProbe', 'readinessProbe']) {
        const port = c[probe]?.httpGet?.port;
        assert.ok(c.ports.some((p: { name: string }) => p.name === port), `${d.metadata.name} ${probe} on a named port`);
      }
      assert.equal(c.readinessProbe.httpGet.path, '/readyz');
      assert.equal(c.livenessProbe.httpGet.path, '/healthz');
      assert.deepEqual(c.envFrom.map((e: Doc) => e.configMapRef?.name ?? e.secretRef?.name), ['pageprobe-config', 'pageprobe-secrets']);
    }
    assert.ok(budgets.includes(d.spec.selector.matchLabels.app), `${d.metadata.name} has no PodDisruptionBudget`);
  }
  const hpa = ofKind('HorizontalPodAutoscaler');
  assert.deepEqual(hpa.map((h) => [h.spec.scaleTargetRef.name, h.spec.metrics[0].resource.name]), [['api', 'cpu']]);
});

test('every ScaledObject scales an existing Deployment on an existing BullMQ queue, with the configured prefix', () => {
  const deployments = new Set(ofKind('Deployment').map((d) => d.metadata.name));
  const queues = new Set(Object.values(jobs).map((j) => j.queue));
  const prefix = config.data.QUEUE_PREFIX;
  assert.match(prefix, /^\{[^}]+\}$/, 'a Redis Cluster hash tag');
  const scaled = ofKind('ScaledObject');
  assert.equal(scaled.length, 4);
  for (const s of scaled) {
    assert.ok(deployments.has(s.spec.scaleTargetRef.name), s.metadata.name);
    const [trigger] = s.spec.triggers;
    assert.equal(trigger.type, 'redis');
    assert.equal(trigger.metadata.addressFromEnv, 'REDIS_ADDRESS');
    assert.ok(config.data.REDIS_ADDRESS);
    const match = /^(.*):([^:]+):wait$/.exec(trigger.metadata.listName);
    assert.ok(match, trigger.metadata.listName);
    assert.equal(match[1], prefix);
    assert.ok(queues.has(match[2]!), `${match[2]} is not a queue`);
  }
  // Idle browser queues scale to zero; the dispatcher never does (delayed retries need it).
  const min = Object.fromEntries(scaled.map((s) => [s.metadata.name, s.spec.minReplicaCount]));
  assert.deepEqual(min, { 'worker-uptime': 1, 'worker-lighthouse': 0, 'worker-seo': 0, 'callback-dispatcher': 1 });
  const env = (name: string) => ofKind('Deployment').find((d) => d.metadata.name === name)!.spec.template.spec.containers[0].env;
  assert.deepEqual(env('worker-lighthouse').find((e: Doc) => e.name === 'BROWSER_TEST_TYPES').value, 'lighthouse');
  assert.deepEqual(env('worker-seo').find((e: Doc) => e.name === 'BROWSER_TEST_TYPES').value, 'seo_crawl');
});

test('docker-compose: every app, a migration step first, Redis with AOF and noeviction; the Dockerfile has a target for each', () => {
  const [compose] = load(join(INFRA, 'docker-compose.yml'));
  const services = compose!.services as Record<string, Doc>;
  for (const name of [...APPS, 'migrate', 'postgres', 'redis', 'minio', 'createbucket']) assert.ok(services[name], `no ${name} service`);
  for (const name of APPS) {
    assert.equal(services[name]!.depends_on.migrate.condition, 'service_completed_successfully', name);
    assert.equal(services[name]!.build.target, name);
    assert.equal(services[name]!.environment.QUEUE_PREFIX, '{pageprobe}');
  }
  const redis = services.redis!.command.join(' ');
  assert.match(redis, /--appendonly yes/);
  assert.match(redis, /--maxmemory-policy noeviction/);
  const dockerfile = readFileSync(join(INFRA, 'docker/Dockerfile'), 'utf8');
  for (const name of [...APPS, 'migrate']) assert.match(dockerfile, new RegExp(`^FROM \\S+ AS ${name}$`, 'm'), `no ${name} target`);
  assert.match(dockerfile, /^FROM node:24/m);
  assert.match(dockerfile, /^USER node$/m);
  assert.match(dockerfile, /ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/);
  assert.match(dockerfile, /--prod/);
  assert.ok(existsSync(fileURLToPath(new URL('../packages/db/src/migrate-cli.ts', import.meta.url))));
});
