import { html, type SafeHtml } from '@pageprobe/html';
import { fieldError, type FormState } from '../../views/form-errors.ts';
import { field } from '../../views/layout.ts';

// The monitor form's controls: each labelled, with its hint and the API's message for it.

/** A refused field's message: its own, or the first of a part of it (`tags.2`, `headers.X-Foo`). */
export function errorOf(state: FormState, name: string): string | undefined {
  if (state.errors[name]) return state.errors[name];
  const key = Object.keys(state.errors).find((k) => k.startsWith(`${name}.`));
  return key ? `${key.slice(name.length + 1)}: ${state.errors[key]}` : undefined;
}

const value = (state: FormState, name: string) => html`value="${state.values[name] ?? ''}"`;

export const input = (state: FormState, label: string, name: string, type = 'text', attrs: SafeHtml = html``) =>
  field(label, name, type, html`${value(state, name)} ${attrs}`, errorOf(state, name));

/** An input with a hint beside it, read with it (and with the API's message) by screen readers. */
export function hinted(
  state: FormState,
  label: string,
  name: string,
  type: string,
  hint: SafeHtml | string,
  attrs: SafeHtml = html``,
): SafeHtml {
  const error = errorOf(state, name);
  return html`<p><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" ${value(state, name)} ${attrs} aria-describedby="${name}-hint${error ? ` ${name}-error` : ''}"${error ? html` aria-invalid="true"` : ''}><span class="hint" id="${name}-hint">${hint}</span>${fieldError(name, error)}</p>`;
}

export function textarea(state: FormState, label: string, name: string, hint: string, rows = 3): SafeHtml {
  const error = errorOf(state, name);
  return html`<p><label for="${name}">${label}</label><span class="hint" id="${name}-hint">${hint}</span><textarea id="${name}" name="${name}" rows="${rows}" aria-describedby="${name}-hint${error ? ` ${name}-error` : ''}"${error ? html` aria-invalid="true"` : ''}>${state.values[name] ?? ''}</textarea>${fieldError(name, error)}</p>`;
}

export function select(
  state: FormState,
  label: string,
  name: string,
  options: ReadonlyArray<readonly [string, string]>,
  attrs: SafeHtml = html``,
): SafeHtml {
  const error = errorOf(state, name);
  const chosen = new Set((state.values[name] ?? '').split(','));
  return html`<p><label for="${name}">${label}</label><select id="${name}" name="${name}" ${attrs}${error ? html` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${options.map(
    ([v, text]) => html`<option value="${v}"${chosen.has(v) ? html` selected` : ''}>${text}</option>`,
  )}</select>${fieldError(name, error)}</p>`;
}
