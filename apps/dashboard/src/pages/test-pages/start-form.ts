import { randomUUID } from 'node:crypto';
import { acceptDepsOf, checkInput, startTest } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { liveLocations, type LiveLocation } from '@pageprobe/jobs';
import { AUDIT_IDS, CATEGORY_IDS, kinds, LIGHTHOUSE_VERSION } from '@pageprobe/test-kinds';
import type { TestRequest } from '@pageprobe/services';
import { callerOf } from '../../http/caller.ts';
import type { PageContext } from '../../http/page-context.ts';
import { emptyForm, type FormState, fieldError, formFromError } from '../../views/form-errors.ts';
import { field, form, page, problem } from '../../views/layout.ts';
import { expectExamples, kindTargetHint, listed } from '../../views/kind-words.ts';
import { expectEditor } from '../../views/expect-rows.ts';
import { changesAnyRows, redrawnRowValues } from '../../views/form-rows.ts';
import { requestEditor } from '../../views/request-rows.ts';
import { kindPicker } from '../../views/kind-picker.ts';
import { defaultSubmit, stepEditor } from '../../views/step-rows.ts';
import { ASSERTION_ROWS, createTestBody, type FormBody, keptValues } from './start-body.ts';

/** What a new test is unless told: the API's default `type` (the registry's first kind). */
const FIRST_TYPE = kinds[0].name;
const THROTTLING = [
  ['', 'The device’s default'],
  ['mobile_slow_4g', 'Slow 4G, mobile CPU'],
  ['desktop', 'Desktop (cable)'],
  ['none', 'None'],
] as const;
const OPERATORS = [
  ['', 'Pass (a bare level)'],
  ['minScore', 'Score at least (0–1)'],
  ['maxNumericValue', 'Value at most'],
  ['minNumericValue', 'Value at least'],
  ['maxLength', 'Items at most'],
] as const;
/** Assertion keys of the other kinds, offered beside Lighthouse's audits. */
const OTHER_KEYS = [
  'uptime:up',
  'uptime:timings:total',
  'uptime:timings:first_byte',
  'uptime:certificate:days_remaining',
  'seo:structure_score',
  'seo:issues:error',
];

/** The first message of a field or of anything under it (`headers.X-Foo` under `headers`). */
const errorUnder = (state: FormState, name: string): string | undefined =>
  state.errors[name] ?? Object.entries(state.errors).find(([path]) => path.startsWith(`${name}.`))?.[1];

const options = (choices: ReadonlyArray<readonly [string, string]>, chosen: string | undefined) =>
  choices.map(
    ([value, label]) =>
      html`<option value="${value}"${value === (chosen ?? '') ? html` selected` : ''}>${label}</option>`,
  );

function select(
  label: string,
  name: string,
  choices: ReadonlyArray<readonly [string, string]>,
  state: FormState,
  fallback = '',
): SafeHtml {
  const error = errorUnder(state, name);
  return html`<p><label for="${name}">${label}</label><select id="${name}" name="${name}"${
    error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''
  }>${options(choices, state.values[name] || fallback)}</select>${fieldError(name, error)}</p>`;
}

/** A textarea; empty again after a refusal unless `kept` (headers and cookies are secrets, asked again). */
function textarea(label: string, name: string, hint: string, state: FormState, kept = false): SafeHtml {
  const error = errorUnder(state, name);
  return html`<p><label for="${name}">${label}</label><textarea id="${name}" name="${name}" rows="3" autocomplete="off" spellcheck="false" aria-describedby="${name}-hint${
    error ? ` ${name}-error` : ''
  }"${error ? html` aria-invalid="true"` : ''}>${kept ? (state.values[name] ?? '') : ''}</textarea><span class="hint" id="${name}-hint">${hint}</span>${fieldError(name, error)}</p>`;
}

