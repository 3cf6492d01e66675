// The Action's `command: plan` and `command: apply` (issue 50): a pull request's job shows the plan of
// pageprobe.yaml in its summary, a merge's job applies it. Problems in the file are annotations on their
// line (`::error file=pageprobe.yaml,line=12,col=5::…`), so the pull request's diff shows them where they are.
import { appendFileSync } from 'node:fs';
import { createClient, type PageprobeClient } from '@pageprobe/client';
import { planOrApply } from './config/config-commands.ts';
import { plain } from './format.ts';
import { planMarkdown } from './config/plan-lines.ts';
import { workflowCommand } from './workflow-command.ts';

/** A message that starts with `file:line:column: ` as a workflow command annotating that line. */
export function annotation(level: 'error' | 'warning', message: string): string {
  const at = /^([^:\s][^:]*):(\d+):(\d+): (.*)$/s.exec(message);
  if (!at) return workflowCommand(level, message);
  const [, file, line, col, text] = at;
  return workflowCommand(level, text!, { file: file!, line: line!, col: col! });
}

export interface ConfigInputs {
  command: 'plan' | 'apply';
  baseUrl: string;
  apiKey: string;
  file: string;
  prune: boolean;
  output: (name: string, value: string) => void;
}

/** Plans or applies the file; exit code 0 (a plan with changes too: the summary shows them), 1 on error. */
export async function configAction(inputs: ConfigInputs, client: PageprobeClient = createClient(inputs)) {
  const { changes, file } = await planOrApply(
    client,
    inputs.command,
    {
      ...(inputs.file ? { file: inputs.file } : {}),
      prune: inputs.prune,
      cwd: process.env.GITHUB_WORKSPACE || process.cwd(),
      env: process.env,
    },
    {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stdout.write(annotation('warning', line.replace(/^warning: /, ''))),
      paint: plain,
    },
  );
  inputs.output('changes', String(changes.length));
  inputs.output('has-changes', String(changes.length > 0));
  inputs.output('plan', JSON.stringify(changes));
  const title = inputs.command === 'plan' ? 'Pageprobe plan' : 'Pageprobe apply';
  if (process.env.GITHUB_STEP_SUMMARY)
    appendFileSync(process.env.GITHUB_STEP_SUMMARY, planMarkdown(title, changes, file, inputs.command === 'apply'));
  return 0;
}
