// Issue 28 item 13: a viewport is bounded by the device pixels Chromium must paint (width × height ×
// device_scale_factor²), not only by each side: POST /tests and POST /monitors refuse more than the cap
// with 400 validation_failed naming viewport, and take it at the cap. No browser worker here: the
// lighthouse test accepted below stays queued.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MAX_VIEWPORT_DEVICE_PIXELS } from '@pageprobe/test-kinds';
import { startApiInProcess } from '../support/api-in-process.ts';
import { assertProblem, call } from '../support/http.ts';
import { startServer } from '../support/servers.ts';
import { teamWithKey } from '../support/teams.ts';
import { createTestEnv } from '../support/test-env.ts';

const env = await createTestEnv();
const { origin } = await startApiInProcess(env, { ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_WRITES_PER_MIN: '1000' });
const target = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'));
const { key, teamId } = await teamWithKey(env, { plan: 'pro', credits: 10 });
const api = `${origin}/api/v1`;
const body = (viewport: Record<string, number>) => ({ url: `${target.url}/`, type: 'lighthouse', viewport });

test('a viewport past the device-pixel cap is 400 naming viewport, on tests and monitors; at the cap it is accepted', async () => {
  assert.equal(MAX_VIEWPORT_DEVICE_PIXELS, 4000 * 8000);
  // Each side within its own bounds, which alone allowed a 16,000 × 32,000 surface.
  for (const viewport of [
    { width: 4000, height: 8000, device_scale_factor: 4 },
    { width: 4000, height: 8000, device_scale_factor: 1.01 },
    { width: 2000, height: 4001, device_scale_factor: 2 },
  ]) {
    for (const path of ['tests', 'monitors']) {
      const extra = path === 'monitors' ? { interval_seconds: 3600 } : {};
      const res = await call(`${api}/${path}`, { method: 'POST', token: key, body: { ...body(viewport), ...extra } });
      assertProblem(res, 400, 'validation_failed');
      assert.match(JSON.stringify(res.body), /body\.viewport/, JSON.stringify(viewport));
      assert.match(String(res.body.detail), /device pixels/);
    }
  }
  assert.equal(await env.db.test.count({ where: { teamId } }), 0, 'nothing stored or spent');
  for (const viewport of [
    { width: 4000, height: 8000, device_scale_factor: 1 },
    { width: 2000, height: 4000, device_scale_factor: 2 },
  ]) {
    const res = await call(`${api}/tests`, { method: 'POST', token: key, body: body(viewport) });
    assert.equal(res.status, 202, JSON.stringify(res.body));
  }
});
