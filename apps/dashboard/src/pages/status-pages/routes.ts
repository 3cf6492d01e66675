import {
  checkInput,
  exportSubscribers,
  listSubscribers,
  loadStatusPage,
  removeSubscriber,
  statusPage,
  statusPages,
} from '@pageprobe/services';
import { html } from '@pageprobe/html';
import { ASSETS } from '../../assets.ts';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { cursorOf, formValues, orProblem } from '../../http/request-input.ts';
import { emptyForm, type FormState, formFromError } from '../../views/form-errors.ts';
import { confirmed, confirmPage, dangerButton } from '../../views/confirm.ts';
import { field, form, may, page, problem } from '../../views/layout.ts';
import { chosenOf, monitorChoices, monitorPicker } from '../maintenance/monitor-picker.ts';
import { managedMark, managedNotice } from '../../views/managed-by.ts';
import { listTable } from '../../views/list-table.ts';

const PAGE = 50;
type StatusPage = Awaited<ReturnType<typeof statusPages.getStatusPage>>;

const valuesOf = (ctx: PageContext) => formValues(ctx, ['monitors']);

/** The labels typed beside the monitors, by monitor id. */
const labelsOf = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => k.startsWith('label_'))
      .map(([k, v]) => [k.slice('label_'.length), v]),
  );

/** The form as CreateStatusPage's body (UpdateStatusPage takes the same fields). */
function pageBody(values: Record<string, string>, chosen: string[]) {
  const labels = labelsOf(values);
  return {
    title: values.title ?? '',
    slug: (values.slug ?? '').trim(),
    description: values.description?.trim() ? values.description.trim() : null,
    indexable: values.indexable === 'yes',
    auto_incidents: values.auto_incidents === 'yes',
    logo_url: values.logo_url?.trim() ? values.logo_url.trim() : null,
    accent_color: values.accent_color?.trim() ? values.accent_color.trim() : null,
    monitors: chosen.map((id) => ({ id, label: (labels[id] ?? '').trim() })),
  };
}

/** /status-pages: the team's pages, a page at a time, each with its public link. */
async function listPage(ctx: PageContext) {
  const { data, next_cursor } = await statusPages.listStatusPages(ctx.deps, await callerOf(ctx), cursorOf(ctx), PAGE);
  page(
    ctx,
    'Status pages',
    html`${may(ctx, 'team.write') ? html`<p><a class="button" href="${ctx.href('/status-pages/new')}">New status page</a></p>` : ''}
${
  data.length
    ? html`${listTable(
        'Status pages',
        [{ head: 'Title' }, { head: 'Public page' }, { head: 'Monitors' }],
        data.map((p) => [
          html`<a href="${ctx.href(`/status-pages/${p.id}`)}">${p.title}</a>${managedMark(p.managed_by)}`,
          html`<a href="${p.url}">${p.url}</a>`,
          p.monitors.length,
        ]),
      )}
${next_cursor ? html`<p><a href="${ctx.href(`/status-pages?cursor=${encodeURIComponent(next_cursor)}`)}">Next page</a></p>` : ''}`
    : html`<p class="muted">No status pages yet.</p>`
}`,
  );
}

