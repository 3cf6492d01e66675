import assert from 'node:assert/strict';
import { test } from 'node:test';
import { snippetFor } from './snippet.ts';

test('the snippet is one async script tag naming the site, its rate, and query strings only when kept', () => {
  assert.equal(
    snippetFor({ siteKey: 'rum_pk_abc', sampleRate: 0.25, keepQueryStrings: false }, 'https://probe.example/'),
    '<script async src="https://probe.example/rum/v1/beacon.js" data-site="rum_pk_abc" data-sample="0.25"></script>',
  );
  assert.equal(
    snippetFor({ siteKey: 'rum_pk_abc', sampleRate: 1, keepQueryStrings: true }, 'https://probe.example'),
    '<script async src="https://probe.example/rum/v1/beacon.js" data-site="rum_pk_abc" data-sample="1" data-query="keep"></script>',
  );
});

test("the snippet's attribute values are escaped", () => {
  const tag = snippetFor(
    { siteKey: '"><script>x</script>', sampleRate: 1, keepQueryStrings: false },
    'https://a.example/?q="&',
  );
  assert.ok(!tag.includes('"><script>x'), tag);
  assert.match(tag, /data-site="&quot;&gt;&lt;script&gt;x&lt;\/script&gt;"/);
  assert.match(tag, /src="https:\/\/a\.example\/\?q=&quot;&amp;\/rum\/v1\/beacon\.js"/);
});
