import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PageprobeClient, RumSite, RumSiteInput } from '@pageprobe/client';
import { UsageError } from './assertions.ts';
import { groupOf, rumSitesCommand } from './rum-sites-command.ts';

const at = '2026-11-28T10:00:00.000Z';
const site = (body: RumSiteInput): RumSite => ({
  id: '01936f3e-7a7a-7c2d-9e8f-0a1b2c3d4e5f',
  name: body.name ?? 'Shop',
  site_key: 'rum_Q2hvb3NlIGEgbmFtZSBoZQ',
  origins: body.origins ?? ['https://shop.test'],
  sample_rate: body.sample_rate ?? 1,
  page_groups: body.page_groups ?? [],
  keep_query_strings: false,
  budgets: {},
  alert_channels: [],
  alert: { window_minutes: 60, min_page_views: 50 },
  beacons_per_minute: 60000,
  snippet: `<script async src="https://api.test/rum/v1/beacon.js" data-site="rum_Q2hvb3NlIGEgbmFtZSBoZQ" data-sample="${body.sample_rate ?? 1}"></script>`,
  created_at: at,
  updated_at: at,
});

function fakeClient() {
  const sent: RumSiteInput[] = [];
  const deleted: string[] = [];
  const client = {
    rum: {
      sites: {
        create: async (body: RumSiteInput) => {
          sent.push(body);
          return site(body);
        },
        list: async () => ({ data: [site({})], next_cursor: 'abc' }),
        get: async () => site({ sample_rate: 0.5 }),
        delete: async (id: string) => {
          deleted.push(id);
        },
      },
    },
  } as unknown as PageprobeClient;
  return { client, sent, deleted };
}

const io = (printed: string[]) => ({
  out: (s: string) => printed.push(s),
  json: (v: unknown) => printed.push(JSON.stringify(v)),
});

test('create sends the origins, the rate and the groups, and prints the snippet', async () => {
  const { client, sent } = fakeClient();
  const printed: string[] = [];
  const code = await rumSitesCommand(
    client,
    ['create'],
    { name: 'Shop', origin: ['https://shop.test'], 'sample-rate': '0.5', group: ['blog=/blog/*', 'q=/a=b/*'] },
    io(printed),
  );
  assert.equal(code, 0);
  assert.deepEqual(sent, [
    {
      name: 'Shop',
      origins: ['https://shop.test'],
      sample_rate: 0.5,
      page_groups: [
        { name: 'blog', pattern: '/blog/*' },
        { name: 'q', pattern: '/a=b/*' },
      ],
    },
  ]);
  assert.equal(printed.at(-2), 'Paste before </head> on every page:');
  assert.match(printed.at(-1)!, /^<script async src=".*" data-site="rum_/);
  assert.ok(printed.includes('group:    blog = /blog/*'));
});

test('list is the default; show prints the snippet; delete names the site', async () => {
  const { client, deleted } = fakeClient();
  const printed: string[] = [];
  await rumSitesCommand(client, [], {}, io(printed));
  assert.match(printed[0]!, /^01936f3e-\S+ {2}1 {6}Shop {2}https:\/\/shop\.test$/);
  assert.equal(printed[1], 'more: --cursor abc');
  printed.length = 0;
  await rumSitesCommand(client, ['show', 'x'], {}, io(printed));
  assert.match(printed.at(-1)!, /data-sample="0.5"/);
  await rumSitesCommand(client, ['delete', 'site-1'], {}, io(printed));
  assert.deepEqual(deleted, ['site-1']);
});

test('bad arguments are usage errors, before any request', async () => {
  const { client, sent } = fakeClient();
  const fails = (args: string[], values: object) =>
    assert.rejects(rumSitesCommand(client, args, values, io([])), UsageError);
  await fails(['create'], { name: 'x' });
  await fails(['create'], { name: 'x', origin: ['https://a.test'], 'sample-rate': '0' });
  await fails(['create'], { name: 'x', origin: ['https://a.test'], 'sample-rate': '2' });
  await fails(['create'], { name: 'x', origin: ['https://a.test'], group: ['nopattern'] });
  await fails(['show'], {});
  await fails(['rename'], {});
  assert.equal(sent.length, 0);
  assert.throws(() => groupOf('=/a'), UsageError);
});
