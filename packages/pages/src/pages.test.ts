import assert from 'node:assert/strict';
import { test } from 'node:test';
import { badgeSvg } from './badge.ts';
import { chartView } from './chart.ts';
import { fmtDuration, fmtPercent } from './format.ts';
import { overallState } from './status-page.ts';

const from = new Date('2026-11-01T00:00:00Z');
const to = new Date('2026-11-02T00:00:00Z');
const at = (h: number) => new Date(from.getTime() + h * 3600_000);

test('a chart plots its points, draws a budget where its value is, marks only what falls in its range', () => {
  const svg = chartView({
    id: 'lcp',
    title: 'LCP <script>',
    unit: 'ms',
    series: [{ metric: 'lcp_ms', label: 'LCP', points: [0, 6, 12].map((h) => ({ at: at(h), value: 1000 + h * 100 })) }],
    budgets: [{ label: 'budget, at most', value: 2500 }],
    marks: [
      { at: at(6), label: 'Regressed' },
      { at: new Date(to.getTime() + 3600_000), label: 'later' },
    ],
    from,
    to,
  }).value;
  assert.ok(!svg.includes('<script>'), 'titles are escaped');
  assert.match(svg, /budget, at most 2\.5 s/);
  assert.equal(svg.match(/<g class="mark">/g)?.length, 1);
  assert.equal(svg.match(/data-metric="lcp_ms"/g)?.length, 3);
  // The budget line sits above the highest point (2,500 > 2,200) on the same scale.
  const budgetY = Number(/<g class="budget"><line [^>]*y1="([\d.]+)"/.exec(svg)![1]);
  const lineYs = /<path class="line s0" d="M([\d.,LM]+)"/
    .exec(svg)![1]!
    .split(/[LM]/)
    .map((p) => Number(p.split(',')[1]));
  assert.ok(lineYs.every((y) => y > budgetY));
});

test("a chart's figures: a collapsed table inline, a link instead when given one, open on the view it opens", () => {
  const spec = {
    id: 'ttfb',
    title: 'First byte',
    unit: 'ms' as const,
    series: [
      { metric: 'first_byte_ms', label: 'First byte', points: [0, 1, 2].map((h) => ({ at: at(h), value: 90 + h })) },
    ],
    from,
    to,
  };
  const inline = chartView(spec).value;
  assert.match(inline, /<details><summary>First byte: the figures<\/summary>/);
  assert.equal(inline.match(/data-metric="first_byte_ms"/g)?.length, 3);
  assert.match(inline, /Figures in the table below/);

  const linked = chartView(spec, { figuresHref: '/app/monitors/m?range=7d&figures=1#ttfb' }).value;
  assert.ok(!linked.includes('<table'), 'no table on the page that links its figures');
  assert.match(linked, /<a href="\/app\/monitors\/m\?range=7d&amp;figures=1#ttfb">First byte: the figures<\/a>/);
  assert.match(linked, /Figures behind the link below/);
  assert.ok(linked.length < inline.length);

  const open = chartView(spec, { figuresOpen: true }).value;
  assert.match(open, /<details open><summary>/);
  assert.equal(open.match(/data-metric="first_byte_ms"/g)?.length, 3);
});

/** The box a path's points span (d3's linear paths: M and L commands with absolute x,y pairs). */
const box = (d: string) => {
  const points = d
    .replace(/Z$/, '')
    .split(/[ML]/)
    .filter(Boolean)
    .map((p) => p.split(',').map(Number) as [number, number]);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
};

// Issue 44 item 12: a new monitor's first hour is one point, and a line or an area needs two.
test('a chart with one point shows it: a dot on a line, a bar of stacked parts', () => {
  const one = { at: at(3), value: 120 };
  const lines = chartView({
    id: 'lcp',
    title: 'LCP',
    unit: 'ms',
    series: [{ metric: 'lcp_ms', label: 'LCP', points: [one] }],
    from,
    to,
  }).value;
  const dot = /<circle class="dot s0" r="([\d.]+)" cx="([\d.]+)" cy="([\d.]+)"/.exec(lines);
  assert.ok(dot && Number(dot[1]) > 0, 'a dot with a radius');

  const stacked = chartView({
    id: 'response-time',
    title: 'Response time by phase',
    unit: 'ms',
    stacked: true,
    series: [
      { metric: 'dns_ms', label: 'DNS', points: [{ at: one.at, value: 20 }] },
      { metric: 'first_byte_ms', label: 'First byte', points: [{ at: one.at, value: 100 }] },
    ],
    from,
    to,
  }).value;
  const areas = [...stacked.matchAll(/<path class="area s(\d)" d="([^"]*)"/g)].map((m) => box(m[2]!));
  assert.equal(areas.length, 2);
  for (const [i, a] of areas.entries()) {
    assert.ok(a.width > 0 && a.height > 0, `phase ${i} covers some of the chart: ${JSON.stringify(a)}`);
  }
  // Stacked: the second phase (100 ms) stands five times as tall as the first (20 ms), both at the point's time.
  assert.ok(Math.abs(areas[1]!.height / areas[0]!.height - 5) < 0.1);
  const x = Number(dot![2]);
  for (const m of stacked.matchAll(/<path class="area s\d" d="M([\d.]+)/g)) assert.ok(Math.abs(Number(m[1]) - x) <= 3);

  // Two points or more fill the area between them, with no bar.
  const two = chartView({
    id: 'response-time',
    title: 'Response time by phase',
    unit: 'ms',
    stacked: true,
    series: [{ metric: 'dns_ms', label: 'DNS', points: [one, { at: at(4), value: 80 }] }],
    from,
    to,
  }).value;
  const d = /<path class="area s0" d="([^"]*)"/.exec(two)![1]!;
  assert.equal(d.split(/[ML]/).filter(Boolean).length, 4, 'two points along the top, two along the bottom');
});

