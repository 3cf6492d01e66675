import { html, type SafeHtml } from '@pageprobe/html';
import type { PageContext } from '../http/page-context.ts';
import { form, page } from './layout.ts';

// Destructive actions ask first, without JavaScript (issue 60): the button on the resource's page posts
// the form without `confirmed`, which answers this page; its own button posts it again with it. Both
// buttons are `danger`, so the action looks what it is in both places.

/** The field the confirm page's form adds. */
const FIELD = 'confirmed';

/** Whether the request is the confirmed one (the second step). */
export const confirmed = (ctx: PageContext) => ctx.req.body?.[FIELD] === 'yes';

/** A destructive button: the danger style, and the name people press. */
export const dangerButton = (text: string, attrs: SafeHtml = html``) =>
  html`<button type="submit" class="danger" ${attrs}>${text}</button>`;

/**
 * The page that asks before acting: what will happen in a sentence, the same action's form with
 * `confirmed`, and a way back. `hidden` carries the first form's other fields.
 */
export function confirmPage(
  ctx: PageContext,
  ask: {
    title: string;
    consequence: SafeHtml | string;
    action: string;
    button: string;
    back: string;
    hidden?: Record<string, string>;
  },
) {
  page(
    ctx,
    ask.title,
    html`<p data-testid="confirm-consequence">${ask.consequence}</p>
${form(
  ctx,
  ask.action,
  html`<input type="hidden" name="${FIELD}" value="yes">${Object.entries(ask.hidden ?? {}).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<p class="confirm-actions">${dangerButton(ask.button)} <a href="${ctx.href(ask.back)}">Cancel</a></p>`,
)}`,
  );
}
