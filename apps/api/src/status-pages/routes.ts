import { type Db, type Prisma, type StatusPage, sqlState, UNIQUE_VIOLATION } from '@pageprobe/db';
import { randomUUIDv7 } from 'node:crypto';
import { Router } from 'express';
import { auditRequest, fieldsOf } from '../audit/audit-request.ts';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { after, NEWEST_FIRST, pageOf, parseLimit } from '../http/keyset.ts';
import { ProblemError } from '../http/problem.ts';
import { createWithinLimit } from '../http/team-limit.ts';
import { statusPageUrl } from '../pages/page-urls.ts';
import { checkSlugFree } from './reserved-slugs.ts';

/** Status pages one team may have. */
export const STATUS_PAGES_PER_TEAM = 20;

export interface ShownMonitor {
  id: string;
  label: string;
}

interface StatusPageInput {
  slug?: string;
  title?: string;
  description?: string | null;
  monitors?: ShownMonitor[];
  indexable?: boolean;
}

/** The page's monitors that still exist: a deleted monitor drops out of its pages. */
export async function liveMonitors(db: Db, page: Pick<StatusPage, 'teamId' | 'monitors'>) {
  const shown = page.monitors as unknown as ShownMonitor[];
  const live = await db.monitor.findMany({
    where: { id: { in: shown.map((m) => m.id) }, teamId: page.teamId, deletedAt: null },
  });
  const byId = new Map(live.map((m) => [m.id, m]));
  return shown.flatMap((s) => {
    const monitor = byId.get(s.id);
    return monitor ? [{ label: s.label, monitor }] : [];
  });
}

/**
 * /status-pages (issue 30): a team's public pages of chosen monitors under labels of its own. The public
 * page (/status/{slug}) shows only those labels, never a monitor's URL.
 */
export function statusPageRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;

  const present = async (page: StatusPage) => ({
    id: page.id,
    slug: page.slug,
    title: page.title,
    description: page.description,
    monitors: (await liveMonitors(deps.db, page)).map(({ label, monitor }) => ({ id: monitor.id, label })),
    url: statusPageUrl(base, page.slug),
    indexable: page.indexable,
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
  });

  async function owned(teamId: string, id: string): Promise<StatusPage> {
    const page = await deps.db.statusPage.findFirst({ where: { id, teamId } });
    if (!page) throw new ProblemError(404, 'not_found', 'No status page with that id.');
    return page;
  }

  /** Each monitor named must be the team's and not deleted, and named once. */
  async function checkMonitors(teamId: string, monitors: ShownMonitor[]) {
    const errors: Array<{ path: string; message: string }> = [];
    const live = new Set(
      (
        await deps.db.monitor.findMany({
          where: { id: { in: monitors.map((m) => m.id) }, teamId, deletedAt: null },
          select: { id: true },
        })
      ).map((m) => m.id),
    );
    const seen = new Set<string>();
    monitors.forEach((m, i) => {
      if (!live.has(m.id)) errors.push({ path: `body.monitors.${i}.id`, message: 'is not a monitor of this team' });
      else if (seen.has(m.id)) errors.push({ path: `body.monitors.${i}.id`, message: 'is listed twice' });
      seen.add(m.id);
    });
    if (errors.length) {
      throw new ProblemError(
        400,
        'validation_failed',
        `monitors: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
        {
          errors,
        },
      );
    }
  }

  const slugTaken = (error: unknown): never => {
    if (sqlState(error) === UNIQUE_VIOLATION || (error as { code?: string }).code === 'P2002') {
      throw new ProblemError(409, 'slug_taken', 'Another status page has that slug; choose another.');
    }
    throw error;
  };

  router.post('/status-pages', requireScope('write'), async (req, res) => {
    const input = req.body as Required<Pick<StatusPageInput, 'slug' | 'title' | 'monitors'>> & StatusPageInput;
    const { teamId } = req.auth!;
    checkSlugFree(input.slug);
    await checkMonitors(teamId, input.monitors);
    const page = await createWithinLimit(
      deps.db,
      teamId,
      { max: STATUS_PAGES_PER_TEAM, code: 'status_page_limit_reached', noun: 'status pages' },
      (tx) => tx.statusPage.count({ where: { teamId } }),
      (tx) =>
        tx.statusPage.create({
          data: {
            id: randomUUIDv7(),
            teamId,
            slug: input.slug,
            title: input.title,
            description: input.description ?? null,
            monitors: input.monitors as unknown as Prisma.InputJsonArray,
            indexable: input.indexable ?? false,
          },
        }),
    ).catch(slugTaken);
    await auditRequest(deps.db, req, 'status_page.created', page.id, { slug: page.slug });
    res
      .status(201)
      .location(`${base}/api/v1/status-pages/${page.id}`)
      .json(await present(page));
  });

  router.get('/status-pages', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const limit = parseLimit(q.limit);
    const rows = await deps.db.statusPage.findMany({
      where: { teamId: req.auth!.teamId, ...after(q.cursor) },
      orderBy: NEWEST_FIRST,
      take: limit + 1,
    });
    const { page, nextCursor } = pageOf(rows, limit);
    res.json({ data: await Promise.all(page.map(present)), next_cursor: nextCursor });
  });

  router.get('/status-pages/:status_page_id', requireScope('read'), async (req, res) => {
    res.json(await present(await owned(req.auth!.teamId, req.params.status_page_id as string)));
  });

  router.patch('/status-pages/:status_page_id', requireScope('write'), async (req, res) => {
    const input = req.body as StatusPageInput;
    const { teamId } = req.auth!;
    const current = await owned(teamId, req.params.status_page_id as string);
    // A page that has its slug since before it was reserved keeps it; no page takes one now.
    if (input.slug !== undefined && input.slug !== current.slug) checkSlugFree(input.slug);
    if (input.monitors) await checkMonitors(teamId, input.monitors);
    const data: Prisma.StatusPageUpdateInput = {};
    if (input.slug !== undefined) data.slug = input.slug;
    if (input.title !== undefined) data.title = input.title;
    if (input.description !== undefined) data.description = input.description;
    if (input.monitors !== undefined) data.monitors = input.monitors as unknown as Prisma.InputJsonArray;
    if (input.indexable !== undefined) data.indexable = input.indexable;
    const page = await deps.db.statusPage.update({ where: { id: current.id }, data }).catch(slugTaken);
    await auditRequest(deps.db, req, 'status_page.updated', page.id, fieldsOf(input));
    res.json(await present(page));
  });

  router.delete('/status-pages/:status_page_id', requireScope('write'), async (req, res) => {
    const page = await owned(req.auth!.teamId, req.params.status_page_id as string);
    await deps.db.statusPage.delete({ where: { id: page.id } });
    await auditRequest(deps.db, req, 'status_page.deleted', page.id, { slug: page.slug });
    res.status(204).end();
  });

  return router;
}
