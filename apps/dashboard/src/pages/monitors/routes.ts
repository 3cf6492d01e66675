import {
  checkInput,
  createMonitor,
  cruxOf,
  deleteMonitor,
  heartbeatFields,
  lastExchange,
  listChecks,
  listPings,
  loadMonitorPage,
  type MonitorWithChannels,
  monitorPageUrl,
  monitorSections,
  ownedMonitor,
  ProblemError,
  type RangeName,
  rangesFor,
  updateMonitor,
  monitorReport,
  monitorReportView,
  pageMonth,
  uptimeReportPage,
} from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { liveLocations } from '@pageprobe/jobs';
import {
  fmtMs,
  kindNames,
  monitorKindNamed,
  monitorKindNames,
  monitorLabel,
  recordsChecks,
} from '@pageprobe/test-kinds';
import { ASSETS } from '../../assets.ts';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { emptyForm, type FormState, formFromError } from '../../views/form-errors.ts';
import { form, may, message, page, problem } from '../../views/layout.ts';
import { BadCursor, filterChoices, type ListFilters, listMonitors, SORTS, STATES } from './list-query.ts';
import { heartbeatSection } from './heartbeat-view.ts';
import { lastExchangeSection, monitorFacts } from './monitor-facts.ts';
import { confirmDeletePage, listPage, listRows, ROWS_FRAGMENT } from './list-view.ts';
import { managedMark, managedNotice } from '../../views/managed-by.ts';
import { createBody, updateBody, valuesOf, valuesOfMonitor, withoutSecrets } from './monitor-body.ts';
import { type FormChoices, monitorFields } from './monitor-form.ts';
import { kindPicker } from '../../views/kind-picker.ts';
import { stateMark } from '../../views/state-mark.ts';
import { defaultSubmit } from '../../views/step-rows.ts';
import { changesAnyRows, redrawnRowValues } from '../../views/form-rows.ts';
import { listTable } from '../../views/list-table.ts';

/** Whether the form was sent to add or remove a row (a step or an expectation) rather than to be saved. */

const CHECKS_LISTED = 50;
const PINGS_LISTED = 20;
/** Monitors one bulk request may change (a page of the list). */
const BULK_MAX = 100;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const idsOf = (body: Record<string, unknown>) =>
  [...new Set((Array.isArray(body.ids) ? body.ids : [body.ids]).filter((id): id is string => typeof id === 'string'))]
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
    .slice(0, BULK_MAX);

function filtersOf(ctx: PageContext): ListFilters {
  const q = ctx.req.query as Record<string, unknown>;
  const one = <T extends string>(value: unknown, allowed: readonly string[]) =>
    (allowed.includes(str(value)) ? str(value) : '') as T;
  return {
    q: str(q.q).trim().slice(0, 200),
    state: one(q.state, Object.keys(STATES)),
    type: one(q.type, monitorKindNames),
    location: str(q.location).slice(0, 32),
    tag: str(q.tag).slice(0, 50),
    sort: one(q.sort, Object.keys(SORTS)) || 'newest',
    cursor: str(q.cursor).slice(0, 200),
  };
}

async function showList(ctx: PageContext, top: SafeHtml | string = '', status = 200) {
  const teamId = ctx.session!.teamId!;
  let f = filtersOf(ctx);
  // monitor-list.js asks for the rows alone, drawn by the same code, to swap them in place: no filters.
  const rowsOnly = ctx.req.get(ROWS_FRAGMENT) === 'rows';
  const choices = rowsOnly ? Promise.resolve({ tags: [], locations: [] }) : filterChoices(ctx.deps.pool, teamId);
  choices.catch(() => {}); // awaited below; a failure of the list's read first must not leave it unhandled
  let list: Awaited<ReturnType<typeof listMonitors>>;
  try {
    list = await listMonitors(ctx.deps.pool, teamId, f);
  } catch (error) {
    if (!(error instanceof BadCursor)) throw error;
    // A page link this list did not give out (edited, or of another sort): 400, with the first page.
    f = { ...f, cursor: '' };
    list = await listMonitors(ctx.deps.pool, teamId, f);
    top = html`${top}${problem('That page link is not one this list gave out (for this sort): here is the first page.')}`;
    status = 400;
  }
  if (rowsOnly && status === 200) {
    ctx.res.type('html').send(html`${listRows(ctx, list.rows)}`.value);
    return;
  }
  listPage(ctx, f, list, await choices, top, status);
}

