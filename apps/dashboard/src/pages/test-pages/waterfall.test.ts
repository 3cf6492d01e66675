import assert from 'node:assert/strict';
import { test } from 'node:test';
import { waterfallRows } from '@pageprobe/test-kinds';
import { GEOMETRY, shortUrl, waterfallGeometry, waterfallView } from './waterfall.ts';

const entry = (url: string, startSeconds: number, timings: Record<string, number>) => ({
  request: { url },
  response: { status: 200, _transferSize: 1000 },
  _requestTime: startSeconds,
  startedDateTime: new Date(1_700_000_000_000 + startSeconds * 1000).toISOString(),
  time: Object.values(timings).reduce((a, b) => a + Math.max(0, b), 0),
  timings,
});

const har = {
  log: {
    entries: [
      entry('https://shop.example.com/', 100, {
        blocked: 0,
        dns: 20,
        connect: 30,
        ssl: 10,
        send: 0,
        wait: 100,
        receive: 40,
      }),
      entry('https://cdn.tracker.io/t.js', 100.2, {
        blocked: 0,
        dns: -1,
        connect: -1,
        ssl: -1,
        send: 0,
        wait: 50,
        receive: 50,
      }),
      entry('https://static.example.com/app.js', 100.3, { wait: 0, receive: 0 }),
    ],
  },
};

test('each phase starts where the one before ended, scaled to the latest end', () => {
  const w = waterfallRows(har);
  const g = waterfallGeometry(w.rows, [{ name: 'LCP', ms: 500 }], 'https://shop.example.com/');
  const { label, width, right, row, top } = GEOMETRY;
  const span = width - label - right;
  assert.equal(g.end, 500, 'the milestone is the latest moment');
  const first = g.rows[0]!;
  // ssl is drawn out of connect: dns 20, connect 20, ssl 10, wait 100, receive 40.
  assert.deepEqual(
    first.bars.map((b) => b.phase),
    ['dns', 'connect', 'ssl', 'wait', 'receive'],
  );
  assert.equal(first.bars[0]!.x, label);
  assert.ok(Math.abs(first.bars[1]!.x - (label + (20 / 500) * span)) < 1e-9);
  assert.ok(Math.abs(first.bars[4]!.x - (label + (150 / 500) * span)) < 1e-9);
  assert.equal(g.rows[1]!.y, top + row);
  assert.ok(Math.abs(g.rows[1]!.bars[0]!.x - (label + (200 / 500) * span)) < 1e-6);
  // A request of no measurable time still shows where it started.
  assert.equal(g.rows[2]!.bars.length, 1);
  assert.equal(g.x(500), width - right);
});

test('another site is third party; a subdomain of the page is not', () => {
  const w = waterfallRows(har);
  const g = waterfallGeometry(w.rows, [], 'https://shop.example.com/');
  assert.deepEqual(
    g.rows.map((r) => r.thirdParty),
    [false, true, false],
  );
  const page = waterfallView(w, [], 'https://shop.example.com/').value;
  assert.equal(page.match(/<g class="req/g)?.length, 3);
  assert.match(page, /third party<\/td>/);
});

test('a long URL is cut, its host kept when it is another', () => {
  assert.equal(shortUrl('https://shop.example.com/a', 'https://shop.example.com/'), '/a');
  const long = shortUrl(`https://cdn.tracker.io/${'x'.repeat(80)}`, 'https://shop.example.com/');
  assert.equal(long.length, 42);
  assert.ok(long.startsWith('cdn.tracker.io/') && long.endsWith('…'));
});
