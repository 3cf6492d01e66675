import assert from 'node:assert/strict';
import { test } from 'node:test';
import { applyPreset, windowBody, windowValues } from './window-form.ts';

test('the weekday preset fills the RRULE, the time, the length and the zone; the others the RRULE alone', () => {
  const v = applyPreset({ preset: 'weekdays-berlin', start_date: '2026-03-02', name: 'Deploys' });
  assert.deepEqual(
    [v.kind, v.rrule, v.start_time, v.duration_minutes, v.time_zone, v.name],
    ['recurring', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '02:00', '60', 'Europe/Berlin', 'Deploys'],
  );
  assert.equal(applyPreset({ preset: 'weekly', weekday: 'WE' }).rrule, 'FREQ=WEEKLY;BYDAY=WE');
  assert.equal(applyPreset({ preset: 'weekly', weekday: 'XX' }).rrule, 'FREQ=WEEKLY;BYDAY=SU');
  assert.equal(applyPreset({ preset: 'monthly', monthday: '40' }).rrule, 'FREQ=MONTHLY;BYMONTHDAY=31');
  assert.equal(applyPreset({ preset: 'daily', start_time: '04:30' }).rrule, 'FREQ=DAILY');
});

test("the form's wall-clock start is the instant it names in the zone (summer and winter), and back", () => {
  const values = {
    name: 'W',
    kind: 'recurring',
    start_date: '2026-07-01',
    start_time: '02:00',
    time_zone: 'Europe/Berlin',
    rrule: 'FREQ=DAILY',
    duration_minutes: '60',
  };
  const body = windowBody(values, ['m'], false);
  assert.equal(body.starts_at, '2026-07-01T00:00:00.000Z');
  assert.equal(windowBody({ ...values, start_date: '2026-01-15' }, [], false).starts_at, '2026-01-15T01:00:00.000Z');
  assert.deepEqual([body.duration_minutes, body.ends_at, body.monitors], [60, undefined, ['m']]);
  // An update turns a recurring window's once-fields off (null), and the reverse.
  assert.equal(windowBody(values, [], true).ends_at, null);
  const once = windowBody({ ...values, kind: 'once', end_date: '2026-07-01', end_time: '04:00' }, [], true);
  assert.deepEqual([once.ends_at, once.rrule, once.duration_minutes], ['2026-07-01T02:00:00.000Z', null, null]);
  const back = windowValues({
    name: 'W',
    starts_at: body.starts_at as string,
    ends_at: null,
    rrule: 'FREQ=DAILY',
    duration_minutes: 60,
    time_zone: 'Europe/Berlin',
    tags: [],
  });
  assert.deepEqual([back.start_date, back.start_time, back.kind], ['2026-07-01', '02:00', 'recurring']);
});
