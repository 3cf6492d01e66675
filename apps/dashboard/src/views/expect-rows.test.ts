import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProblemError } from '@pageprobe/services';
import { changesExpectRows, expectOfForm, expectRowValues, redrawnExpectValues } from './expect-rows.ts';

const rows = (...r: Array<[source: string, operator: string, value?: string, key?: string]>) =>
  Object.fromEntries([
    ['expect_rows', String(r.length)],
    ...r.flatMap(([source, operator, value = '', key = ''], i) => [
      [`expect_source_${i}`, source],
      [`expect_operator_${i}`, operator],
      [`expect_value_${i}`, value],
      [`expect_key_${i}`, key],
    ]),
  ]);

test('rows become the API’s expectations: numbers for numeric sources, a header’s name, a JSON path; blank rows left out', () => {
  assert.deepEqual(
    expectOfForm(
      rows(
        ['status', 'eq', '200'],
        ['', '', ''],
        ['header', 'contains', 'json', 'Content-Type'],
        ['json', 'eq', '"ok"', '$.status'],
      ),
    ),
    [
      { source: 'status', operator: 'eq', value: 200 },
      { source: 'header', operator: 'contains', value: 'json', name: 'Content-Type' },
      { source: 'json', operator: 'eq', value: 'ok', path: '$.status' },
    ],
  );
  assert.equal(expectOfForm(rows(['', '', ''])), undefined);
  // A row without its operator: a 400 naming the row's field.
  assert.throws(
    () => expectOfForm(rows(['status', '', '200'])),
    (e) => e instanceof ProblemError && JSON.stringify(e).includes('expect.0.operator'),
  );
});

test('the JSON view, changed, replaces the rows; unchanged, the rows stand', () => {
  const shown = expectRowValues([{ source: 'status', operator: 'eq', value: 200 }]);
  assert.equal(shown.expect_source_0, 'status');
  assert.deepEqual(expectOfForm({ ...shown, expect_value_0: '201' }), [
    { source: 'status', operator: 'eq', value: 201 },
  ]);
  assert.deepEqual(expectOfForm({ ...shown, expect: '[{"source": "body", "operator": "contains", "value": "hi"}]' }), [
    { source: 'body', operator: 'contains', value: 'hi' },
  ]);
  // A body without rows (another client's form) is read as JSON.
  assert.deepEqual(expectOfForm({ expect: '[]' }), []);
});

test('adding and removing a row draws the form again with the rows kept', () => {
  const sent = rows(['status', 'eq', '200']);
  assert.ok(changesExpectRows({ ...sent, expect_action: 'add' }));
  const added = redrawnExpectValues({ ...sent, expect_action: 'add' }, { url: 'u' });
  assert.equal(added.expect_rows, '2');
  assert.equal(added.expect_value_0, '200');
  assert.equal(added.url, 'u');
  const removed = redrawnExpectValues(
    { ...rows(['status', 'eq', '200'], ['body', 'contains', 'x']), expect_action: 'remove_0' },
    {},
  );
  assert.equal(removed.expect_rows, '1');
  assert.equal(removed.expect_source_0, 'body');
});
