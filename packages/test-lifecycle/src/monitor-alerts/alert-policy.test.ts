import assert from 'node:assert/strict';
import { test } from 'node:test';
import { planAlerts } from './alert-policy.ts';
import type { AlertToRaise } from './raise-alert.ts';

const t = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9, minutes));
const down: AlertToRaise = { event: 'monitor.down', reason: 'http_error', details: {} };
const recovered: AlertToRaise = { event: 'monitor.recovered', reason: 'check_passed', details: {} };
const window = { id: 'w1', name: 'deploys', occurrence: { start: t(0), end: t(30) } };
const state = (s: Partial<Parameters<typeof planAlerts>[0]> = {}) => ({
  down: false,
  downAlertedAt: null,
  remindEveryMinutes: null,
  consecutiveFailures: 0,
  ...s,
});
const fates = (r: ReturnType<typeof planAlerts>) => r.alerts.map((a) => [a.event, a.reason, a.held?.reason ?? 'sent']);

test('outside maintenance a down is sent and remembered; its recovery is sent and forgets it', () => {
  const first = planAlerts(state({ down: true, consecutiveFailures: 2 }), [down], { maintenance: null, at: t(1) });
  assert.deepEqual(fates(first), [['monitor.down', 'http_error', 'sent']]);
  assert.deepEqual(first.downAlertedAt, t(1));
  const back = planAlerts(state({ downAlertedAt: t(1) }), [recovered], { maintenance: null, at: t(5) });
  assert.deepEqual(fates(back), [['monitor.recovered', 'check_passed', 'sent']]);
  assert.equal(back.downAlertedAt, null);
});

test('during maintenance every alert is held; afterwards a monitor still down gets its monitor.down once', () => {
  const held = planAlerts(state({ down: true, consecutiveFailures: 1 }), [down], { maintenance: window, at: t(10) });
  assert.deepEqual(fates(held), [['monitor.down', 'http_error', 'maintenance']]);
  assert.equal(
    held.alerts[0]!.held?.reason === 'maintenance' && held.alerts[0]!.held.window.ends_at,
    t(30).toISOString(),
  );
  assert.equal(held.downAlertedAt, null, 'a held down was not told');
  const quiet = planAlerts(state({ down: true }), [], { maintenance: window, at: t(20) });
  assert.deepEqual(fates(quiet), [], 'nothing while the window lasts');
  const after = planAlerts(state({ down: true, consecutiveFailures: 30 }), [], { maintenance: null, at: t(31) });
  assert.deepEqual(fates(after), [['monitor.down', 'still_down', 'sent']]);
  assert.deepEqual(after.downAlertedAt, t(31));
  assert.deepEqual(
    fates(planAlerts(state({ down: true, downAlertedAt: t(31) }), [], { maintenance: null, at: t(32) })),
    [],
  );
});

test('a recovery whose down was held is recorded, not sent; one during maintenance after a sent down is told afterwards', () => {
  const unsent = planAlerts(state(), [recovered], { maintenance: null, at: t(31) });
  assert.deepEqual(fates(unsent), [['monitor.recovered', 'check_passed', 'down_not_sent']]);
  const during = planAlerts(state({ downAlertedAt: t(1) }), [recovered], { maintenance: window, at: t(10) });
  assert.deepEqual(fates(during), [['monitor.recovered', 'check_passed', 'maintenance']]);
  assert.deepEqual(during.downAlertedAt, t(1), 'still owed');
  const told = planAlerts(state({ downAlertedAt: t(1) }), [], { maintenance: null, at: t(31) });
  assert.deepEqual(fates(told), [['monitor.recovered', 'recovered_during_maintenance', 'sent']]);
  assert.equal(told.downAlertedAt, null);
});

test('reminders come every remind_every_minutes while down, not before', () => {
  const s = (downAlertedAt: Date) =>
    state({ down: true, downAlertedAt, remindEveryMinutes: 15, consecutiveFailures: 9 });
  assert.deepEqual(fates(planAlerts(s(t(0)), [], { maintenance: null, at: t(14) })), []);
  const due = planAlerts(s(t(0)), [], { maintenance: null, at: t(15) });
  assert.deepEqual(fates(due), [['monitor.down', 'still_down', 'sent']]);
  assert.equal(due.alerts[0]!.details.reminder, true);
  assert.deepEqual(due.downAlertedAt, t(15), 'the next one counts from this one');
  assert.deepEqual(fates(planAlerts(s(t(15)), [], { maintenance: null, at: t(29) })), []);
  assert.deepEqual(fates(planAlerts(s(t(15)), [], { maintenance: window, at: t(29) })), [], 'none during maintenance');
  assert.deepEqual(
    fates(planAlerts(state({ down: true, downAlertedAt: t(0) }), [], { maintenance: null, at: t(59) })),
    [],
    'none unless asked',
  );
});
