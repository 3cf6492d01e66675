import { html, type SafeHtml } from '@pageprobe/html';
import { monitorLabel } from '@pageprobe/test-kinds';
import type { PageContext } from '../../http/page-context.ts';
import { fieldError } from '../../views/form-errors.ts';

/** Monitors offered at a time: a team may have 10,000, so the form lists the chosen ones and a search's. */
const OFFERED = 50;

export interface MonitorChoice {
  id: string;
  url: string;
  name: string | null;
  type: string;
}

/**
 * The monitors a form offers: those already chosen (in their order), then up to 50 others whose URL or
 * name holds `search` (the newest without one). Two queries, whatever the team's size.
 */
export async function monitorChoices(ctx: PageContext, chosen: string[], search: string): Promise<MonitorChoice[]> {
  const teamId = ctx.session!.teamId!;
  const select = { id: true, url: true, name: true, type: true } as const;
  const ids = chosen.filter((id) => /^[0-9a-f-]{36}$/i.test(id)).slice(0, 100);
  const [picked, found] = await Promise.all([
    ids.length
      ? ctx.deps.db.monitor.findMany({ where: { teamId, deletedAt: null, id: { in: ids } }, select })
      : Promise.resolve([]),
    ctx.deps.db.monitor.findMany({
      where: {
        teamId,
        deletedAt: null,
        ...(ids.length ? { id: { notIn: ids } } : {}),
        // A heartbeat has no URL of its own (issue 47): found by its name.
        ...(search
          ? {
              OR: [
                { url: { contains: search, mode: 'insensitive' as const } },
                { name: { contains: search, mode: 'insensitive' as const } },
              ],
            }
          : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: OFFERED,
      select,
    }),
  ]);
  const byId = new Map(picked.map((m) => [m.id, m]));
  return [...ids.flatMap((id) => byId.get(id) ?? []), ...found];
}

/**
 * The monitors fieldset: a checkbox each (name `monitors`), with a label field beside each when `labels`
 * (a status page names its monitors), and a search that re-renders the form (`action=find`).
 */
export function monitorPicker(
  choices: MonitorChoice[],
  chosen: Set<string>,
  options: { search: string; error?: string; labels?: Record<string, string> },
): SafeHtml {
  const { search, error, labels } = options;
  return html`<fieldset class="monitor-picker"${error ? html` aria-describedby="monitors-error"` : ''}><legend>Monitors</legend>
${fieldError('monitors', error)}
<p class="search-row"><label for="monitor_search">Find monitors by URL or name</label><input id="monitor_search" name="monitor_search" type="search" value="${search}"> <button type="submit" name="action" value="find" class="secondary">Find monitors</button></p>
${
  choices.length
    ? html`<ul class="choices">${choices.map(
        (m, i) =>
          html`<li><label class="check"><input type="checkbox" name="monitors" value="${m.id}"${chosen.has(m.id) ? html` checked` : ''}> ${monitorLabel(m)} <span class="muted">${m.type}</span></label>${
            labels
              ? html`<label class="visually-hidden" for="label-${i}">Label for ${monitorLabel(m)}</label><input id="label-${i}" name="label_${m.id}" class="monitor-label" maxlength="100" placeholder="Label shown on the page" value="${labels[m.id] ?? ''}">`
              : ''
          }</li>`,
      )}</ul>`
    : html`<p class="muted">${search ? 'No monitor has that in its URL or name.' : 'The team has no monitors yet.'}</p>`
}
</fieldset>`;
}

/** The form's chosen monitors, in order, from `monitors` (one value or many). */
export function chosenOf(body: Record<string, unknown>): string[] {
  const raw = body.monitors;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return [...new Set(list.map(String))];
}
