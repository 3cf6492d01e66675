// Issue 61 in the dashboard: "Real users" in the navigation; a site added through the form (origins one
// per line, a sample rate, page groups as rows, query strings kept, a budget), its page showing the
// snippet to paste with a Copy button and the words to install it, and that no beacon has arrived; a bad
// origin refused naming the field, the rows kept; Delete asks first. A viewer sees the sites, no form.
// axe finds nothing at 375 and 1280 px, light and dark (screenshots in test/.artifacts/dashboard/).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ensureUser, hashPassword, setMembership } from '@pageprobe/accounts';
import type { Page } from 'puppeteer-core';
import { axeAtBothWidths, fill, press, signedIn, startBrowser, startDashboard } from '../support/dashboard.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const PUBLIC = 'https://pageprobe.example.com';
const { base } = await startDashboard(env, { PUBLIC_BASE_URL: PUBLIC });
const browser = await startBrowser();
const { teamId } = await teamWithKey(env, { plan: 'free' });
const person = async (email: string, role: 'owner' | 'viewer') => {
  const user = await ensureUser(env.db, {
    email,
    passwordHash: await hashPassword('a long passphrase'),
    verified: true,
  });
  await setMembership(env.db, teamId, user.id, role);
  return { email, password: 'a long passphrase' };
};
const OWNER = await person('owner@example.com', 'owner');
const VIEWER = await person('viewer@example.com', 'viewer');

/** Replaces a textarea's text (a triple click selects one line of it only). */
async function setText(p: Page, id: string, text: string) {
  await p.$eval(`#${id}`, (t) => {
    (t as unknown as { value: string }).value = '';
  });
  await p.type(`#${id}`, text);
}
const main = (p: Page) => p.$eval('main', (m) => m.textContent!.replace(/\s+/g, ' '));
const { page } = await signedIn(browser, base, OWNER);

test('a site added through the form shows its snippet, how to install it, and that nothing has arrived', async () => {
  await page.goto(`${base}/`);
  await Promise.all([page.waitForNavigation(), page.click('nav[aria-label="Dashboard"] a ::-p-text(Real users)')]);
  assert.equal(new URL(page.url()).pathname, '/app/rum');
  assert.match(await main(page), /No sites yet/);
  await Promise.all([page.waitForNavigation(), page.click('a ::-p-text(Add a site)')]);

  await fill(page, 'Name', 'Shop');
  await setText(page, 'origins', 'https://shop.example.com\nhttps://WWW.example.com:443/');
  await fill(page, 'Sample rate (the share of page views measured, above 0 up to 1)', '0.5');
  await fill(page, 'Page group 1 Name', 'reviews');
  await fill(page, 'Page group 1 Path pattern', '/products/*/reviews');
  // One more row: the form is drawn again with what was typed.
  await press(page, 'Add a page group');
  assert.equal(
    await page.$eval('#group_pattern_0', (i) => (i as unknown as { value: string }).value),
    '/products/*/reviews',
  );
  await fill(page, 'Page group 2 Name', 'products');
  await fill(page, 'Page group 2 Path pattern', 'products/*');
  await page.click('input[name="keep_query_strings"]');
  await fill(page, 'Largest Contentful Paint (ms)', '2500');
  await press(page, 'Save');

  // A pattern that is no path: refused naming the row, everything kept.
  assert.match(await main(page), /Page group 2: pattern must/);
  assert.equal(await page.$eval('#name', (i) => (i as unknown as { value: string }).value), 'Shop');
  assert.equal(await page.$eval('#group_name_1', (i) => (i as unknown as { value: string }).value), 'products');
  assert.equal(await env.db.rumSite.count({ where: { teamId } }), 0);
  await fill(page, 'Page group 2 Path pattern', '/products/*');
  await press(page, 'Save');

  const site = await env.db.rumSite.findFirstOrThrow({ where: { teamId } });
  assert.equal(new URL(page.url()).pathname, `/app/rum/${site.id}`);
  assert.deepEqual(site.origins, ['https://shop.example.com', 'https://www.example.com']);
  assert.equal(site.sampleRate, 0.5);
  assert.deepEqual(site.pageGroups, [
    { name: 'reviews', pattern: '/products/*/reviews' },
    { name: 'products', pattern: '/products/*' },
  ]);
  assert.equal(site.keepQueryStrings, true);
  assert.deepEqual(site.budgets, { lcp_ms: 2500 });

  const snippet = await page.$eval('[data-testid="rum-snippet"]', (c) => c.textContent);
  assert.equal(
    snippet,
    `<script async src="${PUBLIC}/rum/v1/beacon.js" data-site="${site.siteKey}" data-sample="0.5" data-query="keep"></script>`,
  );
  assert.match(await main(page), /Paste this line before <\/head> on every page/);
  // The dashboard's script shows the Copy button.
  assert.equal(
    await page.$eval('button[data-copy="rum-snippet"]', (b) => (b as unknown as { hidden: boolean }).hidden),
    false,
  );
  assert.match(await page.$eval('[data-testid="rum-empty"]', (e) => e.textContent!), /No beacon from Shop has arrived/);
  assert.deepEqual(await axeAtBothWidths(page, 'rum-site'), []);

  await page.goto(`${base}/rum`);
  const rows = await page.$$eval('tbody tr', (trs) =>
    trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())),
  );
  assert.deepEqual(rows, [['Shop', 'https://shop.example.com, https://www.example.com', '0.5', '2']]);
  assert.deepEqual(await axeAtBothWidths(page, 'rum-sites'), []);
  await page.goto(`${base}/rum/new`);
  assert.deepEqual(await axeAtBothWidths(page, 'rum-site-new'), []);
});

