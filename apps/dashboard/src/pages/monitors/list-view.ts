import { html, type SafeHtml } from '@pageprobe/html';
import { monitorLabel, monitorSubject } from '@pageprobe/test-kinds';
import { ASSETS } from '../../assets.ts';
import type { PageContext } from '../../http/page-context.ts';
import { form, may, page, problem } from '../../views/layout.ts';
import { managedMark, managedNotice } from '../../views/managed-by.ts';
import { monitorStateMark } from '../../views/state-mark.ts';
import { timeAgo } from '../../views/time-ago.ts';
import { type ListFilters, type ListRow, SORTS, STATES, TREND_HOURS, UPTIME_DAYS } from './list-query.ts';
import { hourStrip, sparkline } from './list-trends.ts';
import { MONITOR_TYPES, typeWord } from './monitor-types.ts';

function options(values: Array<[string, string]>, chosen: string): SafeHtml[] {
  return values.map(([v, t]) => html`<option value="${v}"${v === chosen ? html` selected` : ''}>${t}</option>`);
}

/** The GET form: search, filters and sort, in the URL (a list can be linked and reloaded). */
function filtersForm(ctx: PageContext, f: ListFilters, choices: { tags: string[]; locations: string[] }): SafeHtml {
  const sel = (label: string, name: string, values: Array<[string, string]>, chosen: string) =>
    html`<p><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}">${options(values, chosen)}</select></p>`;
  return html`<form method="get" action="${ctx.href('/monitors')}" class="filters" role="search">
<p><label for="q">Search monitors</label><input id="q" name="q" type="search" value="${f.q}" placeholder="Name, URL or tag"></p>
${sel('State', 'state', [['', 'Any'], ...Object.entries(STATES)], f.state)}
${sel('Type', 'type', [['', 'Any'], ...MONITOR_TYPES.map(([t, w]): [string, string] => [t, w])], f.type)}
${sel('Location', 'location', [['', 'Any'], ['default', 'Default location'], ...choices.locations.map((l): [string, string] => [l, l])], f.location)}
${sel('Tag', 'tag', [['', 'Any'], ...choices.tags.map((t): [string, string] => [t, t])], f.tag)}
${sel('Sort by', 'sort', Object.entries(SORTS), f.sort)}
<p><button type="submit">Show</button></p>
</form>`;
}

const linkWith = (ctx: PageContext, f: ListFilters, cursor: string) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, cursor })) if (v) q.set(k, v);
  return ctx.href(`/monitors?${q}`);
};

/** The request header asking for the list's rows alone (monitor-list.js refreshes them in place). */
export const ROWS_FRAGMENT = 'x-pageprobe-fragment';

/**
 * The page's rows: a monitor each, the name first (its target muted under it), its state, its last day
 * as a strip and a sparkline, uptime, when it last checked. The classes name the columns, for the cards a
 * phone shows (20-list.css labels each figure from them).
 */
export function listRows(ctx: PageContext, rows: ListRow[], now = new Date()): SafeHtml[] {
  const writer = may(ctx, 'team.write');
  return rows.map(
    (m) => html`<tr data-id="${m.id}">
${writer ? html`<td class="pick"><input type="checkbox" name="ids" value="${m.id}" id="pick-${m.id}" aria-label="Select ${monitorLabel(m)}"></td>` : ''}
<td class="url" data-url="${m.url}"><a href="${ctx.href(`/monitors/${m.id}`)}">${monitorLabel(m)}</a>${managedMark(m.managedBy)}${m.name && monitorSubject(m) !== m.name ? html`<span class="target muted">${monitorSubject(m)}</span>` : ''}</td>
<td class="st">${monitorStateMark(m.state)}${m.state === 'paused' && m.pausedReason && m.pausedReason !== 'user' ? html` <span class="muted">(${m.pausedReason.replaceAll('_', ' ')})</span>` : ''}</td>
<td class="h24">${hourStrip(m.hours)}</td>
<td class="rt">${sparkline(m.type, m.hours)}</td>
<td class="num up7">${m.uptime === null ? '—' : `${m.uptime.toFixed(2)} %`}</td>
<td class="last">${timeAgo(m.lastRunAt, now)}</td>
<td class="ty">${typeWord(m.type)}</td>
<td class="tags">${m.tags.join(', ')}</td>
<td class="locs">${m.locations?.length ? m.locations.join(', ') : html`<span class="muted">default</span>`}</td>
</tr>`,
  );
}

