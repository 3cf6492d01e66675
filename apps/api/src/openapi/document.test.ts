import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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
    if (name !== 'GET /openapi.json') {
      for (const status of ['401', '429']) assert.ok(op.responses[status], `${name}: ${status} not declared`);
    }
  }
});
