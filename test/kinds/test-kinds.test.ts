// A test kind cannot be half-added: each registered kind has its result and audits schemas, a report
// view, a cost on every plan, its queue in the job catalog, its value in the Prisma enum, its typed
// variant in the OpenAPI document, and a Deployment with a KEDA ScaledObject on its queue in infra/.
// A kind of monitor that is no kind of test (the heartbeat, issue 47) is in the Prisma enum and the
// OpenAPI MonitorType, and nowhere a test's type is: no job, no queue, no TestType, no Test variant.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { publicSpec } from '@pageprobe/api';
import { jobs, testTypes } from '@pageprobe/jobs';
import { kinds, monitorKinds } from '@pageprobe/test-kinds';
import { parseAllDocuments } from 'yaml';
import { z } from 'zod';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
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

/** The values a schema allows: its enum, its const, or its alternatives' (a $ref to another schema followed). */
function valuesOf(schema: any): string[] {
  if (schema.$ref) return valuesOf(schemas[schema.$ref.replace('#/components/schemas/', '')]);
  if (schema.enum) return schema.enum;
  if (schema.const !== undefined) return [schema.const];
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].flatMap(valuesOf);
}

test('every kind is registered everywhere it must be, and nothing names a kind that is not registered', () => {
  const names = kinds.map((k) => k.name);
  // Every kind of test is a kind of monitor; the kinds of monitor only are the rest.
  const monitorOnly = monitorKinds.map((k) => k.name).filter((n) => !names.includes(n as never));
  assert.deepEqual(monitorOnly, ['heartbeat'], 'the kinds of monitor that are no kind of test');
  assert.equal(new Set(monitorKinds.map((k) => k.name)).size, monitorKinds.length, 'one monitor kind per name');
  for (const name of names)
    assert.ok(
      monitorKinds.some((k) => k.name === name),
      `${name}: a kind of monitor`,
    );

  assert.deepEqual([...testTypes].sort(), [...names].sort(), 'the job catalog');
  // The column types tests and monitors alike: the test kinds and the monitor-only ones, nothing else.
  assert.deepEqual([...prismaEnum].sort(), [...names, ...monitorOnly].sort(), 'the Prisma enum TestType');
  assert.deepEqual([...schemas.TestType.enum].sort(), [...names].sort(), 'the OpenAPI TestType');
  assert.deepEqual(valuesOf(schemas.MonitorType).sort(), [...names, ...monitorOnly].sort(), 'the OpenAPI MonitorType');
  for (const name of monitorOnly) {
    assert.equal(jobs[name as keyof typeof jobs], undefined, `${name}: a job, though no test is of it`);
    assert.equal(schemas[`${name[0]!.toUpperCase()}${name.slice(1)}Test`], undefined, `${name}: a Test variant`);
  }
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

    // A worker may consume several kinds' queues: its ScaledObject reads both lists of each.
    const reads = (s: any, list: string) =>
      s.spec.triggers.some((t: any) => String(t.metadata.listName).endsWith(`:${kind.job.queue}:${list}`));
    const scaled = ofKind('ScaledObject').filter((s) => reads(s, 'wait') || reads(s, 'active'));
    assert.equal(scaled.length, 1, `${kind.name}: one ScaledObject on ${kind.job.queue}`);
    assert.ok(reads(scaled[0], 'wait') && reads(scaled[0], 'active'), `${kind.name}: waiting and running jobs`);
    const target = scaled[0].spec.scaleTargetRef.name;
    assert.ok(
      ofKind('Deployment').some((d) => d.metadata.name === target),
      `${kind.name}: the ScaledObject's Deployment ${target} exists`,
    );
  }
});
