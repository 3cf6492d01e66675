import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProblemError } from '@pageprobe/services';
import { changesRequestRows, redrawnRequestValues, requestRowValues, requestsOfForm } from './request-rows.ts';

type Row = Partial<
  Record<'name' | 'method' | 'url' | 'headers' | 'body' | 'content_type' | 'extract' | 'expect', string>
>;
const rows = (...r: Row[]) =>
  Object.fromEntries([
    ['request_rows', String(r.length)],
    ...r.flatMap((row, i) => Object.entries({ method: 'GET', ...row }).map(([k, v]) => [`request_${k}_${i}`, v])),
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

const SIGN_IN = [
  {
    name: 'sign in',
    method: 'POST',
    url: '/login',
    headers: { 'x-client': 'probe: 1' },
    body: '{"user": "{{vars.USER}}"}',
    content_type: 'application/json',
    extract: [
      { name: 'token', source: 'json', path: '$.token' },
      { name: 'csrf', source: 'body', pattern: 'name="csrf" value="([^"]+)"' },
    ],
    expect: [{ source: 'status', operator: 'eq', value: 200 }],
  },
  { url: '/me', headers: { authorization: 'Bearer {{token}}', 'x-csrf': '{{csrf}}' } },
];

test('rows are the requests: headers and extracts a line each, GET left as the default, blank rows left out', () => {
  assert.deepEqual(
    requestsOfForm(
      rows(
        {
          name: 'sign in',
          method: 'POST',
          url: ' /login ',
          headers: 'x-client: probe: 1\n',
          body: '{"user": "{{vars.USER}}"}',
          content_type: 'application/json',
          extract: 'token json $.token\r\n\ncsrf body name="csrf" value="([^"]+)"',
          expect: '[{"source":"status","operator":"eq","value":200}]',
        },
        {},
        { url: '/me', headers: 'authorization: Bearer {{token}}\nx-csrf: {{csrf}}' },
      ),
    ),
    SIGN_IN,
  );
  assert.equal(requestsOfForm(rows({}, {})), undefined, 'no requests');
  assert.equal(requestsOfForm({}), undefined);
});

test('a row that cannot be a request is a 400 naming the request and its field', () => {
  assert.deepEqual(
    refusal(() => requestsOfForm(rows({ url: '/a' }, { name: 'me' }))),
    {
      status: 400,
      message: 'Request 2: give its URL, or a path relative to the monitor’s URL.',
      errors: [{ path: 'body.requests.1.url', message: 'give its URL, or a path relative to the monitor’s URL' }],
    },
  );
  assert.deepEqual(refusal(() => requestsOfForm(rows({ url: '/a', headers: 'no colon here' })))?.errors, [
    { path: 'body.requests.0.headers', message: '“no colon here” is not a header: write Name: value, one a line' },
  ]);
  assert.deepEqual(refusal(() => requestsOfForm(rows({ url: '/a', extract: 'token cookie sid' })))?.errors, [
    { path: 'body.requests.0.extract', message: '“cookie” is not a source of an extract: use json, header, body' },
  ]);
  assert.equal(refusal(() => requestsOfForm(rows({ url: '/a', extract: 'token' })))?.status, 400);
});

test('a stored sequence is drawn as rows whose JSON view and values give it back unchanged', () => {
  const values = requestRowValues(SIGN_IN);
  assert.equal(values.request_rows, '2');
  assert.equal(values.request_headers_1, 'authorization: Bearer {{token}}\nx-csrf: {{csrf}}');
  assert.equal(values.request_extract_0, 'token json $.token\ncsrf body name="csrf" value="([^"]+)"');
  assert.deepEqual(JSON.parse(values.requests!), SIGN_IN, 'the JSON view is the requests');
  assert.deepEqual(requestsOfForm(values), SIGN_IN, 'sent back as drawn, the same requests');
  assert.deepEqual(requestRowValues(undefined), {});
});

test('a changed JSON view replaces the rows; JSON that does not parse is a 400 naming the view', () => {
  const values = { ...requestRowValues(SIGN_IN), requests: '[{"url": "/only"}]' };
  assert.deepEqual(requestsOfForm(values), [{ url: '/only' }]);
  assert.deepEqual(refusal(() => requestsOfForm({ ...values, requests: '[{' }))?.errors?.[0]?.path, 'body.requests');
});

test('add and remove draw the form again with a row more or less, the others kept', () => {
  const sent = { ...requestRowValues(SIGN_IN), requests_action: 'add', type: 'multistep' };
  assert.ok(changesRequestRows(sent));
  const added = redrawnRequestValues(sent, sent);
  assert.equal(added.request_rows, '3');
  assert.equal(added.type, 'multistep', 'the form’s other values kept');
  const removed = redrawnRequestValues({ ...sent, requests_action: 'remove_0' }, sent);
  assert.equal(removed.request_rows, '1');
  assert.equal(removed.request_url_0, '/me');
  assert.deepEqual(JSON.parse(removed.requests!), [SIGN_IN[1]]);
  assert.equal(changesRequestRows({ requests_action: 'save' }), false);
});