test('an edit keeps the key; a bad origin is refused naming the field; Delete asks first', async () => {
  const site = await env.db.rumSite.findFirstOrThrow({ where: { teamId, deletedAt: null } });
  await page.goto(`${base}/rum/${site.id}`);
  await setText(page, 'origins', 'https://shop.example.com/checkout');
  await press(page, 'Save');
  assert.equal(await page.$eval('#origins', (t) => t.getAttribute('aria-invalid')), 'true');
  assert.match(await main(page), /origins\.0 must not have a path/);
  await setText(page, 'origins', 'https://shop.example.com');
  await fill(page, 'Sample rate (the share of page views measured, above 0 up to 1)', '1');
  await press(page, 'Save');
  const changed = await env.db.rumSite.findUniqueOrThrow({ where: { id: site.id } });
  assert.deepEqual(
    [changed.origins, changed.sampleRate, changed.siteKey],
    [['https://shop.example.com'], 1, site.siteKey],
  );

  await press(page, 'Delete');
  assert.match(await main(page), /beacons with its key are refused/);
  assert.equal(
    (await env.db.rumSite.findUniqueOrThrow({ where: { id: site.id } })).deletedAt,
    null,
    'asking changed nothing',
  );
  await press(page, 'Delete the site');
  assert.equal(new URL(page.url()).pathname, '/app/rum');
  assert.ok((await env.db.rumSite.findUniqueOrThrow({ where: { id: site.id } })).deletedAt);
  await page.goto(`${base}/audit-log`);
  assert.match(await main(page), /deleted the real-user monitoring site rum_site\.deletedShop \(deleted\)/);
});

test('a viewer sees the sites and a snippet, and no form', async () => {
  await page.goto(`${base}/rum/new`);
  await fill(page, 'Name', 'Blog');
  await setText(page, 'origins', 'https://blog.example.com');
  await press(page, 'Save');
  const site = await env.db.rumSite.findFirstOrThrow({ where: { teamId, name: 'Blog' } });
  const { page: viewer } = await signedIn(browser, base, VIEWER);
  await viewer.goto(`${base}/rum`);
  assert.equal(await viewer.$('a ::-p-text(Add a site)'), null);
  await viewer.goto(`${base}/rum/${site.id}`);
  assert.match(await viewer.$eval('[data-testid="rum-snippet"]', (c) => c.textContent!), new RegExp(site.siteKey));
  assert.equal(await viewer.$('form[action$="/delete"]'), null);
  assert.equal(await viewer.$('#name'), null);
  const refused = await viewer.goto(`${base}/rum/new`);
  assert.equal(refused!.status(), 403);
});
