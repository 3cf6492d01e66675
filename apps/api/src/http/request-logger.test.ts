import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import { createLogger } from '@pageprobe/logger';
import express from 'express';
import { requestLogger } from './request-logger.ts';

/** The access-log lines an app with the request logger writes for these paths (every one a 404 here). */
async function loggedPaths(paths: string[]): Promise<string[]> {
  const lines: string[] = [];
  const app = express().use(requestLogger(createLogger({ name: 'api' }, { write: (l: string) => lines.push(l) })));
  app.use((_req, res) => res.sendStatus(404));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    for (const path of paths) await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
  } finally {
    server.close();
  }
  return lines.map((l) => (JSON.parse(l) as { path: string }).path);
}

test('the access log keeps a report route but none of its tokens, the compare report base token included', async () => {
  const head = 'hEaDtOkEn_0123456789abcdefghijklmnopqrstuvwx';
  const base = 'bAsEtOkEn_0123456789abcdefghijklmnopqrstuvwx';
  const paths = await loggedPaths([
    `/reports/${head}`,
    `/reports/${head}/compare/${base}?x=1`,
    `/reports/${head}/compare/${base}/`,
    `/REPORTS/${head}/Compare/${base}`,
    `/reports/${head}/artifacts/9b2f1c3e-0000-4000-8000-000000000000`,
    '/reports/assets/report-0123456789ab.css',
  ]);
  assert.deepEqual(paths, [
    '/reports/[token]',
    '/reports/[token]/compare/[token]',
    '/reports/[token]/compare/[token]/',
    '/REPORTS/[token]/Compare/[token]',
    '/reports/[token]/artifacts/9b2f1c3e-0000-4000-8000-000000000000',
    '/reports/assets/report-0123456789ab.css',
  ]);
  for (const path of paths) assert.ok(!path.includes('tOkEn'), `a token reached the log: ${path}`);
});

test("every token route is logged without its token: monitor pages, badges, pings, subscribers' links, and misspelt or encoded ones", async () => {
  const token = 'mOnItOrtOkEn_0123456789abcdefghijklmnopqrstu';
  const paths = await loggedPaths([
    `/reports/monitors/${token}`,
    `/reports/monitors/${token}?range=30d`,
    `/Reports/Monitors/${token}/`,
    `/badges/${token}/status.svg`,
    `/badges/${token}/uptime-24h.svg`,
    `/BADGES/${token}/response-time.svg`,
    `/ping/${token}`,
    `/ping/${token}/start`,
    `/ping/${token}/3`,
    `/confirm-email/${token}`,
    `//reports/monitors/${token}`,
    `/reports/%6Donitors/${token}`,
    `/badges/${token.slice(0, 10)}%2F${token.slice(10)}/status.svg`,
    `/reports/${token}/compare/${token}/extra/${token}`,
    `/status/acme`,
    `/status/acme/subscription/${token}`,
    `/status/acme/Subscription/${token}/unsubscribe`,
    `/status/acme/subscription/${token}/${token}`,
    `/reports/monitors/${token}/report`,
    `/api/v1/monitors/9b2f1c3e-0000-4000-8000-000000000000`,
  ]);
  assert.deepEqual(paths, [
    '/reports/monitors/[token]',
    '/reports/monitors/[token]',
    '/Reports/Monitors/[token]/',
    '/badges/[token]/status.svg',
    '/badges/[token]/uptime-24h.svg',
    '/BADGES/[token]/response-time.svg',
    '/ping/[token]',
    '/ping/[token]/start',
    '/ping/[token]/3',
    '/confirm-email/[token]',
    '//reports/monitors/[token]',
    '/reports/[token]/[token]',
    '/badges/[token]/status.svg',
    '/reports/[token]/compare/[token]/[token]/[token]',
    '/status/acme',
    '/status/acme/subscription/[token]',
    '/status/acme/Subscription/[token]/unsubscribe',
    '/status/acme/subscription/[token]/[token]',
    '/reports/monitors/[token]/report',
    '/api/v1/monitors/9b2f1c3e-0000-4000-8000-000000000000',
  ]);
  for (const path of paths) assert.ok(!path.includes('tOkEn'), `a token reached the log: ${path}`);
});
