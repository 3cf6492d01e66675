import type { StatusPage } from '@pageprobe/db';
import { statusMessagePage, subscriptionPage, unsubscribePage } from '@pageprobe/pages';
import {
  chooseComponents,
  confirmSubscriber,
  loadStatusLook,
  ProblemError,
  type ServiceDeps,
  type ShownMonitor,
  type SubscribeInput,
  subscribe,
  subscriberByToken,
  unsubscribe,
} from '@pageprobe/services';
import express, { type Request, type Response, Router } from 'express';
import { sendProblem } from '../http/problem.ts';
import { notFoundPage, secure } from './page-security.ts';
import { statusCsp } from './status-csp.ts';

/**
 * A status page's subscriptions (issue 58), without a key: the page's form (or a webhook's JSON) at
 * /status/{slug}/subscribe, and a subscriber's own page at /status/{slug}/subscription/{token}, whose
 * token its mails carry: confirm, choose components, unsubscribe (one click: RFC 8058's POST).
 */
export function subscriptionRoutes(deps: ServiceDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  const body = [express.urlencoded({ extended: false, limit: '16kb' }), express.json({ limit: '16kb' })];

  /** Sends a page in the status page's look, under its policy (its forms post to this origin). */
  async function send(
    res: Response,
    page: StatusPage,
    draw: (d: Awaited<ReturnType<typeof loadStatusLook>>) => { status: number; html: string },
  ) {
    const d = await loadStatusLook(deps.db, page, base, new Date());
    const { status, html } = draw(d);
    secure(res, statusCsp(d));
    res.status(status).type('html').send(html);
  }
  const message =
    (title: string, text: string, status = 200) =>
    (d: Parameters<typeof statusMessagePage>[0]) => {
      const page = statusMessagePage(d, title, text, status);
      return { status: page.status, html: page.body.value };
    };

  router.post('/status/:slug/subscribe', body, async (req: Request, res: Response) => {
    const slug = req.params.slug as string;
    const json = req.is('application/json') === 'application/json';
    const page = /^[a-z0-9-]{1,64}$/.test(slug) ? await deps.db.statusPage.findUnique({ where: { slug } }) : null;
    if (!page) {
      if (json) return sendProblem(res, new ProblemError(404, 'not_found', 'No status page with that slug.'));
      return notFoundPage(res, 'Status page');
    }
    const raw = (req.body ?? {}) as Record<string, unknown>;
    const ids = raw.monitor_ids === undefined ? [] : [raw.monitor_ids].flat();
    const input: SubscribeInput = {
      ...(typeof raw.email === 'string' && raw.email ? { email: raw.email } : {}),
      ...(typeof raw.webhook_url === 'string' && raw.webhook_url ? { webhook_url: raw.webhook_url } : {}),
      monitor_ids: ids.filter((id): id is string => typeof id === 'string'),
    };
    try {
      const { subscriber, secret } = await subscribe(deps, page, input);
      if (json) {
        return void res.status(202).json({
          kind: subscriber.kind,
          confirmed: subscriber.confirmedAt !== null,
          // Given once: it signs every notice to this webhook (X-Pageprobe-Signature, as callbacks are).
          ...(secret ? { secret } : {}),
          message:
            subscriber.kind === 'webhook'
              ? 'A challenge is on its way: answer it with 2xx and its `challenge` in the body.'
              : 'A confirmation link is on its way.',
        });
      }
      await send(
        res,
        page,
        message(
          'Check your mail',
          'If the address can be subscribed, a link to confirm is on its way. Nothing is sent before you follow it.',
          202,
        ),
      );
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      if (json) return sendProblem(res, error);
      await send(res, page, message('Not subscribed', error.message, error.status));
    }
  });

  /** The subscriber of the link, or a 404 page sent. */
  async function subscriberOf(req: Request, res: Response) {
    const found = await subscriberByToken(deps, req.params.slug as string, req.params.token as string);
    if (!found) notFoundPage(res, 'Subscription');
    return found;
  }

  router.get('/status/:slug/subscription/:token', async (req: Request, res: Response) => {
    const s = await subscriberOf(req, res);
    if (!s) return;
    const shown = s.page.monitors as unknown as ShownMonitor[];
    await send(res, s.page, (d) => ({
      status: 200,
      html: subscriptionPage(d, {
        address: s.kind === 'email' ? s.address : new URL(s.address).host,
        confirmed: s.confirmedAt !== null,
        components: shown.map((m) => ({ id: m.id, label: m.label, chosen: s.monitorIds.includes(m.id) })),
        action: `${d.links.home}/subscription/${s.token}`,
      }).value,
    }));
  });

  router.post('/status/:slug/subscription/:token', body, async (req: Request, res: Response) => {
    const s = await subscriberOf(req, res);
    if (!s) return;
    const raw = (req.body ?? {}) as Record<string, unknown>;
    if (raw.action === 'confirm') {
      await confirmSubscriber(deps, s.id);
      return send(res, s.page, message('Subscribed', `News of ${s.page.title} will come to this address.`));
    }
    const ids = (raw.monitor_ids === undefined ? [] : [raw.monitor_ids].flat()).filter(
      (v): v is string => typeof v === 'string',
    );
    try {
      await chooseComponents(deps, s, ids);
    } catch (error) {
      if (!(error instanceof ProblemError)) throw error;
      return send(res, s.page, message('Not saved', error.message, error.status));
    }
    await send(
      res,
      s.page,
      message(
        'Saved',
        ids.length ? 'You will be told of the components you chose.' : 'You will be told of every component.',
      ),
    );
  });

  router.get('/status/:slug/subscription/:token/unsubscribe', async (req: Request, res: Response) => {
    const s = await subscriberOf(req, res);
    if (!s) return;
    await send(res, s.page, (d) => ({
      status: 200,
      html: unsubscribePage(d, `${d.links.home}/subscription/${s.token}/unsubscribe`).value,
    }));
  });

  // RFC 8058: a mail client's one-click POST (List-Unsubscribe=One-Click), or the page's button.
  router.post('/status/:slug/subscription/:token/unsubscribe', body, async (req: Request, res: Response) => {
    const s = await subscriberOf(req, res);
    if (!s) return;
    await unsubscribe(deps, s.id);
    await send(res, s.page, message('Unsubscribed', `Nothing more about ${s.page.title} will be sent.`));
  });

  return router;
}
