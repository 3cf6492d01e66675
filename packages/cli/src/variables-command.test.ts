import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { PageprobeClient, PutVariable, Variable } from '@pageprobe/client';
import { variablesCommand } from './variables-command.ts';

const at = '2026-11-28T10:00:00.000Z';

function fakeClient() {
  const sent: Array<[string, PutVariable]> = [];
  const client = {
    variables: {
      list: async () => ({
        data: [
          { name: 'API_TOKEN', secret: true, value: null, created_at: at, updated_at: at },
          { name: 'HOST', secret: false, value: 'shop.test', created_at: at, updated_at: at },
        ] as Variable[],
        next_cursor: null,
      }),
      set: async (name: string, body: PutVariable) => {
        sent.push([name, body]);
        return {
          name,
          secret: body.secret ?? false,
          value: body.secret ? null : body.value,
          created_at: at,
          updated_at: at,
        };
      },
      delete: async () => {},
    },
  } as unknown as PageprobeClient;
  return { client, sent };
}

async function* lines(...chunks: string[]) {
  for (const c of chunks) yield Buffer.from(c);
}

test('set --value - --secret reads the value from standard input, without its trailing newline', async () => {
  const { client, sent } = fakeClient();
  const printed: string[] = [];
  const code = await variablesCommand(
    client,
    ['set', 'API_TOKEN'],
    { value: '-', secret: true },
    {
      out: (s) => printed.push(s),
      json: () => {},
      stdin: lines('s3cr3t-', 'value\n'),
    },
  );
  assert.equal(code, 0);
  assert.deepEqual(sent, [['API_TOKEN', { value: 's3cr3t-value', secret: true }]]);
  assert.match(printed[0]!, /^API_TOKEN\s+secret\s+\(sealed\)$/);
});

test('list shows a secret as sealed and a plain value as it is', async () => {
  const { client } = fakeClient();
  const printed: string[] = [];
  await variablesCommand(client, ['list'], {}, { out: (s) => printed.push(s), json: () => {}, stdin: lines() });
  assert.match(printed[0]!, /API_TOKEN\s+secret\s+\(sealed\)/);
  assert.match(printed[1]!, /HOST\s+plain\s+shop\.test/);
});

test('--value - with --api-key-stdin is refused: both would read standard input', async () => {
  const { client } = fakeClient();
  await assert.rejects(
    variablesCommand(
      client,
      ['set', 'X'],
      { value: '-', 'api-key-stdin': true },
      {
        out: () => {},
        json: () => {},
        stdin: lines('x'),
      },
    ),
    /both read standard input/,
  );
});
