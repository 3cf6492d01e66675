import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { BEACON_DIST, buildBeacon } from '../beacon/build.ts';
import { beaconScript } from './snippet.ts';

/** Issue 61: the script every page of a site loads is at most 5 KB (5,120 bytes) gzipped. */
const MAX_GZIPPED = 5 * 1024;

// The API serves the checked-in file as it is (beaconScript), so a change to beacon/src or to web-vitals
// that is not rebuilt into it would never reach a page.
test('the beacon in the repository is the one beacon/src builds to', async () => {
  const fresh = Buffer.from(await buildBeacon());
  assert.ok(
    readFileSync(BEACON_DIST).equals(fresh),
    'beacon/dist/beacon.js is stale: run `pnpm --filter @pageprobe/rum build:beacon` and commit it',
  );
  assert.ok(beaconScript().equals(fresh));
});

test('the beacon is at most 5 KB gzipped', () => {
  const script = beaconScript();
  const gzipped = gzipSync(script).length;
  console.log(`beacon.js: ${script.length} bytes, ${gzipped} bytes gzipped (at most ${MAX_GZIPPED})`);
  assert.ok(gzipped <= MAX_GZIPPED, `beacon.js is ${gzipped} bytes gzipped`);
});
