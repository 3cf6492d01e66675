// The production manifests cannot run here (no Docker engine, no Kubernetes on these machines), so they
// are checked as data: every file parses and validates against the Kubernetes and KEDA API schemas,
// kustomizations list files that exist, every Deployment has probes, resources, a grace period that
// fits its longest job and a disruption budget, its environment passes its app's own config parser,
// every ScaledObject scales a Deployment on the BullMQ lists of every queue that Deployment consumes, and
// the compose file and Dockerfile name every app, every pod is confined (the image's non-root uid,
// read-only root, no capabilities, seccomp) and gets only the secret keys its app reads, and the
// NetworkPolicies let each part reach and be reached by exactly what it uses, and the Ingress serves the
// API at / and the dashboard at /app on PUBLIC_BASE_URL's host. Where kubectl is installed,
// the kustomizations are also rendered and the result checked, a location's overlay among them (only the
// workers, at their location, scaled on its own queues, over TLS to the central PostgreSQL and Redis, in
// names of their own), and the Redis Sentinel overlay (every app and KEDA ask the sentinels, the password
// from the Secret alone). The bucket's lifecycle rules expire each plan's artifacts after RETENTION's days.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseEnv as parseDotenv } from 'node:util';
import { DEFAULT_LOCATION, jobs, LOCATION_ID, queueAt } from '@pageprobe/jobs';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { parseAllDocuments } from 'yaml';
import { apiEnv } from '../../apps/api/src/config.ts';
import { dispatcherEnv } from '../../apps/callback-dispatcher/src/config.ts';
import { dashboardEnv } from '../../apps/dashboard/src/config.ts';
import { browserEnv } from '../../apps/worker-browser/src/config.ts';
import { uptimeEnv } from '../../apps/worker-uptime/src/config.ts';
import { parseEnv, productionRefusals, redisEnv } from '@pageprobe/config';
import { type Plan, RETENTION } from '@pageprobe/db';
import { retentionPrefix } from '../../packages/worker-host/src/store-artifacts.ts';
import { type KindName, kindNamed, kinds, type TestKind } from '@pageprobe/test-kinds';
import { z } from 'zod';

const INFRA = fileURLToPath(new URL('../../infra/', import.meta.url));
const APPS = ['api', 'dashboard', 'worker-uptime', 'worker-browser', 'callback-dispatcher'] as const;
/** The apps that serve people and programs over HTTP, rather than work through jobs. */
const SERVERS: readonly App[] = ['api', 'dashboard'];
/** ingress-nginx's `upstream-keepalive-timeout` (its default): how long it keeps an idle connection to a pod. */
const INGRESS_UPSTREAM_KEEPALIVE_MS = 60_000;
type App = (typeof APPS)[number];
type Doc = Record<string, any>;

function parseYaml(text: string, where: string): Doc[] {
  const docs = parseAllDocuments(text, { merge: true }); // compose uses <<: merge keys
  for (const d of docs) assert.deepEqual(d.errors, [], `${where}: ${d.errors.join('; ')}`);
  return docs.map((d) => d.toJS() as Doc).filter(Boolean);
}
const load = (file: string) => parseYaml(readFileSync(file, 'utf8'), file);

const k8sFiles = globSync('k8s/**/*.yaml', { cwd: INFRA }).map((f) => join(INFRA, f));
const isKustomization = (f: string) => f.endsWith('kustomization.yaml');
// By the path inside infra/: a clone at /tmp/base/ would otherwise count every overlay as the base.
const base = k8sFiles.filter((f) => relative(INFRA, f).startsWith('k8s/base/') && !isKustomization(f)).flatMap(load);
const ofKind = (docs: Doc[], kind: string) => docs.filter((d) => d.kind === kind);
const named = (docs: Doc[], kind: string, name: string) => ofKind(docs, kind).find((d) => d.metadata.name === name)!;
const dockerfile = readFileSync(join(INFRA, 'docker/Dockerfile'), 'utf8');

const MODELS: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
};
/** Types and required fields as the API server's OpenAPI schema has them (unknown fields are not caught). */
function validateAgainstApi(docs: Doc[], where: string): void {
  for (const doc of docs) {
    const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
    assert.ok(Model, `${where}: no schema here for ${doc.apiVersion} ${doc.kind}; add its model`);
    assert.doesNotThrow(() => new Model(doc).validate(), `${where}: ${doc.kind} ${doc.metadata?.name}`);
  }
}

const SCHEMAS: Record<App, z.ZodType> = {
  api: apiEnv,
  dashboard: dashboardEnv,
  'worker-uptime': uptimeEnv,
  'worker-browser': browserEnv,
  'callback-dispatcher': dispatcherEnv,
};
/** What the README tells people to export before `docker compose up`. */
const SHELL = {
  ADMIN_TOKEN: 'q3W7n1y0mC4x9rT2bV6kP8sL5dF0gH1j',
  SECRETS_KEY: 'k3Jz9wQ2mP7vL0xN5tR8bY1cF4hD6gS2aE9uW3iO7pM=',
  REDIS_PASSWORD: '5f2a9c0e7b1d4a6f8e3c2b9a',
};

/** Compose's variable substitution: ${NAME}, ${NAME:?message}, ${NAME:-default}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_m, name: string, op?: string, arg?: string) => {
    const set = vars[name];
    if (set !== undefined && set !== '') return set;
    if (op === '?') throw new Error(`compose needs ${name}: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}

/** What a Dockerfile target sets with ENV (the images' own defaults, e.g. OPS_PORT). */
function imageEnv(target: string): Record<string, string> {
  const stage = dockerfile.split(/^FROM /m).find((s) => new RegExp(`^\\S+ AS ${target}\\n`).test(s)) ?? '';
  const env: Record<string, string> = { NODE_ENV: 'production' };
  for (const line of stage.matchAll(/^ENV (.+)$/gm))
    for (const [, k, v] of line[1]!.matchAll(/(\w+)=(\S+)/g)) env[k!] = v!;
  return env;
}
/**
 * The app's configuration as it would parse it in that pod: an invalid or missing variable throws here.
 * Secret keys come from the base's placeholder Secret, or from `secrets` (a location's example env file).
 */
function podConfig(
  deployment: Doc,
  docs: Doc[],
  secrets?: Record<string, string>,
): { app: App; config: Record<string, any> } {
  const container = deployment.spec.template.spec.containers[0];
  const app = /pageprobe\/([\w-]+)/.exec(container.image)![1] as App;
  assert.ok(APPS.includes(app), `${deployment.metadata.name} runs ${container.image}`);
  const env: Record<string, string> = { ...imageEnv(app) };
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) Object.assign(env, named(docs, 'ConfigMap', from.configMapRef.name).data);
    if (from.secretRef) Object.assign(env, named(base, 'Secret', from.secretRef.name).stringData);
  }
  for (const { name, value, valueFrom } of container.env ?? []) {
    const ref = valueFrom?.secretKeyRef;
    env[name] = ref ? (secrets ?? named(base, 'Secret', ref.name).stringData)[ref.key] : value;
  }
  return { app, config: parseEnv(SCHEMAS[app], env) as Record<string, any> };
}

/**
 * The test kinds a worker pod runs, by its configuration: the browser worker those BROWSER_TEST_TYPES
 * names; the uptime worker every kind whose settings it reads (kindEnv in its config.ts: each runner in
 * its main.ts takes its concurrency from them, so a kind it runs cannot be missing here).
 */
function kindsRunBy(app: App, config: Record<string, any>): TestKind[] {
  if (app === 'worker-browser') return config.BROWSER_TEST_TYPES.map((t: KindName) => kindNamed(t));
  if (app === 'worker-uptime') return kinds.filter((k) => declared(uptimeEnv).has(k.concurrency.variable));
  return [];
}

/** The longest job each kind of pod may hold when told to stop, in seconds (what its grace period must cover). */
function longestJobSeconds(app: App, config: Record<string, any>): number {
  if (app === 'api') return 5 + 20; // preStop pause + the drain deadline in apps/api/src/main.ts
  if (app === 'dashboard') return 5 + 10; // preStop pause + the pages in flight (a few queries each; no jobs)
  if (app === 'callback-dispatcher') return config.CALLBACK_TIMEOUT_MS / 1000;
  return Math.max(...kindsRunBy(app, config).map((k) => (config[k.budget.variable] + k.budget.slackMs) / 1000));
}

/** The queues a pod consumes and how many of their jobs it runs at once. */
function consumes(app: App, config: Record<string, any>): Consumed[] {
  if (app === 'callback-dispatcher') return [{ queue: jobs.callback.queue, concurrency: config.CALLBACK_CONCURRENCY }];
  return kindsRunBy(app, config).map((k) => ({ queue: k.job.queue, concurrency: config[k.concurrency.variable] }));
}
type Consumed = { queue: string; concurrency: number };

/** BullMQ's lists KEDA reads: the waiting jobs and the running ones. */
const LISTS = ['wait', 'active'] as const;
/** A trigger's name, which the formula reads: the queue without `test-`, as an identifier (`seo_crawl_wait`). */
const triggerName = (queue: string, list: string) => `${queue.replace(/^test-/, '').replaceAll('-', '_')}_${list}`;

/**
 * A ScaledObject of a Deployment that consumes these queues (`listOf` gives a queue's key prefix, at
 * the centre or at a location): a redis trigger on the wait and active lists of each, the formula their
 * sum, and the target twice the smallest concurrency among them. Each kind's jobs run beside the others'
 * with its own concurrency, so with the sum counted against the smallest kind's pod's worth, no queue
 * ever has more than its pods' worth running and as many waiting, whichever queue the load is on.
 */
