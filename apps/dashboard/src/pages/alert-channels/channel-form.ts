import { CHANNEL_FIELDS, CHANNEL_TYPES, type ChannelType } from '@pageprobe/alert-channels';
import { ProblemError } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext } from '../../http/page-context.ts';
import { type FormState, formFromError } from '../../views/form-errors.ts';
import { field, form, problem } from '../../views/layout.ts';

/** Each type as people call it. */
export const TYPE_NAMES: Record<ChannelType, string> = {
  slack: 'Slack',
  teams: 'Microsoft Teams',
  discord: 'Discord',
  webhook: 'Webhook',
  pagerduty: 'PagerDuty',
  email: 'Email',
};

export const isChannelType = (value: unknown): value is ChannelType => CHANNEL_TYPES.includes(value as ChannelType);

const SEVERITIES = ['critical', 'error', 'warning', 'info'] as const;

/** What the form's fields are called in the API's body (`addresses.0` is the addresses field's). */
const errorOf = (state: FormState, name: string) =>
  state.errors[name] ?? Object.entries(state.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];

/**
 * A form as the API's body: CreateAlertChannel (`creating`) or UpdateAlertChannel. A secret left empty
 * on an edit is kept as it is (it is never shown, so it is never sent back).
 */
export function channelBody(type: ChannelType, values: Record<string, string>, creating: boolean) {
  const body: Record<string, unknown> = {};
  if (creating) body.type = type;
  if (creating || values.name !== undefined) body.name = values.name ?? '';
  const fields = CHANNEL_FIELDS[type];
  const takes = (f: string) => fields.required.includes(f) || fields.optional.includes(f);
  if (takes('url') && (creating || values.url)) body.url = values.url ?? '';
  if (takes('routing_key') && (creating || values.routing_key)) body.routing_key = values.routing_key ?? '';
  if (takes('severity') && values.severity) body.severity = values.severity;
  if (takes('addresses') && (creating || values.addresses?.trim())) {
    body.addresses = (values.addresses ?? '')
      .split(/[\s,;]+/)
      .map((a) => a.trim())
      .filter(Boolean);
  }
  return body;
}

/** The form's values without its secrets: a refused form asks for them again. */
export const withoutSecrets = (values: Record<string, string>) => {
  const { url: _url, routing_key: _key, _csrf, ...rest } = values;
  return rest;
};

/**
 * A refusal as the form's state. The deployment's own refusals (501: no SMTP server, no SECRETS_KEY) are
 * what the person must be told too; other 5xx are ours and thrown.
 */
export function channelFormError(error: unknown, values: Record<string, string>): FormState {
  if (error instanceof ProblemError && error.status === 501)
    return { values, errors: {}, problem: error.message, status: 501 };
  return formFromError(error, values);
}

/** The fields of a channel of `type`: on an edit, secrets are asked only to replace them. */
export function channelFields(type: ChannelType, state: FormState, editing: boolean): SafeHtml {
  const v = state.values;
  const err = (name: string) => errorOf(state, name);
  const keep = editing ? ' (leave empty to keep the current one)' : '';
  const secretAttrs = editing ? html`autocomplete="off"` : html`required autocomplete="off"`;
  const parts: SafeHtml[] = [
    field('Name', 'name', 'text', html`maxlength="100" required value="${v.name ?? ''}"`, err('name')),
  ];
  const fields = CHANNEL_FIELDS[type];
  if (fields.required.includes('url')) {
    const label = type === 'webhook' ? 'Webhook URL' : `${TYPE_NAMES[type]} webhook URL`;
    parts.push(field(`${label}${keep}`, 'url', 'url', secretAttrs, err('url')));
  }
  if (fields.required.includes('routing_key')) {
    parts.push(field(`Integration key${keep}`, 'routing_key', 'password', secretAttrs, err('routing_key')));
    const severity = v.severity ?? 'critical';
    parts.push(
      html`<p><label for="severity">Severity of a monitor going down</label><select id="severity" name="severity">${SEVERITIES.map(
        (s) => html`<option value="${s}"${s === severity ? html` selected` : ''}>${s}</option>`,
      )}</select></p>`,
    );
  }
  if (fields.required.includes('addresses')) {
    const e = err('addresses');
    parts.push(
      html`<p><label for="addresses">Addresses (one a line)</label><textarea id="addresses" name="addresses" rows="4"${
        editing ? '' : html` required`
      }${e ? html` aria-invalid="true" aria-describedby="addresses-error"` : ''}>${v.addresses ?? ''}</textarea>${
        e ? html`<span class="field-error" id="addresses-error">${e}</span>` : ''
      }<span class="hint">Each address is sent a link to confirm it; it gets alerts once confirmed.</span></p>`,
    );
  }
  return html`${parts}`;
}

/** The form that makes a channel of `type`. */
export const newChannelForm = (ctx: PageContext, type: ChannelType, state: FormState) =>
  html`${problem(state.problem)}${form(
    ctx,
    '/alert-channels',
    html`<input type="hidden" name="type" value="${type}">${channelFields(type, state, false)}
<p><button type="submit">Save</button></p>`,
  )}`;
