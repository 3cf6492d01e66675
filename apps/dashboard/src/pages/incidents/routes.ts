import { html } from '@pageprobe/html';
import {
  addIncidentUpdate,
  type ChangeIncident,
  type CreateIncident,
  changeIncident,
  checkInput,
  createIncident,
  IMPACT_WORDS,
  type IncidentUpdateInput,
  markdownHtml,
  STATUS_WORDS,
  deleteIncident,
  getIncident,
  listIncidents,
  type PresentedIncident,
} from '@pageprobe/services';
import { monitorLabel } from '@pageprobe/test-kinds';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { cursorOf, formValues, orProblem } from '../../http/request-input.ts';
import { emptyForm, type FormState, formFromError } from '../../views/form-errors.ts';
import { confirmed, confirmPage, dangerButton } from '../../views/confirm.ts';
import { field, form, may, page, problem } from '../../views/layout.ts';
import { chosenOf, monitorChoices, monitorPicker } from '../maintenance/monitor-picker.ts';
import { listTable } from '../../views/list-table.ts';

// Incidents (issue 58): what the team tells its status pages' readers. A list, a form to open one, and
// each incident's page with its updates and a form for the next one: the API's service underneath.

const PAGE = 50;
const STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
const IMPACTS = ['degraded_performance', 'partial_outage', 'major_outage'] as const;

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
/** A datetime-local field's value (read as UTC) as an ISO time; undefined when empty. */
const atOf = (value: string | undefined) => (value?.trim() ? `${value.trim().slice(0, 16)}:00.000Z` : undefined);

const select = (
  label: string,
  name: string,
  options: readonly string[],
  chosen: string,
  words: (o: string) => string,
) =>
  html`<p><label for="${name}">${label}</label><select id="${name}" name="${name}">${options.map(
    (o) => html`<option value="${o}"${o === chosen ? html` selected` : ''}>${words(o)}</option>`,
  )}</select></p>`;
const statusSelect = (chosen: string) =>
  select('Status', 'status', STATUSES, chosen, (s) => STATUS_WORDS[s as keyof typeof STATUS_WORDS]);
const messageField = (value: string, error?: string) =>
  html`<p><label for="message">What readers are told (Markdown)</label><textarea id="message" name="message" rows="5" maxlength="10000" required${error ? html` aria-describedby="message-error"` : ''}>${value}</textarea>${error ? html`<span class="field-error" id="message-error">${error}</span>` : ''}</p>`;
const atField = (value: string, error?: string) =>
  field('When it happened (UTC; empty: now)', 'at', 'datetime-local', html`value="${value}"`, error);

/** /incidents: open ones or resolved ones, newest first. */
async function listPage(ctx: PageContext) {
  const status = ctx.req.query.status === 'resolved' ? 'resolved' : ctx.req.query.status === 'all' ? undefined : 'open';
  const { data, next_cursor } = await listIncidents(ctx.deps, await callerOf(ctx), {
    ...(status ? { status } : {}),
    cursor: cursorOf(ctx),
    limit: PAGE,
  });
  const tab = (value: string, name: string) =>
    html`<a href="${ctx.href(`/incidents?status=${value}`)}"${(status ?? 'all') === value ? html` aria-current="page"` : ''}>${name}</a>`;
  page(
    ctx,
    'Incidents',
    html`<p>What your status pages tell their readers. An incident shows on every status page that shows one of its monitors; its subscribers are told of each update.</p>
${may(ctx, 'team.write') ? html`<p><a class="button" href="${ctx.href('/incidents/new')}">New incident</a></p>` : ''}
<p class="tabs">${tab('open', 'Open')} · ${tab('resolved', 'Resolved')} · ${tab('all', 'All')}</p>
${
  data.length
    ? html`${listTable(
        'Incidents',
        [{ head: 'Title' }, { head: 'Status' }, { head: 'Impact' }, { head: 'Began' }],
        data.map((i) => [
          html`<a href="${ctx.href(`/incidents/${i.id}`)}">${i.title}</a>${i.opened_for_monitor_id ? html` <span class="muted">(automatic)</span>` : ''}`,
          STATUS_WORDS[i.status],
          i.impact ? IMPACT_WORDS[i.impact].text : '–',
          utc(i.started_at),
        ]),
      )}
${next_cursor ? html`<p><a href="${ctx.href(`/incidents?status=${status ?? 'all'}&cursor=${encodeURIComponent(next_cursor)}`)}">Next page</a></p>` : ''}`
    : html`<p class="muted">No ${status ?? ''} incidents.</p>`
}`,
  );
}

