import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProblemError } from './problem.ts';
import { checkInput } from './check-input.ts';

const refused = (schema: string, body: unknown) => {
  try {
    checkInput(schema, body);
  } catch (error) {
    assert.ok(error instanceof ProblemError);
    return error;
  }
  assert.fail('accepted');
};

test("a form's body is refused as the API refuses it: 400 validation_failed, each field by its path", () => {
  const error = refused('CreateMonitor', { type: 'uptime', interval_seconds: 'often', url: 7, colour: 'red' });
  assert.equal(error.status, 400);
  assert.equal(error.code, 'validation_failed');
  // (A missing url is the service's 400, not the document's: a heartbeat monitor has none, issue 47.)
  assert.deepEqual(error.errors?.map((e) => e.path).sort(), ['body.colour', 'body.interval_seconds', 'body.url']);
  const nested = refused('CreateMonitor', {
    url: 'https://example.com',
    interval_seconds: 60,
    alert: { down_after: 0 },
  });
  assert.deepEqual(
    nested.errors?.map((e) => e.path),
    ['body.alert.down_after'],
  );
});

test("the document's defaults are filled in, as the API's validator fills them", () => {
  const body = checkInput<{ type: string; device: string }>('CreateMonitor', {
    url: 'https://example.com',
    interval_seconds: 60,
  });
  assert.equal(body.type, 'lighthouse');
  assert.equal(body.device, 'mobile');
});
