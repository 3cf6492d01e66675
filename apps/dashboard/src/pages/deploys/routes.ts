import { figureWords, worseWords } from '@pageprobe/alert-channels';
import { html, type SafeHtml } from '@pageprobe/html';
import { getDeploy, listDeploys, ProblemError, type PresentedDeploy } from '@pageprobe/services';
import { callerOf } from '../../http/caller.ts';
import type { PageContext, PageRoute } from '../../http/page-context.ts';
import { cursorOf } from '../../http/request-input.ts';
import { message, page } from '../../views/layout.ts';
import { stateMark, type Tone } from '../../views/state-mark.ts';
import { timeAgo } from '../../views/time-ago.ts';
import { deploySettings, deploySettingsRoutes } from './settings.ts';
import { listTable } from '../../views/list-table.ts';

// Deploys (issue 62): each release the team told of, the monitors it ran and their verdict, newest first.

const PAGE = 50;

/** A deploy's or a check's verdict in the state marks' tones: never color alone. */
const TONES: Record<string, Tone> = {
  checking: 'pending',
  pending: 'pending',
  recorded: 'paused',
  passed: 'up',
  regressed: 'degraded',
  failed: 'down',
};
const WORDS: Record<string, string> = {
  checking: 'Checking',
  pending: 'Running',
  recorded: 'Recorded',
  passed: 'Passed',
  regressed: 'Regressed',
  failed: 'Failed',
};
const verdict = (status: string): SafeHtml => stateMark(TONES[status] ?? 'pending', WORDS[status] ?? status);

/** "3 of 4 monitors passed" and the first figure that got worse, for the list. */
function summary(d: PresentedDeploy): string {
  if (d.checks.length === 0) return 'No monitors named';
  const bad = d.checks.find((c) => c.worse.length || c.verdict === 'failed');
  const worse = bad?.worse[0] ? `: ${figureWords(bad.worse[0].figure)} worse` : bad?.reason ? `: ${bad.reason}` : '';
  const passed = d.checks.filter((c) => c.verdict === 'passed').length;
  return `${passed} of ${d.checks.length} monitors passed${worse}`;
}

async function listPage(ctx: PageContext, top: SafeHtml | string = '', status = 200, secret?: string) {
  const { data, next_cursor } = await listDeploys(ctx.deps, await callerOf(ctx), {
    limit: PAGE,
    cursor: cursorOf(ctx),
  });
  page(
    ctx,
    'Deploys',
    html`${top}<p class="muted">Each release your pipeline tells Pageprobe of (<code>pageprobe deploy</code>, the Action, or GitHub's deployment status) runs the monitors it names at once and is judged against their runs before it. Charts flag each deploy; alerts name the latest.</p>
${
  data.length
    ? html`${listTable(
        'Deploys',
        [{ head: 'Version' }, { head: 'Environment' }, { head: 'Verdict' }, { head: 'Checks' }, { head: 'When' }],
        data.map((d) => [
          html`<a href="${ctx.href(`/deploys/${d.id}`)}">${d.version}</a>${d.commit ? html` <code class="muted">${d.commit.slice(0, 7)}</code>` : ''}`,
          d.environment,
          verdict(d.status),
          summary(d),
          timeAgo(new Date(d.created_at)),
        ]),
        'deploys',
      )}
${next_cursor ? html`<p><a href="${ctx.href(`/deploys?cursor=${encodeURIComponent(next_cursor)}`)}" rel="next">Next page</a></p>` : ''}`
    : html`<p>No deploys yet. Tell of one from your pipeline: <code>pageprobe deploy --version "$VERSION" --tag shop</code>.</p>`
}
${await deploySettings(ctx, secret ?? null)}`,
    status,
  );
}

async function deployPage(ctx: PageContext) {
  let d: PresentedDeploy;
  try {
    d = await getDeploy(ctx.deps, await callerOf(ctx), String(ctx.req.params.id));
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404)
      return message(ctx, 'Not found', 'This team has no deploy with that id.', 404);
    throw error;
  }
  const names = new Map(
    (
      await ctx.deps.db.monitor.findMany({
        where: { id: { in: d.checks.map((c) => c.monitor_id) }, teamId: ctx.session!.teamId! },
        select: { id: true, name: true, url: true },
      })
    ).map((m) => [m.id, m.name ?? m.url]),
  );
  const rows = d.checks.map((c) => [
    html`<a href="${ctx.href(`/monitors/${c.monitor_id}`)}">${names.get(c.monitor_id) ?? c.monitor_id}</a>`,
    verdict(c.verdict),
    c.worse.length
      ? html`<ul class="worse">${c.worse.map((w) => html`<li>${worseWords(w)}</li>`)}</ul>`
      : (c.reason ?? ''),
    c.before_test_id && c.after_test_id
      ? html`<a href="${ctx.href(`/tests/${c.after_test_id}/compare?base=${c.before_test_id}`)}">Before and after</a>`
      : '',
  ]);
  page(
    ctx,
    `Deploy ${d.version}`,
    html`<dl class="figures">
<dt>Verdict</dt><dd>${verdict(d.status)}</dd>
<dt>Environment</dt><dd>${d.environment}</dd>
${d.commit ? html`<dt>Commit</dt><dd><code>${d.commit}</code></dd>` : ''}
${d.url ? html`<dt>Where</dt><dd><a href="${d.url}">${d.url}</a></dd>` : ''}
${d.description ? html`<dt>What</dt><dd>${d.description}</dd>` : ''}
<dt>Told</dt><dd>${timeAgo(new Date(d.created_at))} by ${d.source === 'github' ? "GitHub's deployment status" : 'the API'}</dd>
${d.checked_at ? html`<dt>Judged</dt><dd>${timeAgo(new Date(d.checked_at))}</dd>` : ''}
</dl>
<h2>Checks</h2>
${
  d.checks.length
    ? listTable(
        'Checks',
        [{ head: 'Monitor' }, { head: 'Verdict' }, { head: 'What changed' }, { head: 'Compare', hidden: true }],
        rows,
      )
    : html`<p class="muted">It named no monitor to run (<code>run.monitors</code> or <code>run.tags</code>).</p>`
}
<p><a href="${ctx.href('/deploys')}">All deploys</a></p>`,
  );
}

export const deployRoutes: PageRoute[] = [
  { method: 'get', path: '/deploys', access: 'team.read', handle: (ctx) => listPage(ctx) },
  ...deploySettingsRoutes(listPage),
  { method: 'get', path: '/deploys/:id', access: 'team.read', handle: deployPage },
];
