import assert from 'node:assert/strict';
import { test } from 'node:test';
import { blockedReason } from './address-policy.ts';
import { checkTarget } from './target-check.ts';

test('blocks loopback, private, link-local, CGNAT, metadata, multicast and reserved addresses', () => {
  const blocked = {
    '127.0.0.1': 'loopback',
    '127.255.0.9': 'loopback',
    '10.1.2.3': 'private',
    '172.31.255.255': 'private',
    '192.168.0.1': 'private',
    '169.254.169.254': 'link-local',
    '100.64.0.1': 'carrier-grade NAT',
    '0.0.0.0': 'unspecified',
    '224.0.0.251': 'multicast',
    '240.0.0.1': 'reserved',
    '255.255.255.255': 'reserved',
    '::1': 'loopback',
    '::': 'unspecified',
    'fe80::1': 'link-local',
    'fd00:ec2::254': 'unique-local',
    'ff02::1': 'multicast',
    '::ffff:127.0.0.1': 'loopback',
    '::ffff:7f00:1': 'loopback',
    '::ffff:a9fe:a9fe': 'link-local',
    '64:ff9b::10.0.0.1': 'private',
    '[::1]': 'loopback',
    // Embedded IPv4 judged by range, in every spelling.
    '::127.0.0.1': 'loopback',
    '::7f00:1': 'loopback',
    '::ffff:0:7f00:1': 'loopback',
    '::ffff:0:10.0.0.1': 'private',
    '0:0:0:0:0:ffff:a9fe:a9fe': 'link-local',
    '64:ff9b::7f00:1': 'loopback',
    '64:ff9b::a9fe:a9fe': 'link-local',
    '64:ff9b:1::8.8.8.8': 'local-use NAT64',
    '64:ff9b:1:abcd::1': 'local-use NAT64',
    '168.63.129.16': 'cloud host endpoint',
    '::ffff:168.63.129.16': 'cloud host endpoint',
  };
  for (const [ip, reason] of Object.entries(blocked)) assert.equal(blockedReason(ip), reason, ip);
});

test('lets public addresses through', () => {
  for (const ip of [
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '168.63.129.17',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '::ffff:0:808:808',
    '64:ff9b::808:808',
  ]) {
    assert.equal(blockedReason(ip), null, ip);
  }
});

test('checkTarget catches shortened and numeric IPv4 forms and IPv6 literals', async () => {
  const policy = { allowPrivate: false };
  for (const url of [
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::1]:8080/',
    'http://localhost/',
    'http://api.localhost/',
    'https://169.254.169.254/latest/meta-data',
    'http://[::127.0.0.1]/',
    'http://[::ffff:0:7f00:1]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://168.63.129.16/',
  ]) {
    const result = await checkTarget(url, policy);
    assert.deepEqual([result.ok, !result.ok && result.kind], [false, 'refused'], url);
  }
});

test('checkTarget refuses other schemes and credentials, allows private hosts when told to', async () => {
  assert.equal((await checkTarget('ftp://example.com/', { allowPrivate: true })).ok, false);
  assert.equal((await checkTarget('not a url', { allowPrivate: true })).ok, false);
  assert.equal((await checkTarget('http://u:p@example.com/', { allowPrivate: true })).ok, false);
  assert.equal((await checkTarget('http://127.0.0.1:1/', { allowPrivate: true })).ok, true);
  const https = await checkTarget('http://127.0.0.1/', { allowPrivate: true }, { protocols: ['https:'] });
  assert.equal(https.ok, false);
});

test('names that only resolve inside a network are refused before any lookup, in any spelling', async () => {
  for (const url of [
    'http://localhost./',
    'http://LOCALHOST/',
    'http://LocalHost.:8080/',
    'http://app.localhost./',
    'http://intranet/',
    'http://printer.local/',
    'http://db.internal/',
    'http://nas.home.arpa/',
    'http://build.corp/',
  ]) {
    const result = await checkTarget(url, { allowPrivate: false });
    assert.deepEqual([result.ok, !result.ok && result.kind], [false, 'refused'], url);
  }
  assert.equal((await checkTarget('http://intranet/', { allowPrivate: true })).ok, true);
});

test('what is not an absolute URL is malformed, not refused', async () => {
  for (const input of ['not a url', '/relative/path', 'http://', 'example.com']) {
    const result = await checkTarget(input, { allowPrivate: false });
    assert.deepEqual([result.ok, !result.ok && result.kind], [false, 'malformed'], input);
  }
});

test('a host that does not resolve is not refused here: the test itself reports it', async () => {
  assert.equal((await checkTarget('https://no-such-host.invalid/', { allowPrivate: false })).ok, true);
});
