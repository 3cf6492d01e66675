import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { parse } from 'yaml';
import { PUBLIC_YAML } from './kind-schemas.ts';

// Issue 17: a document good client generators and readers can rely on. (redocly lint, in `npm run lint`,
// checks the examples against their schemas.)
type Media = { examples?: object; example?: unknown };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { $ref?: string; content?: Record<string, Media> }>;
};
const doc = parse(readFileSync(PUBLIC_YAML, 'utf8')) as {
  servers: unknown[];
  security?: unknown[];
  components: { securitySchemes: object };
  paths: Record<string, Record<string, Operation>>;
};
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'patch', 'put', 'delete'].includes(method))
    .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
);

test('every operation has an operationId, a summary, a description and tags; servers and the key scheme are declared', () => {
  assert.ok(operations.length >= 16);
  assert.ok(doc.servers.length > 0);
  assert.ok(Object.keys(doc.components.securitySchemes).length > 0);
  const ids = new Set<string>();
  for (const { name, op } of operations) {
    for (const field of ['operationId', 'summary', 'description'] as const)
      assert.ok(op[field], `${name}: no ${field}`);
    assert.ok(op.tags?.length, `${name}: no tags`);
    assert.ok(!ids.has(op.operationId!), `${name}: operationId ${op.operationId} twice`);
    ids.add(op.operationId!);
  }
});

test('every JSON request body and 2xx answer has an example; every 4xx is a problem', () => {
  for (const { name, op } of operations) {
    const body = op.requestBody?.content['application/json'];
    if (body) assert.ok(body.examples || body.example, `${name}: request without an example`);
    for (const [status, response] of Object.entries(op.responses)) {
      if (status.startsWith('2') && response.content?.['application/json']) {
        const media = response.content['application/json'];
        assert.ok(media.examples || media.example, `${name} ${status}: no example`);
      }
      if (status.startsWith('4')) {
        assert.match(response.$ref ?? '', /#\/components\/responses\/(Problem|TooManyRequests)$/, `${name} ${status}`);
      }
    }
    // Open to anyone (`security: []`: the document and its reference page): no key to refuse, no limit.
    if (op.security?.length !== 0) {
      for (const status of ['401', '429']) assert.ok(op.responses[status], `${name}: ${status} not declared`);
    }
  }
});

test('a query parameter carrying a time or a URL takes reserved characters as typed (`from=2026-11-20T00:00:00Z`)', () => {
  type Parameter = { $ref?: string; name: string; in: string; allowReserved?: boolean; schema?: { format?: string } };
  const shared = (doc.components as { parameters?: Record<string, Parameter> }).parameters ?? {};
  const resolve = (p: Parameter) => (p.$ref ? shared[p.$ref.split('/').pop()!]! : p);
  const carrying = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, op]) =>
      ((op as { parameters?: Parameter[] }).parameters ?? [])
        .map(resolve)
        .filter((p) => p.in === 'query' && ['date-time', 'date', 'uri', 'url'].includes(p.schema?.format ?? ''))
        .map((p) => ({ name: `${method.toUpperCase()} ${path} ${p.name}`, p })),
    ),
  );
  assert.ok(carrying.some(({ name }) => name === 'GET /monitors/{monitor_id}/series from'));
  for (const { name, p } of carrying) assert.equal(p.allowReserved, true, `${name}: no allowReserved`);
});

/** `redocly lint` with our config, as `npm run lint` runs it: its exit code and its totals. */
function redoclyLint(...files: string[]) {
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const config = fileURLToPath(new URL('./redocly.yaml', import.meta.url));
  const run = spawnSync(process.execPath, [cli, 'lint', '--config', config, '--format', 'json', ...files], {
    encoding: 'utf8',
  });
  // One JSON report per document, one after the other.
  const totals = [...run.stdout.matchAll(/"totals": (\{[^}]*\})/g)].map((m) => JSON.parse(m[1]!));
  return { status: run.status, totals };
}

test('redocly lint: no error, no warning and nothing ignored in either document; a warning alone fails it', () => {
  const documents = [fileURLToPath(PUBLIC_YAML), fileURLToPath(new URL('./admin.yaml', import.meta.url))];
  const ours = redoclyLint(...documents);
  assert.equal(ours.status, 0);
  assert.deepEqual(ours.totals, [
    { errors: 0, warnings: 0, ignored: 0 },
    { errors: 0, warnings: 0, ignored: 0 },
  ]);

  // A document whose one flaw the recommended rules rate a warning (no info.license).
  const dir = mkdtempSync(join(tmpdir(), 'lint-'));
  try {
    const file = join(dir, 'warning.yaml');
    writeFileSync(
      file,
      `openapi: 3.1.0
info: {title: Probe, version: 1.0.0, description: One warning.}
servers: [{url: 'https://api.pageprobe.dev'}]
security: []
tags: [{name: things, description: Things.}]
paths:
  /things:
    get:
      operationId: listThings
      summary: List things
      description: Lists things.
      tags: [things]
      responses:
        '200': {description: The things.}
        '400': {description: Bad.}
`,
    );
    const flawed = redoclyLint(file);
    assert.notEqual(flawed.status, 0, 'a warning passed the lint');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
