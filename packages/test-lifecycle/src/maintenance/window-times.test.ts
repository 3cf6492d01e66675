import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ruleProblem } from './rule-grammar.ts';
import { planWindow } from './window-plan.ts';
import { nextOccurrences, occurrenceAt, type PlannedWindow, type WindowSpec } from './window-times.ts';
import { wallToInstant, zoneOffsetMs } from './zone-time.ts';

// Paris leaves CET (+1) for CEST (+2) at 02:00 on 29 March 2026, and goes back at 03:00 on 25 October.
const paris = (daily: string, minutes: number, first = '2026-03-27T01:00:00Z'): WindowSpec => ({
  startsAt: new Date(first),
  endsAt: null,
  rrule: daily,
  durationMinutes: minutes,
  timeZone: 'Europe/Paris',
});
const at = (iso: string) => new Date(iso);

/** The window with its occurrences computed as a write computes them, at `now` (its first start by default). */
async function planned(spec: WindowSpec, now = spec.startsAt): Promise<PlannedWindow> {
  const plan = await planWindow(spec, now);
  assert.equal(plan.problem, undefined);
  return { ...spec, ...plan.columns! };
}

test('wall-clock times become instants by RFC 5545: the skipped hour moves forward, the repeated hour is the first', () => {
  const wall = (iso: string) => Date.parse(`${iso}Z`);
  assert.equal(
    new Date(wallToInstant('Europe/Paris', wall('2026-03-28T02:00:00'))).toISOString(),
    '2026-03-28T01:00:00.000Z',
  );
  assert.equal(
    new Date(wallToInstant('Europe/Paris', wall('2026-03-29T02:30:00'))).toISOString(),
    '2026-03-29T01:30:00.000Z',
  );
  assert.equal(
    new Date(wallToInstant('Europe/Paris', wall('2026-03-30T02:00:00'))).toISOString(),
    '2026-03-30T00:00:00.000Z',
  );
  assert.equal(
    new Date(wallToInstant('Europe/Paris', wall('2026-10-25T02:30:00'))).toISOString(),
    '2026-10-25T00:30:00.000Z',
  );
  assert.equal(zoneOffsetMs('America/New_York', Date.parse('2026-07-01T12:00:00Z')), -4 * 3600_000);
});

test('a daily 02:00 Paris window for an hour holds at 02:00 local on each side of the spring change', async () => {
  const spec = await planned(paris('FREQ=DAILY', 60));
  // 28 March, CET: 01:00Z to 02:00Z.
  assert.ok(occurrenceAt(spec, at('2026-03-28T01:30:00Z')));
  assert.equal(occurrenceAt(spec, at('2026-03-28T02:10:00Z')), null);
  // 29 March: 02:00 does not exist; the window starts at 03:00 CEST (01:00Z) and runs an hour.
  assert.deepEqual(occurrenceAt(spec, at('2026-03-29T01:15:00Z')), {
    start: at('2026-03-29T01:00:00Z'),
    end: at('2026-03-29T02:00:00Z'),
  });
  assert.equal(occurrenceAt(spec, at('2026-03-29T00:30:00Z')), null);
  // 30 March, CEST: 00:00Z to 01:00Z. The same UTC moment as the day before is outside now.
  assert.ok(occurrenceAt(spec, at('2026-03-30T00:30:00Z')));
  assert.equal(occurrenceAt(spec, at('2026-03-30T01:30:00Z')), null);
  assert.equal(occurrenceAt(spec, at('2026-03-26T01:30:00Z')), null, 'nothing before its first start');
});

test('the autumn change: a window at 02:30 local happens once, in the first (summer) hour', async () => {
  const spec = await planned(paris('FREQ=DAILY', 30, '2026-10-20T00:30:00Z'), at('2026-10-24T12:00:00Z'));
  assert.deepEqual(nextOccurrences(spec, at('2026-10-24T12:00:00Z'), 3), [
    { start: at('2026-10-25T00:30:00Z'), end: at('2026-10-25T01:00:00Z') },
    { start: at('2026-10-26T01:30:00Z'), end: at('2026-10-26T02:00:00Z') },
    { start: at('2026-10-27T01:30:00Z'), end: at('2026-10-27T02:00:00Z') },
  ]);
});

test('weekly windows, one-off windows, and rules refused', async () => {
  const sundays = await planned(paris('FREQ=WEEKLY;BYDAY=SU', 120, '2026-11-01T02:00:00Z'), at('2026-11-20T00:00:00Z'));
  assert.ok(occurrenceAt(sundays, at('2026-11-22T03:00:00Z')));
  assert.equal(occurrenceAt(sundays, at('2026-11-23T03:00:00Z')), null);
  const once = await planned({
    startsAt: at('2026-11-24T10:00:00Z'),
    endsAt: at('2026-11-24T11:00:00Z'),
    rrule: null,
    durationMinutes: null,
    timeZone: 'UTC',
  });
  assert.ok(occurrenceAt(once, at('2026-11-24T10:00:00Z')));
  assert.equal(occurrenceAt(once, at('2026-11-24T11:00:00Z')), null, 'the end is outside');
  assert.equal(ruleProblem('FREQ=WEEKLY;BYDAY=SU'), null);
  assert.match(ruleProblem('DTSTART:20260101T000000\nRRULE:FREQ=DAILY')!, /DTSTART/);
  assert.match(ruleProblem('BYDAY=SU')!, /FREQ|RRULE/);
  assert.match(ruleProblem('FREQ=SOMETIMES')!, /FREQ|RRULE/);
});

test('occurrences that overlap are one: hourly for a week holds from the first start on, in a few rows', async () => {
  const spec = await planned(paris('FREQ=HOURLY', 7 * 24 * 60), at('2026-03-28T00:00:00Z'));
  assert.equal(spec.occurrenceStarts.length, 1);
  assert.deepEqual(occurrenceAt(spec, at('2026-03-30T12:34:00Z'))?.start, at('2026-03-27T01:00:00Z'));
  assert.equal(occurrenceAt(spec, at('2026-03-27T00:59:00Z')), null);
});

test('what is not computed ahead is not held: past occurrencesUntil a window holds nothing', async () => {
  const spec = await planned(paris('FREQ=DAILY', 60), at('2026-03-28T00:00:00Z'));
  assert.ok(spec.occurrencesUntil! > at('2026-04-10T00:00:00Z'));
  assert.ok(occurrenceAt(spec, at('2026-04-09T00:30:00Z')));
  assert.equal(
    occurrenceAt({ ...spec, occurrencesUntil: at('2026-04-09T00:00:00Z') }, at('2026-04-09T00:30:00Z')),
    null,
  );
});
