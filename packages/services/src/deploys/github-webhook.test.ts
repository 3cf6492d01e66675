import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { test } from 'node:test';
import { deployFromGithub, githubSignatureValid } from './github-webhook.ts';

test("GitHub's signature: the body's HMAC-SHA256 under the secret, as sha256=<hex>; anything else is refused", () => {
  const body = Buffer.from('{"a":1}');
  const good = `sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`;
  assert.equal(githubSignatureValid('s3cret', body, good), true);
  assert.equal(githubSignatureValid('other', body, good), false);
  assert.equal(githubSignatureValid('s3cret', Buffer.from('{"a":2}'), good), false);
  assert.equal(githubSignatureValid('s3cret', body, good.replace('sha256=', 'sha1=')), false);
  assert.equal(githubSignatureValid('s3cret', body, 'sha256=00'), false);
  assert.equal(githubSignatureValid('s3cret', body, undefined), false);
});

test('a deployment_status body: success is a deploy (version from the payload, else the ref); other states none', () => {
  const base = {
    deployment_status: { state: 'success', environment: 'production', environment_url: 'https://example.com/' },
    deployment: { sha: 'ABCDEF1234567', ref: 'main', environment: 'production', payload: { version: '2.14.0' } },
  };
  assert.deepEqual(deployFromGithub(base), {
    environment: 'production',
    version: '2.14.0',
    commit: 'abcdef1234567',
    url: 'https://example.com/',
    description: undefined,
  });
  assert.equal(deployFromGithub({ ...base, deployment: { ...base.deployment, payload: {} } })?.version, 'main');
  assert.equal(deployFromGithub({ ...base, deployment_status: { state: 'failure' } }), null);
  // A URL that is not http(s) is left out rather than stored.
  const odd = { ...base, deployment_status: { ...base.deployment_status, environment_url: 'javascript:alert(1)' } };
  assert.equal(deployFromGithub(odd)?.url, undefined);
});
