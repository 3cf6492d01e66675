import type { Incident, IncidentImpact, IncidentStatus, PageprobeClient } from '@pageprobe/client';
import { UsageError } from './assertions.ts';

// `pageprobe incidents create|update|list` (issue 58): what a team tells its status pages' readers, from
// a terminal or a deploy script.

const STATUSES: readonly IncidentStatus[] = ['investigating', 'identified', 'monitoring', 'resolved'];
const IMPACTS: readonly IncidentImpact[] = ['degraded_performance', 'partial_outage', 'major_outage'];

export const INCIDENTS_USAGE = `  pageprobe incidents create --title <title> --message <Markdown> --component <monitor-id>[=<impact>]...
                            [--status investigating|identified|monitoring|resolved] [--at <ISO time>] [--json]
                            (impact: degraded_performance, partial_outage or major_outage (the default);
                             shown on every status page that shows one of its components)
  pageprobe incidents update <incident-id> --status <status> --message <Markdown> [--at <ISO time>] [--json]
  pageprobe incidents list [--status open|resolved] [--limit N] [--cursor <next_cursor>] [--json]`;

export interface IncidentValues {
  title?: string;
  message?: string;
  component?: string[];
  status?: string;
  at?: string;
  limit?: number;
  cursor?: string;
  json?: boolean;
}

const statusOf = (value: string | undefined): IncidentStatus | undefined => {
  if (value === undefined) return undefined;
  if (!STATUSES.includes(value as IncidentStatus))
    throw new UsageError(`--status must be one of ${STATUSES.join(', ')}`);
  return value as IncidentStatus;
};

/** `<monitor-id>[=<impact>]`: the monitor it affects, and how badly (a major outage unless said). */
function componentOf(arg: string): { monitor_id: string; impact: IncidentImpact } {
  const [monitorId, impact = 'major_outage'] = arg.split('=');
  if (!IMPACTS.includes(impact as IncidentImpact))
    throw new UsageError(`--component ${arg}: the impact is one of ${IMPACTS.join(', ')}`);
  return { monitor_id: monitorId!, impact: impact as IncidentImpact };
}

/** One line: id, status, impact, title; and its latest update beneath. */
export function incidentLine(i: Incident): string {
  const latest = i.updates.at(-1);
  const head = `${i.id}  ${i.status.padEnd(13)}  ${(i.impact ?? '-').padEnd(20)}  ${i.title}`;
  return latest ? `${head}\n  ${latest.at}  ${latest.message.split('\n')[0]}` : head;
}

export async function incidentsCommand(
  client: PageprobeClient,
  [sub, ...args]: string[],
  values: IncidentValues,
  { out, json }: { out: (s: string) => void; json: (v: unknown) => void },
): Promise<number> {
  const print = (i: Incident) => (values.json ? json(i) : out(incidentLine(i)));
  switch (sub) {
    case 'create': {
      if (!values.title || !values.message || !values.component?.length)
        throw new UsageError('incidents create --title <title> --message <Markdown> --component <monitor-id>');
      const status = statusOf(values.status);
      print(
        await client.incidents.create({
          title: values.title,
          message: values.message,
          components: values.component.map(componentOf),
          ...(status ? { status } : {}),
          ...(values.at ? { at: values.at } : {}),
        }),
      );
      return 0;
    }
    case 'update': {
      const status = statusOf(values.status);
      if (!args[0] || !status || !values.message)
        throw new UsageError('incidents update <incident-id> --status <status> --message <Markdown>');
      print(
        await client.incidents.update(args[0], {
          status,
          message: values.message,
          ...(values.at ? { at: values.at } : {}),
        }),
      );
      return 0;
    }
    case 'list': {
      if (values.status !== undefined && values.status !== 'open' && values.status !== 'resolved')
        throw new UsageError('incidents list --status open|resolved');
      const page = await client.incidents.list({
        ...(values.status ? { status: values.status as 'open' | 'resolved' } : {}),
        ...(values.limit ? { limit: values.limit } : {}),
        ...(values.cursor ? { cursor: values.cursor } : {}),
      });
      if (values.json) json(page);
      else {
        for (const i of page.data) out(incidentLine(i));
        if (page.next_cursor) out(`more: --cursor ${page.next_cursor}`);
      }
      return 0;
    }
    default:
      throw new UsageError('incidents create|update|list');
  }
}
