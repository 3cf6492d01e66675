import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createClient } from '@pageprobe/client';
import { createServer } from './server.ts';

/** The tools as an MCP client lists them (no call reaches the API: listing asks the server alone). */
async function listTools(readOnly: boolean) {
  const server = createServer(createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'pp_live_unused' }), { readOnly });
  const [near, far] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'annotations-test', version: '1.0.0' });
  await Promise.all([server.connect(far), client.connect(near)]);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
  }
}

const WRITES = ['run_test', 'create_monitor', 'pause_monitor', 'resume_monitor', 'delete_monitor'];

test('issue 44: every tool says whether it writes; reads are read-only, delete_monitor alone is destructive', async () => {
  const tools = await listTools(false);
  assert.equal(tools.length, 14, tools.map((t) => t.name).join(', '));
  for (const tool of tools) {
    const a = tool.annotations;
    assert.ok(a, `${tool.name} has no annotations`);
    const writes = WRITES.includes(tool.name);
    assert.equal(a.readOnlyHint, !writes, `${tool.name} readOnlyHint`);
    if (!writes) continue;
    assert.equal(a.destructiveHint, tool.name === 'delete_monitor', `${tool.name} destructiveHint`);
    assert.equal(typeof a.idempotentHint, 'boolean', `${tool.name} idempotentHint`);
    assert.equal(typeof a.openWorldHint, 'boolean', `${tool.name} openWorldHint`);
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations!]));
  // A test and a monitor make Pageprobe load the caller's URL: the open world.
  assert.deepEqual([byName.run_test!.openWorldHint, byName.create_monitor!.openWorldHint], [true, true]);
  assert.deepEqual([byName.pause_monitor!.idempotentHint, byName.delete_monitor!.idempotentHint], [true, true]);
  assert.equal(byName.run_test!.idempotentHint, false);
});

test('a read key lists the read tools alone, each read-only', async () => {
  const tools = await listTools(true);
  assert.deepEqual(
    tools.filter((t) => WRITES.includes(t.name)),
    [],
  );
  assert.ok(tools.length > 0);
  for (const tool of tools) assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
});
