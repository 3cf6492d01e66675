// The Action's `command: deploy` (issue 62): tells Pageprobe of the release this workflow deployed, runs
// the monitors it names, waits for their verdict and fails the step on `regressed` or `failed`, so the
// workflow can stop or roll back. The commit defaults to the workflow's (GITHUB_SHA).
import { appendFileSync } from 'node:fs';
import { createClient, deployLines, type PageprobeClient } from '@pageprobe/client';
import { UsageError } from './assertions.ts';

export interface DeployInputs {
  baseUrl: string;
  apiKey: string;
  version: string;
  environment: string;
  commit: string;
  url: string;
  description: string;
  monitors: string[];
  tags: string[];
  timeoutSeconds: number;
  output: (name: string, value: string) => void;
}

const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The inputs as GitHub passes them (`input` reads INPUT_*). */
export function deployInputsFrom(input: (name: string) => string, env: NodeJS.ProcessEnv) {
  const version = input('version') || env.GITHUB_REF_NAME || '';
  if (!version) throw new UsageError('input version is required for command: deploy');
  return {
    version,
    environment: input('environment'),
    commit: input('commit') || env.GITHUB_SHA || '',
    url: input('deploy-url'),
    description: input('description'),
    monitors: list(input('monitors')),
    tags: list(input('tags')),
    timeoutSeconds: Number(input('timeout')) || 1800,
  };
}

export async function deployAction(inputs: DeployInputs, client: PageprobeClient = createClient(inputs)) {
  let deploy = await client.deploys.create({
    version: inputs.version,
    ...(inputs.environment ? { environment: inputs.environment } : {}),
    ...(inputs.commit ? { commit: inputs.commit } : {}),
    ...(inputs.url ? { url: inputs.url } : {}),
    ...(inputs.description ? { description: inputs.description } : {}),
    ...(inputs.monitors.length || inputs.tags.length
      ? {
          run: {
            ...(inputs.monitors.length ? { monitors: inputs.monitors } : {}),
            ...(inputs.tags.length ? { tags: inputs.tags } : {}),
          },
        }
      : {}),
  });
  if (deploy.status === 'checking') {
    process.stdout.write(`deploy ${deploy.version}: running ${deploy.checks.length} monitors…\n`);
    deploy = await client.deploys.waitFor(deploy.id, { timeoutMs: inputs.timeoutSeconds * 1000 });
  }
  const lines = deployLines(deploy);
  for (const line of lines) process.stdout.write(`${line}\n`);
  inputs.output('deploy-id', deploy.id);
  inputs.output('deploy-status', deploy.status);
  inputs.output('passed', String(deploy.status === 'passed' || deploy.status === 'recorded'));
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, ['## Pageprobe deploy', '', '```', ...lines, '```', ''].join('\n'));
  return deploy.status === 'regressed' || deploy.status === 'failed' ? 1 : 0;
}
