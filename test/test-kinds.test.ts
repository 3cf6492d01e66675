// A test kind cannot be half-added: each registered kind has its result and audits schemas, a report
// view, a cost on every plan, its queue in the job catalog, its value in the Prisma enum, its typed
// variant in the OpenAPI document, and a Deployment with a KEDA ScaledObject on its queue in infra/.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { publicSpec } from '@pageprobe/api';
import { jobs, testTypes } from '@pageprobe/jobs';
import { kinds } from '@pageprobe/test-kinds';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const K8S = join(REPO, 'infra/k8s/base');
const docs = readdirSync(K8S)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => parseAllDocuments(readFileSync(join(K8S, f), 'utf8')).map((d) => d.toJS()))
  .filter(Boolean);
const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);
const schemas = (publicSpec as unknown as { components: { schemas: Record<string, any> } }).components.schemas;
const prismaEnum = /enum TestType \{([^}]*)\}/
  .exec(readFileSync(join(REPO, 'prisma/schema.prisma'), 'utf8'))![1]!
  .split(/\s+/)
  .filter(Boolean);

test('every kind is registered everywhere it must be, and nothing names a kind that is not registered', () => {
  const names = kinds.map((k) => k.name);
  assert.deepEqual([...testTypes].sort(), [...names].sort(), 'the job catalog');
  assert.deepEqual([...prismaEnum].sort(), [...names].sort(), 'the Prisma enum TestType');
  assert.deepEqual([...schemas.TestType.enum].sort(), [...names].sort(), 'the OpenAPI TestType');
  assert.equal(schemas.Test.oneOf.length, kinds.length, 'one Test variant per kind');
  assert.equal(new Set(kinds.map((k) => k.job.queue)).size, kinds.length, 'one queue per kind');

  for (const kind of kinds) {
    assert.ok(kind.result instanceof z.ZodType && kind.audits instanceof z.ZodType, `${kind.name}: result schemas`);
    assert.equal(typeof kind.report, 'function', `${kind.name}: a report view`);
    for (const plan of ['free', 'pro'] as const) {
      assert.ok(Number.isInteger(kind.cost[plan]) && kind.cost[plan] >= 0, `${kind.name}: a cost on ${plan}`);
    }
    assert.ok(kind.failures.internal_error && kind.failures.timeout, `${kind.name}: plain-words failures`);
    assert.equal(jobs[kind.name as keyof typeof jobs].queue, kind.job.queue, `${kind.name}: its job`);

    const variant = schemas[`${kind.name.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Test`];
    assert.equal(variant?.allOf?.[1]?.properties?.type?.const, kind.name, `${kind.name}: its Test variant`);

    const scaled = ofKind('ScaledObject').filter((s) =>
      s.spec.triggers.some((t: any) => String(t.metadata.listName).endsWith(`:${kind.job.queue}:wait`)),
    );
    assert.equal(scaled.length, 1, `${kind.name}: one ScaledObject on ${kind.job.queue}`);
    const target = scaled[0].spec.scaleTargetRef.name;
    assert.ok(
      ofKind('Deployment').some((d) => d.metadata.name === target),
      `${kind.name}: the ScaledObject's Deployment ${target} exists`,
    );
  }
});
