// `pageprobe monitors series --source field` (issue 48): a lighthouse monitor's field series, asked of the
// API with source=field and printed a week a line (p75, category, shares), or why there is none; --json
// prints the API's answer. A local HTTP server answers as the API does.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { after, test } from 'node:test';
import type { MonitorFieldSeries } from '@pageprobe/client';
import { run } from './main.ts';

const week = (last: string, first: string, p75: number, category: 'good' | 'needs_improvement', good: number) => ({
  at: `${last}T00:00:00.000Z`,
  value: p75,
  p75,
  good,
  needs_improvement: Number((0.95 - good).toFixed(3)),
  poor: 0.05,
  category,
  collection_period: { first_date: first, last_date: last },
});
const SERIES: MonitorFieldSeries = {
  metric: 'inp_ms',
  source: 'field',
  from: '2026-10-19T00:00:00.000Z',
  to: '2026-11-22T00:00:00.000Z',
  resolution: 'week',
  annotations: [],
  field: { available: true, scope: 'origin', key: 'https://shop.example', form_factor: 'PHONE' },
  points: [
    week('2026-11-15', '2026-10-19', 180, 'good', 0.8),
    week('2026-11-22', '2026-10-26', 240, 'needs_improvement', 0.7),
  ],
};

const asked: URL[] = [];
const api = createServer((req, res) => {
  const url = new URL(req.url!, 'http://api.test');
  asked.push(url);
  res.setHeader('content-type', 'application/json');
  const quiet = url.pathname.includes('/m-quiet/');
  res.end(
    JSON.stringify(
      quiet
        ? {
            ...SERIES,
            metric: 'cls',
            from: null,
            to: null,
            points: [],
            field: { available: false, reason: 'rate_limited' },
          }
        : SERIES,
    ),
  );
});
api.listen(0, '127.0.0.1');
await once(api, 'listening');
after(() => api.close());

async function cli(...argv: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.on('data', (chunk) => (err += chunk));
  const code = await run(argv, {
    env: {
      PAGEPROBE_API_URL: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      PAGEPROBE_API_KEY: 'pp_live_cli_series',
    },
    stdin: new PassThrough().end(),
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
  });
  return { code, out, err };
}

test('--source field asks for the field series and prints a week a line', async () => {
  const { code, out } = await cli('monitors', 'series', 'm-1', '--metric', 'inp_ms', '--source', 'field');
  assert.equal(code, 0);
  assert.deepEqual(Object.fromEntries(asked.at(-1)!.searchParams), { metric: 'inp_ms', source: 'field' });
  assert.equal(
    out,
    [
      'inp_ms, real users (Chrome UX Report p75 of 28 days, phones, origin https://shop.example), per week: 2 points',
      '▁█',
      '2026-11-15    180 ms  good               good 80%, needs improvement 15%, poor 5%',
      '2026-11-22    240 ms  needs improvement  good 70%, needs improvement 25%, poor 5%',
      '',
    ].join('\n'),
  );
});

test('--json prints the answer; no figures say why; a wrong source is a usage error', async () => {
  const json = await cli('monitors', 'series', 'm-1', '--metric', 'inp_ms', '--source', 'field', '--json');
  assert.deepEqual(JSON.parse(json.out), SERIES);
  const quiet = await cli('monitors', 'series', 'm-quiet', '--metric', 'cls', '--source', 'field');
  assert.equal(quiet.out, "cls, real users: none (the Chrome UX Report's quota was used up just now)\n");
  const before = asked.length;
  const wrong = await cli('monitors', 'series', 'm-1', '--metric', 'cls', '--source', 'crux');
  assert.equal(wrong.code, 2);
  assert.match(wrong.err, /--source must be lab or field/);
  assert.equal(asked.length, before, 'nothing asked');
});