function checkScaling(s: Doc, consumed: Consumed[], listOf: (queue: string) => string): void {
  const name = s.metadata.name;
  assert.ok(consumed.length > 0, `${name} scales a Deployment that consumes no queue`);
  const triggers = s.spec.triggers as Doc[];
  const expected = consumed.flatMap(({ queue }) =>
    LISTS.map((list) => ['redis', triggerName(queue, list), `${listOf(queue)}:${list}`]),
  );
  assert.deepEqual(
    triggers.map((t) => [t.type, t.name, t.metadata.listName]),
    expected,
    `${name} reads BullMQ's lists of ${consumed.map((c) => c.queue).join(', ')}`,
  );
  const modifiers = s.spec.advanced.scalingModifiers;
  const terms = String(modifiers.formula)
    .split('+')
    .map((t) => t.trim());
  assert.ok(
    terms.every((t) => /^\w+$/.test(t)),
    `${name}: the formula ${modifiers.formula} is not a sum of triggers`,
  );
  assert.deepEqual(terms.sort(), expected.map(([, trigger]) => trigger).sort(), `${name}: the formula sums every list`);
  const smallest = Math.min(...consumed.map((c) => c.concurrency));
  assert.equal(Number(modifiers.target), 2 * smallest, `${name}: target = 2 × the smallest concurrency`);
}

/** The checks every rendering of the manifests must pass (the base files, or kubectl's output). */
function checkWorkloads(docs: Doc[], where: string): void {
  validateAgainstApi(docs, where);
  const deployments = ofKind(docs, 'Deployment');
  assert.deepEqual(deployments.map((d) => d.metadata.name).sort(), [
    'api',
    'callback-dispatcher',
    'dashboard',
    'worker-lighthouse',
    'worker-seo',
    'worker-uptime',
  ]);
  const budgets = ofKind(docs, 'PodDisruptionBudget').map((p) => p.spec.selector.matchLabels.app);
  const config = named(docs, 'ConfigMap', 'pageprobe-config').data;
  const prefix = parseEnv(z.object({ QUEUE_PREFIX: redisEnv.QUEUE_PREFIX }), config).QUEUE_PREFIX;
  assert.match(prefix, /^\{[^}]+\}$/, 'QUEUE_PREFIX is a Redis Cluster hash tag');

  for (const d of deployments) {
    const name = d.metadata.name;
    const pod = d.spec.template.spec;
    const { app, config: parsed } = podConfig(d, docs);
    assert.equal(
      d.spec.replicas,
      undefined,
      `${name}: an autoscaler owns the replica count; an apply must not reset it`,
    );
    assert.ok(pod.securityContext.runAsNonRoot, `${name} runs as root`);
    // The guard's switches for local use and tests: production refuses to start with them (issue 28).
    assert.deepEqual(
      productionRefusals(parsed).filter((r) => r.variable.startsWith('ALLOW_')),
      [],
      `${name}: lets tests reach private addresses`,
    );
    assert.ok(
      pod.terminationGracePeriodSeconds >= longestJobSeconds(app, parsed) + 5,
      `${name}: grace period shorter than its longest job`,
    );
    if (!SERVERS.includes(app)) {
      const handBackSeconds = parsed.SHUTDOWN_GRACE_MS / 1000;
      assert.ok(handBackSeconds >= longestJobSeconds(app, parsed), `${name}: hands back jobs that could still finish`);
      assert.ok(
        handBackSeconds + 5 <= pod.terminationGracePeriodSeconds,
        `${name}: SHUTDOWN_GRACE_MS leaves no time to hand jobs back before SIGKILL`,
      );
    }
    for (const c of pod.containers) {
      for (const key of ['requests', 'limits'])
        assert.ok(c.resources?.[key]?.cpu && c.resources?.[key]?.memory, `${name} ${key}`);
      for (const probe of ['livenessProbe', 'readinessProbe']) {
        const port = c.ports.find((p: Doc) => p.name === c[probe]?.httpGet?.port);
        assert.ok(port, `${name} ${probe} on a named port`);
        // Workers answer probes on OPS_PORT; the API on its own port too.
        assert.ok(
          [parsed.OPS_PORT, parsed.PORT].includes(port.containerPort),
          `${name} ${probe}: nothing listens on ${port.containerPort}`,
        );
      }
      assert.equal(c.readinessProbe.httpGet.path, '/readyz');
      assert.equal(c.livenessProbe.httpGet.path, '/healthz');
      assert.equal(c.securityContext?.allowPrivilegeEscalation, false, name);
      // The settings whole; secrets key by key (see 'each part gets only the secrets it uses').
      assert.deepEqual(
        c.envFrom.map((e: Doc) => e.configMapRef?.name ?? e.secretRef?.name),
        ['pageprobe-config'],
        name,
      );
    }
    // The ingress (ingress-nginx, network-policies.yaml) keeps idle upstream connections 60 s: the API
    // must keep them longer, or a request sent on one it is closing gets a reset (a 502). Prometheus's
    // scrapes and the probes reuse connections to the ops port the same way.
    assert.ok(
      parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS > INGRESS_UPSTREAM_KEEPALIVE_MS,
      `${name}: HTTP_KEEP_ALIVE_TIMEOUT_MS ${parsed.HTTP_KEEP_ALIVE_TIMEOUT_MS} does not outlast the ingress's idle connections`,
    );
    assert.ok(budgets.includes(d.spec.selector.matchLabels.app), `${name} has no PodDisruptionBudget`);
    assert.equal(
      d.spec.template.metadata.annotations['prometheus.io/port'],
      String(parsed.OPS_PORT),
      `${name}: metrics are scraped from OPS_PORT`,
    );
  }
  const hpa = ofKind(docs, 'HorizontalPodAutoscaler');
  assert.deepEqual(hpa.map((h) => [h.spec.scaleTargetRef.name, h.spec.metrics[0].resource.name]).sort(), [
    ['api', 'cpu'],
    ['dashboard', 'cpu'],
  ]);

  // The API offers the kinds these workers run, and no other (which would wait in a queue no one consumes).
  const offered = podConfig(named(docs, 'Deployment', 'api'), docs).config.ENABLED_TEST_TYPES as string[];
  const run = deployments.flatMap((d) => {
    const { app, config: parsed } = podConfig(d, docs);
    return kindsRunBy(app, parsed).map((k) => k.name);
  });
  assert.deepEqual([...offered].sort(), [...new Set(run)].sort(), `${where}: ENABLED_TEST_TYPES`);

  // KEDA: every worker Deployment scales on the BullMQ lists (waiting and running jobs) of the queues it consumes.
  const scaled = ofKind(docs, 'ScaledObject');
  assert.deepEqual(scaled.map((s) => s.spec.scaleTargetRef.name).sort(), [
    'callback-dispatcher',
    'worker-lighthouse',
    'worker-seo',
    'worker-uptime',
  ]);
  for (const s of scaled) {
    const deployment = named(docs, 'Deployment', s.spec.scaleTargetRef.name);
    assert.ok(deployment, `${s.metadata.name} scales a Deployment that does not exist`);
    const { app, config: parsed } = podConfig(deployment, docs);
    // A pod's worth of jobs running and as many waiting: more than that adds a pod.
    checkScaling(s, consumes(app, parsed), (queue) => `${prefix}:${queue}`);
    for (const t of s.spec.triggers as Doc[]) {
      assert.ok(config[t.metadata.addressFromEnv], `${t.metadata.addressFromEnv} is not in the ConfigMap`);
      assert.ok(
        t.metadata.passwordFromEnv in named(base, 'Secret', 'pageprobe-secrets').stringData,
        `${t.metadata.passwordFromEnv} is not in the Secret`,
      );
    }
  }
  // Idle browser queues scale to zero; the dispatcher never does (delayed retries and the sweeper need it).
  const min = Object.fromEntries(scaled.map((s) => [s.metadata.name, s.spec.minReplicaCount]));
  assert.deepEqual(min, { 'worker-uptime': 1, 'worker-lighthouse': 0, 'worker-seo': 0, 'callback-dispatcher': 1 });
  const types = (name: string) => podConfig(named(docs, 'Deployment', name), docs).config.BROWSER_TEST_TYPES;
  assert.deepEqual(types('worker-lighthouse'), ['lighthouse']);
  assert.deepEqual(types('worker-seo'), ['seo_crawl', 'browser']);

  checkAdminPort(docs, where);
  checkIngress(docs, where);

  const job = named(docs, 'Job', 'pageprobe-migrate').spec.template.spec;
  assert.deepEqual(
    job.containers.map((c: Doc) => /pageprobe\/([\w-]+)/.exec(c.image)![1]),
    ['migrate'],
  );
}

/**
 * Issue 28: the admin API is served on ADMIN_PORT, not on the API's public port, and only a ClusterIP
 * Service reaches that port: the Service the ingress routes to, and any Ingress, never do.
 */
