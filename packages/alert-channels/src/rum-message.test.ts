import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messageOf } from './alert-message.ts';
import { pagerDutyEvent } from './render/pagerduty.ts';
import { emailContent } from './render/email.ts';
import { slackBody } from './render/slack.ts';
import type { RumAlertBody } from './rum-message.ts';

const regressed: RumAlertBody = {
  event: 'rum.regressed',
  site: { id: 's1', name: 'Shop' },
  alert: { id: 'a1', reason: 'rating_worse', created_at: '2026-11-28T10:05:00.000Z' },
  metric: 'lcp_ms',
  p75: 4620,
  rating: 'poor',
  previous_rating: 'good',
  budget: null,
  over_budget: false,
  page_views: 12480,
  window: { from: '2026-11-28T09:05:00.000Z', to: '2026-11-28T10:05:00.000Z', minutes: 60 },
  deploy: {
    id: 'd1',
    environment: 'production',
    version: 'v2.14.0',
    commit: '9f2c1e7',
    url: null,
    created_at: '2026-11-28T10:00:00.000Z',
    dashboard_url: 'https://app.example.com/app/deploys/d1',
  },
  url: 'https://app.example.com/app/rum/s1',
};

test('rum.regressed in words: the metric, its p75, the rating move, the page views and the deploy', () => {
  const m = messageOf(regressed);
  assert.equal(m.title, 'Real users fare worse: Shop');
  assert.equal(
    m.summary,
    'Largest Contentful Paint (LCP) p75 went from good to poor: 4.62 s, over 12,480 page views in the last 60 min. After deploy v2.14.0 (production).',
  );
  assert.equal(m.severity, 'critical');
  assert.deepEqual(
    m.links.map((l) => l.url),
    ['https://app.example.com/app/rum/s1', 'https://app.example.com/app/deploys/d1'],
  );
  const mail = emailContent(m);
  assert.match(mail.subject, /Real users fare worse: Shop/);
  assert.match(mail.text, /Rating: good → poor/);
  assert.match(mail.text, /After deploy: v2\.14\.0 \(production\), 2026-11-28 10:00:00 UTC/);
  assert.match(JSON.stringify(slackBody(m)), /4\.62 s/);
});

test('a budget passed, and the recovery: worded, and PagerDuty resolves what it triggered', () => {
  const over = messageOf({
    ...regressed,
    alert: { ...regressed.alert, reason: 'over_budget' },
    p75: 2310,
    rating: 'good',
    previous_rating: 'good',
    budget: 2000,
    over_budget: true,
    deploy: undefined,
  });
  assert.equal(
    over.summary,
    "Largest Contentful Paint (LCP) p75 is 2.31 s, past the site's budget of 2.00 s (good), over 12,480 page views in the last 60 min.",
  );
  assert.equal(over.severity, 'warning');
  const back = messageOf({
    ...regressed,
    event: 'rum.recovered',
    alert: { ...regressed.alert, reason: 'recovered' },
    p75: 1800,
    rating: 'good',
    previous_rating: 'poor',
    deploy: undefined,
  });
  assert.equal(back.severity, 'resolved');
  assert.match(back.summary, /p75 is good again: 1\.80 s/);
  assert.equal(back.dedupKey, over.dedupKey);
  assert.equal(pagerDutyEvent(back, 'key', 'critical').event_action, 'resolve');
});
