import { canonicalZone, instantToWall, wallToInstant } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext } from '../../http/page-context.ts';
import type { FormState } from '../../views/form-errors.ts';
import { field, form, problem } from '../../views/layout.ts';
import { type MonitorChoice, monitorPicker } from './monitor-picker.ts';

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The presets: each fills the raw RRULE (and the first fills the time, length and zone too). */
export const PRESETS = {
  'weekdays-berlin': 'Every weekday at 02:00 for 1 hour in Europe/Berlin',
  daily: 'Daily, at the time above',
  weekly: 'Weekly on the day of the week below',
  monthly: 'Monthly on the day of the month below',
} as const;
export type Preset = keyof typeof PRESETS;

const today = () => new Date().toISOString().slice(0, 10);

/** The form with a preset applied: the RRULE it stands for, and the fields it sets. */
export function applyPreset(values: Record<string, string>): Record<string, string> {
  const v: Record<string, string> = { ...values, kind: 'recurring' };
  if (!v.start_date) v.start_date = today();
  switch (v.preset as Preset) {
    case 'weekdays-berlin':
      return {
        ...v,
        rrule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
        start_time: '02:00',
        duration_minutes: '60',
        time_zone: 'Europe/Berlin',
      };
    case 'daily':
      return { ...v, rrule: 'FREQ=DAILY' };
    case 'weekly':
      return { ...v, rrule: `FREQ=WEEKLY;BYDAY=${WEEKDAYS.includes(v.weekday as 'MO') ? v.weekday : 'SU'}` };
    case 'monthly': {
      const day = Math.min(31, Math.max(1, Number.parseInt(v.monthday ?? '', 10) || 1));
      return { ...v, rrule: `FREQ=MONTHLY;BYMONTHDAY=${day}`, monthday: String(day) };
    }
    default:
      return v;
  }
}

/** A date and a time of day in `zone` as the instant they name (ISO), or undefined when not given. */
function instantOf(date: string | undefined, time: string | undefined, zone: string): string | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!d) return date ? date : undefined;
  const t = /^(\d{2}):(\d{2})$/.exec(time || '00:00');
  if (!t) return `${date}T${time}`;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  return new Date(wallToInstant(canonicalZone(zone) ?? 'UTC', wall)).toISOString();
}

const tagsOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * The form as the API's body. `update`: UpdateMaintenanceWindow, which clears what the other kind uses
 * (null), so a window can go from once to recurring; else CreateMaintenanceWindow.
 */
export function windowBody(values: Record<string, string>, monitors: string[], update: boolean) {
  const zone = values.time_zone?.trim() || 'UTC';
  const recurring = values.kind === 'recurring';
  const body: Record<string, unknown> = {
    name: values.name ?? '',
    starts_at: instantOf(values.start_date, values.start_time, zone),
    time_zone: zone,
    monitors,
    tags: tagsOf(values.tags),
  };
  if (body.starts_at === undefined) delete body.starts_at;
  if (recurring) {
    body.rrule = values.rrule?.trim() ?? '';
    const minutes = Number(values.duration_minutes);
    body.duration_minutes =
      values.duration_minutes && Number.isFinite(minutes) ? minutes : values.duration_minutes || undefined;
    if (body.duration_minutes === undefined) delete body.duration_minutes;
    if (update) body.ends_at = null;
  } else {
    const ends = instantOf(values.end_date, values.end_time, zone);
    if (ends !== undefined) body.ends_at = ends;
    if (update) Object.assign(body, { rrule: null, duration_minutes: null });
  }
  return body;
}

/** A stored window as the form's values: its dates as wall-clock times in its zone. */
export function windowValues(w: {
  name: string;
  starts_at: string;
  ends_at: string | null;
  rrule: string | null;
  duration_minutes: number | null;
  time_zone: string;
  tags: string[];
}): Record<string, string> {
  const wall = (iso: string) => new Date(instantToWall(w.time_zone, Date.parse(iso))).toISOString();
  const start = wall(w.starts_at);
  const end = w.ends_at ? wall(w.ends_at) : '';
  return {
    name: w.name,
    kind: w.rrule ? 'recurring' : 'once',
    start_date: start.slice(0, 10),
    start_time: start.slice(11, 16),
    end_date: end.slice(0, 10),
    end_time: end.slice(11, 16),
    time_zone: w.time_zone,
    rrule: w.rrule ?? '',
    duration_minutes: w.duration_minutes ? String(w.duration_minutes) : '',
    tags: w.tags.join(', '),
  };
}