function checkAdminPort(docs: Doc[], where: string): void {
  const api = named(docs, 'Deployment', 'api');
  const { config } = podConfig(api, docs);
  assert.equal(typeof config.ADMIN_PORT, 'number', `${where}: the api leaves ADMIN_PORT unset (/admin/v1 on PORT)`);
  assert.notEqual(config.ADMIN_PORT, config.PORT, where);
  const ports = new Map<string, number>(
    api.spec.template.spec.containers[0].ports.map((p: Doc) => [p.name, p.containerPort]),
  );
  assert.equal(ports.get('admin'), config.ADMIN_PORT, `${where}: the api's admin port is ADMIN_PORT`);
  const target = (port: Doc) => (typeof port.targetPort === 'number' ? port.targetPort : ports.get(port.targetPort));
  const apiServices = ofKind(docs, 'Service').filter((s) => selects({ matchLabels: s.spec.selector }, { app: 'api' }));
  for (const service of apiServices) {
    const targets = service.spec.ports.map(target);
    const admin = targets.includes(config.ADMIN_PORT);
    if (service.metadata.name === 'api') assert.deepEqual(targets, [config.PORT], `${where}: the public Service`);
    if (admin) {
      assert.deepEqual(targets, [config.ADMIN_PORT], `${where}: ${service.metadata.name} mixes public and admin ports`);
      assert.ok([undefined, 'ClusterIP'].includes(service.spec.type), `${where}: ${service.metadata.name} is exposed`);
    }
  }
  assert.ok(
    apiServices.some((s) => s.spec.ports.map(target).includes(config.ADMIN_PORT)),
    `${where}: no Service for the dashboard backend to reach the admin API`,
  );
  const adminServices = new Set(
    apiServices.filter((s) => s.spec.ports.map(target).includes(config.ADMIN_PORT)).map((s) => s.metadata.name),
  );
  for (const ingress of ofKind(docs, 'Ingress')) {
    const backends = [
      ingress.spec.defaultBackend,
      ...(ingress.spec.rules ?? []).flatMap((r: Doc) => r.http?.paths.map((p: Doc) => p.backend) ?? []),
    ];
    for (const b of backends)
      assert.ok(
        !adminServices.has(b?.service?.name),
        `${where}: Ingress ${ingress.metadata.name} routes to the admin API`,
      );
  }
}

/**
 * Issue 45: one host for the API and the dashboard. The Ingress serves PUBLIC_BASE_URL's host over TLS, its
 * /app to the dashboard's pods on DASHBOARD_PORT and the rest to the API's public port; the dashboard's
 * DASHBOARD_BASE_URL is that host at /app, so its cookies and the keys page's snippets name one origin.
 */
function checkIngress(docs: Doc[], where: string): void {
  const ingresses = ofKind(docs, 'Ingress');
  assert.equal(ingresses.length, 1, `${where}: one Ingress`);
  const { spec } = ingresses[0]!;
  const dashboard = podConfig(named(docs, 'Deployment', 'dashboard'), docs).config;
  const api = podConfig(named(docs, 'Deployment', 'api'), docs).config;
  const host = new URL(api.PUBLIC_BASE_URL).hostname;
  assert.equal(
    dashboard.DASHBOARD_BASE_URL,
    `${api.PUBLIC_BASE_URL}/app`,
    `${where}: the dashboard at /app on the API's host`,
  );
  assert.equal(dashboard.PUBLIC_BASE_URL, api.PUBLIC_BASE_URL, `${where}: the keys page's snippets name the API`);
  // Production refuses an address its session cookie would cross the network in the clear to.
  assert.deepEqual(
    productionRefusals(dashboard, { DASHBOARD_BASE_URL: dashboard.DASHBOARD_BASE_URL }).filter(
      (r) => r.variable === 'DASHBOARD_BASE_URL',
    ),
    [],
    `${where}: the dashboard's production refusals`,
  );
  assert.deepEqual(
    spec.rules.map((r: Doc) => r.host),
    [host],
    `${where}: the Ingress serves PUBLIC_BASE_URL's host`,
  );
  assert.ok(
    spec.tls?.some((t: Doc) => t.hosts.includes(host) && t.secretName),
    `${where}: ${host} without TLS`,
  );
  /** The container port a path reaches: Ingress → Service → the Deployment its selector picks. */
  const reached = (path: string) => {
    const rule = spec.rules[0].http.paths.find((p: Doc) => p.path === path && p.pathType === 'Prefix');
    assert.ok(rule, `${where}: the Ingress has no Prefix ${path}`);
    const service = named(docs, 'Service', rule.backend.service.name);
    const servicePort = service.spec.ports.find(
      (p: Doc) => p.name === rule.backend.service.port.name || p.port === rule.backend.service.port.number,
    );
    const deployment = ofKind(docs, 'Deployment').find((d) =>
      selects({ matchLabels: service.spec.selector }, d.spec.template.metadata.labels),
    )!;
    const port = deployment.spec.template.spec.containers[0].ports.find(
      (p: Doc) => p.name === servicePort.targetPort || p.containerPort === servicePort.targetPort,
    );
    return { app: deployment.metadata.name, port: port?.containerPort };
  };
  assert.deepEqual(reached('/app'), { app: 'dashboard', port: dashboard.DASHBOARD_PORT }, where);
  assert.deepEqual(reached('/'), { app: 'api', port: api.PORT }, where);
}

test('every manifest parses; every kustomization lists files that exist', () => {
  assert.ok(k8sFiles.length >= 9);
  for (const file of k8sFiles) {
    const docs = load(file);
    if (!isKustomization(file)) continue;
    const { resources = [], components = [], configurations = [], patches = [] } = docs[0]!;
    // Patches are files (`path`) or inline (`patch`, with a `target`).
    for (const p of patches)
      assert.ok(p.path || (p.patch && p.target), `${file}: a patch with neither path nor target`);
    for (const entry of [
      ...resources,
      ...components,
      ...configurations,
      ...patches.filter((p: Doc) => p.path).map((p: Doc) => p.path),
    ]) {
      assert.ok(existsSync(join(dirname(file), entry)), `${file} lists ${entry}, which does not exist`);
    }
  }
});

test('the base: API schemas, probes, resources, grace periods, disruption budgets, every app configured validly, KEDA on each queue', () => {
  checkWorkloads(base, 'infra/k8s/base');
});

test('the production overlay: its patches and images name what the base has, and it never overwrites the real Secret', () => {
  const overlay = join(INFRA, 'k8s/overlays/production');
  const [kustomization] = load(join(overlay, 'kustomization.yaml'));
  const baseImages = new Set(base.flatMap((d) => d.spec?.template?.spec?.containers ?? []).map((c: Doc) => c.image));
  for (const image of kustomization!.images)
    assert.ok(baseImages.has(image.name), `the overlay renames ${image.name}, which no manifest uses`);
  const patches = kustomization!.patches.flatMap((p: { path: string }) => load(join(overlay, p.path)));
  for (const p of patches)
    assert.ok(
      named(base, p.kind, p.metadata.name),
      `a patch for ${p.kind} ${p.metadata.name}, which the base does not have`,
    );
  assert.ok(
    patches.some((p: Doc) => p.kind === 'Secret' && p.$patch === 'delete'),
    'the production Secret is made by the operator, never applied from here',
  );
});

