import { ProblemError } from '@pageprobe/services';
import type { PageContext } from './page-context.ts';
import { message } from '../views/layout.ts';

/** A form's submitted fields as text, without the CSRF token and the fields named in `lists` (read apart). */
export function formValues(ctx: PageContext, lists: string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ctx.req.body ?? {})) if (k !== '_csrf' && !lists.includes(k)) out[k] = String(v);
  return out;
}

/** The `cursor` of a list's next page, when the request has one. */
export const cursorOf = (ctx: PageContext) =>
  typeof ctx.req.query.cursor === 'string' ? ctx.req.query.cursor : undefined;

/** A page the services refused to read (a bad cursor, an unknown id): its message, with the API's status. */
export async function orProblem(ctx: PageContext, title: string, read: () => Promise<void>): Promise<void> {
  try {
    await read();
  } catch (error) {
    if (!(error instanceof ProblemError) || error.status >= 500) throw error;
    message(ctx, title, error.message, error.status);
  }
}