/** The list page: filters, then the page of monitors in the bulk form (for who may change them). */
export function listPage(
  ctx: PageContext,
  f: ListFilters,
  list: { rows: ListRow[]; next: string | null },
  choices: { tags: string[]; locations: string[] },
  top: SafeHtml | string = '',
  status = 200,
): void {
  const writer = may(ctx, 'team.write');
  const table = html`<div class="scroll" role="region" tabindex="0" aria-label="Monitors"><table class="monitors"><thead><tr>${writer ? html`<th scope="col"><span class="visually-hidden">Select</span></th>` : ''}<th scope="col">Monitor</th><th scope="col">State</th><th scope="col">Last ${TREND_HOURS} h</th><th scope="col">Trend</th><th scope="col" class="num">Uptime, ${UPTIME_DAYS} d</th><th scope="col">Last check</th><th scope="col">Type</th><th scope="col">Tags</th><th scope="col">Locations</th></tr></thead>
<tbody id="monitor-rows">${listRows(ctx, list.rows)}</tbody></table></div>`;
  const bulk = html`<fieldset class="bulk"><legend>With the selected monitors</legend>
<button type="submit" name="action" value="pause">Pause</button>
<button type="submit" name="action" value="resume">Resume</button>
<button type="submit" name="action" value="delete" class="danger">Delete</button>
<span class="tag-add"><label for="bulk-tag">Tag to add</label><input id="bulk-tag" name="tag" type="text" maxlength="50" pattern="[a-z0-9][a-z0-9_.:\\-]{0,49}">
<button type="submit" name="action" value="tag">Add tag</button></span>
</fieldset>`;
  page(
    ctx,
    'Monitors',
    html`${top}
${writer ? html`<p><a class="button" href="${ctx.href('/monitors/new')}">New monitor</a></p>` : ''}
${filtersForm(ctx, f, choices)}
${
  list.rows.length
    ? writer
      ? form(ctx, '/monitors/bulk', html`${bulk}${table}`)
      : table
    : html`<p>${f.q || f.state || f.type || f.location || f.tag ? 'No monitor matches.' : 'No monitors yet.'}</p>`
}
<nav aria-label="Pages" class="pages">${f.cursor ? html`<a href="${linkWith(ctx, f, '')}">First page</a>` : ''}${list.next ? html` <a href="${linkWith(ctx, f, list.next)}" rel="next">Next page</a>` : ''}</nav>`,
    status,
    html`<script type="module" src="${ctx.href(ASSETS.monitorList.path)}"></script>
`,
  );
}

/** The page that asks before deleting (no script needed): the monitors named, a Delete button. */
export function confirmDeletePage(
  ctx: PageContext,
  monitors: Array<{ id: string; url: string; name: string | null; type: string; managedBy?: string | null }>,
  action: string,
) {
  const managed = [...new Set(monitors.flatMap((m) => (m.managedBy ? [m.managedBy] : [])))];
  page(
    ctx,
    monitors.length === 1 ? 'Delete this monitor?' : `Delete ${monitors.length} monitors?`,
    html`<p>These stop running at once. Their past tests and checks stay readable; they cannot be resumed.</p>
${managed.map((file) => managedNotice(file, 'delete'))}
<ul>${monitors.map((m) => html`<li>${monitorLabel(m)}${managedMark(m.managedBy)}</li>`)}</ul>
${form(
  ctx,
  action,
  html`${monitors.map((m) => html`<input type="hidden" name="ids" value="${m.id}">`)}<input type="hidden" name="action" value="delete_confirmed">
<p><button type="submit" class="danger">Delete</button> <a href="${ctx.href('/monitors')}">Cancel</a></p>`,
)}`,
  );
}

export const bulkProblem = (text: string) => problem(text);