function assertionRow(i: number, state: FormState): SafeHtml {
  const v = (name: string) => state.values[`assertion_${name}_${i}`] ?? '';
  const key = v('key');
  const error = key ? state.errors[`assertions.${key}`] : undefined;
  const id = `assertion_key_${i}`;
  return html`<div class="assertion-row">
<p><label for="${id}">Assertion ${i + 1}: audit or key</label><input id="${id}" name="${id}" list="assertion-keys" value="${key}" autocomplete="off"${
    error ? html` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>${fieldError(id, error)}</p>
<p><label for="assertion_level_${i}">Level</label><select id="assertion_level_${i}" name="assertion_level_${i}">${options(
    [
      ['error', 'Error (fails the test)'],
      ['warn', 'Warning'],
    ],
    v('level') || 'error',
  )}</select></p>
<p><label for="assertion_operator_${i}">Check</label><select id="assertion_operator_${i}" name="assertion_operator_${i}">${options(OPERATORS, v('operator'))}</select></p>
<p><label for="assertion_value_${i}">Value</label><input id="assertion_value_${i}" name="assertion_value_${i}" inputmode="decimal" value="${v('value')}"></p>
</div>`;
}

/** The audit picker's choices: Lighthouse's categories and audits (the version the workers run), then the other kinds' keys. */
const auditChoices = html`<datalist id="assertion-keys">${CATEGORY_IDS.map(
  (c) => html`<option value="categories:${c}"></option>`,
)}${AUDIT_IDS.map((a) => html`<option value="${a}"></option>`)}${OTHER_KEYS.map((k) => html`<option value="${k}"></option>`)}</datalist>`;

function locationChoices(live: LiveLocation[] | null, state: FormState): SafeHtml {
  const chosen = new Set((state.values.locations ?? '').split(',').filter(Boolean));
  const error = errorUnder(state, 'locations');
  if (!live)
    return html`<p class="muted">The live locations cannot be read right now: the test runs at the team’s default location.</p>`;
  return html`<fieldset class="locations"${error ? html` aria-describedby="locations-error"` : ''}><legend>Locations</legend>
<p class="hint">Each location runs the test and costs what a test costs. None chosen: the team’s default location.</p>
${
  live.length
    ? live.map(
        (l) =>
          html`<label><input type="checkbox" name="locations" value="${l.id}"${chosen.has(l.id) ? html` checked` : ''}> ${l.name} <span class="muted">(${Object.keys(l.workers).join(', ')})</span></label>`,
      )
    : html`<p class="muted">No location has live workers right now.</p>`
}
${fieldError('locations', error)}</fieldset>`;
}

/** The page of kinds a new test starts from (issue 60); `unknown`: a kind asked for that is not offered. */
function kindPage(ctx: PageContext, types: string[], unknown: boolean) {
  page(
    ctx,
    'Start a test',
    html`${unknown ? problem('That is not a kind of test this deployment offers: choose one below.') : ''}${kindPicker('What should it test?', (k) => `${ctx.href('/tests/new')}?kind=${k}`, types)}`,
    unknown ? 404 : 200,
  );
}

/** The start form of one kind (issue 60: picked first), the API's CreateTest field by field: the kind's fields only. */
export async function startFormPage(ctx: PageContext, state: FormState = emptyForm()): Promise<void> {
  const { config } = ctx.deps;
  const v = state.values;
  const types: string[] = kinds.map((k) => k.name).filter((t) => config.ENABLED_TEST_TYPES.includes(t));
  const kind = types.includes(v.type ?? '') ? kinds.find((k) => k.name === v.type) : undefined;
  if (!kind) return kindPage(ctx, types, Boolean(v.type));
  const takes = (option: string) => kind.options.includes(option);
  const live = await liveLocations(ctx.deps.redis, config.QUEUE_PREFIX).catch(() => null);
  const body = html`${problem(state.problem)}<p><a href="${ctx.href('/tests/new')}">Another kind</a></p>
${form(
  ctx,
  '/tests',
  html`${defaultSubmit('Start test')}<input type="hidden" name="idempotency_key" value="${v.idempotency_key || randomUUID()}"><input type="hidden" id="type" name="type" value="${kind.name}">
${field('URL', 'url', 'url', html`required maxlength="2048" placeholder="https://example.com/" aria-describedby="url-hint" value="${v.url ?? ''}"`, errorUnder(state, 'url'))}
<p class="hint" id="url-hint">${kindTargetHint(kind.name)}</p>
${
  kind.usesDevice
    ? select(
        'Device',
        'device',
        [
          ['mobile', 'Mobile'],
          ['desktop', 'Desktop'],
        ],
        state,
        'mobile',
      )
    : ''
}
${locationChoices(live, state)}
${
  kind.maxRuns > 1
    ? html`${field('Runs', 'runs', 'number', html`min="1" max="${kind.maxRuns}" value="${v.runs || '1'}" aria-describedby="runs-hint"`, errorUnder(state, 'runs'))}
<p class="hint" id="runs-hint">Up to ${kind.maxRuns}, each costing what a test costs; the report shows the representative run.</p>`
    : ''
}
${
  takes('throttling')
    ? html`<fieldset><legend>Throttling and cache</legend>
${select('Throttling', 'throttling', THROTTLING, state)}
<p><label><input type="checkbox" name="repeat_view"${v.repeat_view === 'on' ? html` checked` : ''}${
        errorUnder(state, 'repeat_view') ? html` aria-describedby="repeat_view-error"` : ''
      }> Repeat view: load the page again with a warm cache</label>${fieldError('repeat_view', errorUnder(state, 'repeat_view'))}</p>
</fieldset>`
    : ''
}
<fieldset><legend>Assertions</legend>
<p class="hint">Budgets the finished test is judged by, as Lighthouse CI writes them. The picker offers the categories and audits of Lighthouse ${LIGHTHOUSE_VERSION} (what our workers run) and the ${listed([...new Set(OTHER_KEYS.map((k) => k.split(':')[0]!))])} keys.</p>
${auditChoices}
${Array.from({ length: ASSERTION_ROWS }, (_, i) => assertionRow(i, state))}
${fieldError('assertions', state.errors.assertions)}
</fieldset>
${
  kind.target.protocols.includes('http:')
    ? html`<fieldset><legend>Requests to the page</legend>
<p class="hint">Sent to the tested origin only. Kept sealed: never shown again, not even to you.</p>
${textarea('Headers', 'headers', 'One per line: Name: value', state)}
${textarea('Cookies', 'cookies', 'One per line: name=value', state)}
${field('Basic auth user name', 'basic_auth_username', 'text', html`autocomplete="off" value="${v.basic_auth_username ?? ''}"`, errorUnder(state, 'basic_auth'))}
${field('Basic auth password', 'basic_auth_password', 'password', html`autocomplete="new-password"`)}
</fieldset>`
    : ''
}
${takes('tls') ? html`<p><label><input type="checkbox" name="tls"${v.tls === 'on' ? html` checked` : ''}> TLS handshake: check the port’s certificate too</label></p>` : ''}
${takes('expect') ? expectEditor(state, kind.name, `A JSON list, e.g. ${expectExamples().join('; ')}.`) : ''}
${takes('requests') ? requestEditor(state, 'Requests') : ''}
${takes('steps') ? stepEditor(state, 'Steps') : ''}
${field('Callback URL (optional)', 'callback_url', 'url', html`maxlength="2048" value="${v.callback_url ?? ''}"`, errorUnder(state, 'callback_url'))}
<p><button type="submit">Start test</button></p>`,
  html`class="start-test" novalidate`,
)}`;
  page(ctx, `Start a test: ${kind.title}`, body, state.status);
}

/**
 * Starts a test as POST /tests does: the same schema, the same service (address policy, locations, credits
 * and allowance, the Idempotency-Key: the form's own, so sending it twice starts one test), then its page.
 * Refused, the form again with the API's messages beside their fields and the API's status.
 */
export async function startWith(
  ctx: PageContext,
  apiBody: unknown,
  key: string | undefined,
  values: Record<string, string>,
) {
  try {
    const body = checkInput<TestRequest>('CreateTest', apiBody);
    // The API's validator applies the document's defaults; checkInput does not.
    const input: TestRequest = { ...body, type: body.type ?? FIRST_TYPE, device: body.device ?? 'mobile' };
    const { test } = await startTest(acceptDepsOf(ctx.deps), await callerOf(ctx), input, key);
    ctx.res.redirect(303, ctx.href(`/tests/${test.id}`));
  } catch (error) {
    const state = formFromError(error, { ...values, idempotency_key: '' });
    await startFormPage(ctx, state);
  }
}

export async function startFromForm(ctx: PageContext) {
  const formBody = ctx.req.body as FormBody;
  const key =
    typeof formBody.idempotency_key === 'string' && /^[\w-]{1,128}$/.test(formBody.idempotency_key)
      ? formBody.idempotency_key
      : undefined;
  // Drawn again, the step rows are those sent (or the changed JSON view's), typed texts left out.
  const values = redrawnRowValues(formBody, keptValues(formBody));
  if (changesAnyRows(formBody)) return startFormPage(ctx, emptyForm(values));
  let body: Record<string, unknown>;
  try {
    body = createTestBody(formBody);
  } catch (error) {
    return startFormPage(ctx, formFromError(error, { ...values, idempotency_key: '' }));
  }
  return startWith(ctx, body, key, values);
}