/** The status page form: title, slug, description, indexing, and the monitors shown under their labels. */
async function editor(ctx: PageContext, action: string, state: FormState, chosen: string[]) {
  const v = state.values;
  const err = (name: string) =>
    state.errors[name] ?? Object.entries(state.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const choices = await monitorChoices(ctx, chosen, v.monitor_search ?? '');
  const base = ctx.deps.config.PUBLIC_BASE_URL.replace(/\/+$/, '');
  return html`${problem(state.problem)}${form(
    ctx,
    action,
    html`${field('Title', 'title', 'text', html`maxlength="100" required value="${v.title ?? ''}"`, err('title'))}
${field('Slug', 'slug', 'text', html`maxlength="64" required pattern="[a-z0-9](?:[a-z0-9\\-]{0,62}[a-z0-9])?" spellcheck="false" value="${v.slug ?? ''}"`, err('slug'))}
<p class="hint">Its public address: <code>${base}/status/</code> and the slug (lower-case letters, digits and inner hyphens).</p>
<p><label for="description">Description (optional)</label><textarea id="description" name="description" rows="3" maxlength="1000">${v.description ?? ''}</textarea></p>
<p><label class="check"><input type="checkbox" name="indexable" value="yes"${v.indexable === 'yes' ? html` checked` : ''}> Search engines may index it</label></p>
<p><label class="check"><input type="checkbox" name="auto_incidents" value="yes"${v.auto_incidents === 'yes' ? html` checked` : ''}> Open an incident when one of its monitors goes down (resolved when it recovers)</label></p>
${field('Logo (an https image, optional)', 'logo_url', 'url', html`maxlength="2000" pattern="https://.*" value="${v.logo_url ?? ''}"`, err('logo_url'))}
${field('Accent color (optional)', 'accent_color', 'text', html`maxlength="7" pattern="#[0-9a-fA-F]{6}" placeholder="#1a73e8" value="${v.accent_color ?? ''}"`, err('accent_color'))}
${monitorPicker(choices, new Set(chosen), { search: v.monitor_search ?? '', error: err('monitors'), labels: labelsOf(v) })}
<p><button type="submit" name="action" value="save">Save</button></p>`,
  )}`;
}

async function newPage(ctx: PageContext, state: FormState, chosen: string[]) {
  page(ctx, 'New status page', await editor(ctx, '/status-pages', state, chosen), state.status);
}

/** A status page: open it (the public page at the API's origin), preview it, change it, delete it. */
async function statusPagePage(ctx: PageContext, sp: StatusPage, state: FormState | null, chosen: string[]) {
  const writable = may(ctx, 'team.write');
  const values =
    state ??
    emptyForm({
      title: sp.title,
      slug: sp.slug,
      description: sp.description ?? '',
      indexable: sp.indexable ? 'yes' : '',
      auto_incidents: sp.auto_incidents ? 'yes' : '',
      logo_url: sp.logo_url ?? '',
      accent_color: sp.accent_color ?? '',
      ...Object.fromEntries(sp.monitors.map((m) => [`label_${m.id}`, m.label])),
    });
  page(
    ctx,
    sp.title,
    html`${sp.managed_by ? html`<p>${managedMark(sp.managed_by)}</p>` : ''}<p class="actions"><a class="button" href="${sp.url}">Open</a> <a href="${ctx.href(`/status-pages/${sp.id}/preview`)}">Preview</a></p>
<dl class="facts"><dt>Public address</dt><dd><code>${sp.url}</code></dd><dt>Indexed by search engines</dt><dd>${sp.indexable ? 'yes' : 'no'}</dd>
<dt>Monitors</dt><dd>${sp.monitors.length ? sp.monitors.map((m, i) => html`${i ? ', ' : ''}${m.label}`) : html`<span class="muted">none</span>`}</dd>
<dt>Automatic incidents</dt><dd>${sp.auto_incidents ? 'yes' : 'no'}</dd>
<dt>Uptime report</dt><dd><a href="${sp.url}/report">This month's</a>, printable (earlier months from it)</dd></dl>
${await subscribersSection(ctx, sp)}
${
  writable
    ? html`<h2>Edit</h2>${managedNotice(sp.managed_by)}${await editor(ctx, `/status-pages/${sp.id}`, values, chosen)}
<h2>Delete</h2>${form(ctx, `/status-pages/${sp.id}/delete`, html`${managedNotice(sp.managed_by, 'delete')}<p>Its public address stops answering.</p>${dangerButton('Delete')}`)}`
    : ''
}`,
    values.status,
  );
}

/** Who subscribed (issue 58): the counts, the newest 50, an export, and a remove button each. */
async function subscribersSection(ctx: PageContext, sp: StatusPage) {
  const { data, count } = await listSubscribers(ctx.deps, await callerOf(ctx), sp.id, { limit: 50 });
  const writable = may(ctx, 'team.write');
  return html`<h2>Subscribers</h2>
<p>${count.total} subscribed, ${count.confirmed} confirmed. Only your team sees who. <a href="${ctx.href(`/status-pages/${sp.id}/subscribers.csv`)}">Export as CSV</a></p>
${
  data.length
    ? listTable(
        'Subscribers',
        [
          { head: 'Address' },
          { head: 'By' },
          { head: 'Confirmed' },
          { head: 'Told of' },
          ...(writable ? [{ head: 'Remove', hidden: true }] : []),
        ],
        data.map((s) => [
          s.address,
          s.kind === 'email' ? 'mail' : 'webhook',
          s.confirmed ? 'yes' : 'not yet',
          s.monitor_ids.length ? `${s.monitor_ids.length} of its monitors` : 'everything',
          ...(writable
            ? [
                form(
                  ctx,
                  `/status-pages/${sp.id}/subscribers/${s.id}/delete`,
                  dangerButton('Remove', html`aria-label="Remove ${s.address}"`),
                ),
              ]
            : []),
        ]),
      )
    : html`<p class="muted">Nobody yet: the public page has a form, and its Atom and RSS feeds need nothing.</p>`
}`;
}

const pageOfId = async (ctx: PageContext) =>
  statusPages.getStatusPage(ctx.deps, await callerOf(ctx), String(ctx.req.params.id));

/** Save, or a search that re-renders the form (`Find monitors`). */
async function submit(ctx: PageContext, current: StatusPage | null) {
  const values = valuesOf(ctx);
  const chosen = chosenOf(ctx.req.body ?? {});
  const action = values.action;
  delete values.action;
  const again = (state: FormState) =>
    current ? statusPagePage(ctx, current, state, chosen) : newPage(ctx, state, chosen);
  if (action === 'find') return again(emptyForm(values));
  try {
    const caller = await callerOf(ctx);
    const saved = current
      ? await statusPages.updateStatusPage(
          ctx.deps,
          caller,
          current.id,
          checkInput('UpdateStatusPage', pageBody(values, chosen)),
        )
      : await statusPages.createStatusPage(ctx.deps, caller, checkInput('CreateStatusPage', pageBody(values, chosen)));
    ctx.res.redirect(303, ctx.href(`/status-pages/${saved.id}`));
  } catch (error) {
    await again(formFromError(error, values));
  }
}

export const statusPageRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/status-pages',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Status pages', () => listPage(ctx)),
  },
  { method: 'get', path: '/status-pages/new', access: 'team.write', handle: (ctx) => newPage(ctx, emptyForm(), []) },
  { method: 'post', path: '/status-pages', access: 'team.write', handle: (ctx) => submit(ctx, null) },
  {
    method: 'get',
    path: '/status-pages/:id',
    access: 'team.read',
    handle: (ctx) =>
      orProblem(ctx, 'Status page', async () => {
        const sp = await pageOfId(ctx);
        await statusPagePage(
          ctx,
          sp,
          null,
          sp.monitors.map((m) => m.id),
        );
      }),
  },
  {
    method: 'post',
    path: '/status-pages/:id',
    access: 'team.write',
    handle: (ctx) => orProblem(ctx, 'Status page', async () => submit(ctx, await pageOfId(ctx))),
  },
  {
    method: 'post',
    path: '/status-pages/:id/delete',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Status page', async () => {
        const sp = await pageOfId(ctx);
        if (!confirmed(ctx))
          return confirmPage(ctx, {
            title: `Delete the status page ${sp.title}?`,
            consequence: html`Its public address, <code>${sp.url}</code>, stops answering at once, and its subscribers are no longer told of anything.`,
            action: `/status-pages/${sp.id}/delete`,
            button: 'Delete the status page',
            back: `/status-pages/${sp.id}`,
          });
        await statusPages.deleteStatusPage(ctx.deps, await callerOf(ctx), sp.id);
        ctx.res.redirect(303, ctx.href('/status-pages'));
      }),
  },
  {
    method: 'get',
    path: '/status-pages/:id/subscribers.csv',
    access: 'team.read',
    handle: (ctx) =>
      orProblem(ctx, 'Status page', async () => {
        const csv = await exportSubscribers(ctx.deps, await callerOf(ctx), String(ctx.req.params.id));
        ctx.res
          .type('text/csv; charset=utf-8')
          .set('content-disposition', 'attachment; filename="subscribers.csv"')
          .send(csv);
      }),
  },
  {
    method: 'post',
    path: '/status-pages/:id/subscribers/:subscriber/delete',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Status page', async () => {
        const sp = await pageOfId(ctx);
        const subscriberId = String(ctx.req.params.subscriber);
        const subscriber = /^[0-9a-f-]{36}$/i.test(subscriberId)
          ? await ctx.deps.db.statusSubscriber.findFirst({ where: { id: subscriberId, statusPageId: sp.id } })
          : null;
        if (subscriber && !confirmed(ctx))
          return confirmPage(ctx, {
            title: `Remove the subscriber ${subscriber.address}?`,
            consequence: `They are told of nothing more from ${sp.title}; they can subscribe again on its public page.`,
            action: `/status-pages/${sp.id}/subscribers/${subscriber.id}/delete`,
            button: 'Remove the subscriber',
            back: `/status-pages/${sp.id}`,
          });
        await removeSubscriber(ctx.deps, await callerOf(ctx), sp.id, subscriberId);
        ctx.res.redirect(303, ctx.href(`/status-pages/${sp.id}`));
      }),
  },
  {
    // The page as the public will see it, drawn now by the public page's own loader and view (not cached).
    method: 'get',
    path: '/status-pages/:id/preview',
    access: 'team.read',
    handle: (ctx) =>
      orProblem(ctx, 'Status page', async () => {
        // A read: the session's team, without the team row a caller of a change reads.
        const row = await statusPages.ownedStatusPage(ctx.deps, ctx.session!.teamId!, String(ctx.req.params.id));
        const data = await loadStatusPage(ctx.deps.db, row, ctx.deps.config.PUBLIC_BASE_URL, new Date());
        data.links = { ...data.links, css: ctx.href(ASSETS.reportCss.path) };
        ctx.res.type('html').send(statusPage(data).value);
      }),
  },
];
