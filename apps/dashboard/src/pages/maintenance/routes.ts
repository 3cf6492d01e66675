import { checkInput, maintenanceWindows, windowSentence } from '@pageprobe/services';
import { html } from '@pageprobe/html';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { cursorOf, formValues, orProblem } from '../../http/request-input.ts';
import { emptyForm, type FormState, formFromError } from '../../views/form-errors.ts';
import { confirmed, confirmPage, dangerButton } from '../../views/confirm.ts';
import { form, may, page } from '../../views/layout.ts';
import { chosenOf, monitorChoices } from './monitor-picker.ts';
import { applyPreset, occurrenceText, windowBody, windowForm, windowValues } from './window-form.ts';
import { managedMark, managedNotice } from '../../views/managed-by.ts';
import { listTable } from '../../views/list-table.ts';

const PAGE = 50;
type Window = Awaited<ReturnType<typeof maintenanceWindows.getWindow>>;

const valuesOf = (ctx: PageContext) => formValues(ctx, ['monitors']);

/** The window in words, its raw RRULE beside it (what the API and a configuration file carry). */
const ruleWords = (w: Parameters<typeof windowSentence>[0]) =>
  html`<span class="window-words">${windowSentence(w)}</span>${w.rrule ? html` <code class="rule">${w.rrule}</code>` : ''}`;

/** /maintenance: the team's windows, a page at a time, each with its next occurrence. */
async function listPage(ctx: PageContext) {
  const { data, next_cursor } = await maintenanceWindows.listWindows(
    ctx.deps,
    await callerOf(ctx),
    cursorOf(ctx),
    PAGE,
  );
  page(
    ctx,
    'Maintenance',
    html`<p>While a window is on, its monitors are still checked but their alerts are held, and their incidents are marked maintenance.</p>
${may(ctx, 'team.write') ? html`<p><a class="button" href="${ctx.href('/maintenance/new')}">New maintenance window</a></p>` : ''}
${
  data.length
    ? html`${listTable(
        'Maintenance windows',
        [{ head: 'Name' }, { head: 'Repeats' }, { head: 'Now' }, { head: 'Next' }],
        data.map((w) => [
          html`<a href="${ctx.href(`/maintenance/${w.id}`)}">${w.name}</a>${managedMark(w.managed_by)}`,
          ruleWords(w),
          w.active ? html`<strong>on</strong>` : html`<span class="muted">off</span>`,
          w.next[0] ? occurrenceText(w.next[0], w.time_zone) : html`<span class="muted">over</span>`,
        ]),
      )}
${next_cursor ? html`<p><a href="${ctx.href(`/maintenance?cursor=${encodeURIComponent(next_cursor)}`)}">Next page</a></p>` : ''}`
    : html`<p class="muted">No maintenance windows yet.</p>`
}`,
  );
}

/** The new window's page, or a window's page (its facts, its form to who may change it, Delete). */
async function windowPage(
  ctx: PageContext,
  window: Window | null,
  state: FormState,
  chosen: string[],
  preview: { sentence: string; next: Array<{ start: string; end: string }> } | null = null,
) {
  const choices = await monitorChoices(ctx, chosen, state.values.monitor_search ?? '');
  const action = window ? `/maintenance/${window.id}` : '/maintenance';
  const editor = may(ctx, 'team.write') ? windowForm(ctx, action, state, choices, chosen, preview) : '';
  if (!window) return page(ctx, 'New maintenance window', html`${editor}`, state.status);
  page(
    ctx,
    window.name,
    html`${window.managed_by ? html`<p>${managedMark(window.managed_by)}</p>` : ''}<dl class="facts"><dt>Repeats</dt><dd>${ruleWords(window)}</dd>
<dt>Time zone</dt><dd>${window.time_zone}</dd><dt>Now</dt><dd>${window.active ? 'on: alerts are held' : 'off'}</dd>
<dt>Monitors</dt><dd>${window.monitors.length} named${window.tags.length ? html`, and those tagged ${window.tags.join(', ')}` : ''}</dd></dl>
<h2>Next occurrences</h2>
${window.next.length ? html`<ol class="occurrences">${window.next.map((o) => html`<li>${occurrenceText(o, window.time_zone)}</li>`)}</ol>` : html`<p class="muted">None ahead.</p>`}
${
  editor
    ? html`<h2>Edit</h2>${managedNotice(window.managed_by)}${editor}<h2>Delete</h2>${form(ctx, `/maintenance/${window.id}/delete`, html`${managedNotice(window.managed_by, 'delete')}${dangerButton('Delete')}`)}`
    : ''
}`,
    state.status,
  );
}

