// Issue 50: what a configuration file manages (`pageprobe apply` set its managed_by) is marked "Managed by
// pageprobe.yaml" in the dashboard's lists and on its pages, and its edit and delete forms warn that the
// next apply puts back what the file says. What was made by hand has neither. Real Chromium, as an editor.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import { createClient } from '@pageprobe/client';
import type { Page } from 'puppeteer-core';
import { startApiApp } from '../support/app-process.ts';
import { signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const common = { ALLOW_PRIVATE_TARGETS: 'true' };
const { origin } = await startApiApp(env, common);
const { base } = await startDashboard(env, { ...common, PUBLIC_BASE_URL: origin });
const browser = await startBrowser();
const { teamId, key } = await teamWithKey(env, { plan: 'pro' });
const EDITOR = { email: 'editor@example.com', password: 'the editor passphrase' };
const user = await ensureUser(env.db, { email: EDITOR.email, passwordHash: await hashPassword(EDITOR.password) });
await setMembership(env.db, teamId, user.id, 'editor');

const client = createClient({ baseUrl: origin, apiKey: key });
const { changes } = await client.config.apply({
  managed_by: 'pageprobe.yaml',
  prune: false,
  alert_channels: [{ key: 'ops', type: 'webhook', name: 'Ops hook', url: 'http://127.0.0.1:9/hook' }],
  monitors: [
    {
      key: 'shop',
      name: 'Shop from the file',
      type: 'uptime',
      url: 'http://127.0.0.1:9/shop',
      interval_seconds: 300,
      alert_channels: ['ops'],
    },
  ],
  maintenance_windows: [
    {
      key: 'night',
      name: 'Night work',
      starts_at: '2026-12-01T01:00:00Z',
      ends_at: '2026-12-01T02:00:00Z',
      monitors: ['shop'],
    },
  ],
  status_pages: [
    {
      key: 'public',
      slug: `managed-${Date.now().toString(36)}`,
      title: 'Managed status',
      monitors: [{ key: 'shop', label: 'Shop' }],
    },
  ],
});
const idOf = (resource: string) => changes.find((c) => c.resource === resource)!.id!;
const byHand = await client.monitors.create({
  name: 'Made by hand',
  type: 'uptime',
  url: 'http://127.0.0.1:9/x',
  interval_seconds: 300,
});

const { page } = await signedIn(browser, base, EDITOR);
const MARK = 'Managed by pageprobe.yaml';
const WARNING =
  /Managed by pageprobe\.yaml: the next pageprobe apply of that file overwrites changes made here\. Change the file instead\./;

async function open(path: string): Promise<string> {
  const res = await page.goto(`${base}${path}`);
  assert.equal(res?.status(), 200, path);
  return page.$eval('main', (m) => (m.textContent ?? '').replace(/\s+/g, ' '));
}
const rowOf = (p: Page, name: string) =>
  p.$$eval(
    'main tr',
    (rows, n) => rows.find((r) => r.textContent?.includes(n))?.textContent?.replace(/\s+/g, ' ') ?? '',
    name,
  );

test('the monitors list marks the managed monitor, not the one made by hand; its page, edit and delete say so', async () => {
  await open('/monitors');
  assert.ok((await rowOf(page, 'Shop from the file')).includes(MARK));
  assert.equal((await rowOf(page, 'Made by hand')).includes(MARK), false);
  const id = idOf('monitor');
  assert.ok((await open(`/monitors/${id}`)).includes(MARK));
  assert.match(await open(`/monitors/${id}/edit`), WARNING);
  assert.match(
    await open(`/monitors/${id}/delete`),
    /Managed by pageprobe\.yaml: the next pageprobe apply of that file makes it again/,
  );
  const handEdit = await open(`/monitors/${byHand.id}/edit`);
  assert.equal(handEdit.includes('Managed by'), false);
  assert.equal((await open(`/monitors/${byHand.id}`)).includes('Managed by'), false);
});

test('alert channels, maintenance windows and status pages: marked in their lists and pages, warned on edit', async () => {
  for (const [list, resource, name] of [
    ['/alert-channels', 'alert_channel', 'Ops hook'],
    ['/maintenance', 'maintenance_window', 'Night work'],
    ['/status-pages', 'status_page', 'Managed status'],
  ] as const) {
    await open(list);
    assert.ok((await rowOf(page, name)).includes(MARK), `${list} marks ${name}`);
    const text = await open(`${list}/${idOf(resource)}`);
    assert.ok(text.includes(MARK), `${resource}'s page`);
    assert.match(text, WARNING, `${resource}'s edit form`);
  }
});