test('an empty chart says so and draws nothing', () => {
  const html = chartView({
    id: 'x',
    title: 'TBT',
    unit: 'ms',
    series: [{ metric: 'tbt_ms', label: 'TBT', points: [] }],
    from,
    to,
  }).value;
  assert.match(html, /No runs in this range/);
  assert.ok(!html.includes('<svg'));
});

test('badges follow the thresholds: uptime 99.9 and 99, scores 90 and 50, response 300 and 1,000 ms', () => {
  // The message's box: the second rect, after the label's.
  const colour = (svg: string) => /<rect x="[\d.]+" width="[\d.]+" height="20" fill="(#[0-9a-f]+)"/.exec(svg)?.[1];
  const green = colour(badgeSvg('uptime_30d', { kind: 'percent', value: 99.95 }));
  assert.equal(colour(badgeSvg('uptime_30d', { kind: 'percent', value: 99.9 })), green);
  assert.notEqual(colour(badgeSvg('uptime_30d', { kind: 'percent', value: 99.89 })), green);
  assert.notEqual(
    colour(badgeSvg('uptime_30d', { kind: 'percent', value: 98.9 })),
    colour(badgeSvg('uptime_30d', { kind: 'percent', value: 99 })),
  );
  assert.equal(colour(badgeSvg('performance_score', { kind: 'score', value: 90 })), green);
  assert.equal(colour(badgeSvg('response_time', { kind: 'ms', value: 300 })), green);
  assert.notEqual(colour(badgeSvg('response_time', { kind: 'ms', value: 301 })), green);
  assert.match(badgeSvg('uptime_24h', { kind: 'percent', value: 99.999 }), /<title>uptime 24h: 99\.99%<\/title>/);
  assert.match(badgeSvg('status', { kind: 'state', state: 'down' }), /<title>status: down<\/title>/);
  assert.match(badgeSvg('response_time', { kind: 'ms', value: null }), /no data/);
});

test('figures with their units', () => {
  assert.equal(fmtPercent(99.999), '99.99 %');
  assert.equal(fmtPercent(100), '100 %');
  assert.equal(fmtPercent(null), 'no data');
  assert.equal(fmtDuration(15 * 60_000), '15 min');
  assert.equal(fmtDuration(3 * 3600_000 + 5 * 60_000), '3 h 5 min');
  assert.equal(fmtDuration(50 * 3600_000), '2 d 2 h');
});

test('a status page is down in part when some running monitor is, paused ones aside', () => {
  assert.equal(overallState([{ state: 'up' }, { state: 'paused' }]), 'operational');
  assert.equal(overallState([{ state: 'up' }, { state: 'down' }]), 'partial_outage');
  assert.equal(overallState([{ state: 'down' }, { state: 'paused' }]), 'major_outage');
  assert.equal(overallState([{ state: 'pending' }]), 'unknown');
});

// Issue 48: real users' weekly p75 beside the lab's line, and the metric's thresholds.
test('a field line holds each week until the next: the week before the range carried in, the last held to its end', () => {
  const week = (day: number, value: number) => ({ at: new Date(Date.UTC(2026, 9, day)), value });
  const html = chartView({
    id: 'lcp_ms',
    title: 'Largest Contentful Paint',
    unit: 'ms',
    series: [
      { metric: 'lcp_ms', label: 'Lab', source: 'lab', points: [week(20, 2000), week(27, 2100)] },
      {
        metric: 'lcp_ms',
        label: 'Field p75',
        source: 'field',
        step: true,
        points: [week(5, 2600), week(12, 2700), week(19, 2400), week(26, 2300)],
      },
    ],
    thresholds: { good: 2500, poor: 4000 },
    from: new Date(Date.UTC(2026, 9, 15)),
    to: new Date(Date.UTC(2026, 9, 29)),
  }).value;
  // Listed: the week in effect at the start (12 Oct) and the two inside; 5 Oct is gone.
  const field = [...html.matchAll(/data-source="field" data-value="(\d+)"/g)].map((m) => Number(m[1]));
  assert.deepEqual(field, [2700, 2400, 2300]);
  // Drawn as steps (d3's curveStepAfter: horizontal then vertical), from the range's start to its end.
  const d = /<path class="line s1 step" d="([^"]+)"/.exec(html)![1]!;
  const points = d
    .slice(1)
    .split('L')
    .map((p) => p.split(',').map(Number) as [number, number]);
  assert.equal(points[0]![0], 84, `starts at the plot's left edge: ${d}`);
  assert.equal(points.at(-1)![0], 628, `ends at its right edge: ${d}`);
  // Each change is a vertical step at the new week's x: no slanted segment.
  for (let i = 1; i < points.length; i++) {
    const [[x0, y0], [x1, y1]] = [points[i - 1]!, points[i]!];
    assert.ok(x0 === x1 || y0 === y1, `a step, not a slope: ${d}`);
  }
  // Both thresholds, in the legend with their figures, and the good line under the poor one.
  assert.match(
    html,
    /<span class="key threshold t-good">good ≤ 2\.5 s<\/span><span class="key threshold t-poor">poor &gt; 4\.0 s<\/span>/,
  );
  const y = (cls: string) => Number(new RegExp(`<line class="threshold ${cls}"[^>]*y1="([\\d.]+)"`).exec(html)![1]);
  assert.ok(y('t-good') > y('t-poor'), 'good lies below poor on the screen');
  assert.match(
    html,
    /aria-label="Largest Contentful Paint: Lab, 2 points; Field p75, 3 points; good up to 2\.5 s, poor above 4\.0 s\./,
  );
});
