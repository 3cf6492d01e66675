import assert from 'node:assert/strict';
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

// run-lighthouse.ts empties the trace engine's stack-trace memo after each run (a leak otherwise): that
// only works on the copy of @paulirish/trace_engine that Lighthouse itself loads.
test('the trace engine whose memo runLighthouse empties is the copy Lighthouse runs', () => {
  const lighthouse = fileURLToPath(import.meta.resolve('lighthouse'));
  assert.equal(
    realpathSync(fileURLToPath(import.meta.resolve('@paulirish/trace_engine'))),
    realpathSync(createRequire(lighthouse).resolve('@paulirish/trace_engine')),
  );
});
