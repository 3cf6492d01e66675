import type { MonitorWithChannels } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import { type BrowserStep, kindNamed, kindNames, recordsChecks, stepLabel, toldByPings } from '@pageprobe/test-kinds';
import type { FormState } from '../../views/form-errors.ts';
import { kindTargetHint, MAX_RUNS, MULTI_RUN, takers } from '../../views/kind-words.ts';
import { field, problem } from '../../views/layout.ts';
import { stepEditor } from '../../views/step-rows.ts';
import { errorOf, hinted, input, select, textarea } from './form-controls.ts';
import { checkRequestFields, heartbeatTimingFields, requestsField } from './kind-fields.ts';
import { FIRST_CHECK_TYPE, typeWord } from './monitor-types.ts';

// The monitor's form (issue 46), as monitor-body.ts turns it into the API's body: since issue 60 the
// fields of one kind only, picked first on create (a page of kinds), the monitor's own on edit.

export interface FormChoices {
  types: string[];
  channels: Array<{ id: string; name: string; type: string }>;
  /** The team's monitors, what one may depend on. */
  monitors: Array<{ id: string; name: string }>;
  locations: string[];
}

/** Whether a type's monitors check a target (every kind of test does; a heartbeat is told by pings). */
const checksTarget = (type: string) => !toldByPings(type);
/** Whether a type's checks take a request and expectations (the kinds whose options hold `expect`). */
const takesExpect = (type: string) => takesOption(type, 'expect');
const takesOption = (type: string, option: string) =>
  (kindNames as readonly string[]).includes(type) && kindNamed(type).options.includes(option);

/** The monitors it may depend on (all but itself): while one is down, its own downs alert no one. */
function dependsOnField(state: FormState, choices: FormChoices, editing: MonitorWithChannels | null): SafeHtml {
  const others = choices.monitors.filter((m) => m.id !== editing?.id);
  if (others.length === 0) return html``;
  return html`${select(
    state,
    'Depends on',
    'depends_on',
    others.map((m) => [m.id, m.name]),
    html`multiple size="${Math.min(Math.max(others.length, 2), 6)}" aria-describedby="depends-on-hint"`,
  )}<p class="hint" id="depends-on-hint">While one of these is down, this monitor’s downs are recorded but alert no one; if it is still down once that one has been up for its own “down after” checks, it alerts then.</p>`;
}

/**
 * A monitor's steps, as its runs name them: fixed once made (the API's UpdateMonitor does not take
 * them), so the edit form shows them and a new monitor changes them.
 */
function stepsFact(editing: MonitorWithChannels): SafeHtml | '' {
  const steps = ((editing.options ?? {}) as { steps?: BrowserStep[] }).steps;
  if (!steps?.length) return '';
  return html`<dt>Steps</dt><dd><ol class="steps-fact">${steps.map((s) => html`<li>${stepLabel(s)}</li>`)}</ol><span class="hint">Fixed once made: a new monitor takes other steps.</span></dd>`;
}

/** The kind a form is for: the monitor's, or the one picked for a new monitor. */
const kindOf = (state: FormState, editing: MonitorWithChannels | null) =>
  editing?.type ?? state.values.type ?? FIRST_CHECK_TYPE;

/** Whether a kind's runs take a device (the kinds that render a page) or several runs; a score's regression
 * applies to the kinds whose runs are tests (scored), not checks. */
const usesDevice = (type: string) => (kindNames as readonly string[]).includes(type) && kindNamed(type).usesDevice;
const multiRun = (type: string) => (kindNames as readonly string[]).includes(type) && kindNamed(type).maxRuns > 1;

/**
 * A monitor's form, of its kind only (issue 60): on create the kind picked first (a hidden field; the
 * page of kinds links to `?kind=`), on edit the monitor's. Every field UpdateMonitor takes is there to
 * change, its URL included; its kind and device are fixed once made.
 */
