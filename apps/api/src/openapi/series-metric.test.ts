import assert from 'node:assert/strict';
import { test } from 'node:test';
import { monitorKinds } from '@pageprobe/test-kinds';
import { publicSpec } from './load-spec.ts';

// SeriesMetric is written by hand in public.yaml: these keep it to the monitor kinds' `monitor.metrics`
// (a heartbeat's too), the names GET /monitors/{monitor_id}/series takes (metricsOf in @pageprobe/monitors).
type Schema = {
  type?: string;
  enum?: string[];
  pattern?: string;
  description?: string;
  $ref?: string;
  anyOf?: Schema[];
};
const schemas = (publicSpec.components as { schemas: Record<string, Schema> }).schemas;
const seriesMetric = schemas.SeriesMetric!;
// The kinds' fixed names, or a name the page chose (lighthouse's user_timing:<name>, a browser step's
// step:<name>), or a field metric.
const [fixed, ...rest] = seriesMetric.anyOf ?? [];
const named = rest.filter((s) => s.pattern !== undefined);
const namesOf = (kind: (typeof monitorKinds)[number]) => Object.keys(kind.monitor.metrics);

test('SeriesMetric enumerates every metric name of every monitor type, each once', () => {
  assert.equal(fixed?.type, 'string');
  const listed = fixed?.enum ?? [];
  assert.equal(new Set(listed).size, listed.length, `a name listed twice: ${listed.join(', ')}`);
  const union = [...new Set(monitorKinds.flatMap(namesOf))];
  assert.deepEqual([...listed].sort(), union.sort());
});

test("SeriesMetric's description lists each monitor type's names", () => {
  const description = seriesMetric.description ?? '';
  for (const kind of monitorKinds) {
    const line = description.match(new RegExp(`^- ${kind.name}: (.+)$`, 'm'));
    assert.ok(line, `no "- ${kind.name}: …" line in SeriesMetric's description`);
    assert.deepEqual(line[1]!.split(', ').sort(), namesOf(kind).sort(), kind.name);
  }
});

test("the series' metric parameter and MonitorSeries.metric are SeriesMetric", () => {
  const ref = '#/components/schemas/SeriesMetric';
  const paths = publicSpec.paths as Record<
    string,
    { get: { parameters: Array<{ name?: string; in?: string; schema?: Schema }> } }
  >;
  const parameter = paths['/monitors/{monitor_id}/series']!.get.parameters.find(
    (p) => p.name === 'metric' && p.in === 'query',
  );
  assert.equal(parameter?.schema?.$ref, ref);
  const series = schemas.MonitorSeries as { properties: Record<string, Schema> };
  assert.equal(series.properties.metric!.$ref, ref);
});

test("SeriesMetric's patterns are the named metrics' own, each in its description", () => {
  const kinds = monitorKinds.flatMap((kind) => (kind.monitor.namedMetrics ? [kind.monitor.namedMetrics] : []));
  // Kinds may share a form of name (browser's and multistep's `step:<name>`): the document lists it once.
  assert.deepEqual([...new Set(kinds.map((n) => n.pattern.source))].sort(), named.map((s) => s.pattern).sort());
  for (const { hint } of kinds) assert.ok(seriesMetric.description?.includes(`\`${hint}\``), hint);
});
