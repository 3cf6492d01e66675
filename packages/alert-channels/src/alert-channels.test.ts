import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jobs } from '@pageprobe/jobs';
import type { AlertBody } from './alert-body.ts';
import { messageOf } from './alert-message.ts';
import { retryAfterMs } from './attempt.ts';
import { discordBody } from './render/discord.ts';
import { pagerDutyEvent } from './render/pagerduty.ts';
import { slackBody, slackEscape } from './render/slack.ts';
import { alertRetryDelay, classifyAlert, DEFAULT_ALERT_RETRY_BASE_MS } from './retry-policy.ts';

const down: AlertBody = {
  event: 'monitor.down',
  monitor: {
    id: 'm1',
    url: 'https://shop.example/<b>',
    type: 'uptime',
    status: 'active',
    interval_seconds: 60,
    report_url: 'https://pageprobe.example/reports/monitors/tok',
  },
  alert: {
    id: 'a1',
    reason: 'http_error',
    created_at: '2026-11-24T09:00:00.000Z',
    details: {
      consecutive_failures: 2,
      message: 'The server failed with an error (HTTP 500). The check took 141 ms.',
      advice: { what: 'The server failed with an error (HTTP 500).', try: 'Check the server’s error log.' },
      check: {
        status_code: 500,
        total_ms: 141,
        timings_ms: { dns: 2, connect: 18, tls: 31, first_byte: 84, download: 6, total: 141 },
      },
    },
  },
  incident: { started_at: '2026-11-24T08:59:00.000Z', ended_at: null },
  test: null,
};

