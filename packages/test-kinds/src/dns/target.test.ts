import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dnsTarget, parseDnsQuery } from './target.ts';

test('DNS URIs (RFC 4501) and bare names are stored in one form', () => {
  assert.deepEqual(dnsTarget.read('Example.com'), {
    ok: true,
    url: 'dns:example.com?type=A',
    reaches: null,
    lookedUp: 'example.com',
  });
  assert.deepEqual(dnsTarget.read('dns://192.0.2.53:5353/example.com?type=mx'), {
    ok: true,
    url: 'dns://192.0.2.53:5353/example.com?type=MX',
    reaches: 'dns://192.0.2.53:5353/',
  });
  const stored = (input: string) => (dnsTarget.read(input) as { url: string }).url;
  assert.equal(
    stored('dns://[::1]:53/_dmarc.Example.org.?clAsS=IN;tYpE=TXT'),
    'dns://[::1]/_dmarc.example.org?type=TXT',
  );
  assert.equal(stored('dns:bücher.de?type=AAAA'), 'dns:xn--bcher-kva.de?type=AAAA');
  assert.deepEqual(parseDnsQuery('dns://127.0.0.1:5353/example.com?type=SOA'), {
    name: 'example.com',
    type: 'SOA',
    resolver: { host: '127.0.0.1', port: 5353 },
  });
});

test('an unknown type, a resolver that is not an address, another scheme or a bad name is refused with why', () => {
  for (const [input, message] of [
    ['dns:example.com?type=PTR', /record type "PTR"; the types are A, AAAA/],
    ['dns://ns1.example.com/example.com?type=A', /resolver that is not an IP address/],
    ['dns://192.0.2.1:99999/example.com', /resolver port/],
    ['dns://192.0.2.1', /no name/],
    ['http://example.com/', /must be a DNS URI/],
    ['example.com:53', /must be a DNS URI/],
    ['dns:exa mple.com', /no valid domain name/],
    ['dns:a..b?type=A', /no valid domain name/],
    ['dns:example.com?type=A;class=CH', /class other than IN/],
    ['dns:example.com?name=x', /type= and class= only/],
  ] as const) {
    const r = dnsTarget.read(input);
    assert.equal(r.ok, false, input);
    assert.match((r as { message: string }).message, message, input);
  }
});
