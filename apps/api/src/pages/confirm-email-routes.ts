import type { Db } from '@pageprobe/db';
import { html } from '@pageprobe/html';
import { confirmAddress, findConfirmation } from '@pageprobe/test-lifecycle';
import { type Response, Router } from 'express';
import { PerAddressWindow } from '../limits/per-address.ts';
import { CSS_PATH, pageBudget, REPORT_CSP, secure } from './page-security.ts';

/** Where an email channel's confirmation link points (the dispatcher writes it; the access log masks it). */
export const CONFIRM_ROOT = '/confirm-email';

// The page's one form posts back to itself; nothing else changes from the report pages' policy.
const CONFIRM_CSP = REPORT_CSP.replace("form-action 'none'", "form-action 'self'");

function page(res: Response, status: number, title: string, body: ReturnType<typeof html>) {
  secure(res, CONFIRM_CSP);
  res
    .status(status)
    .type('html')
    .send(
      html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Pageprobe</title><link rel="icon" href="data:,"><link rel="stylesheet" href="${CSS_PATH}"></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`.value,
    );
}

const invalid = (res: Response) =>
  page(
    res,
    404,
    'Link not valid',
    html`<p>This confirmation link is not valid: it was used already, has expired, or was not copied in full.</p>`,
  );

/**
 * An email channel's confirmation link (issue 44). Opening it shows what it would confirm and a button;
 * only the button's POST confirms, once: mail scanners that open every link in a mail (to check it)
 * must not confirm an address its owner never saw.
 */
export function confirmEmailRoutes(deps: { db: Db; perMinute: number }): Router {
  const router = Router();
  router.use(CONFIRM_ROOT, pageBudget(new PerAddressWindow(deps.perMinute)));
  router.get(`${CONFIRM_ROOT}/:token`, async (req, res) => {
    const pending = await findConfirmation(deps.db, req.params.token);
    if (!pending) return invalid(res);
    page(
      res,
      200,
      'Confirm your address',
      html`<p>The Pageprobe team “${pending.teamName}” asked that the alerts of its channel “${pending.channelName}” be mailed to <strong>${pending.email}</strong>. Nothing is sent to this address until you confirm.</p>
<form method="post"><button type="submit">Confirm ${pending.email}</button></form>
<p>If you did not expect this, close this page: no other mail will come.</p>`,
    );
  });
  router.post(`${CONFIRM_ROOT}/:token`, async (req, res) => {
    const email = await confirmAddress(deps.db, req.params.token);
    if (!email) return invalid(res);
    page(res, 200, 'Address confirmed', html`<p><strong>${email}</strong> will now receive this channel’s alerts.</p>`);
  });
  return router;
}
