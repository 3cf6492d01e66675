import { UsageError } from './assertions.ts';

/** A key is a few dozen characters: more on standard input is not a key. */
const MAX_KEY_BYTES = 4096;

/**
 * The API key: from PAGEPROBE_API_KEY, or read from standard input with `--api-key-stdin` (a password
 * manager piped in). Never from an argument: `--api-key <key>` would sit in the process list, where
 * every user of the machine can read it, and in the shell's history (issue 44 item 10), so it is refused.
 */
export async function readApiKey(
  values: { 'api-key'?: string; 'api-key-stdin'?: boolean },
  env: NodeJS.ProcessEnv,
  stdin: AsyncIterable<Buffer | string>,
): Promise<string | undefined> {
  if (values['api-key'] !== undefined)
    throw new UsageError(
      '--api-key is not taken: a key in the command line shows in the process list and the shell history. Set PAGEPROBE_API_KEY, or pipe the key in with --api-key-stdin.',
    );
  if (!values['api-key-stdin']) return env.PAGEPROBE_API_KEY || undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > MAX_KEY_BYTES) throw new UsageError('--api-key-stdin: standard input is longer than a key');
    chunks.push(bytes);
  }
  const key = Buffer.concat(chunks).toString('utf8').trim();
  if (!key) throw new UsageError('--api-key-stdin: standard input was empty');
  return key;
}