test('alerts retry over about 30 minutes: 7 tries, waits doubling from 30 s; a Retry-After wins, up to an hour', () => {
  assert.equal(jobs.alert.attempts, 7);
  const waits = [1, 2, 3, 4, 5, 6].map((n) => alertRetryDelay(n, DEFAULT_ALERT_RETRY_BASE_MS));
  assert.deepEqual(waits, [30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
  assert.equal(
    waits.reduce((a, b) => a + b),
    31.5 * 60_000,
    'the last try 31.5 min after the first',
  );
  assert.equal(alertRetryDelay(1, DEFAULT_ALERT_RETRY_BASE_MS, 5_000), 5_000);
  assert.equal(alertRetryDelay(1, DEFAULT_ALERT_RETRY_BASE_MS, 10 * 3_600_000), 3_600_000);
});

test('Retry-After in seconds or as an HTTP date', () => {
  assert.equal(retryAfterMs('7'), 7000);
  assert.equal(retryAfterMs('Tue, 24 Nov 2026 09:00:30 GMT', Date.parse('2026-11-24T09:00:00Z')), 30_000);
  assert.equal(retryAfterMs('soon'), null);
  assert.equal(retryAfterMs(undefined), null);
});

test('what is retried: no answer, 5xx, 429, 408 and SMTP 4xx; not 4xx, SMTP 5xx or a refused address', () => {
  const r = (statusCode: number | null, blocked = false) => ({
    startedAt: new Date(),
    durationMs: 1,
    statusCode,
    error: null,
    blocked,
    responseSnippet: null,
    retryAfterMs: null,
  });
  assert.equal(classifyAlert(r(204), 'http'), 'delivered');
  for (const s of [500, 503, 429, 408, null]) assert.equal(classifyAlert(r(s), 'http'), 'retry', String(s));
  for (const s of [400, 404, 410, 301]) assert.equal(classifyAlert(r(s), 'http'), 'final', String(s));
  assert.equal(classifyAlert(r(null, true), 'http'), 'final');
  assert.equal(classifyAlert(r(250), 'smtp'), 'delivered');
  assert.equal(classifyAlert(r(451), 'smtp'), 'retry');
  assert.equal(classifyAlert(r(550), 'smtp'), 'final');
});

test('a monitor.down in words: what, when, the timings, what to try, and the incident key', () => {
  const message = messageOf(down);
  assert.equal(message.severity, 'critical');
  assert.equal(message.title, 'Down: https://shop.example/<b>');
  assert.equal(message.summary, down.alert.details.message);
  const facts = Object.fromEntries(message.facts.map((f) => [f.label, f.value]));
  assert.equal(facts.When, '2026-11-24 09:00:00 UTC');
  assert.equal(facts['HTTP status'], '500');
  assert.equal(facts.Timings, 'DNS 2 ms · connect 18 ms · TLS 31 ms · first byte 84 ms · download 6 ms · total 141 ms');
  assert.equal(facts['What to try'], 'Check the server’s error log.');
  assert.equal(facts['Down since'], '2026-11-24 08:59:00 UTC');
  assert.deepEqual(message.links[0], { text: 'Monitor page', url: down.monitor.report_url });
  const recovered = messageOf({
    ...down,
    event: 'monitor.recovered',
    alert: { ...down.alert, id: 'a2', reason: 'check_passed', details: { after_failures: 3 } },
    incident: { started_at: '2026-11-24T08:59:00.000Z', ended_at: '2026-11-24T09:14:00.000Z' },
  });
  assert.equal(recovered.summary, 'https://shop.example/<b> is up again after 15 min.');
  assert.equal(recovered.dedupKey, message.dedupKey, 'the incident’s start is its key');
  const regressed = messageOf({ ...down, event: 'monitor.regressed', incident: null });
  assert.notEqual(regressed.dedupKey, message.dedupKey);
});

test('Slack text from a site cannot make links or mentions; PagerDuty resolves by key alone', () => {
  assert.equal(slackEscape('<!channel> & <https://x|y>'), '&lt;!channel&gt; &amp; &lt;https://x|y&gt;');
  const slack = slackBody(messageOf(down));
  const mrkdwn = [slack.text, ...slack.blocks.filter((b) => b.type !== 'header').map((b) => JSON.stringify(b))];
  assert.ok(
    mrkdwn.every((t) => !t.includes('/<b>')),
    'the URL’s < and > are escaped wherever Slack reads mrkdwn (a header is plain text)',
  );
  const resolve = pagerDutyEvent(
    messageOf({ ...down, event: 'monitor.recovered', alert: { ...down.alert, reason: 'check_passed' } }),
    'key',
    'critical',
  );
  assert.deepEqual(Object.keys(resolve).sort(), ['dedup_key', 'event_action', 'routing_key']);
  assert.equal(pagerDutyEvent(messageOf(down), 'key', 'error').payload?.severity, 'error');
});

test('long values are cut to the vendors’ limits, with an ellipsis', () => {
  const long = { ...down, alert: { ...down.alert, details: { message: 'x'.repeat(10_000) } } };
  const embed = discordBody(messageOf(long)).embeds![0]!;
  assert.ok(embed.description!.length <= 4096);
  assert.ok(embed.description!.includes('…'));
  const slack = slackBody(messageOf(long));
  assert.ok(slack.text.length <= 3000);
});

test('a monitor.field_regressed in words: the metric from one category to the next, with figures and period', () => {
  const field: AlertBody = {
    ...down,
    event: 'monitor.field_regressed',
    monitor: { ...down.monitor, type: 'lighthouse', url: 'https://shop.example/' },
    alert: {
      id: 'a3',
      reason: 'field_category_worse',
      created_at: '2026-11-24T09:00:00.000Z',
      details: {
        metric: 'inp',
        from: 'good',
        to: 'needs_improvement',
        p75: 240,
        previous_p75: 180,
        collection_period: { first_date: '2026-10-26', last_date: '2026-11-22' },
        previous_period: { first_date: '2026-10-25', last_date: '2026-11-21' },
        scope: 'url',
        form_factor: 'PHONE',
        message:
          'INP p75 went from good (180 ms) to needs improvement (240 ms) for real users, period 2026-10-26 to 2026-11-22.',
      },
    },
    incident: null,
  };
  const message = messageOf(field);
  assert.equal(message.severity, 'warning');
  assert.equal(message.title, 'Real users fare worse: https://shop.example/');
  assert.equal(message.summary, field.alert.details.message);
  const facts = Object.fromEntries(message.facts.map((f) => [f.label, f.value]));
  assert.equal(facts['Collection period'], '2026-10-26 to 2026-11-22');
  assert.equal(facts['Field data'], "the page's own, Chrome users on phones");
  assert.match(slackBody(message).text, /INP p75 went from good \(180 ms\) to needs improvement \(240 ms\)/);
  // A body without the sentence still says it in words.
  const bare = messageOf({ ...field, alert: { ...field.alert, details: { ...field.alert.details, message: null } } });
  assert.equal(bare.summary, 'INP p75 went from good to needs improvement for real users.');
});

test('an alert names its monitor and links to its page in the dashboard; a private page is not linked', () => {
  const named: AlertBody = {
    ...down,
    monitor: {
      ...down.monitor,
      name: 'Shop checkout',
      dashboard_url: 'https://pageprobe.example/app/monitors/m1',
      public_page: true,
    },
  };
  const message = messageOf(named);
  assert.equal(message.title, 'Down: Shop checkout');
  const facts = Object.fromEntries(message.facts.map((f) => [f.label, f.value]));
  assert.deepEqual([facts.Monitor, facts.Target], ['Shop checkout', 'https://shop.example/<b>']);
  assert.deepEqual(message.links, [
    { text: 'Monitor page', url: named.monitor.report_url },
    { text: 'Open in the dashboard', url: 'https://pageprobe.example/app/monitors/m1' },
  ]);
  const hidden = messageOf({ ...named, monitor: { ...named.monitor, public_page: false } });
  assert.deepEqual(
    hidden.links.map((l) => l.url),
    ['https://pageprobe.example/app/monitors/m1'],
  );
  // A heartbeat's URL is a placeholder: its name alone, no target.
  const beat = messageOf({
    ...named,
    monitor: { ...named.monitor, type: 'heartbeat', url: 'heartbeat:0191f3b0', name: 'Nightly backup' },
  });
  assert.equal(beat.title, 'Down: Nightly backup');
  assert.equal(
    beat.facts.find((f) => f.label === 'Target'),
    undefined,
  );
});
