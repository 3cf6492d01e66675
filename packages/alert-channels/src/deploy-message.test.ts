import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messageOf } from './alert-message.ts';
import type { DeployCheckedBody } from './deploy-message.ts';

const body: DeployCheckedBody = {
  event: 'deploy.checked',
  deploy: {
    id: 'd1',
    environment: 'production',
    version: 'v2',
    commit: 'e4f5a6b',
    url: 'https://shop.example.com/',
    status: 'regressed',
    created_at: '2026-11-28T10:00:00.000Z',
    checked_at: '2026-11-28T10:01:00.000Z',
    dashboard_url: 'https://app.example.com/app/deploys/d1',
  },
  checks: [
    {
      monitor_id: 'm1',
      monitor_name: 'Shop',
      verdict: 'regressed',
      reason: null,
      worse: [{ figure: 'vitals.lcp_ms', base: 1210, head: 3480 }],
      dashboard_url: 'https://app.example.com/app/monitors/m1',
      compare_url: 'https://api.example.com/reports/a/compare/b',
    },
  ],
};

test('deploy.checked in words: the version and its verdict, and what got worse as people name it', () => {
  const m = messageOf(body);
  assert.equal(m.title, 'Deploy v2 (production) regressed');
  assert.equal(m.severity, 'warning');
  assert.match(m.summary, /^Shop: regressed, Largest Contentful Paint \(LCP\) 1\.21 s → 3\.48 s$/);
  assert.deepEqual(
    m.links.map((l) => l.text),
    ['The deploy', 'Before and after: Shop'],
  );
  assert.deepEqual(m.facts.slice(0, 2), [
    { label: 'Version', value: 'v2' },
    { label: 'Environment', value: 'production' },
  ]);
  const failed = messageOf({ ...body, deploy: { ...body.deploy, status: 'failed' } });
  assert.equal(failed.severity, 'critical');
});

test('an alert after a deploy names it: the After deploy fact, and a link to its runs before and after', () => {
  const m = messageOf({
    event: 'monitor.down',
    monitor: {
      id: 'm1',
      url: 'https://shop.example.com/',
      type: 'uptime',
      status: 'active',
      interval_seconds: 60,
      report_url: 'https://pageprobe.example/reports/monitors/tok',
    },
    alert: { id: 'a1', reason: 'http_error', created_at: '2026-11-28T10:02:00.000Z', details: {} },
    incident: null,
    test: null,
    deploy: {
      id: 'd1',
      environment: 'production',
      version: 'v2',
      created_at: '2026-11-28T10:00:00.000Z',
      dashboard_url: 'https://app.example.com/app/deploys/d1',
      compare_url: null,
    },
  });
  assert.deepEqual(
    m.facts.find((f) => f.label === 'After deploy'),
    { label: 'After deploy', value: 'v2 (production), 2026-11-28 10:00:00 UTC' },
  );
  assert.deepEqual(m.links.at(-1), { text: 'Deploy v2', url: 'https://app.example.com/app/deploys/d1' });
});
