// What the production manifests say each pod runs: `kubectl kustomize infra/k8s/overlays/production`
// (the base's files where kubectl is missing), or another overlay of production's (IMAGES_OVERLAY:
// redis-sentinel, issue 49), read into what `podman run` needs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { say } from './log.ts';
import { run } from './podman.ts';
import { REPO } from './build.ts';

type Doc = Record<string, any>;

export interface HttpProbe {
  path: string;
  port: number;
  periodSeconds: number;
  timeoutSeconds: number;
  failureThreshold: number;
  initialDelaySeconds: number;
}

/** One Deployment's or Job's container, as the kubelet would start it. */
export interface Workload {
  kind: 'Deployment' | 'Job';
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  /** The ConfigMaps' keys (envFrom), then the container's own, secretKeyRefs left as references. */
  env: Array<{ name: string; value: string } | { name: string; secretKey: string; optional: boolean }>;
  user: string;
  readOnlyRoot: boolean;
  dropCapabilities: string[];
  addCapabilities: string[];
  noNewPrivileges: boolean;
  /** emptyDir mounts: a tmpfs each, of the emptyDir's size. */
  emptyDirs: Array<{ path: string; bytes: number }>;
  memoryBytes?: number;
  terminationGraceSeconds: number;
  preStopSleepSeconds: number;
  readiness?: HttpProbe;
  liveness?: HttpProbe;
  ports: Record<string, number>;
}

export interface Rendered {
  how: string;
  docs: Doc[];
  configMap: Record<string, string>;
}

/**
 * The production overlay (or `overlay`, one built on it: redis-sentinel), rendered; `drop` leaves keys out
 * of its ConfigMap.
 */
export async function renderProduction({
  drop = [],
  overlay = 'production',
}: {
  drop?: string[];
  overlay?: string;
} = {}): Promise<Rendered> {
  const dir = `infra/k8s/overlays/${overlay}`;
  const kubectl = await run('kubectl', ['kustomize', join(REPO, dir)], { allowFail: true }).catch(() => null);
  let docs: Doc[];
  let how: string;
  if (kubectl?.code === 0) {
    docs = parse(kubectl.stdout);
    how = `kubectl kustomize ${dir}`;
  } else if (overlay !== 'production') {
    throw new Error(`kubectl cannot render ${dir} here: ${kubectl?.stderr.trim() ?? 'no kubectl'}`);
  } else {
    say('  kubectl cannot render the overlay here: reading the base files as they are');
    const base = join(REPO, 'infra/k8s/base');
    const { resources } = parse(readFileSync(join(base, 'kustomization.yaml'), 'utf8'))[0]!;
    docs = (resources as string[]).flatMap((file) => parse(readFileSync(join(base, file), 'utf8')));
    how = 'infra/k8s/base';
  }
  const configMaps = docs.filter((d) => d.kind === 'ConfigMap');
  if (configMaps.length !== 1) throw new Error(`expected one ConfigMap in the manifests, found ${configMaps.length}`);
  for (const key of drop) delete configMaps[0]!.data[key];
  return { how, docs, configMap: { ...configMaps[0]!.data } };
}

const parse = (text: string): Doc[] =>
  parseAllDocuments(text)
    .map((d) => d.toJS() as Doc)
    .filter(Boolean);

export function workloads({ docs }: Rendered): Workload[] {
  return docs
    .filter((d) => d.kind === 'Deployment' || d.kind === 'Job')
    .map((d) => {
      const pod = d.spec.template.spec;
      if (pod.containers.length !== 1) throw new Error(`${d.metadata.name}: one container expected`);
      const c = pod.containers[0];
      const security = { ...pod.securityContext, ...c.securityContext };
      const ports = Object.fromEntries((c.ports ?? []).map((p: Doc) => [p.name, p.containerPort]));
      const probe = (p: Doc | undefined): HttpProbe | undefined =>
        p?.httpGet && {
          path: p.httpGet.path,
          port: typeof p.httpGet.port === 'number' ? p.httpGet.port : ports[p.httpGet.port],
          periodSeconds: p.periodSeconds ?? 10,
          timeoutSeconds: p.timeoutSeconds ?? 1,
          failureThreshold: p.failureThreshold ?? 3,
          initialDelaySeconds: p.initialDelaySeconds ?? 0,
        };
      const volumes = new Map<string, Doc>((pod.volumes ?? []).map((v: Doc) => [v.name, v]));
      const env: Workload['env'] = [];
      for (const from of c.envFrom ?? []) {
        const map = docs.find((m) => m.kind === 'ConfigMap' && m.metadata.name === from.configMapRef?.name);
        if (!map) throw new Error(`${d.metadata.name}: envFrom names ${JSON.stringify(from)}, which is not rendered`);
        for (const [name, value] of Object.entries(map.data ?? {})) env.push({ name, value: String(value) });
      }
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref) env.push({ name: e.name, secretKey: ref.key, optional: ref.optional === true });
        else env.push({ name: e.name, value: String(e.value ?? '') });
      }
      return {
        kind: d.kind,
        name: d.metadata.name,
        image: c.image,
        command: c.command,
        args: c.args,
        env,
        user: `${security.runAsUser ?? ''}${security.runAsGroup === undefined ? '' : `:${security.runAsGroup}`}`,
        readOnlyRoot: security.readOnlyRootFilesystem === true,
        dropCapabilities: security.capabilities?.drop ?? [],
        addCapabilities: security.capabilities?.add ?? [],
        noNewPrivileges: security.allowPrivilegeEscalation === false,
        emptyDirs: (c.volumeMounts ?? []).map((m: Doc) => {
          const volume = volumes.get(m.name);
          if (!volume?.emptyDir) throw new Error(`${d.metadata.name}: ${m.name} is not an emptyDir`);
          return { path: m.mountPath, bytes: quantity(volume.emptyDir.sizeLimit ?? '64Mi') };
        }),
        memoryBytes: c.resources?.limits?.memory ? quantity(c.resources.limits.memory) : undefined,
        terminationGraceSeconds: pod.terminationGracePeriodSeconds ?? 30,
        preStopSleepSeconds: c.lifecycle?.preStop?.sleep?.seconds ?? 0,
        readiness: probe(c.readinessProbe),
        liveness: probe(c.livenessProbe),
        ports,
      } satisfies Workload;
    });
}

/** A Kubernetes quantity (512Mi, 1Gi, 3G) in bytes. */
export function quantity(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T)?$/.exec(String(text));
  if (!m) throw new Error(`not a quantity: ${text}`);
  const unit = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, k: 1e3, M: 1e6, G: 1e9, T: 1e12 }[m[2] ?? ''] ?? 1;
  return Math.round(Number(m[1]) * unit);
}
