import type { PageprobeClient, Variable } from '@pageprobe/client';
import { UsageError } from './assertions.ts';

// `pageprobe variables list|set|delete` (issue 59): the team's named values and secrets, which checks use
// as {{vars.NAME}} and {{secrets.NAME}}. A secret's value is best piped in (`--value -`): a value in the
// command line shows in the process list and the shell history.

export const VARIABLES_USAGE = `  pageprobe variables list [--json]
  pageprobe variables set <NAME> --value <value>|- [--secret] [--json]
                            (creates or replaces; --value - reads the value from standard input; a secret
                             is sealed and never shown again; checks use {{vars.NAME}} or {{secrets.NAME}})
  pageprobe variables delete <NAME>`;

export interface VariableValues {
  value?: string;
  secret?: boolean;
  json?: boolean;
  'api-key-stdin'?: boolean;
}

/** Larger than the API takes (4096 bytes), so the API's own answer says what is allowed. */
const MAX_STDIN_BYTES = 64 * 1024;

async function readStdin(stdin: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > MAX_STDIN_BYTES) throw new UsageError('--value -: standard input is longer than a value may be');
    chunks.push(bytes);
  }
  // One trailing newline is the shell's (echo, a here-string), not the value's.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

export const variableLine = (v: Variable) =>
  `${v.name.padEnd(24)}  ${v.secret ? 'secret' : 'plain '}  ${v.secret ? '(sealed)' : v.value}`;

export async function variablesCommand(
  client: PageprobeClient,
  [sub, name]: string[],
  values: VariableValues,
  { out, json, stdin }: { out: (s: string) => void; json: (v: unknown) => void; stdin: AsyncIterable<Buffer | string> },
): Promise<number> {
  switch (sub) {
    case 'list': {
      const { data } = await client.variables.list();
      if (values.json) json(data);
      else if (data.length === 0) out('no variables');
      else for (const v of data) out(variableLine(v));
      return 0;
    }
    case 'set': {
      if (!name || values.value === undefined) throw new UsageError('variables set <NAME> --value <value>|-');
      if (values.value === '-' && values['api-key-stdin'])
        throw new UsageError('--value - and --api-key-stdin both read standard input: set PAGEPROBE_API_KEY instead');
      const value = values.value === '-' ? await readStdin(stdin) : values.value;
      const v = await client.variables.set(name, { value, ...(values.secret ? { secret: true } : {}) });
      if (values.json) json(v);
      else out(variableLine(v));
      return 0;
    }
    case 'delete': {
      if (!name) throw new UsageError('variables delete <NAME>');
      await client.variables.delete(name);
      out(`deleted ${name}`);
      return 0;
    }
    default:
      throw new UsageError('variables list|set|delete');
  }
}
