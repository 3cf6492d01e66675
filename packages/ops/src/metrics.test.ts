import assert from 'node:assert/strict';
import { test } from 'node:test';
import { counterOf, createRegistry } from './metrics.ts';

test('counterOf follows a count kept elsewhere as a Prometheus counter', async () => {
  const registry = createRegistry('test');
  let restarts = 0;
  counterOf(registry, 'browser_restarts_total', 'help', () => restarts);
  const read = async () => /^browser_restarts_total\{app="test"\} (\d+)$/m.exec(await registry.metrics())?.[1];
  assert.match(await registry.metrics(), /^# TYPE browser_restarts_total counter$/m);
  assert.equal(await read(), '0');
  restarts = 3;
  assert.equal(await read(), '3');
  assert.equal(await read(), '3', 'a scrape adds nothing by itself');
  restarts = 4;
  assert.equal(await read(), '4');
});