const kubectl = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' });
const kustomizeOk = kubectl.status === 0 && /Kustomize Version: v[5-9]/.test(kubectl.stdout);
test('kubectl kustomize renders the base and the production overlay, and what it renders passes the same checks', {
  skip: kustomizeOk ? false : 'kubectl with kustomize 5 is not installed',
}, () => {
  const render = (dir: string) => {
    const out = spawnSync('kubectl', ['kustomize', join(INFRA, dir)], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    return parseYaml(out.stdout, dir);
  };
  checkWorkloads(render('k8s/base'), 'rendered base');
  const production = render('k8s/overlays/production');
  assert.deepEqual(ofKind(production, 'Secret'), []);
  checkWorkloads([...production, ...ofKind(base, 'Secret')], 'rendered production');
  for (const d of production) assert.equal(d.metadata.namespace, 'pageprobe', `${d.kind} ${d.metadata.name}`);
  for (const c of ofKind(production, 'Deployment').flatMap((d) => d.spec.template.spec.containers))
    assert.match(c.image, /^registry\.example\.com\/pageprobe\/[\w-]+:1\.0\.0$/);
});

test('docker-compose: every app from its Dockerfile target, configured validly, after the migration; Redis with AOF and noeviction', () => {
  const [compose] = load(join(INFRA, 'docker-compose.yml'));
  const services = compose!.services as Record<string, Doc>;
  for (const name of [...APPS, 'migrate', 'postgres', 'redis', 'minio', 'createbucket'])
    assert.ok(services[name], `no ${name} service`);
  for (const name of APPS) {
    const service = services[name]!;
    assert.equal(service.depends_on.migrate.condition, 'service_completed_successfully', name);
    assert.equal(service.build.target, name);
    assert.equal(service.environment.QUEUE_PREFIX, named(base, 'ConfigMap', 'pageprobe-config').data.QUEUE_PREFIX);
    const env = Object.fromEntries(
      Object.entries({ ...imageEnv(name), ...service.environment }).map(([k, v]) => [k, interpolate(String(v), SHELL)]),
    );
    assert.doesNotThrow(() => parseEnv(SCHEMAS[name], env), name);
    // With the secrets the README tells people to generate, every app passes production's refusals.
    assert.deepEqual(productionRefusals(parseEnv(SCHEMAS[name], env) as Record<string, unknown>, env), [], name);
    assert.match(
      service.healthcheck.test.join(' '),
      new RegExp(`127\\.0\\.0\\.1:${imageEnv(name).OPS_PORT}/readyz`),
      name,
    );
  }
  // Issue 28: the admin API on a port of its own, which compose publishes on the machine's loopback only.
  const api = services.api!;
  const apiConfig = parseEnv(
    SCHEMAS.api,
    Object.fromEntries(
      Object.entries({ ...imageEnv('api'), ...api.environment }).map(([k, v]) => [k, interpolate(String(v), SHELL)]),
    ),
  ) as Record<string, any>;
  assert.equal(typeof apiConfig.ADMIN_PORT, 'number', 'compose: the api leaves ADMIN_PORT unset');
  const published = (api.ports as string[]).map((p) => {
    const parts = p.split(':');
    return { ip: parts.length === 3 ? parts[0] : '0.0.0.0', container: Number(parts.at(-1)) };
  });
  assert.deepEqual(
    published.filter((p) => p.container === apiConfig.ADMIN_PORT).map((p) => p.ip),
    ['127.0.0.1'],
    'compose publishes the admin port beyond loopback',
  );
  assert.ok(published.some((p) => p.container === apiConfig.PORT && p.ip === '0.0.0.0'));
  assert.equal(services.migrate!.build.target, 'migrate');
  const redis = services.redis!.command.map((a: string) => interpolate(a, SHELL)).join(' ');
  assert.match(redis, /--appendonly yes/);
  assert.match(redis, /--maxmemory-policy noeviction/);
  assert.match(redis, new RegExp(`--requirepass ${SHELL.REDIS_PASSWORD}`));
});

test("the base's placeholder Secret is refused in production, so it cannot be shipped by mistake", () => {
  const secret = named(base, 'Secret', 'pageprobe-secrets').stringData;
  const env = { ...imageEnv('api'), ...named(base, 'ConfigMap', 'pageprobe-config').data, ...secret };
  assert.deepEqual(
    productionRefusals(parseEnv(apiEnv, env), env)
      .map((r) => r.variable)
      .sort(),
    ['ADMIN_TOKEN', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SECRETS_KEY'],
  );
  assert.notEqual(new URL(secret.REDIS_URL).password, '', 'the base Redis URL carries a password');
  assert.equal(new URL(secret.REDIS_URL).password, secret.REDIS_PASSWORD, "KEDA's password is REDIS_URL's");
});

/** The Secret's keys a pod template's containers receive. */
function secretKeysOf(template: Doc): string[] {
  const keys = new Set<string>();
  for (const c of template.spec.containers) {
    for (const from of c.envFrom ?? []) assert.ok(!from.secretRef, `${c.name} takes the whole Secret (envFrom)`);
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) keys.add(e.valueFrom.secretKeyRef.key);
  }
  return [...keys].sort();
}

/** The variables an app's configuration declares (its zod object's keys). */
function declared(schema: z.ZodType): Set<string> {
  const def = (schema as unknown as { def: { in?: z.ZodType; shape?: object } }).def;
  return new Set(Object.keys(def.shape ?? (def.in ? (def.in as unknown as { shape: object }).shape : {})));
}

/** The uid and gid of the node image's `node` user, which every Dockerfile target runs as (`USER node`). */
const IMAGE_UID = 1000;
const workloads = () => [...ofKind(base, 'Deployment'), ...ofKind(base, 'Job')];
const imageOf = (w: Doc) => /pageprobe\/([\w-]+)/.exec(w.spec.template.spec.containers[0].image)![1]!;
const secretData = () => named(base, 'Secret', 'pageprobe-secrets').stringData as Record<string, string>;

/** The Secret's keys a workload's app reads: what its configuration declares, and REDIS_PASSWORD where KEDA reads it from the pod. */
function secretKeysUsed(w: Doc): string[] {
  const image = imageOf(w);
  const uses = image === 'migrate' ? new Set(['DATABASE_URL']) : declared(SCHEMAS[image as App]);
  const scaled = ofKind(base, 'ScaledObject').find((o) => o.spec.scaleTargetRef.name === w.metadata.name);
  if (JSON.stringify(scaled ?? {}).includes('"passwordFromEnv":"REDIS_PASSWORD"')) uses.add('REDIS_PASSWORD');
  return Object.keys(secretData())
    .filter((k) => uses.has(k))
    .sort();
}

test('pods are confined: the image’s non-root uid, read-only root with emptyDirs where they write, no capabilities, seccomp, no token', () => {
  assert.match(dockerfile, /^USER node$/m);
  assert.doesNotMatch(dockerfile, /^USER (?!node$)/m);
  for (const w of workloads()) {
    const name = w.metadata.name;
    const pod = w.spec.template.spec;
    assert.equal(pod.automountServiceAccountToken, false, `${name}: no service account token`);
    for (const key of ['hostNetwork', 'hostPID', 'hostIPC']) assert.ok(!pod[key], `${name}: ${key}`);
    const { runAsNonRoot, runAsUser, runAsGroup, seccompProfile } = pod.securityContext;
    assert.deepEqual(
      { runAsNonRoot, runAsUser, runAsGroup, seccompProfile },
      { runAsNonRoot: true, runAsUser: IMAGE_UID, runAsGroup: IMAGE_UID, seccompProfile: { type: 'RuntimeDefault' } },
      name,
    );
    const volumes = new Map<string, Doc>((pod.volumes ?? []).map((v: Doc) => [v.name, v]));
    const image = imageOf(w);
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      const where = `${name}/${c.name}`;
      const sc = c.securityContext ?? {};
      assert.deepEqual(
        [
          sc.allowPrivilegeEscalation,
          sc.readOnlyRootFilesystem,
          sc.capabilities?.drop,
          sc.capabilities?.add,
          sc.privileged,
        ],
        // Chromium's sandbox needs SYS_CHROOT in the bounding set (worker-lighthouse.yaml says why).
        [false, true, ['ALL'], image === 'worker-browser' ? ['SYS_CHROOT'] : undefined, undefined],
        where,
      );
      // Nothing at the container's level undoes the pod's settings.
      assert.ok(sc.runAsNonRoot !== false && [undefined, IMAGE_UID].includes(sc.runAsUser), where);
      assert.ok([undefined, 'RuntimeDefault'].includes(sc.seccompProfile?.type), where);
      // Where the root is read-only, what the app writes goes to emptyDirs (and only emptyDirs are mounted).
      const mounts = new Map<string, Doc | undefined>(
        (c.volumeMounts ?? []).map((m: Doc) => [m.mountPath, volumes.get(m.name)]),
      );
      for (const [path, volume] of mounts) assert.ok(volume?.emptyDir, `${where}: ${path} is not an emptyDir`);
      const home = (c.env ?? []).find((e: Doc) => e.name === 'HOME')?.value as string | undefined;
      // Node and its libraries write temporary files to /tmp; the migration only reads its SQL and talks to PostgreSQL.
      const writes = image === 'migrate' ? [] : ['/tmp', ...(home ? [home] : [])];
      if (image === 'worker-browser') {
        // Chromium: its profiles, caches and crash dumps under /tmp and $HOME, shared memory in /dev/shm.
        assert.ok(home, `${where}: Chromium needs a writable HOME (the image's is on the read-only root)`);
        assert.equal(mounts.get('/dev/shm')?.emptyDir.medium, 'Memory', `${where}: /dev/shm in memory`);
        writes.push('/dev/shm');
      }
      for (const path of writes)
        assert.ok(
          [...mounts.keys()].some((m) => path === m || path.startsWith(`${m}/`)),
          `${where}: ${path} is not writable`,
        );
    }
  }
});

test('each part gets only the secret keys its configuration reads, key by key, never the whole Secret', () => {
  for (const w of workloads()) {
    for (const c of w.spec.template.spec.containers)
      for (const from of c.envFrom ?? [])
        assert.equal(from.secretRef, undefined, `${w.metadata.name}: envFrom a Secret`);
    assert.deepEqual(secretKeysOf(w.spec.template), secretKeysUsed(w), w.metadata.name);
  }
  // And the Secret holds nothing that no part reads.
  assert.deepEqual(
    [...new Set(workloads().flatMap((w) => secretKeysOf(w.spec.template)))].sort(),
    Object.keys(secretData()).sort(),
  );
});

/** Whether a label selector (matchLabels and matchExpressions) selects these labels. */
function selects(selector: Doc, labels: Record<string, string>): boolean {
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  return (selector.matchExpressions ?? []).every(({ key, operator, values = [] }: Doc) => {
    const has = key in labels;
    if (operator === 'In') return has && values.includes(labels[key]);
    if (operator === 'NotIn') return !has || !values.includes(labels[key]);
    return operator === 'Exists' ? has : !has;
  });
}

/** A rule's peers × ports as text: `ns:<namespace> pods:<selector> <port>/<protocol>`, `ip:<cidr> except <cidrs> any port`. */
function describeRule(peers: Doc[] | undefined, ports: Doc[] | undefined): string[] {
  const peer = (p: Doc) => {
    if (p.ipBlock) return `ip:${p.ipBlock.cidr} except ${[...(p.ipBlock.except ?? [])].sort().join(',')}`;
    const ns = p.namespaceSelector
      ? `ns:${p.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ?? JSON.stringify(p.namespaceSelector)}`
      : 'ns:own';
    return p.podSelector ? `${ns} pods:${JSON.stringify(p.podSelector)}` : ns;
  };
  const port = (p: Doc) => `${p.port}${p.endPort ? `-${p.endPort}` : ''}/${p.protocol ?? 'TCP'}`;
  return (peers ?? [{ ipBlock: { cidr: 'anywhere' } }]).flatMap((p) =>
    (ports ?? [undefined]).map((q) => `${peer(p)} ${q ? port(q) : 'any port'}`),
  );
}

