import { deployLines, type PageprobeClient } from '@pageprobe/client';
import { UsageError } from './assertions.ts';

// `pageprobe deploy` (issue 62): tells Pageprobe of a release, runs the monitors it names at once, and
// (unless --no-wait) waits for their verdict and exits by it, so that a pipeline can stop or roll back.

export const DEPLOY_USAGE = `  pageprobe deploy --version <version> [--environment <name>] [--commit <sha>] [--url <url>]
                   [--description <text>] [--monitor <monitor-id>]... [--tag <tag>]... [--callback-url <url>]
                   [--wait | --no-wait] [--timeout <seconds>] [--json]
                            (runs the named monitors now and waits for the verdict: exit 0 passed or
                             recorded, 1 regressed or failed; the same deploy told twice runs once)`;

export interface DeployValues {
  version?: string;
  environment?: string;
  commit?: string;
  url?: string;
  description?: string;
  monitor?: string[];
  tag?: string[];
  'callback-url'?: string;
  'no-wait'?: boolean;
  timeout?: string;
  json?: boolean;
}

export async function deployCommand(
  client: PageprobeClient,
  values: DeployValues,
  { out, json }: { out: (s: string) => void; json: (v: unknown) => void },
): Promise<number> {
  if (!values.version) throw new UsageError('deploy --version <version>');
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 1))
    throw new UsageError('--timeout must be a whole number of seconds ≥ 1');
  let deploy = await client.deploys.create({
    version: values.version,
    ...(values.environment ? { environment: values.environment } : {}),
    ...(values.commit ? { commit: values.commit } : {}),
    ...(values.url ? { url: values.url } : {}),
    ...(values.description ? { description: values.description } : {}),
    ...(values['callback-url'] ? { callback_url: values['callback-url'] } : {}),
    ...(values.monitor?.length || values.tag?.length
      ? {
          run: {
            ...(values.monitor?.length ? { monitors: values.monitor } : {}),
            ...(values.tag?.length ? { tags: values.tag } : {}),
          },
        }
      : {}),
  });
  if (deploy.status === 'checking' && !values['no-wait']) {
    if (!values.json)
      out(`deploy ${deploy.version} (${deploy.environment}): running ${deploy.checks.length} monitors…`);
    deploy = await client.deploys.waitFor(deploy.id, timeout ? { timeoutMs: timeout * 1000 } : {});
  }
  if (values.json) json(deploy);
  else for (const line of deployLines(deploy)) out(line);
  return deploy.status === 'regressed' || deploy.status === 'failed' ? 1 : 0;
}