/** The form to open one: title, its monitors and their impact, its first status and message. */
async function newPage(ctx: PageContext, state: FormState, chosen: string[]) {
  const v = state.values;
  const err = (name: string) =>
    state.errors[name] ?? Object.entries(state.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const choices = await monitorChoices(ctx, chosen, v.monitor_search ?? '');
  page(
    ctx,
    'New incident',
    html`${problem(state.problem)}${form(
      ctx,
      '/incidents',
      html`${field('Title', 'title', 'text', html`maxlength="200" required value="${v.title ?? ''}"`, err('title'))}
${monitorPicker(choices, new Set(chosen), { search: v.monitor_search ?? '', error: err('components') })}
${select('Impact on them', 'impact', IMPACTS, v.impact ?? 'major_outage', (i) => IMPACT_WORDS[i as keyof typeof IMPACT_WORDS].text)}
${statusSelect(v.status ?? 'investigating')}
${messageField(v.message ?? '', err('message'))}
${atField(v.at ?? '', err('at'))}
<p><button type="submit" name="action" value="save">Open the incident</button></p>`,
    )}`,
    state.status,
  );
}

async function createFrom(ctx: PageContext) {
  const values = formValues(ctx, ['monitors']);
  const chosen = chosenOf(ctx.req.body ?? {});
  if (values.action === 'find') return newPage(ctx, emptyForm(values), chosen);
  try {
    const at = atOf(values.at);
    const body = checkInput<CreateIncident>('CreateIncident', {
      title: values.title ?? '',
      status: values.status ?? 'investigating',
      message: values.message ?? '',
      components: chosen.map((id) => ({ monitor_id: id, impact: values.impact ?? 'major_outage' })),
      ...(at ? { at } : {}),
    });
    const created = await createIncident(ctx.deps, await callerOf(ctx), body);
    ctx.res.redirect(303, ctx.href(`/incidents/${created.id}`));
  } catch (error) {
    await newPage(ctx, formFromError(error, values), chosen);
  }
}

/** An incident: its updates (newest first), the next update's form, its title and postmortem, delete. */
async function incidentPage(ctx: PageContext, i: PresentedIncident, state: FormState | null) {
  const writable = may(ctx, 'team.write');
  const s = state ?? emptyForm();
  const v = s.values;
  const names = new Map(
    (
      await ctx.deps.db.monitor.findMany({
        where: { id: { in: i.components.map((c) => c.monitor_id) } },
        select: { id: true, url: true, name: true, type: true },
      })
    ).map((m) => [m.id, monitorLabel(m)]),
  );
  page(
    ctx,
    i.title,
    html`${problem(s.problem)}<dl class="facts"><dt>Status</dt><dd>${STATUS_WORDS[i.status]}</dd><dt>Impact</dt><dd>${i.impact ? IMPACT_WORDS[i.impact].text : '–'}</dd>
<dt>Began</dt><dd>${utc(i.started_at)}</dd>${i.resolved_at ? html`<dt>Resolved</dt><dd>${utc(i.resolved_at)}</dd>` : ''}
<dt>Monitors</dt><dd>${i.components.map((c, n) => html`${n ? ', ' : ''}${names.get(c.monitor_id) ?? c.monitor_id} (${IMPACT_WORDS[c.impact].text.toLowerCase()})`)}</dd></dl>
${
  writable
    ? html`<h2>Post an update</h2>${form(
        ctx,
        `/incidents/${i.id}/updates`,
        html`${statusSelect(v.status ?? (i.status === 'resolved' ? 'resolved' : i.status))}
${messageField(v.message ?? '', s.errors.message)}
${atField(v.at ?? '', s.errors.at)}
<p><button type="submit">Post the update</button></p>`,
      )}`
    : ''
}
<h2>Updates</h2>
<ol class="updates">${[...i.updates]
      .reverse()
      .map(
        (u) =>
          html`<li><p><strong>${STATUS_WORDS[u.status]}</strong> · ${utc(u.at)}</p>${markdownHtml(u.message)}</li>`,
      )}</ol>
${
  i.status === 'resolved'
    ? html`<h2>Postmortem</h2>${i.postmortem ? markdownHtml(i.postmortem) : html`<p class="muted">None yet.</p>`}${
        writable
          ? form(
              ctx,
              `/incidents/${i.id}`,
              html`<p><label for="postmortem">Postmortem (Markdown)</label><textarea id="postmortem" name="postmortem" rows="8" maxlength="50000">${v.postmortem ?? i.postmortem ?? ''}</textarea></p><p><button type="submit">Save the postmortem</button></p>`,
            )
          : ''
      }`
    : ''
}
${writable ? html`<h2>Delete</h2>${form(ctx, `/incidents/${i.id}/delete`, html`<p>It leaves every status page and its feeds.</p>${dangerButton('Delete')}`)}` : ''}`,
    s.status,
  );
}

const incidentOf = async (ctx: PageContext) => getIncident(ctx.deps, await callerOf(ctx), String(ctx.req.params.id));

/** A form on an incident's page: saved, then the page again; refused, the page with what was wrong. */
const saveOn = (
  ctx: PageContext,
  save: (current: PresentedIncident, values: Record<string, string>) => Promise<void>,
) =>
  orProblem(ctx, 'Incident', async () => {
    const current = await incidentOf(ctx);
    const values = formValues(ctx);
    try {
      await save(current, values);
      ctx.res.redirect(303, ctx.href(`/incidents/${current.id}`));
    } catch (error) {
      await incidentPage(ctx, current, formFromError(error, values));
    }
  });

export const incidentRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/incidents',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Incidents', () => listPage(ctx)),
  },
  { method: 'get', path: '/incidents/new', access: 'team.write', handle: (ctx) => newPage(ctx, emptyForm(), []) },
  { method: 'post', path: '/incidents', access: 'team.write', handle: (ctx) => createFrom(ctx) },
  {
    method: 'get',
    path: '/incidents/:id',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Incident', async () => incidentPage(ctx, await incidentOf(ctx), null)),
  },
  {
    method: 'post',
    path: '/incidents/:id/updates',
    access: 'team.write',
    handle: (ctx) =>
      saveOn(ctx, async (current, values) => {
        const at = atOf(values.at);
        const body = checkInput<IncidentUpdateInput>('CreateIncidentUpdate', {
          status: values.status ?? '',
          message: values.message ?? '',
          ...(at ? { at } : {}),
        });
        await addIncidentUpdate(ctx.deps, await callerOf(ctx), current.id, body);
      }),
  },
  {
    method: 'post',
    path: '/incidents/:id',
    access: 'team.write',
    handle: (ctx) =>
      saveOn(ctx, async (current, values) => {
        const postmortem = values.postmortem?.trim() ? values.postmortem : null;
        await changeIncident(
          ctx.deps,
          await callerOf(ctx),
          current.id,
          checkInput<ChangeIncident>('ChangeIncident', { postmortem }),
        );
      }),
  },
  {
    method: 'post',
    path: '/incidents/:id/delete',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Incident', async () => {
        const incident = await incidentOf(ctx);
        if (!confirmed(ctx))
          return confirmPage(ctx, {
            title: `Delete the incident ${incident.title}?`,
            consequence: 'It leaves every status page and its feeds at once, with its updates. This cannot be undone.',
            action: `/incidents/${incident.id}/delete`,
            button: 'Delete the incident',
            back: `/incidents/${incident.id}`,
          });
        await deleteIncident(ctx.deps, await callerOf(ctx), incident.id);
        ctx.res.redirect(303, ctx.href('/incidents'));
      }),
  },
];