async function formChoices(ctx: PageContext): Promise<FormChoices> {
  const { deps } = ctx;
  const [channels, monitors, live] = await Promise.all([
    deps.db.alertChannel.findMany({
      where: { teamId: ctx.session!.teamId! },
      select: { id: true, name: true, type: true },
      orderBy: { name: 'asc' },
      take: 200,
    }),
    deps.db.monitor.findMany({
      where: { teamId: ctx.session!.teamId!, deletedAt: null },
      select: { id: true, name: true, url: true },
      orderBy: [{ name: 'asc' }, { url: 'asc' }],
      take: 500,
    }),
    liveLocations(deps.redis, deps.config.QUEUE_PREFIX).catch(() => []),
  ]);
  // Kinds of test as the deployment enables them; kinds of monitor only (a heartbeat) always.
  const enabled = new Set<string>(deps.config.ENABLED_TEST_TYPES);
  return {
    types: monitorKindNames.filter((t) => enabled.has(t) || !(kindNames as readonly string[]).includes(t)),
    channels,
    monitors: monitors.map((m) => ({ id: m.id, name: m.name ?? m.url })),
    locations: live.map((l) => l.id),
  };
}

/** The form of a new monitor of the kind its state holds (the page of kinds picked it). */
async function newForm(ctx: PageContext, state: FormState) {
  const choices = await formChoices(ctx);
  // A kind not offered (a forged form, or one turned off since): the page of kinds, saying so.
  if (!choices.types.includes(state.values.type ?? '')) return kindPage(ctx, 404);
  const kind = monitorKindNamed(state.values.type!);
  page(
    ctx,
    `New monitor: ${kind.title}`,
    html`<p><a href="${ctx.href('/monitors/new')}">Another kind</a></p>${form(
      ctx,
      '/monitors',
      html`${defaultSubmit('Create monitor')}${monitorFields(state, choices, null)}<p><button type="submit">Create monitor</button></p>`,
      html`class="monitor-form"`,
    )}`,
    state.status,
  );
}

/** A new monitor's first page: its kind, each with its title and what it checks (issue 60). */
async function kindPage(ctx: PageContext, status = 200) {
  const { types } = await formChoices(ctx);
  page(
    ctx,
    'New monitor',
    html`${status === 200 ? '' : problem('That is not a kind of monitor this deployment offers: choose one below.')}${kindPicker('What should it watch?', (k) => `${ctx.href('/monitors/new')}?kind=${k}`, types)}`,
    status,
  );
}

async function editForm(ctx: PageContext, monitor: MonitorWithChannels, state: FormState) {
  page(
    ctx,
    `Edit ${monitorLabel(monitor)}`,
    html`${managedNotice(monitor.managedBy)}${form(
      ctx,
      `/monitors/${monitor.id}`,
      html`${defaultSubmit('Save')}${monitorFields(state, await formChoices(ctx), monitor)}<p><button type="submit">Save</button> <a href="${ctx.href(`/monitors/${monitor.id}`)}">Cancel</a></p>`,
      html`class="monitor-form"`,
    )}`,
    state.status,
  );
}

/** The team's monitor, or a 404 page (undefined). */
async function found(ctx: PageContext): Promise<MonitorWithChannels | undefined> {
  try {
    return await ownedMonitor(ctx.deps.db, ctx.session!.teamId!, String(ctx.req.params.id));
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    message(ctx, 'Not found', 'This team has no such monitor.', 404);
  }
}

/** The names of a monitor's alert channels and of the monitors it depends on, for links on its page. */
async function namesOf(ctx: PageContext, monitor: MonitorWithChannels) {
  const teamId = ctx.session!.teamId!;
  const [channels, monitors] = await Promise.all([
    ctx.deps.db.alertChannel.findMany({
      where: { teamId, id: { in: monitor.alertChannels.map((c) => c.channelId) } },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    }),
    monitor.dependsOn.length
      ? ctx.deps.db.monitor.findMany({
          where: { teamId, id: { in: monitor.dependsOn }, deletedAt: null },
          select: { id: true, name: true, url: true, type: true },
        })
      : Promise.resolve([]),
  ]);
  return { channels, monitors: monitors.map((m) => ({ id: m.id, name: monitorLabel(m) })) };
}