const PRIVATE_V4 = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10', '127.0.0.0/8'];
const PRIVATE_V6 = ['fc00::/7', 'fe80::/10', '::1/128'];
const INTERNET = [
  `ip:0.0.0.0/0 except ${[...PRIVATE_V4].sort().join(',')}`,
  `ip:::/0 except ${[...PRIVATE_V6].sort().join(',')}`,
];
/** OIDC_ISSUER's HTTPS, and SMTP_URL's smtps (465) and submission (587) ports. */
const DASHBOARD_OUTBOUND_PORTS = [443, 465, 587];
const DNS = ['UDP', 'TCP'].map((p) => `ns:kube-system pods:{"matchLabels":{"k8s-app":"kube-dns"}} 53/${p}`);
const STORES = { postgresql: 'DATABASE_URL', redis: 'REDIS_URL' } as const;
const storePods = (store: string) => `ns:own pods:{"matchLabels":{"app.kubernetes.io/name":"${store}"}}`;
const portOf = (url: string) => {
  const u = new URL(url);
  return Number(u.port || { 'https:': 443, 'http:': 80 }[u.protocol]);
};

test('network policies: ingress denied by default, the API only from the ingress, ops only from monitoring, PostgreSQL and Redis only from the parts that use them', () => {
  const policies = ofKind(base, 'NetworkPolicy');
  const applying = (labels: Record<string, string>, type: string) =>
    policies.filter((p) => (p.spec.policyTypes ?? ['Ingress']).includes(type) && selects(p.spec.podSelector, labels));
  const ingressTo = (labels: Record<string, string>) =>
    applying(labels, 'Ingress')
      .flatMap((p) => p.spec.ingress ?? [])
      .flatMap((r: Doc) => describeRule(r.from, r.ports))
      .sort();
  const deny = policies.find((p) => p.metadata.name === 'default-deny-ingress')!;
  assert.deepEqual([deny.spec.podSelector, deny.spec.policyTypes, deny.spec.ingress], [{}, ['Ingress'], undefined]);

  for (const w of workloads()) {
    const name = w.metadata.name;
    const expected: string[] = [];
    if (w.kind === 'Deployment') {
      const { config } = podConfig(w, base);
      // The dashboard's pages from the ingress alone (it routes /app there).
      if (name === 'dashboard') expected.push(`ns:ingress-nginx ${config.DASHBOARD_PORT}/TCP`);
      if (name === 'api') {
        expected.push(`ns:ingress-nginx ${config.PORT}/TCP`);
        // The admin API from the dashboard backend's pods alone, never from the ingress.
        expected.push(`ns:own pods:{"matchLabels":{"pageprobe.dev/admin-client":"true"}} ${config.ADMIN_PORT}/TCP`);
      }
      assert.equal(w.spec.template.metadata.annotations['prometheus.io/scrape'], 'true', name);
      expected.push(`ns:monitoring ${config.OPS_PORT}/TCP`);
    }
    assert.deepEqual(ingressTo(w.spec.template.metadata.labels), expected.sort(), `${name}: who may connect`);
  }

  // PostgreSQL and Redis (when they run in the namespace) take connections from the parts given their URL, and
  // Redis from KEDA, which reads the queues' lengths; nothing else.
  const secret = secretData();
  for (const [store, key] of Object.entries(STORES)) {
    const users = workloads().filter((w) => secretKeysOf(w.spec.template).includes(key));
    const rules = applying({ 'app.kubernetes.io/name': store }, 'Ingress').flatMap((p) => p.spec.ingress ?? []);
    for (const r of rules) assert.deepEqual(r.ports, [{ port: portOf(secret[key]!), protocol: 'TCP' }], store);
    const peers = rules.flatMap((r: Doc) => r.from ?? [{}]);
    const reaching = workloads().filter((w) =>
      peers.some(
        (p: Doc) => p.podSelector && !p.namespaceSelector && selects(p.podSelector, w.spec.template.metadata.labels),
      ),
    );
    assert.deepEqual(
      reaching.map((w) => w.metadata.name).sort(),
      users.map((w) => w.metadata.name).sort(),
      `${store} from exactly the parts that use it`,
    );
    assert.ok(users.length > 0, `no part uses ${store}`);
    const others = peers.filter((p: Doc) => !p.podSelector || p.namespaceSelector || p.ipBlock);
    assert.deepEqual(
      others.flatMap((p: Doc) => describeRule([p], undefined)),
      store === 'redis' ? ['ns:keda any port'] : [],
      `${store}: no one else`,
    );
  }
});

test('network policies: every part reaches DNS and what it uses; only the parts that reach clients’ addresses reach the internet, never a private range', () => {
  const policies = ofKind(base, 'NetworkPolicy');
  const secret = secretData();
  for (const w of workloads()) {
    const name = w.metadata.name;
    const labels = w.spec.template.metadata.labels;
    const outbound = policies.filter(
      (p) => (p.spec.policyTypes ?? []).includes('Egress') && selects(p.spec.podSelector, labels),
    );
    assert.ok(outbound.length > 0, `${name}: no outbound policy (it may reach anything)`);
    const allowed = outbound.flatMap((p) => p.spec.egress ?? []).flatMap((r: Doc) => describeRule(r.to, r.ports));
    const keys = secretKeysOf(w.spec.template);
    const expected = [...DNS];
    for (const [store, key] of Object.entries(STORES))
      if (keys.includes(key)) expected.push(`${storePods(store)} ${portOf(secret[key]!)}/TCP`);
    const image = imageOf(w);
    // Tests' targets and callback URLs may name any port; the API only reaches S3 (a public HTTPS endpoint).
    if (['worker-uptime', 'worker-browser', 'callback-dispatcher'].includes(image))
      expected.push(...INTERNET.map((i) => `${i} any port`));
    // The dashboard: the OpenID provider (HTTPS) and the SMTP server (submission ports), nothing private.
    else if (image === 'dashboard')
      expected.push(...INTERNET.flatMap((i) => DASHBOARD_OUTBOUND_PORTS.map((p) => `${i} ${p}/TCP`)));
    else if (keys.includes('S3_ENDPOINT'))
      expected.push(...INTERNET.map((i) => `${i} ${portOf(secret.S3_ENDPOINT!)}/TCP`));
    assert.deepEqual(allowed.sort(), expected.sort(), `${name}: where it may connect`);
  }
});

test('the Dockerfile: Node 24, a target per app that installs only that app and runs it as a non-root user under tini', () => {
  assert.match(dockerfile, /^ARG NODE_IMAGE=node:24\S*$/m);
  assert.match(dockerfile, /^FROM \$\{NODE_IMAGE\} AS runtime$/m);
  assert.match(dockerfile, /ENTRYPOINT \["\/usr\/bin\/tini", "--"\]/);
  const stage = (name: string) => dockerfile.split(/^FROM /m).find((s) => s.startsWith(`runtime AS ${name}\n`)) ?? '';
  const packages: Record<string, string> = {
    migrate: '@pageprobe/db',
    ...Object.fromEntries(APPS.map((a) => [a, `@pageprobe/${a}`])),
  };
  for (const [target, pkg] of Object.entries(packages)) {
    assert.ok(stage(target), `no ${target} target`);
    assert.match(
      dockerfile,
      new RegExp(
        `^FROM install AS build-${target}\\nRUN (--mount=\\S+ )+(\\w+=\\S+ )*sh infra/docker/install-app.sh ${pkg}$`,
        'm',
      ),
    );
    // The dependencies, then the sources over them: a source change rebuilds the last layer only.
    assert.match(
      stage(target),
      new RegExp(`^COPY --from=build-${target} /app /app\\nCOPY --from=sources /app /app$`, 'm'),
    );
    assert.match(stage(target), /^USER node$/m);
    const [, cmd] = /^CMD (\[.*\])$/m.exec(stage(target)) ?? [];
    const file = JSON.parse(cmd!)[1] as string;
    assert.ok(
      existsSync(fileURLToPath(new URL(`../../${file}`, import.meta.url))),
      `${target} runs ${file}, which does not exist`,
    );
  }
  assert.match(stage('worker-browser'), /apt-get install .*chromium .*fonts-noto-cjk .*fonts-noto-color-emoji/);
  assert.match(
    readFileSync(join(INFRA, 'docker/install-app.sh'), 'utf8'),
    /pnpm install --frozen-lockfile (\$store )?--prod --filter "\$app\.\.\."/,
  );
  const ignored = readFileSync(fileURLToPath(new URL('../../.dockerignore', import.meta.url)), 'utf8').split('\n');
  for (const entry of ['**/node_modules', '.git', '.data', '**/src/generated'])
    assert.ok(ignored.includes(entry), `.dockerignore lacks ${entry}`);
});

