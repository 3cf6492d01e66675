import { RUM_METRICS, type RumMetric, THRESHOLDS } from '@pageprobe/rum';
import type { PresentedSite } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext } from '../../http/page-context.ts';
import type { FormState } from '../../views/form-errors.ts';
import { field, form, problem } from '../../views/layout.ts';
import type { Values } from '../../views/row-editor.ts';
import { defaultSubmit } from '../../views/step-rows.ts';
import { groupEditor, groupRowValues, groupsOfForm } from './group-rows.ts';

// A RUM site's form (issue 61): its name, origins one per line, sample rate, page groups as rows, whether
// query strings are kept, and p75 budgets per metric. Sent as the API's body, checked by the service.

const UNITS: Record<RumMetric, string> = { lcp_ms: 'ms', inp_ms: 'ms', cls: '', fcp_ms: 'ms', ttfb_ms: 'ms' };

/** The form as the API's body (POST /rum/sites; a PATCH sends the same, replacing every field). */
export function siteBody(v: Values): Record<string, unknown> {
  const text = (name: string) => {
    const value = v[name];
    return (Array.isArray(value) ? value[0] : value) ?? '';
  };
  const origins = text('origins')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const rate = text('sample_rate').trim();
  const budgets: Record<string, unknown> = {};
  for (const m of RUM_METRICS) {
    const b = text(`budget_${m}`).trim();
    if (b) budgets[m] = Number.isFinite(Number(b)) ? Number(b) : b;
  }
  return {
    name: text('name').trim(),
    origins,
    sample_rate: rate === '' ? 1 : Number.isFinite(Number(rate)) ? Number(rate) : rate,
    page_groups: groupsOfForm(v),
    keep_query_strings: text('keep_query_strings') === 'on',
    budgets,
  };
}

/** A stored site as the form's values. */
export function siteValues(s: PresentedSite): Record<string, string> {
  const values: Record<string, string> = {
    name: s.name,
    origins: s.origins.join('\n'),
    sample_rate: String(s.sample_rate),
    keep_query_strings: s.keep_query_strings ? 'on' : '',
    ...groupRowValues(s.page_groups),
  };
  for (const m of RUM_METRICS) values[`budget_${m}`] = s.budgets[m] === undefined ? '' : String(s.budgets[m]);
  return values;
}

export const newSiteValues = (): Record<string, string> => ({ sample_rate: '1', ...groupRowValues([]) });

export function siteForm(ctx: PageContext, action: string, state: FormState): SafeHtml {
  const v = state.values;
  const err = (name: string) =>
    state.errors[name] ?? Object.entries(state.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const originsError = err('origins');
  return html`${problem(state.problem)}
${form(
  ctx,
  action,
  // Enter in a field saves, rather than pressing the first row's Remove.
  html`${defaultSubmit('Save')}${field('Name', 'name', 'text', html`maxlength="100" required value="${v.name ?? ''}"`, err('name'))}
<p><label for="origins">Origins, one per line</label><span class="hint" id="origins-hint">Where your pages are served from, as <code>https://www.example.com</code> (a port if not the usual one; no path). Beacons from anywhere else are refused.</span><textarea id="origins" name="origins" rows="3" required autocomplete="off" spellcheck="false" aria-describedby="origins-hint${originsError ? ' origins-error' : ''}"${originsError ? html` aria-invalid="true"` : ''}>${v.origins ?? ''}</textarea>${originsError ? html`<span class="field-error" id="origins-error">${originsError}</span>` : ''}</p>
${field('Sample rate (the share of page views measured, above 0 up to 1)', 'sample_rate', 'number', html`min="0.0001" max="1" step="any" value="${v.sample_rate ?? '1'}"`, err('sample_rate'))}
${groupEditor(state)}
<p><label class="check"><input type="checkbox" name="keep_query_strings" value="on"${v.keep_query_strings === 'on' ? html` checked` : ''}> Keep query strings in paths (otherwise the script drops them before sending: they can hold what identifies a person)</label></p>
<fieldset class="budgets"><legend>p75 budgets (optional)</legend>
<p class="hint">Past one, the site’s alert channels are told (<code>rum.regressed</code>). Google’s “good” is at most ${RUM_METRICS.map((m) => `${THRESHOLDS[m].good}${UNITS[m] ? ` ${UNITS[m]}` : ''} (${m})`).join(', ')}.</p>
${RUM_METRICS.map((m) =>
  field(
    `${THRESHOLDS[m].title}${UNITS[m] ? ` (${UNITS[m]})` : ''}`,
    `budget_${m}`,
    'number',
    html`min="0" step="any" value="${v[`budget_${m}`] ?? ''}"`,
    state.errors[`budgets.${m}`],
  ),
)}
</fieldset>
<p class="actions"><button type="submit" name="action" value="save">Save</button></p>`,
)}`;
}
