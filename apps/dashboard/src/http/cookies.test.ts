import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import express from 'express';
import { dashboardEnv } from '../config.ts';
import { setSessionCookie } from './cookies.ts';

/** The Set-Cookie header a real Express response carries for a dashboard at `base`. */
async function setCookieFor(base: string): Promise<string> {
  const config = dashboardEnv.parse({
    DATABASE_URL: 'postgres://x@127.0.0.1/x',
    REDIS_URL: 'redis://127.0.0.1:6379',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    DASHBOARD_BASE_URL: base,
  });
  const app = express().get('/', (_req, res) => {
    setSessionCookie(res, config, 'a-token');
    res.end();
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return res.headers.get('set-cookie') ?? '';
  } finally {
    server.close();
  }
}

test('over https the session cookie is __Host-prefixed, Secure, for the whole host, HttpOnly and SameSite=Lax', async () => {
  const cookie = await setCookieFor('https://pageprobe.example/app');
  assert.match(cookie, /^__Host-pp_session=a-token; /);
  for (const flag of ['Path=/;', 'HttpOnly', 'SameSite=Lax', 'Secure', 'Max-Age=2592000']) {
    assert.ok(cookie.includes(flag), `${flag} in ${cookie}`);
  }
  assert.doesNotMatch(cookie, /Domain=/i, '__Host- cookies name no domain');
});

test('over http (local) it has no prefix and no Secure, and stays on the dashboard path', async () => {
  const cookie = await setCookieFor('http://127.0.0.1:3001/app');
  assert.match(cookie, /^pp_session=a-token; Path=\/app; HttpOnly; SameSite=Lax; Max-Age=/);
  assert.doesNotMatch(cookie, /Secure/);
});