test('field data (issue 48): every part that reads CRUX_API_KEY takes it from the Secret as optional, CRUX_API_URL from the ConfigMap, and compose passes the shell’s key through', () => {
  const readers = workloads().filter(
    (w) => imageOf(w) !== 'migrate' && declared(SCHEMAS[imageOf(w) as App]).has('CRUX_API_KEY'),
  );
  // The API and the dashboard (monitors' field history) and the browser worker (a lighthouse test's field).
  assert.deepEqual(new Set(readers.map(imageOf)), new Set(['api', 'dashboard', 'worker-browser']));
  for (const w of readers) {
    const ref = w.spec.template.spec.containers[0].env.find((e: Doc) => e.name === 'CRUX_API_KEY')?.valueFrom
      ?.secretKeyRef;
    // optional: a Secret made without the key still starts the pod, with field data off.
    assert.deepEqual(ref, { name: 'pageprobe-secrets', key: 'CRUX_API_KEY', optional: true }, w.metadata.name);
    const { config } = podConfig(w, base);
    assert.equal(config.CRUX_API_URL, 'https://chromeuxreport.googleapis.com/v1', w.metadata.name);
    // The placeholder Secret's empty key is no key: field data off, not a request with an empty key.
    assert.equal(config.CRUX_API_KEY, undefined, w.metadata.name);
    const { config: keyed } = podConfig(w, base, { ...secretData(), CRUX_API_KEY: 'AIzaSyExampleExampleExample' });
    assert.equal(keyed.CRUX_API_KEY, 'AIzaSyExampleExampleExample', w.metadata.name);
  }
  const [compose] = load(join(INFRA, 'docker-compose.yml'));
  const api = (compose!.services as Record<string, Doc>).api!.environment;
  assert.equal(interpolate(api.CRUX_API_KEY, { ...SHELL, CRUX_API_KEY: 'k' }), 'k');
  assert.equal(interpolate(api.CRUX_API_KEY, SHELL), '', 'compose starts without a key');
  assert.equal(interpolate(api.CRUX_API_URL, SHELL), 'https://chromeuxreport.googleapis.com/v1');
});

test('the operators’ `kubectl create secret` example names every key the pods read from the Secret', () => {
  const page = readFileSync(new URL('../../docs/operations.md', import.meta.url), 'utf8');
  const listed = /create secret generic pageprobe-secrets[^\n]*\n# pageprobe\.env holds: ([^\n]+)/.exec(page);
  assert.ok(listed, 'docs/operations.md lists what pageprobe.env holds under its kubectl example');
  const used = new Set(workloads().flatMap((w) => secretKeysOf(w.spec.template)));
  assert.deepEqual(listed[1]!.split(/,\s*/).sort(), [...used].sort());
});

test("the bucket's lifecycle rules expire each plan's artifacts after its retention, and compose applies them", () => {
  const lifecycle = JSON.parse(readFileSync(join(INFRA, 's3/lifecycle.json'), 'utf8')) as {
    Rules: Array<{ ID: string; Status: string; Filter: { Prefix: string }; Expiration: { Days: number } }>;
  };
  const plans = Object.keys(RETENTION) as Plan[];
  assert.equal(lifecycle.Rules.length, plans.length, 'one rule per plan');
  for (const plan of plans) {
    const rule = lifecycle.Rules.find((r) => r.Filter.Prefix === retentionPrefix(plan));
    assert.ok(rule, `no rule for ${retentionPrefix(plan)}`);
    assert.equal(rule.Status, 'Enabled', plan);
    assert.equal(rule.Expiration.Days, RETENTION[plan].artifactsDays, `${plan}: the rule's days are RETENTION's`);
  }
  const [compose] = load(join(INFRA, 'docker-compose.yml'));
  const createbucket = (compose!.services as Record<string, Doc>).createbucket!;
  const mount = (createbucket.volumes as string[]).find((v) => v.startsWith('./s3/lifecycle.json:'));
  assert.ok(mount, 'compose mounts infra/s3/lifecycle.json into createbucket');
  assert.ok(
    createbucket.entrypoint.join(' ').includes(`mc ilm rule import local/pageprobe < ${mount.split(':')[1]}`),
    'compose imports the rules into the bucket',
  );
});

// Locations (issue 32, docs/locations.md): one location's workers in another cluster, made by an overlay
// per location (overlays/location-example) from the production overlay and components/location.
const LOCATION_OVERLAY = 'k8s/overlays/location-example';
const LOCATION_COMPONENT = join(INFRA, 'k8s/components/location');
const WORKERS = ['worker-lighthouse', 'worker-seo', 'worker-uptime'];
/** The example of the location's Secret, as `kubectl create secret generic --from-env-file` takes it. */
const locationSecrets = () =>
  parseDotenv(readFileSync(join(INFRA, LOCATION_OVERLAY, 'location.env.example'), 'utf8')) as Record<string, string>;
const renders = new Map<string, Doc[]>();
/** `kubectl kustomize <dir>`, once per directory. */
function rendered(dir: string): Doc[] {
  if (!renders.has(dir)) {
    const out = spawnSync('kubectl', ['kustomize', join(INFRA, dir)], { encoding: 'utf8' });
    assert.equal(out.status, 0, out.stderr);
    renders.set(dir, parseYaml(out.stdout, dir));
  }
  return renders.get(dir)!;
}
const needsKubectl = { skip: kustomizeOk ? false : 'kubectl with kustomize 5 is not installed' };
/** A store URL's port, the scheme's default when it names none. */
const storePort = (url: string) => {
  const u = new URL(url);
  return Number(u.port || { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379, 'rediss:': 6379 }[u.protocol]);
};
/** A pod's environment variable, as its container sets it (not from the ConfigMap). */
const envValue = (d: Doc, name: string) =>
  d.spec.template.spec.containers[0].env?.find((e: Doc) => e.name === name)?.value as string | undefined;

test('the location component leaves LOCATION, KEDA’s Redis address and the queues invalid until an overlay sets them', () => {
  const [kustomization] = load(join(LOCATION_COMPONENT, 'kustomization.yaml'));
  assert.equal(kustomization!.kind, 'Component');
  const patches = globSync('*.yaml', { cwd: LOCATION_COMPONENT }).flatMap((f) => load(join(LOCATION_COMPONENT, f)));
  const config = patches.find((d) => d.kind === 'ConfigMap')!.data;
  // A worker whose overlay forgot LOCATION refuses to start, rather than take the centre's work from afar.
  // The schema's object, before the transform that adds REDIS_TARGET.
  const location = uptimeEnv.in.shape.LOCATION;
  assert.ok(location, 'the uptime worker reads LOCATION');
  assert.equal(location.safeParse(config.LOCATION).success, false, `LOCATION ${config.LOCATION} is a valid id`);
  assert.doesNotMatch(config.REDIS_ADDRESS, /^[\w.-]+:\d+$/, 'KEDA would read a Redis the overlay did not name');
  // A patch's list of triggers replaces the base's whole: each has the base's triggers, by the names its
  // formula reads, on the queues its Deployment consumes, each waiting for the overlay to name the location.
  const prefix = named(base, 'ConfigMap', 'pageprobe-config').data.QUEUE_PREFIX;
  const scaled = ofKind(patches, 'ScaledObject');
  assert.deepEqual(scaled.map((s) => s.metadata.name).sort(), WORKERS);
  for (const s of scaled) {
    const central = named(base, 'ScaledObject', s.metadata.name);
    const lists = s.spec.triggers.map((t: Doc) => t.metadata.listName);
    const names = s.spec.triggers.map((t: Doc) => t.name);
    assert.deepEqual(
      names,
      central.spec.triggers.map((t: Doc) => t.name),
      `${s.metadata.name}: the base's triggers`,
    );
    const { app, config: parsed } = podConfig(named(base, 'Deployment', central.spec.scaleTargetRef.name), base);
    const queues = consumes(app, parsed).flatMap(({ queue }) =>
      LISTS.map((l) => `${prefix}:${queue}.SET_IN_OVERLAY:${l}`),
    );
    assert.deepEqual(lists, queues, `${s.metadata.name}: a real queue before the overlay names it`);
  }
});

