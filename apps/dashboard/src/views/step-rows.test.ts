import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProblemError } from '@pageprobe/services';
import { redrawnStepValues, stepRowValues, stepsOfForm } from './step-rows.ts';

const rows = (...r: Array<[type: string, selector?: string, value?: string, name?: string]>) =>
  Object.fromEntries([
    ['step_rows', String(r.length)],
    ...r.flatMap(([type, selector = '', value = '', name = ''], i) => [
      [`step_type_${i}`, type],
      [`step_selector_${i}`, selector],
      [`step_value_${i}`, value],
      [`step_name_${i}`, name],
    ]),
  ]);

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    assert.ok(error instanceof ProblemError);
    return { status: error.status, message: error.message, errors: error.errors };
  }
  assert.fail('not refused');
};

test('rows are the steps: each action takes its fields, blank rows left out, a wait its milliseconds', () => {
  assert.deepEqual(
    stepsOfForm(
      rows(
        ['navigate', '', 'https://shop.example/basket'],
        ['', '', ''],
        ['type', '#q', ' app ', 'search'],
        ['wait', '', '250'],
        ['assert_text', '', 'Apples'],
        ['press', '', 'Enter'],
        ['screenshot', '', '', 'basket'],
      ),
    ),
    [
      { type: 'navigate', url: 'https://shop.example/basket' },
      { type: 'type', selector: '#q', text: ' app ', name: 'search' },
      { type: 'wait', ms: 250 },
      { type: 'assert_text', text: 'Apples' },
      { type: 'press', key: 'Enter' },
      { type: 'screenshot', name: 'basket' },
    ],
  );
  assert.equal(stepsOfForm(rows(['', '', ''])), undefined, 'no steps');
  assert.equal(stepsOfForm({}), undefined);
});

test('a row that cannot be a step is a 400 naming the row and its field', () => {
  assert.deepEqual(
    refusal(() => stepsOfForm(rows(['click', '#a'], ['click', '']))),
    {
      status: 400,
      message: 'Step 2: a click step needs a CSS selector.',
      errors: [{ path: 'body.steps.1.selector', message: 'a click step needs a CSS selector' }],
    },
  );
  assert.match(refusal(() => stepsOfForm(rows(['', '#a']))).message, /^Step 1: choose what the step does/);
  assert.match(refusal(() => stepsOfForm(rows(['wait', '', 'soon']))).message, /^Step 1: .*whole number/);
  assert.match(refusal(() => stepsOfForm(rows(['press', '#a', 'Enter']))).message, /takes no selector/);
  assert.match(refusal(() => stepsOfForm(rows(['drag', '#a']))).message, /drag is not a step/);
});

test('the JSON view wins when changed from what the page showed, and must be JSON', () => {
  const shown = JSON.stringify([{ type: 'click', selector: '#a' }]);
  const form = { ...rows(['click', '#a']), steps_shown: shown };
  // Unchanged (spacing aside): the rows.
  assert.deepEqual(
    stepsOfForm({ ...form, ...rows(['click', '#b']), steps: `[ {"type": "click",\r\n "selector": "#a"} ]` }),
    [{ type: 'click', selector: '#b' }],
  );
  assert.deepEqual(stepsOfForm({ ...form, steps: '[{"type": "hover", "selector": "#m"}]' }), [
    { type: 'hover', selector: '#m' },
  ]);
  assert.equal(stepsOfForm({ ...form, steps: '' }), undefined, 'emptied: no steps');
  assert.deepEqual(refusal(() => stepsOfForm({ ...form, steps: '[{' })).errors?.[0]?.path, 'body.steps');
});

test('drawn again: rows added and removed, typed text and secrets never written back, budgets kept', () => {
  const sent = { ...rows(['click', '#a'], ['type', '#password', 'hunter2'], ['', '', '']), url: 'u' };
  const added = redrawnStepValues({ ...sent, steps_action: 'add' }, { url: 'u' });
  assert.equal(added.step_rows, '4');
  assert.equal(added.step_value_1, '', 'typed text asked again');
  assert.ok(!JSON.stringify(added).includes('hunter2'));
  assert.equal(added.url, 'u');
  const removed = redrawnStepValues({ ...sent, steps_action: 'remove_0' }, {});
  assert.deepEqual([removed.step_rows, removed.step_type_0], ['2', 'type']);
  // A refusal: blank rows dropped, so the rows are numbered as the API numbered the steps.
  const refused = redrawnStepValues(sent, {});
  assert.equal(refused.step_rows, '2');
  assert.equal(refused.steps, refused.steps_shown);
  // From a changed JSON view: its steps as rows, budgets with them.
  const json = JSON.stringify([
    { type: 'click', selector: '#add', expect: [{ source: 'step_ms', operator: 'lt', value: 900 }] },
  ]);
  const fromJson = redrawnStepValues({ ...sent, steps: json }, {});
  assert.deepEqual([fromJson.step_rows, fromJson.step_selector_0], ['1', '#add']);
  assert.deepEqual(JSON.parse(fromJson.step_expect_0!), [{ source: 'step_ms', operator: 'lt', value: 900 }]);
  assert.deepEqual(stepsOfForm(fromJson), JSON.parse(json), 'sent again unchanged, the same steps');
  // JSON that does not parse stays as typed, still changed.
  const broken = redrawnStepValues({ ...sent, steps: '[{"type"' }, {});
  assert.equal(broken.steps, '[{"type"');
  assert.notEqual(broken.steps_shown, broken.steps);
});

test('stored steps as rows, their sealed text left out', () => {
  const values = stepRowValues([
    { type: 'type', selector: '#p', text: '[redacted]' },
    { type: 'select', selector: '#size', value: 'm', name: 'size' },
  ]);
  assert.deepEqual(
    [values.step_rows, values.step_value_0, values.step_value_1, values.step_name_1],
    ['2', '', 'm', 'size'],
  );
  assert.deepEqual(stepRowValues(undefined), {});
});
