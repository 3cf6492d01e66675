import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publicSpec } from '../openapi/load-spec.ts';
import { deprecationOf } from './deprecation.ts';

test('a deprecated operation answers Deprecation (RFC 9745) and Sunset (RFC 8594) with a link to the policy', () => {
  const headers = deprecationOf({
    operationId: 'old',
    deprecated: true,
    'x-deprecated-at': '2027-01-01T00:00:00Z',
    'x-sunset': '2027-07-01T00:00:00Z',
  });
  assert.deepEqual(headers, {
    Deprecation: '@1798761600',
    Sunset: 'Thu, 01 Jul 2027 00:00:00 GMT',
    Link: '</api/v1/docs>; rel="deprecation"; type="text/html"',
  });
  assert.equal(deprecationOf({ operationId: 'current' }), null);
});

test('a deprecation without its dates, or with less than 180 days of notice, is refused', () => {
  assert.throws(() => deprecationOf({ operationId: 'old', deprecated: true }), /x-deprecated-at and x-sunset/);
  assert.throws(
    () =>
      deprecationOf({
        operationId: 'old',
        deprecated: true,
        'x-deprecated-at': '2027-01-01T00:00:00Z',
        'x-sunset': '2027-03-01T00:00:00Z',
      }),
    /at least 180 days/,
  );
});

test('every operation of the public document keeps the policy', () => {
  for (const item of Object.values(publicSpec.paths as Record<string, Record<string, unknown>>)) {
    for (const op of Object.values(item)) if (op && typeof op === 'object') deprecationOf(op);
  }
});