test(
  'a location overlay renders only the workers, at their location, and KEDA scales them over TLS on the location’s own queues',
  needsKubectl,
  () => {
    const docs = rendered(LOCATION_OVERLAY);
    const production = rendered('k8s/overlays/production');
    const secrets = locationSecrets();
    validateAgainstApi(docs, 'rendered location');
    // Nothing central: no API (nor its Services and HPA), dispatcher, migration Job, database, Redis or Secret.
    assert.deepEqual([...new Set(docs.map((d) => d.kind))].sort(), [
      'ConfigMap',
      'Deployment',
      'NetworkPolicy',
      'PodDisruptionBudget',
      'ScaledObject',
      'TriggerAuthentication',
    ]);
    const deployments = ofKind(docs, 'Deployment');
    assert.deepEqual(deployments.map((d) => d.spec.selector.matchLabels.app).sort(), WORKERS);
    const productionOf = (d: Doc) =>
      ofKind(production, 'Deployment').find(
        (p) => p.spec.selector.matchLabels.app === d.spec.selector.matchLabels.app,
      )!;
    const locations = new Set<string>();
    for (const d of deployments) {
      const name = d.metadata.name;
      const { app, config } = podConfig(d, docs, secrets);
      assert.ok(['worker-uptime', 'worker-browser'].includes(app), `${name} runs ${app}`);
      assert.notEqual(config.LOCATION, DEFAULT_LOCATION, `${name}: at the central location`);
      assert.match(config.LOCATION ?? '', LOCATION_ID, `${name}: LOCATION`);
      assert.ok(config.LOCATION_NAME, `${name}: no LOCATION_NAME`);
      locations.add(config.LOCATION);
      assert.equal(d.spec.template.metadata.labels['pageprobe.dev/location'], config.LOCATION, name);
      // The production pod otherwise: its resources, probes, grace period and confinement.
      const pod = d.spec.template.spec;
      const central = productionOf(d).spec.template.spec;
      assert.deepEqual(
        [pod.securityContext, pod.terminationGracePeriodSeconds, pod.automountServiceAccountToken],
        [central.securityContext, central.terminationGracePeriodSeconds, central.automountServiceAccountToken],
        name,
      );
      for (const key of ['image', 'resources', 'readinessProbe', 'livenessProbe', 'securityContext', 'ports'])
        assert.deepEqual(pod.containers[0][key], central.containers[0][key], `${name}: ${key}`);
    }
    assert.equal(locations.size, 1, 'one location per overlay');
    const [location] = locations;

    const scaled = ofKind(docs, 'ScaledObject');
    assert.equal(scaled.length, deployments.length, 'a ScaledObject per worker Deployment');
    for (const s of scaled) {
      const deployment = named(docs, 'Deployment', s.spec.scaleTargetRef.name);
      assert.ok(deployment, `${s.metadata.name} scales ${s.spec.scaleTargetRef.name}, which is not here`);
      const { app, config } = podConfig(deployment, docs, secrets);
      const settings = named(
        docs,
        'ConfigMap',
        deployment.spec.template.spec.containers[0].envFrom[0].configMapRef.name,
      );
      assert.ok(settings, `${deployment.metadata.name}: its ConfigMap is not here`);
      const consumed = consumes(app, config);
      // The location's queue of each kind: `test-uptime.us-east`, never the centre's `test-uptime`.
      for (const { queue } of consumed) assert.equal(queueAt(queue, location!), `${queue}.${location}`);
      checkScaling(s, consumed, (queue) => `${config.QUEUE_PREFIX}:${queueAt(queue, location!)}`);
      const triggers = s.spec.triggers as Doc[];
      const redis = new URL(secrets.REDIS_URL!);
      for (const t of triggers) {
        const where = `${s.metadata.name} ${t.name}`;
        assert.equal(t.metadata.enableTLS, 'true', `${where}: Redis over TLS`);
        assert.notEqual(t.metadata.unsafeSsl, 'true', `${where}: the certificate unverified`);
        assert.equal(
          settings.data[t.metadata.addressFromEnv],
          `${redis.hostname}:${storePort(secrets.REDIS_URL!)}`,
          `${where}: KEDA's address is REDIS_URL's`,
        );
        const auth = named(docs, 'TriggerAuthentication', t.authenticationRef?.name);
        assert.ok(auth, `${where}: no TriggerAuthentication ${t.authenticationRef?.name}`);
        const params = Object.fromEntries(auth.spec.secretTargetRef.map((r: Doc) => [r.parameter, r]));
        assert.equal(params.tls, undefined, `${where}: KEDA refuses tls in both the trigger and its authentication`);
        assert.equal(params.password?.name, 'pageprobe-secrets', where);
        assert.equal(secrets[params.password.key], redis.password, `${where}: KEDA's password is REDIS_URL's`);
        assert.ok(params.ca, `${where}: KEDA verifies Redis's certificate against the central CA`);
      }
      const central = ofKind(production, 'ScaledObject').find(
        (p) => p.spec.scaleTargetRef.name === deployment.spec.selector.matchLabels.app,
      )!;
      assert.equal(s.spec.minReplicaCount, central.spec.minReplicaCount, `${s.metadata.name}: minReplicaCount`);
    }
  },
);

test(
  'a location reaches PostgreSQL and Redis over TLS, verified against the CA it mounts, with only the secret keys it reads',
  needsKubectl,
  () => {
    const docs = rendered(LOCATION_OVERLAY);
    const secrets = locationSecrets();
    const redis = new URL(secrets.REDIS_URL!);
    assert.equal(redis.protocol, 'rediss:', 'REDIS_URL: Redis over TLS');
    assert.notEqual(redis.password, '', 'REDIS_URL carries a password');
    const database = new URL(secrets.DATABASE_URL!);
    // node-postgres (pg-connection-string) reads both: verify-full checks the chain and the host name.
    assert.equal(database.searchParams.get('sslmode'), 'verify-full', 'DATABASE_URL: sslmode');
    const rootcert = database.searchParams.get('sslrootcert');
    assert.ok(rootcert, 'DATABASE_URL: sslrootcert, the central CA');

    const cas = new Set<string>();
    const used = new Set<string>();
    for (const d of ofKind(docs, 'Deployment')) {
      const name = d.metadata.name;
      const pod = d.spec.template.spec;
      const [c] = pod.containers;
      const volumes = new Map<string, Doc>(pod.volumes.map((v: Doc) => [v.name, v]));
      const mount = c.volumeMounts.find((m: Doc) => rootcert.startsWith(`${m.mountPath}/`));
      assert.ok(mount, `${name}: nothing mounted at ${rootcert}`);
      assert.equal(mount.readOnly, true, `${name}: the CA's mount is writable`);
      const secret = volumes.get(mount.name)?.secret;
      assert.ok(secret, `${name}: ${rootcert} is not from a Secret`);
      const file = rootcert.slice(mount.mountPath.length + 1);
      const key = secret.items ? secret.items.find((i: Doc) => i.path === file)?.key : file;
      assert.ok(key, `${name}: the CA Secret's volume has no ${file}`);
      cas.add(`${secret.secretName}/${key}`);
      // ioredis verifies Redis's certificate against Node's CAs, which NODE_EXTRA_CA_CERTS extends.
      assert.equal(envValue(d, 'NODE_EXTRA_CA_CERTS'), rootcert, `${name}: Redis's CA`);
      // Otherwise what the production pod has: emptyDirs.
      for (const m of c.volumeMounts)
        if (m !== mount) assert.ok(volumes.get(m.name)?.emptyDir, `${name}: ${m.mountPath} is not an emptyDir`);
      // The app's own parser takes the example Secret and the location's settings.
      const { app } = podConfig(d, docs, secrets);
      for (const e of c.env)
        if (e.valueFrom?.secretKeyRef) assert.equal(e.valueFrom.secretKeyRef.name, 'pageprobe-secrets', name);
      // What its configuration reads, no more: REDIS_PASSWORD is KEDA's, which reads it from the Secret.
      const keys = secretKeysOf(d.spec.template);
      assert.deepEqual(
        keys,
        Object.keys(secrets)
          .filter((k) => declared(SCHEMAS[app]).has(k))
          .sort(),
        name,
      );
      for (const k of keys) used.add(k);
    }
    for (const auth of ofKind(docs, 'TriggerAuthentication'))
      for (const ref of auth.spec.secretTargetRef) {
        if (ref.name === 'pageprobe-secrets') used.add(ref.key);
        if (ref.parameter === 'ca')
          assert.ok(cas.has(`${ref.name}/${ref.key}`), 'KEDA verifies Redis against the pods’ CA');
      }
    assert.equal(cas.size, 1, 'one CA file for the central servers');
    // The example Secret holds what the pods and KEDA read, nothing else (no ADMIN_TOKEN: the API is central).
    assert.deepEqual(Object.keys(secrets).sort(), [...used].sort());
  },
);

test(
  'a location’s network policies: only Prometheus in, on the ops port; out, DNS, the central PostgreSQL and Redis on their ports, and the internet but no private range',
  needsKubectl,
  () => {
    const docs = rendered(LOCATION_OVERLAY);
    const secrets = locationSecrets();
    const policies = ofKind(docs, 'NetworkPolicy');
    const applying = (labels: Record<string, string>, type: string) =>
      policies.filter((p) => (p.spec.policyTypes ?? ['Ingress']).includes(type) && selects(p.spec.podSelector, labels));
    const rules = (labels: Record<string, string>, type: 'Ingress' | 'Egress') =>
      applying(labels, type)
        .flatMap((p) => p.spec[type === 'Ingress' ? 'ingress' : 'egress'] ?? [])
        .flatMap((r: Doc) => describeRule(type === 'Ingress' ? r.from : r.to, r.ports));
    assert.ok(
      policies.some(
        (p) => JSON.stringify([p.spec.podSelector, p.spec.policyTypes, p.spec.ingress]) === '[{},["Ingress"],null]',
      ),
      'ingress denied by default',
    );
    const stores = [storePort(secrets.DATABASE_URL!), storePort(secrets.REDIS_URL!)].map((p) => `${p}/TCP`).sort();
    for (const d of ofKind(docs, 'Deployment')) {
      const name = d.metadata.name;
      const labels = d.spec.template.metadata.labels;
      const { config } = podConfig(d, docs, secrets);
      assert.deepEqual(rules(labels, 'Ingress'), [`ns:monitoring ${config.OPS_PORT}/TCP`], `${name}: who may connect`);
      const allowed = rules(labels, 'Egress');
      const expected = [...DNS, ...INTERNET.map((i) => `${i} any port`)];
      for (const rule of expected) assert.ok(allowed.includes(rule), `${name}: may not reach ${rule}`);
      // Beyond DNS and the internet without its private ranges: the central stores' addresses, on their ports only.
      const central = allowed.filter((r) => !expected.includes(r)).map((r) => /^ip:(\S+) except {2}(\S+)$/.exec(r));
      assert.ok(
        central.every((m) => m && !['0.0.0.0/0', '::/0'].includes(m[1]!)),
        `${name}: reaches more than the central stores: ${allowed.filter((r) => !expected.includes(r))}`,
      );
      assert.deepEqual(central.map((m) => m![2]).sort(), stores, `${name}: the central PostgreSQL's and Redis's ports`);
    }
  },
);

