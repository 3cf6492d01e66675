import { NEWEST_FIRST, pageOf, ProblemError, testsWhere, type ListQuery } from '@pageprobe/services';
import type { TestStatus, TestType } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import { kindNames } from '@pageprobe/test-kinds';
import type { PageContext } from '../../http/page-context.ts';
import { may, page, problem } from '../../views/layout.ts';
import { scoreOf, statusBadge, when } from './view-parts.ts';
import { listTable } from '../../views/list-table.ts';

/** Rows a page shows: a few screens, far under the 150 KB budget. */
export const PAGE_SIZE = 50;
const STATUSES: TestStatus[] = ['queued', 'running', 'completed', 'failed'];
const TYPES = kindNames as readonly TestType[];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The list's filters as the query string gave them; what is not one of the choices is dropped. */
export interface Filters {
  status: TestStatus | '';
  type: TestType | '';
  monitor: string;
  url: string;
}

export function filtersOf(query: Record<string, unknown>): Filters {
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string).trim() : '');
  const status = text('status') as TestStatus;
  const type = text('type') as TestType;
  const monitor = text('monitor');
  return {
    status: STATUSES.includes(status) ? status : '',
    type: TYPES.includes(type) ? type : '',
    monitor: UUID.test(monitor) ? monitor.toLowerCase() : '',
    url: text('url').slice(0, 200),
  };
}

/** The list's address with these filters (and a cursor): paging keeps the filters. */
export function listHref(ctx: PageContext, filters: Filters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return ctx.href(`/tests${query ? `?${query}` : ''}`);
}

const choice = (value: string, label: string, chosen: string) =>
  html`<option value="${value}"${value === chosen ? html` selected` : ''}>${label}</option>`;

function filterForm(ctx: PageContext, f: Filters): SafeHtml {
  return html`<form method="get" action="${ctx.href('/tests')}" class="filters" role="search" aria-label="Filter tests">
<p><label for="filter-url">URL contains</label><input id="filter-url" name="url" type="search" maxlength="200" value="${f.url}"></p>
<p><label for="filter-status">Status</label><select id="filter-status" name="status">${choice('', 'Any', f.status)}${STATUSES.map((s) => choice(s, s, f.status))}</select></p>
<p><label for="filter-type">Test type</label><select id="filter-type" name="type">${choice('', 'Any', f.type)}${TYPES.map((t) => choice(t, t, f.type))}</select></p>
<p><label for="filter-monitor">Monitor id</label><input id="filter-monitor" name="monitor" maxlength="36" value="${f.monitor}" autocomplete="off"></p>
<p><button type="submit">Filter</button> <a href="${ctx.href('/tests')}">Clear</a></p>
</form>`;
}

/**
 * GET /tests: the team's tests, newest first, a keyset page at a time, filtered by status, type, monitor
 * and URL text. One query for the page (each filter has an index in the team's order), one for the
 * monitor's address when filtering by it.
 */
export async function testListPage(ctx: PageContext): Promise<void> {
  const teamId = ctx.session!.teamId!;
  const query = ctx.req.query as Record<string, unknown>;
  const filters = filtersOf(query);
  const cursor = typeof query.cursor === 'string' && query.cursor ? query.cursor : undefined;
  const asked: Omit<ListQuery, 'limit'> = { cursor };
  if (filters.status) asked.status = filters.status;
  if (filters.type) asked.type = filters.type;
  if (filters.monitor) asked.monitorId = filters.monitor;
  if (filters.url) asked.urlContains = filters.url;
  let where: ReturnType<typeof testsWhere>;
  try {
    where = testsWhere(teamId, asked);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    return page(
      ctx,
      'Tests',
      html`${problem('That page link is not one this list gave out.')}<p><a href="${listHref(ctx, filters)}">The newest tests</a></p>`,
      400,
    );
  }
  const [rows, monitor] = await Promise.all([
    ctx.deps.db.test.findMany({
      where,
      orderBy: NEWEST_FIRST,
      take: PAGE_SIZE + 1,
      select: {
        id: true,
        url: true,
        type: true,
        device: true,
        status: true,
        createdAt: true,
        performanceScore: true,
        structureScore: true,
        result: true,
        passed: true,
        errorCode: true,
        monitorId: true,
      },
    }),
    filters.monitor
      ? ctx.deps.db.monitor.findFirst({ where: { id: filters.monitor, teamId }, select: { url: true } })
      : null,
  ]);
  const { page: tests, nextCursor } = pageOf(rows, PAGE_SIZE);
  const filtered = Object.values(filters).some(Boolean);
  const body = html`${may(ctx, 'team.write') ? html`<p><a class="button" href="${ctx.href('/tests/new')}">Start a test</a></p>` : ''}
${filterForm(ctx, filters)}
${filters.monitor ? html`<p>The runs of the monitor of <strong>${monitor?.url ?? 'a monitor no longer in this team'}</strong>.</p>` : ''}
${
  tests.length
    ? listTable(
        'Tests',
        [{ head: 'Started' }, { head: 'URL' }, { head: 'Type' }, { head: 'Status' }, { head: 'Result' }],
        tests.map((t) => [
          html`<time datetime="${t.createdAt.toISOString()}">${when(t.createdAt)}</time>`,
          {
            cls: 'url',
            content: html`<a href="${ctx.href(`/tests/${t.id}`)}">${t.url}</a>${t.monitorId ? html` <a class="muted" href="${listHref(ctx, { ...filters, monitor: t.monitorId })}" title="This monitor's runs">monitor</a>` : ''}`,
          },
          html`${t.type}<span class="muted"> · ${t.device}</span>`,
          statusBadge(t.status),
          scoreOf(t),
        ]),
        'tests',
      )
    : html`<p>${filtered || cursor ? 'No test matches.' : 'No test yet.'}</p>`
}
<nav aria-label="Pages of tests" class="pager">${cursor ? html`<a href="${listHref(ctx, filters)}">Newest</a>` : ''}${
    nextCursor ? html` <a href="${listHref(ctx, filters, nextCursor)}" rel="next">Older</a>` : ''
  }</nav>`;
  page(ctx, 'Tests', body);
}
