import assert from 'node:assert/strict';
import { test } from 'node:test';
import { durationWords, windowSentence } from './window-words.ts';

const recurring = (rrule: string, starts_at: string, duration_minutes: number, time_zone: string) =>
  windowSentence({ rrule, starts_at, ends_at: null, duration_minutes, time_zone });

test('a recurring window says how often, at what time, for how long and in which zone', () => {
  // 01:00 UTC in winter is 02:00 in Berlin: the time of day is the zone's.
  assert.equal(
    recurring('FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-12-01T01:00:00Z', 60, 'Europe/Berlin'),
    'Every weekday at 02:00 for 1 hour, Europe/Berlin',
  );
  assert.equal(recurring('FREQ=DAILY', '2026-12-01T03:30:00Z', 30, 'UTC'), 'Every day at 03:30 for 30 minutes, UTC');
  assert.equal(
    recurring('FREQ=WEEKLY;BYDAY=SA,SU', '2026-12-05T22:00:00Z', 90, 'UTC'),
    'Every week on Saturday, Sunday at 22:00 for 1 hour 30 minutes, UTC',
  );
  assert.equal(
    recurring('FREQ=MONTHLY;BYMONTHDAY=15', '2026-12-15T04:00:00Z', 120, 'UTC'),
    'Every month on the 15th at 04:00 for 2 hours, UTC',
  );
  assert.equal(
    recurring('FREQ=MONTHLY;BYDAY=-1FR', '2026-12-25T18:00:00Z', 1440, 'UTC'),
    'Every month on the last Friday at 18:00 for 1 day, UTC',
  );
});

test('COUNT and UNTIL end the sentence', () => {
  assert.equal(
    recurring('FREQ=DAILY;COUNT=5', '2026-12-01T03:30:00Z', 30, 'UTC'),
    'Every day at 03:30 for 30 minutes, UTC, 5 times from 1 Dec 2026',
  );
  assert.equal(
    recurring('FREQ=WEEKLY;BYDAY=MO;UNTIL=20270131T000000Z', '2026-12-07T09:00:00Z', 15, 'America/New_York'),
    'Every week on Monday at 04:00 for 15 minutes, America/New_York, until 31 Jan 2027',
  );
});

test('hours and minutes the rule names are the times of day', () => {
  assert.equal(
    recurring('FREQ=DAILY;BYHOUR=2,14', '2026-12-01T00:00:00Z', 60, 'UTC'),
    'Every day at 02:00 and 14:00 for 1 hour, UTC',
  );
  assert.equal(
    recurring('FREQ=HOURLY;INTERVAL=6', '2026-12-01T00:15:00Z', 10, 'UTC'),
    'Every 6 hours from 00:15 for 10 minutes, UTC',
  );
});

test('a one-off window says once, on which day, at what time, for how long', () => {
  assert.equal(
    windowSentence({
      rrule: null,
      starts_at: '2026-12-03T02:00:00Z',
      ends_at: '2026-12-03T02:30:00Z',
      duration_minutes: null,
      time_zone: 'UTC',
    }),
    'Once, on 3 Dec 2026 at 02:00 for 30 minutes, UTC',
  );
  assert.equal(durationWords(10080), '7 days');
  assert.equal(durationWords(61), '1 hour 1 minute');
});
