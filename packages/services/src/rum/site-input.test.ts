import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProblemError } from '../problem.ts';
import { normaliseOrigin, siteColumns } from './site-input.ts';

test('an origin is written as the browser sends it: lower case, the default port dropped', () => {
  assert.equal(normaliseOrigin('HTTPS://Shop.Example.com:443/'), 'https://shop.example.com');
  assert.equal(normaliseOrigin(' http://localhost:8080 '), 'http://localhost:8080');
  assert.equal(normaliseOrigin('https://[::1]:8443'), 'https://[::1]:8443');
  assert.equal(normaliseOrigin('https://bücher.example'), 'https://xn--bcher-kva.example');
});

test('a path, a query, credentials, a wildcard or another scheme is refused, not dropped', () => {
  const problem = (raw: string) => (normaliseOrigin(raw) as { problem: string }).problem;
  assert.match(problem('https://example.com/shop'), /path/);
  assert.match(problem('https://example.com//'), /path/);
  assert.match(problem('https://example.com?x=1'), /query/);
  assert.match(problem('https://example.com#top'), /query or fragment/);
  assert.match(problem('https://user:pw@example.com'), /user name/);
  assert.match(problem('https://*.example.com'), /wildcard/);
  assert.match(problem('ftp://example.com'), /http or https/);
  assert.match(problem('example.com'), /not an origin|http or https/);
  assert.match(problem(''), /empty/);
});

test('the columns a body sets name the field at fault; a PATCH sets only what it gives', () => {
  const refusal = (body: object, creating = true) => {
    try {
      siteColumns(body, creating);
    } catch (error) {
      assert.ok(error instanceof ProblemError);
      return error.errors![0]!.path;
    }
    return assert.fail('expected a refusal');
  };
  assert.equal(refusal({ origins: ['https://a.test'] }), 'body.name');
  assert.equal(refusal({ name: 'A', origins: ['https://a.test', 'https://a.test/x'] }), 'body.origins.1');
  assert.equal(refusal({ name: 'A', origins: ['https://a.test'], sample_rate: 0 }), 'body.sample_rate');
  assert.equal(
    refusal({ name: 'A', origins: ['https://a.test'], page_groups: [{ name: 'other', pattern: '/x' }] }),
    'body.page_groups.0.name',
  );
  assert.equal(refusal({ name: 'A', origins: ['https://a.test'], budgets: { lcp: 1 } }), 'body.budgets.lcp');
  assert.equal(refusal({ alert: { window_minutes: 1 } }, false), 'body.alert.window_minutes');
  assert.deepEqual(siteColumns({ sample_rate: 0.5 }, false), { sampleRate: 0.5 });
  assert.deepEqual(siteColumns({ name: ' Shop ', origins: ['https://a.test', 'HTTPS://A.TEST'] }, true), {
    name: 'Shop',
    origins: ['https://a.test'],
  });
});