/** An occurrence as the window's zone tells it, the instant in the markup. */
export function occurrenceText(o: { start: string; end: string }, zone: string): SafeHtml {
  const zoned = (iso: string, withDate: boolean) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: canonicalZone(zone) ?? 'UTC',
      ...(withDate ? { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' } : {}),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(iso));
  const sameDay = o.end.slice(0, 10) === o.start.slice(0, 10) && Date.parse(o.end) - Date.parse(o.start) < 86_400_000;
  return html`<time datetime="${o.start}">${zoned(o.start, true)}</time> to <time datetime="${o.end}">${zoned(o.end, !sameDay)}</time> <span class="muted">${zone}</span>`;
}

const selectOf = (name: string, label: string, options: Array<[string, string]>, value: string | undefined) =>
  html`<p><label for="${name}">${label}</label><select id="${name}" name="${name}">${options.map(
    ([v, text]) => html`<option value="${v}"${v === value ? html` selected` : ''}>${text}</option>`,
  )}</select></p>`;

/**
 * The window's form: name; once or recurring; the first start (date, time, zone); a once window's end;
 * a recurring one's raw RRULE, with presets that fill it, and its length; the monitors and tags it covers.
 * `Preview` shows the next five occurrences as the API computes them, before anything is saved.
 */
export function windowForm(
  ctx: PageContext,
  action: string,
  state: FormState,
  choices: MonitorChoice[],
  chosen: string[],
  preview: { sentence: string; next: Array<{ start: string; end: string }> } | null,
): SafeHtml {
  const v = state.values;
  const err = (name: string) =>
    state.errors[name] ?? Object.entries(state.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
  const val = (name: string) => html`value="${v[name] ?? ''}"`;
  const recurring = v.kind === 'recurring';
  const zone = v.time_zone || 'UTC';
  return html`${problem(state.problem)}
${
  preview
    ? html`<section class="preview" aria-labelledby="preview-h"><h2 id="preview-h">Next occurrences</h2>
<p data-testid="window-sentence"><span class="window-words">${preview.sentence}</span>${v.kind === 'recurring' && v.rrule ? html` <code class="rule">${v.rrule}</code>` : ''}</p>${
        preview.next.length
          ? html`<ol class="occurrences">${preview.next.map((o) => html`<li>${occurrenceText(o, zone)}</li>`)}</ol>`
          : html`<p class="muted">None ahead: this window is over.</p>`
      }<p class="muted">Not saved yet.</p></section>`
    : ''
}
${form(
  ctx,
  action,
  html`${field('Name', 'name', 'text', html`maxlength="100" required ${val('name')}`, err('name'))}
<fieldset><legend>Repeats</legend>
<label class="check"><input type="radio" name="kind" value="once"${recurring ? '' : html` checked`}> Once</label>
<label class="check"><input type="radio" name="kind" value="recurring"${recurring ? html` checked` : ''}> On a rule (recurring)</label>
</fieldset>
${field('Starts on', 'start_date', 'date', val('start_date'), err('starts_at'))}
${field('At (time of day)', 'start_time', 'time', val('start_time'))}
${field('Time zone', 'time_zone', 'text', html`maxlength="64" placeholder="Europe/Berlin" value="${zone}"`, err('time_zone'))}
<fieldset><legend>Once</legend>
${field('Ends on', 'end_date', 'date', val('end_date'), err('ends_at'))}
${field('Ends at (time of day)', 'end_time', 'time', val('end_time'))}
</fieldset>
<fieldset><legend>Recurring</legend>
${selectOf('preset', 'Preset', Object.entries(PRESETS), v.preset)}
${selectOf(
  'weekday',
  'Day of the week (weekly)',
  WEEKDAYS.map((d, i) => [d, DAY_NAMES[i]!]),
  v.weekday,
)}
${field('Day of the month (monthly)', 'monthday', 'number', html`min="1" max="31" ${val('monthday')}`)}
<p><button type="submit" name="action" value="preset" class="secondary">Apply preset</button></p>
${field('RRULE', 'rrule', 'text', html`maxlength="500" spellcheck="false" placeholder="FREQ=WEEKLY;BYDAY=SU" ${val('rrule')}`, err('rrule'))}
${field('Duration (minutes)', 'duration_minutes', 'number', html`min="1" max="10080" ${val('duration_minutes')}`, err('duration_minutes'))}
</fieldset>
${monitorPicker(choices, new Set(chosen), { search: v.monitor_search ?? '', error: err('monitors') })}
${field('Tags (the monitors with any of them)', 'tags', 'text', val('tags'), err('tags'))}
<p class="actions"><button type="submit" name="action" value="preview" class="secondary">Preview</button> <button type="submit" name="action" value="save">Save</button></p>`,
)}`;
}