/**
 * A submitted form: a preset or a search re-renders it; `Preview` checks it as a create does and shows the
 * next five occurrences (the API's expansion); `Save` makes or changes the window through the service.
 */
async function submit(ctx: PageContext, window: Window | null) {
  let values = valuesOf(ctx);
  const chosen = chosenOf(ctx.req.body ?? {});
  const action = values.action;
  delete values.action;
  if (action === 'preset') values = applyPreset(values);
  if (action === 'preset' || action === 'find') return windowPage(ctx, window, emptyForm(values), chosen);
  const caller = await callerOf(ctx);
  try {
    if (action === 'preview') {
      const body = checkInput<Parameters<typeof maintenanceWindows.previewWindow>[2]>(
        'CreateMaintenanceWindow',
        windowBody(values, chosen, false),
      );
      const { next } = await maintenanceWindows.previewWindow(ctx.deps, caller, body);
      const sentence = windowSentence({
        starts_at: body.starts_at ?? new Date().toISOString(),
        ends_at: body.ends_at ?? null,
        rrule: body.rrule ?? null,
        duration_minutes: body.duration_minutes ?? null,
        time_zone: body.time_zone ?? 'UTC',
      });
      return windowPage(ctx, window, emptyForm(values), chosen, { sentence, next });
    }
    const saved = window
      ? await maintenanceWindows.updateWindow(
          ctx.deps,
          caller,
          window.id,
          checkInput('UpdateMaintenanceWindow', windowBody(values, chosen, true)),
        )
      : await maintenanceWindows.createWindow(
          ctx.deps,
          caller,
          checkInput('CreateMaintenanceWindow', windowBody(values, chosen, false)),
        );
    ctx.res.redirect(303, ctx.href(`/maintenance/${saved.id}`));
  } catch (error) {
    await windowPage(ctx, window, formFromError(error, values), chosen);
  }
}

const windowOf = async (ctx: PageContext) =>
  maintenanceWindows.getWindow(ctx.deps, await callerOf(ctx), String(ctx.req.params.id));

export const maintenanceRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/maintenance',
    access: 'team.read',
    handle: (ctx) => orProblem(ctx, 'Maintenance', () => listPage(ctx)),
  },
  {
    method: 'get',
    path: '/maintenance/new',
    access: 'team.write',
    handle: (ctx) =>
      windowPage(ctx, null, emptyForm({ kind: 'recurring', time_zone: 'UTC', preset: 'weekdays-berlin' }), []),
  },
  { method: 'post', path: '/maintenance', access: 'team.write', handle: (ctx) => submit(ctx, null) },
  {
    method: 'get',
    path: '/maintenance/:id',
    access: 'team.read',
    handle: (ctx) =>
      orProblem(ctx, 'Maintenance window', async () => {
        const window = await windowOf(ctx);
        await windowPage(ctx, window, emptyForm(windowValues(window)), window.monitors);
      }),
  },
  {
    method: 'post',
    path: '/maintenance/:id',
    access: 'team.write',
    handle: (ctx) => orProblem(ctx, 'Maintenance window', async () => submit(ctx, await windowOf(ctx))),
  },
  {
    method: 'post',
    path: '/maintenance/:id/delete',
    access: 'team.write',
    handle: (ctx) =>
      orProblem(ctx, 'Maintenance window', async () => {
        const window = await windowOf(ctx);
        if (!confirmed(ctx))
          return confirmPage(ctx, {
            title: `Delete the maintenance window ${window.name}?`,
            consequence: `"${windowSentence(window)}" ends now: its monitors' alerts are no longer held at those times.`,
            action: `/maintenance/${window.id}/delete`,
            button: 'Delete the maintenance window',
            back: `/maintenance/${window.id}`,
          });
        await maintenanceWindows.deleteWindow(ctx.deps, await callerOf(ctx), window.id);
        ctx.res.redirect(303, ctx.href('/maintenance'));
      }),
  },
];