export function monitorFields(state: FormState, choices: FormChoices, editing: MonitorWithChannels | null): SafeHtml {
  const kind = kindOf(state, editing);
  const shows = (applies: (type: string) => boolean) => applies(kind);
  const sealed = editing ? ((editing.options ?? {}) as Record<string, unknown>) : {};
  const has = (name: string) => sealed[name] !== undefined;
  const keep = (name: string, what: string) =>
    editing && has(name)
      ? html`<label class="check"><input type="checkbox" name="remove.${name}"> Remove the ${what} (kept and never shown; leave the field empty to keep them)</label>`
      : '';
  const urlField = hinted(
    state,
    'URL',
    'url',
    'text',
    kindTargetHint(kind),
    html`maxlength="2048" inputmode="url" autocomplete="url" spellcheck="false"`,
  );
  return html`${problem(state.problem)}
${
  editing
    ? html`<dl class="facts"><dt>Type</dt><dd>${typeWord(editing.type)}</dd>${checksTarget(editing.type) && usesDevice(editing.type) ? html`<dt>Device</dt><dd>${editing.device}</dd>` : ''}${stepsFact(editing)}</dl>
${checksTarget(editing.type) ? urlField : ''}`
    : html`<input type="hidden" name="type" value="${kind}">
${checksTarget(kind) ? urlField : ''}
${
  usesDevice(kind)
    ? select(state, 'Device', 'device', [
        ['mobile', 'Mobile'],
        ['desktop', 'Desktop'],
      ])
    : ''
}`
}
${input(state, 'Name (optional)', 'name', 'text', html`maxlength="100"`)}
${shows(checksTarget) ? input(state, 'Interval (seconds)', 'interval_seconds', 'number', html`min="1" max="2592000"`) : ''}
${!editing && multiRun(kind) ? input(state, `Runs (${MULTI_RUN}: the median of 1 to ${MAX_RUNS})`, 'runs', 'number', html`min="1" max="${MAX_RUNS}"`) : ''}
${input(state, 'Tags', 'tags', 'text', html`aria-describedby="tags-hint"`)}<p class="hint" id="tags-hint">Separated by commas or spaces: lowercase letters, digits and <code>_ . : -</code>.</p>
${select(state, 'Its page', 'public_page', [
  ...(editing ? [] : [['', 'The team’s default for new monitors'] as [string, string]]),
  ['true', 'Public: anyone with its link sees it'],
  ['false', 'Private: only this team’s members, here'],
])}
<fieldset><legend>Alerts</legend>
${select(
  state,
  'Alert channels',
  'alert_channels',
  choices.channels.map((c) => [c.id, `${c.name} (${c.type})`]),
  html`multiple size="${Math.min(Math.max(choices.channels.length, 2), 6)}"`,
)}
${choices.channels.length ? '' : html`<p class="hint">No alert channel yet: make one under Alert channels.</p>`}
${dependsOnField(state, choices, editing)}
${input(state, 'Callback URL (alerts as signed webhooks)', 'callback_url', 'url')}
${input(state, 'Down after (failed checks in a row)', 'alert.down_after', 'number', html`min="1" max="100"`)}
${input(state, 'Remind every (minutes, while down; empty: once)', 'alert.remind_every_minutes', 'number', html`min="10" max="10080"`)}
${shows((t) => !recordsChecks(t)) ? input(state, 'Regression (score points below the median)', 'alert.regression_points', 'number', html`min="1" max="100"`) : ''}
${shows(checksTarget) ? input(state, 'Certificate alert (days left)', 'alert.certificate_alert_days', 'number', html`min="1" max="365"`) : ''}
</fieldset>
${shows((t) => !checksTarget(t)) ? heartbeatTimingFields(state) : ''}
${
  shows(checksTarget)
    ? html`<fieldset><legend>Locations</legend>
${input(state, 'Locations', 'locations', 'text', html`list="known-locations" aria-describedby="locations-hint"`)}<p class="hint" id="locations-hint">Separated by commas; empty: the default location alone.${choices.locations.length ? ` Live: ${choices.locations.join(', ')}.` : ''}</p>
<datalist id="known-locations">${choices.locations.map((l) => html`<option value="${l}">`)}</datalist>
${input(state, 'Quorum (failed locations that make it down; empty: a majority)', 'quorum', 'number', html`min="1" max="10"`)}
${select(state, 'Location mode', 'location_mode', [
  ['every', 'Every location checks each time'],
  ['round_robin', 'One location a time, in turn'],
])}
</fieldset>
${shows(takesExpect) ? checkRequestFields(state, kind, !editing) : ''}
${shows((t) => takesOption(t, 'requests')) ? requestsField(state) : ''}
${textarea(state, 'Assertions', 'assertions', 'JSON in Lighthouse CI’s syntax, e.g. {"uptime:timings:total": ["error", {"maxNumericValue": 800}]}.', 4)}
<fieldset><legend>Credentials (sealed, never shown again)</legend>
${textarea(state, 'Headers', 'headers', 'One “Name: value” a line, sent to the monitored origin only.')}
${keep('headers', 'headers')}
${textarea(state, 'Cookies', 'cookies', 'One “name=value” a line.')}
${keep('cookies', 'cookies')}
${field('Basic auth user name', 'basic_auth.username', 'text', html`autocomplete="off"`, errorOf(state, 'basic_auth'))}
${field('Basic auth password', 'basic_auth.password', 'password', html`autocomplete="new-password"`)}
${keep('basic_auth', 'basic auth')}
</fieldset>`
    : ''
}
${
  editing || !takesOption(kind, 'throttling')
    ? ''
    : html`<details><summary>${takers('throttling')} options</summary>
${select(state, 'Throttling', 'throttling', [
  ['', 'The device’s default'],
  ['mobile_slow_4g', 'Mobile, slow 4G'],
  ['desktop', 'Desktop'],
  ['none', 'None'],
])}
${textarea(state, 'Block URLs', 'block_urls', 'One pattern a line (* matches anything).')}
${input(state, 'Viewport width', 'viewport.width', 'number', html`min="200" max="4000"`)}
${input(state, 'Viewport height', 'viewport.height', 'number', html`min="200" max="8000"`)}
${input(state, 'Device scale factor', 'viewport.device_scale_factor', 'number', html`min="1" max="4" step="any"`)}
${input(state, 'User agent', 'user_agent')}
${input(state, 'Locale', 'locale', 'text', html`placeholder="en-GB"`)}
<p><label class="check"><input type="checkbox" name="repeat_view"${state.values.repeat_view === 'on' ? html` checked` : ''}> Repeat view (load again with a warm cache)</label></p>
</details>`
}
${!editing && takesOption(kind, 'steps') ? stepEditor(state, `Steps: a journey or a user flow (${takers('steps')})`) : ''}`;
}
