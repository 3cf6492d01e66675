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
  };
  for (const [ip, reason] of Object.entries(blocked)) assert.equal(blockedReason(ip), reason, ip);
});

test('lets public addresses through', () => {
  for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
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
  ]) {
    const result = await checkTarget(url, policy);
    assert.equal(result.ok, false, url);
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

test('a host that does not resolve is not refused here: the test itself reports it', async () => {
  assert.equal((await checkTarget('https://no-such-host.invalid/', { allowPrivate: false })).ok, true);
});