test(
  'a location never collides with the centre or another location: its own namespace, names suffixed by it, the centre’s images',
  needsKubectl,
  () => {
    const docs = rendered(LOCATION_OVERLAY);
    const production = rendered('k8s/overlays/production');
    const { config } = podConfig(ofKind(docs, 'Deployment')[0]!, docs, locationSecrets());
    for (const d of docs) {
      assert.equal(d.metadata.namespace, `pageprobe-${config.LOCATION}`, `${d.kind} ${d.metadata.name}`);
      assert.ok(d.metadata.name.endsWith(`-${config.LOCATION}`), `${d.kind} ${d.metadata.name}: no location suffix`);
    }
    // Even applied to the centre's namespace, nothing would overwrite one of its objects.
    const key = (d: Doc) => `${d.kind}/${d.metadata.name}`;
    const central = new Set(production.map(key));
    assert.deepEqual(
      docs.map(key).filter((k) => central.has(k)),
      [],
    );
    // The references follow the suffixed names.
    for (const d of ofKind(docs, 'Deployment')) {
      const app = d.spec.selector.matchLabels.app;
      assert.ok(named(docs, 'ConfigMap', d.spec.template.spec.containers[0].envFrom[0].configMapRef.name), app);
      assert.ok(
        ofKind(docs, 'PodDisruptionBudget').some((p) => p.spec.selector.matchLabels.app === app),
        `${app}: no disruption budget`,
      );
      // The release the centre runs.
      const image = d.spec.template.spec.containers[0].image;
      assert.equal(
        image,
        ofKind(production, 'Deployment').find((p) => p.spec.selector.matchLabels.app === app)!.spec.template.spec
          .containers[0].image,
      );
    }
  },
);

const SENTINEL_OVERLAY = 'k8s/overlays/redis-sentinel';
/** A pod's Redis variables as the Sentinel overlay leaves them: names that differ from production's. */
const REDIS_URL_VARIABLES = ['REDIS_URL', 'REDIS_PASSWORD'];
const SENTINEL_VARIABLES = ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME', 'REDIS_SENTINEL_PASSWORD'];
/** A Deployment's container without its Redis variables, to compare the overlay's with production's. */
const withoutRedisEnv = (d: Doc) => {
  const c = structuredClone(d.spec.template.spec.containers[0]);
  c.env = (c.env ?? []).filter((e: Doc) => ![...REDIS_URL_VARIABLES, ...SENTINEL_VARIABLES].includes(e.name));
  return c;
};

test(
  'the Redis Sentinel overlay (issue 49): every app that reads Redis asks the sentinels, with the password from the Secret alone; KEDA too; the sentinels’ port is open',
  needsKubectl,
  () => {
    const docs = rendered(SENTINEL_OVERLAY);
    const production = rendered('k8s/overlays/production');
    validateAgainstApi(docs, 'rendered redis-sentinel');
    assert.deepEqual(ofKind(docs, 'Secret'), [], 'the Secret is the operator’s, never applied from here');
    const config = named(docs, 'ConfigMap', 'pageprobe-config').data as Record<string, string>;
    for (const variable of ['REDIS_URL', 'REDIS_ADDRESS'])
      assert.equal(config[variable], undefined, `the ConfigMap still has ${variable}`);
    assert.deepEqual(
      Object.keys(config).filter((k) => /PASSWORD|SECRET_KEY|TOKEN/.test(k)),
      [],
      'no password in the ConfigMap',
    );
    // The operator's Secret: production's keys, with REDIS_SENTINEL_PASSWORD in place of REDIS_URL's.
    const secrets: Record<string, string> = { ...secretData(), REDIS_SENTINEL_PASSWORD: 'a-sentinel-password' };
    for (const key of REDIS_URL_VARIABLES) delete secrets[key];

    const deployments = ofKind(docs, 'Deployment');
    const readers = deployments.filter((d) => declared(SCHEMAS[imageOf(d) as App]).has('REDIS_SENTINELS'));
    assert.deepEqual(
      readers.map((d) => d.metadata.name).sort(),
      ofKind(production, 'Deployment')
        .filter((d) => secretKeysOf(d.spec.template).includes('REDIS_URL'))
        .map((d) => d.metadata.name)
        .sort(),
      'the apps that read Redis are those production gives REDIS_URL',
    );
    for (const d of readers) {
      const name = d.metadata.name;
      const [c] = d.spec.template.spec.containers;
      const env = new Map<string, Doc>((c.env ?? []).map((e: Doc) => [e.name, e]));
      for (const variable of REDIS_URL_VARIABLES) assert.ok(!env.has(variable), `${name} still has ${variable}`);
      // The sentinels and the group from the ConfigMap, the password from the Secret, optional in the spec.
      for (const variable of ['REDIS_SENTINELS', 'REDIS_SENTINEL_NAME']) {
        assert.ok(!env.has(variable), `${name} sets ${variable} itself`);
        assert.ok(config[variable], `${name}: ${variable} not in the ConfigMap`);
      }
      assert.deepEqual(
        env.get('REDIS_SENTINEL_PASSWORD'),
        {
          name: 'REDIS_SENTINEL_PASSWORD',
          valueFrom: { secretKeyRef: { name: 'pageprobe-secrets', key: 'REDIS_SENTINEL_PASSWORD', optional: true } },
        },
        `${name}: the password from the Secret`,
      );
      // Its app parses it as the Sentinel group, and production accepts it (it refuses no password).
      const { config: parsed } = podConfig(d, docs, secrets);
      assert.deepEqual(parsed.REDIS_TARGET, {
        sentinels: config.REDIS_SENTINELS!.split(',').map((s) => ({ host: s.split(':')[0], port: 26379 })),
        name: config.REDIS_SENTINEL_NAME,
        password: secrets.REDIS_SENTINEL_PASSWORD,
        sentinelPassword: secrets.REDIS_SENTINEL_PASSWORD,
      });
      assert.equal(parsed.REDIS_TARGET.sentinels.length, 3, `${name}: three sentinels`);
      assert.deepEqual(
        productionRefusals(parsed, config).filter((r) => r.variable.startsWith('REDIS')),
        [],
        name,
      );
      const { REDIS_SENTINEL_PASSWORD: _, ...withoutPassword } = secrets;
      assert.ok(
        productionRefusals(podConfig(d, docs, withoutPassword).config, config).some(
          (r) => r.variable === 'REDIS_SENTINEL_PASSWORD',
        ),
        `${name}: production would start without the Sentinel password`,
      );
      // Nothing else changes.
      const central = named(production, 'Deployment', name);
      assert.deepEqual(withoutRedisEnv(d), withoutRedisEnv(central), `${name}: only its Redis variables differ`);
    }

    // KEDA asks the sentinels too, with the pods' variables, on the base's lists.
    for (const s of ofKind(docs, 'ScaledObject')) {
      const central = named(production, 'ScaledObject', s.metadata.name);
      const target = named(docs, 'Deployment', s.spec.scaleTargetRef.name);
      const [c] = target.spec.template.spec.containers;
      const podVariables = new Set([...Object.keys(config), ...(c.env ?? []).map((e: Doc) => e.name as string)]);
      assert.deepEqual(
        s.spec.triggers.map((t: Doc) => [t.name, t.metadata.listName, t.metadata.listLength]),
        central.spec.triggers.map((t: Doc) => [t.name, t.metadata.listName, t.metadata.listLength]),
        `${s.metadata.name}: the base's triggers`,
      );
      for (const t of s.spec.triggers) {
        const where = `${s.metadata.name} ${t.name}`;
        assert.equal(t.type, 'redis-sentinel', where);
        assert.equal(t.metadata.addressFromEnv, undefined, `${where}: a single Redis address`);
        assert.deepEqual(
          [
            t.metadata.addressesFromEnv,
            t.metadata.sentinelMasterFromEnv,
            t.metadata.passwordFromEnv,
            t.metadata.sentinelPasswordFromEnv,
          ],
          SENTINEL_VARIABLES.concat('REDIS_SENTINEL_PASSWORD'),
          where,
        );
        for (const variable of SENTINEL_VARIABLES)
          assert.ok(
            podVariables.has(variable),
            `${where}: ${variable} is not in ${target.metadata.name}'s environment`,
          );
      }
      assert.deepEqual(
        { ...s.spec, triggers: undefined },
        { ...central.spec, triggers: undefined },
        `${s.metadata.name}: only its triggers differ`,
      );
    }

    // The apps and KEDA reach the sentinels (26379 on the Redis pods) as well as the master (6379).
    const redisPods = { 'app.kubernetes.io/name': 'redis' };
    const toRedis = (p: Doc) =>
      (p.spec.egress ?? []).filter((r: Doc) =>
        (r.to ?? []).some((peer: Doc) => peer.podSelector && selects(peer.podSelector, redisPods)),
      );
    for (const d of readers) {
      const rules = ofKind(docs, 'NetworkPolicy')
        .filter(
          (p) =>
            (p.spec.policyTypes ?? []).includes('Egress') &&
            selects(p.spec.podSelector, d.spec.template.metadata.labels),
        )
        .flatMap(toRedis);
      assert.ok(rules.length > 0, `${d.metadata.name}: no rule to Redis`);
      for (const r of rules)
        assert.deepEqual(
          r.ports.map((p: Doc) => p.port).sort(),
          [26379, 6379],
          `${d.metadata.name}: Redis's and the sentinels' ports`,
        );
    }
    const ingress = named(docs, 'NetworkPolicy', 'redis-from-apps').spec.ingress;
    assert.deepEqual(
      ingress.flatMap((r: Doc) => r.ports.map((p: Doc) => p.port)).sort(),
      [26379, 6379],
      'Redis pods take the apps and KEDA on both ports',
    );
  },
);