const when = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** A monitor's page: the public page's content in the dashboard's frame, its checks page by page, its actions. */
async function monitorPage(ctx: PageContext, monitor: MonitorWithChannels) {
  const { deps } = ctx;
  const caller = await callerOf(ctx);
  const ranges = rangesFor(caller.plan);
  const range = ranges.find((r) => r === ctx.req.query.range) ?? ('7d' as RangeName);
  // The charts' figures are a view of their own (?figures=1): inline they were 60 % of the page's bytes,
  // and its Lighthouse score fell below 95 on a loaded machine (issue 56, item 22).
  const self = ctx.href(`/monitors/${monitor.id}`);
  const figures = ctx.req.query.figures === '1';
  const figuresHref = figures ? undefined : (chart: string) => `${self}?range=${range}&figures=1#${chart}`;
  const beforeRaw = str(ctx.req.query.before);
  const before = beforeRaw && !Number.isNaN(Date.parse(beforeRaw)) ? new Date(beforeRaw) : null;
  const { ping_url: pingUrl } = heartbeatFields(monitor, deps.config.PUBLIC_BASE_URL);
  const [data, checks, pings, last, names] = await Promise.all([
    loadMonitorPage(
      deps.db,
      { ...monitor, plan: caller.plan },
      range,
      new Date(),
      { base: deps.config.PUBLIC_BASE_URL, css: '', self },
      cruxOf(deps),
    ),
    recordsChecks(monitor.type) ? listChecks(deps.db, monitor.id, before, CHECKS_LISTED + 1) : Promise.resolve([]),
    pingUrl ? listPings(deps.pool, monitor.id, null, PINGS_LISTED) : Promise.resolve([]),
    recordsChecks(monitor.type) ? lastExchange(deps.db, monitor.id) : Promise.resolve(null),
    namesOf(ctx, monitor),
  ]);
  const shown = checks.slice(0, CHECKS_LISTED);
  const older = checks.length > CHECKS_LISTED ? shown.at(-1)?.slot : null;
  const writer = may(ctx, 'team.write');
  const paused = monitor.status === 'paused';
  const actions = writer
    ? html`<div class="actions"><a class="button" href="${self}/edit">Edit</a>
${form(ctx, `/monitors/${monitor.id}/${paused ? 'resume' : 'pause'}`, html`<button type="submit">${paused ? 'Resume' : 'Pause'}</button>`, html`class="inline"`)}
<a class="button danger" href="${self}/delete">Delete</a></div>`
    : '';
  // Columns a check of this monitor fills: HTTP for a page's, where for several locations'.
  const http = shown.some((c) => c.figures.status_code !== null);
  const where = (monitor.locations?.length ?? 0) > 0;
  const checksView = recordsChecks(monitor.type)
    ? html`<section class="card" aria-labelledby="checks-h"><h2 id="checks-h">Checks${before ? html` before ${when(before)}` : ''}</h2>
${
  shown.length
    ? listTable(
        'Checks, newest first',
        [
          { head: 'When' },
          ...(where ? [{ head: 'Location' }] : []),
          { head: 'Result' },
          ...(http ? [{ head: 'HTTP' }] : []),
          { head: pingUrl ? 'Run duration' : 'Total', num: true },
        ],
        shown.map((c) => [
          when(c.startedAt),
          ...(where ? [c.location] : []),
          c.figures.up
            ? stateMark('up', 'Good')
            : stateMark('down', `Failed: ${(c.figures.reason ?? '').replaceAll('_', ' ')}`),
          ...(http ? [c.figures.status_code ?? '—'] : []),
          fmtMs(c.figures.timings_ms.total),
        ]),
      )
    : html`<p>No checks${before ? ' before that' : ' yet'}.</p>`
}
<nav aria-label="Checks pages" class="pages">${before ? html`<a href="${self}">Newest checks</a>` : ''} ${older ? html`<a href="${self}?before=${older.toISOString()}">Older checks</a>` : ''}</nav>
</section>`
    : '';
  page(
    ctx,
    monitorLabel(monitor),
    html`${monitor.managedBy ? html`<p>${managedMark(monitor.managedBy)}</p>` : ''}${actions}
<p><a href="${self}/report">Uptime report</a> <span class="muted">(this month, printable; earlier months from it)</span></p>
${
  monitor.publicPage
    ? html`<p><a href="${monitorPageUrl(deps.config.PUBLIC_BASE_URL, monitor.reportToken)}">Its public page</a> (anyone with this link sees it)</p>`
    : html`<p>Its page is private: only this team's members see it, here. Its public link answers 404.</p>`
}
<div id="monitor-live">${monitorFacts(monitor, names, ctx.href)}
<div class="monitor-page">${pingUrl ? heartbeatSection(writer ? pingUrl : null, pings) : ''}${lastExchangeSection(last)}${monitorSections(data, { copy: true, figuresHref, figuresOpen: figures })}
${checksView}</div></div>`,
    200,
    html`<link rel="stylesheet" href="${ctx.href(ASSETS.reportCss.path)}"><script type="module" src="${ctx.href(ASSETS.monitorLive.path)}"></script>`,
  );
}

/** Runs one change per monitor through the API's service; what was refused, by monitor. */
async function eachMonitor(ids: string[], change: (id: string) => Promise<unknown>): Promise<string[]> {
  const refused: string[] = [];
  for (const id of ids) {
    try {
      await change(id);
    } catch (error) {
      if (!(error instanceof ProblemError) || error.status >= 500) throw error;
      refused.push(`${id}: ${error.message}`);
    }
  }
  return refused;
}

const done = (ctx: PageContext, refused: string[], path = '/monitors') =>
  refused.length
    ? showList(ctx, problem(`Not changed: ${refused.join(' ')}`), 400)
    : ctx.res.redirect(303, ctx.href(path));

export const monitorRoutes: PageRoute[] = [
  { method: 'get', path: '/monitors', access: 'team.read', handle: (ctx) => showList(ctx) },
  {
    method: 'get',
    path: '/monitors/new',
    access: 'team.write',
    async handle(ctx) {
      // No kind yet: the page of kinds; a kind: its form (a link, so it works without a script).
      const kind = str(ctx.req.query.kind);
      if (!kind) return kindPage(ctx);
      await newForm(ctx, emptyForm({ type: kind, device: 'mobile', interval_seconds: '300' }));
    },
  },
  {
    method: 'post',
    path: '/monitors',
    access: 'team.write',
    // Adding or removing a step row only draws the form again: no write spent.
    limit: (ctx) => !changesAnyRows(ctx.req.body),
    async handle(ctx) {
      const values = valuesOf(ctx.req.body);
      // Drawn again, the rows are those sent (or the changed JSON views'), typed texts left out.
      const redrawn = withoutSecrets(redrawnRowValues(values, values));
      if (changesAnyRows(values)) return newForm(ctx, emptyForm(redrawn));
      try {
        const body = checkInput<Parameters<typeof createMonitor>[2]>('CreateMonitor', createBody(values));
        const monitor = await createMonitor(ctx.deps, await callerOf(ctx), body);
        ctx.res.redirect(303, ctx.href(`/monitors/${monitor.id}`));
      } catch (error) {
        await newForm(ctx, formFromError(error, redrawn));
      }
    },
  },
  {
    method: 'post',
    path: '/monitors/bulk',
    access: 'team.write',
    async handle(ctx) {
      const ids = idsOf(ctx.req.body);
      const action = str(ctx.req.body.action);
      if (!ids.length) return showList(ctx, problem('Select at least one monitor.'), 400);
      const caller = await callerOf(ctx);
      if (action === 'pause' || action === 'resume') {
        const patch = checkInput<{ paused: boolean }>('UpdateMonitor', { paused: action === 'pause' });
        return done(ctx, await eachMonitor(ids, (id) => updateMonitor(ctx.deps, caller, id, patch)));
      }
      if (action === 'tag') {
        const tag = str(ctx.req.body.tag).trim();
        const refused = await eachMonitor(ids, async (id) => {
          const current = await ownedMonitor(ctx.deps.db, caller.teamId, id);
          if (current.tags.includes(tag)) return;
          const patch = checkInput<{ tags: string[] }>('UpdateMonitor', { tags: [...current.tags, tag] });
          await updateMonitor(ctx.deps, caller, id, patch);
        });
        return done(ctx, refused);
      }
      if (action === 'delete') {
        const rows = await ctx.deps.db.monitor.findMany({
          where: { id: { in: ids }, teamId: caller.teamId, deletedAt: null },
          select: { id: true, url: true, name: true, type: true, managedBy: true },
        });
        if (!rows.length) return showList(ctx, problem('None of those monitors is in this team.'), 404);
        return confirmDeletePage(ctx, rows, '/monitors/bulk');
      }
      if (action === 'delete_confirmed') {
        return done(ctx, await eachMonitor(ids, (id) => deleteMonitor(ctx.deps, caller, id)));
      }
      return showList(ctx, problem('Choose Pause, Resume, Delete or Add tag.'), 400);
    },
  },
  {
    method: 'get',
    path: '/monitors/:id',
    access: 'team.read',
    async handle(ctx) {
      const monitor = await found(ctx);
      if (monitor) await monitorPage(ctx, monitor);
    },
  },
  {
    // Issue 58: its printable uptime report, for members (its public page's is for anyone with its link).
    method: 'get',
    path: '/monitors/:id/report',
    access: 'team.read',
    async handle(ctx) {
      const monitor = await found(ctx);
      if (!monitor) return;
      const range = pageMonth(ctx.req.query.month);
      if (!range) return message(ctx, 'Not found', 'That is not a month (YYYY-MM).', 404);
      const report = await monitorReport(ctx.deps.db, monitor.id, range);
      const view = monitorReportView(monitorLabel(monitor), report, ctx.href(`/monitors/${monitor.id}/report`));
      view.links.css = ctx.href(ASSETS.reportCss.path);
      ctx.res.type('html').send(uptimeReportPage(view).value);
    },
  },
  {
    method: 'get',
    path: '/monitors/:id/edit',
    access: 'team.write',
    async handle(ctx) {
      const monitor = await found(ctx);
      if (monitor) await editForm(ctx, monitor, emptyForm(valuesOfMonitor(monitor)));
    },
  },
  {
    method: 'post',
    path: '/monitors/:id',
    access: 'team.write',
    // As when making one: adding or removing a row only draws the form again.
    limit: (ctx) => !changesAnyRows(ctx.req.body),
    async handle(ctx) {
      const monitor = await found(ctx);
      if (!monitor) return;
      const values = valuesOf(ctx.req.body);
      const redrawn = withoutSecrets(redrawnRowValues(values, values));
      if (changesAnyRows(values)) return editForm(ctx, monitor, emptyForm(redrawn));
      try {
        const patch = updateBody(values, monitor);
        if (Object.keys(patch).length) {
          const body = checkInput<Parameters<typeof updateMonitor>[3]>('UpdateMonitor', patch);
          await updateMonitor(ctx.deps, await callerOf(ctx), monitor.id, body);
        }
        ctx.res.redirect(303, ctx.href(`/monitors/${monitor.id}`));
      } catch (error) {
        await editForm(ctx, monitor, formFromError(error, redrawn));
      }
    },
  },
  ...(['pause', 'resume'] as const).map(
    (action): PageRoute => ({
      method: 'post',
      path: `/monitors/:id/${action}`,
      access: 'team.write',
      async handle(ctx) {
        const monitor = await found(ctx);
        if (!monitor) return;
        const patch = checkInput<{ paused: boolean }>('UpdateMonitor', { paused: action === 'pause' });
        await updateMonitor(ctx.deps, await callerOf(ctx), monitor.id, patch);
        ctx.res.redirect(303, ctx.href(`/monitors/${monitor.id}`));
      },
    }),
  ),
  {
    method: 'get',
    path: '/monitors/:id/delete',
    access: 'team.write',
    async handle(ctx) {
      const monitor = await found(ctx);
      if (monitor) confirmDeletePage(ctx, [monitor], `/monitors/${monitor.id}/delete`);
    },
  },
  {
    method: 'post',
    path: '/monitors/:id/delete',
    access: 'team.write',
    async handle(ctx) {
      const monitor = await found(ctx);
      if (!monitor) return;
      await deleteMonitor(ctx.deps, await callerOf(ctx), monitor.id);
      ctx.res.redirect(303, ctx.href('/monitors'));
    },
  },
];
