import { deleteVariable, listVariables, ProblemError, putVariable } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { callerOf } from '../http/caller.ts';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { formValues } from '../http/request-input.ts';
import { emptyForm, type FormState, formFromError } from '../views/form-errors.ts';
import { confirmed, confirmPage, dangerButton } from '../views/confirm.ts';
import { field, form, may, page, problem } from '../views/layout.ts';
import { teamNav } from './team.ts';
import { listTable } from '../views/list-table.ts';

// The team's variables and secrets (issue 59), through the same service as /variables: a secret is sealed
// when saved and shown as "sealed" ever after; checks use them as {{vars.NAME}} and {{secrets.NAME}}.

/** /variables: the list, a replace form on each row and a delete button; the add form below. */
async function variablesPage(ctx: PageContext, state: FormState = emptyForm()) {
  const { data } = await listVariables(ctx.deps, await callerOf(ctx));
  const writer = may(ctx, 'team.write');
  const use = (v: { name: string; secret: boolean }) => `{{${v.secret ? 'secrets' : 'vars'}.${v.name}}}`;
  const rows = data.map((v) => [
    html`<code>${v.name}</code>`,
    html`<code>${use(v)}</code>`,
    v.secret ? html`<span class="muted">sealed</span>` : v.value,
    `${v.updated_at.slice(0, 16).replace('T', ' ')} UTC`,
    ...(writer
      ? [
          html`${form(
            ctx,
            `/variables/${encodeURIComponent(v.name)}`,
            html`<label for="value-${v.name}" class="visually-hidden">New value of ${v.name}</label><input id="value-${v.name}" name="value" type="${v.secret ? 'password' : 'text'}" autocomplete="off" required> <button type="submit" class="secondary">Replace</button>`,
          )}${form(ctx, `/variables/${encodeURIComponent(v.name)}/delete`, dangerButton(`Delete ${v.name}`))}`,
        ]
      : []),
  ]);
  const table: SafeHtml = data.length
    ? listTable(
        'Variables',
        [
          { head: 'Name' },
          { head: 'In a check' },
          { head: 'Value' },
          { head: 'Changed' },
          ...(writer ? [{ head: 'Change' }] : []),
        ],
        rows,
      )
    : html`<p class="muted">No variables yet.</p>`;
  const add = writer
    ? html`<h2>Add a variable</h2>
${form(
  ctx,
  '/variables',
  html`${field('Name', 'name', 'text', html`required maxlength="64" pattern="[A-Za-z_][A-Za-z0-9_]*" value="${state.values.name ?? ''}"`, state.errors.name)}
${field('Value', 'value', 'text', html`required autocomplete="off"`, state.errors.value)}
<p><label><input type="checkbox" name="secret" value="true"${state.values.secret ? html` checked` : ''}> Secret: sealed, never shown again, <code>[redacted]</code> in results</label></p>
<p><button type="submit">Save variable</button></p>`,
)}`
    : '';
  page(
    ctx,
    'Variables',
    html`${teamNav(ctx)}<p>Values the team’s checks use in headers, bodies, URL queries and steps:
<code>{{vars.NAME}}</code> for a plain one, <code>{{secrets.NAME}}</code> for a secret. Each run reads them anew, so a
replaced value is used from the next run on. A check whose variable was deleted fails saying which.</p>
${problem(state.problem)}${table}${add}`,
    state.status,
  );
}

/** Saves a variable through the service; a refusal shows the page again with the API's words. */
async function save(ctx: PageContext, name: string, secret: boolean | undefined) {
  const values = formValues(ctx);
  try {
    await putVariable(ctx.deps, await callerOf(ctx), name, {
      value: values.value ?? '',
      ...(secret !== undefined ? { secret } : {}),
    });
  } catch (error) {
    // Never the value back into the form: it may be a secret.
    const { value: _, ...kept } = values;
    const state = formFromError(error, kept);
    // The service names a bad name by the API's path parameter.
    if (state.errors['params.name']) state.errors.name = state.errors['params.name'];
    return variablesPage(ctx, state);
  }
  ctx.res.redirect(303, ctx.href('/variables'));
}

export const variableRoutes: PageRoute[] = [
  { method: 'get', path: '/variables', access: 'team.read', handle: (ctx) => variablesPage(ctx) },
  {
    method: 'post',
    path: '/variables',
    access: 'team.write',
    handle: (ctx) => save(ctx, String(ctx.req.body?.name ?? ''), ctx.req.body?.secret === 'true'),
  },
  {
    method: 'post',
    path: '/variables/:name',
    access: 'team.write',
    // A replace keeps the variable's kind.
    handle: (ctx) => save(ctx, String(ctx.req.params.name), undefined),
  },
  {
    method: 'post',
    path: '/variables/:name/delete',
    access: 'team.write',
    async handle(ctx) {
      const name = String(ctx.req.params.name);
      const known = await ctx.deps.db.teamVariable.findFirst({ where: { teamId: ctx.session!.teamId!, name } });
      if (known && !confirmed(ctx))
        return confirmPage(ctx, {
          title: `Delete the variable ${name}?`,
          consequence: `The checks that use it fail from their next run on, saying that ${name} is gone.`,
          action: `/variables/${encodeURIComponent(name)}/delete`,
          button: `Delete the variable ${name}`,
          back: '/variables',
        });
      try {
        await deleteVariable(ctx.deps, await callerOf(ctx), name);
      } catch (error) {
        if (!(error instanceof ProblemError) || error.status >= 500) throw error;
        return variablesPage(ctx, { ...emptyForm(), problem: error.message, status: error.status });
      }
      ctx.res.redirect(303, ctx.href('/variables'));
    },
  },
];
