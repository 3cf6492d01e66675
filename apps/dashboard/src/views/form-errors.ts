import { ProblemError } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';

/**
 * A form sent back with what was wrong: the API's problem (the services throw the API's errors, so the
 * dashboard says what the API says), each field's message by its name, and what the person typed.
 */
export interface FormState {
  /** The submitted values, to fill the form again (never a secret: those are asked again). */
  values: Record<string, string>;
  /** Each field's message, by the field's path in the API's body (`url`, `alert.after_failures`). */
  errors: Record<string, string>;
  /** The problem's sentence, above the form. */
  problem: string | null;
  /** The answer's status: the API's for the same request. */
  status: number;
}

export const emptyForm = (values: Record<string, string> = {}): FormState => ({
  values,
  errors: {},
  problem: null,
  status: 200,
});

/** A thrown error as a form's state; anything that is not the API's problem is thrown again. */
export function formFromError(error: unknown, values: Record<string, string>): FormState {
  if (!(error instanceof ProblemError) || error.status >= 500) throw error;
  const errors: Record<string, string> = {};
  for (const e of error.errors ?? []) {
    const name = e.path.replace(/^body\.?/, '');
    errors[name || '_'] ??= e.message;
  }
  return { values, errors, problem: error.message, status: error.status };
}

/** A field's message under it, tied to the input by aria-describedby (see `field`). */
export const fieldError = (name: string, message: string | undefined): SafeHtml | '' =>
  message ? html`<span class="field-error" id="${name}-error">${message}</span>` : '';
