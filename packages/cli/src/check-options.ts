import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { type CreateTest, kindsTaking, type TestType } from '@pageprobe/client';
import { UsageError } from './assertions.ts';
import { parseExpect } from './expect-arg.ts';

/** The command line's options that shape a check's request (what `parseArgs` gives). */
export interface CheckArgs {
  type?: string;
  method?: string;
  body?: string;
  'body-file'?: string;
  'content-type'?: string;
  expect?: string[];
  tls?: boolean;
  record?: string;
  resolver?: string;
  steps?: string;
  requests?: string;
}

type CheckFields = Pick<CreateTest, 'method' | 'body' | 'content_type' | 'expect' | 'tls' | 'steps' | 'requests'>;

/**
 * `--steps <file.json>` and `--requests <file.json>`: the list as the API takes it, a JSON array read from
 * the file. What each item may be, and which types take them, is the API's to say (a 400 names its field).
 */
function listFrom(flag: 'steps' | 'requests', file: string, example: string): unknown[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag} ${file}: ${(error as Error).message}`);
  }
  let list: unknown;
  try {
    list = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--${flag} ${file}: not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(list)) throw new UsageError(`--${flag} ${file}: a JSON array of ${flag}, e.g. ${example}`);
  return list;
}

/**
 * The request fields of `--method`, `--body`/`--body-file`, `--content-type`, `--expect`, `--tls`,
 * `--steps` and `--requests`, as given: which types take them is the API's to say (a 400 names the field).
 */
export function checkFields(args: CheckArgs): CheckFields {
  if (args.body !== undefined && args['body-file'] !== undefined) {
    throw new UsageError('--body and --body-file: one or the other');
  }
  let body = args.body;
  if (args['body-file'] !== undefined) {
    try {
      body = readFileSync(args['body-file'], 'utf8');
    } catch (error) {
      throw new UsageError(`--body-file ${args['body-file']}: ${(error as Error).message}`);
    }
  }
  return {
    ...(args.method ? { method: args.method.toUpperCase() as CreateTest['method'] } : {}),
    ...(body !== undefined ? { body } : {}),
    ...(args['content-type'] ? { content_type: args['content-type'] } : {}),
    ...(args.expect?.length ? { expect: args.expect.map(parseExpect) } : {}),
    ...(args.tls ? { tls: true } : {}),
    ...(args.steps !== undefined
      ? { steps: listFrom('steps', args.steps, '[{"type":"click","selector":"#menu"}]') as CheckFields['steps'] }
      : {}),
    ...(args.requests !== undefined
      ? {
          requests: listFrom(
            'requests',
            args.requests,
            '[{"url":"/login","method":"POST"}]',
          ) as CheckFields['requests'],
        }
      : {}),
  };
}

/**
 * What a test or monitor checks, as `url`: for `--type dns`, a name with `--record` and `--resolver`
 * written as the RFC 4501 URI the API reads (`dns://192.0.2.53:5353/example.com?type=MX`); anything
 * else as typed (the API writes `host:port` out as `tcp://host:port` and a bare name as type A).
 */
export function targetOf(input: string, args: CheckArgs): string {
  if (args.record === undefined && args.resolver === undefined) return input;
  const takers = kindsTaking('record');
  if (!takers.includes(args.type as TestType))
    throw new UsageError(`--record and --resolver are for --type ${takers.join(' or --type ')}`);
  if (/^dns:/i.test(input)) throw new UsageError(`${input} is a dns: URI already: give --record and --resolver in it`);
  const type = (args.record ?? 'A').toUpperCase();
  const authority = args.resolver === undefined ? '' : `//${resolverOf(args.resolver)}/`;
  return `dns:${authority}${input}?type=${encodeURIComponent(type)}`;
}

/** `192.0.2.53`, `192.0.2.53:5353`, `2001:db8::53` or `[2001:db8::53]:5353`, as a URI's authority. */
function resolverOf(resolver: string): string {
  // A bare IPv6 address is all colons: only a bracketed one has a port.
  const match = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(resolver) ?? /^([^:]+):(\d{1,5})$/.exec(resolver);
  const host = match ? match[1]! : resolver;
  const port = match?.[2];
  if (!isIP(host)) {
    throw new UsageError(
      `--resolver ${resolver}: an IP address, with a port if not 53 (192.0.2.53:5353, [2001:db8::53]:5353)`,
    );
  }
  const address = isIP(host) === 6 ? `[${host}]` : host;
  return port === undefined ? address : `${address}:${port}`;
}
