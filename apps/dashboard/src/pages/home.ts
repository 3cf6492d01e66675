import { html, type SafeHtml } from '@pageprobe/html';
import { monitorLabel } from '@pageprobe/test-kinds';
import type { PageContext, PageRoute } from '../http/page-context.ts';
import { may, page } from '../views/layout.ts';
import { stateMark, testStatusMark } from '../views/state-mark.ts';
import { ALERTS_COUNTED, type FirstSteps, loadOverview, type MonitorNaming, type Overview } from './overview-data.ts';
import { listTable } from '../views/list-table.ts';

/** A moment as people read it in a table (UTC), in a <time> machines read. */
export const when = (d: Date) =>
  html`<time datetime="${d.toISOString()}">${d.toISOString().replace('T', ' ').slice(0, 16)} UTC</time>`;

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** Credits, the plan, what it costs and keeps, and the limits it runs under. */
function planSection(ctx: PageContext, o: Overview): SafeHtml {
  const { credits: c } = o;
  const cfg = ctx.deps.config;
  const free = c.free_lighthouse;
  return html`<section aria-labelledby="plan-title" class="card">
<h2 id="plan-title">What the ${c.plan} plan gives</h2>
<dl class="figures">
<dt>A test costs</dt><dd>${Object.entries(c.costs)
    .map(([kind, cost]) => `${kind.replace('_', ' ')} ${cost}`)
    .join(', ')}</dd>
${free ? html`<dt>Free lighthouse tests</dt><dd>${free.remaining} of ${free.limit} left this hour</dd>` : ''}
<dt>Raw checks kept</dt><dd>${plural(c.retention.checks_days, 'day')}</dd>
<dt>Daily figures kept</dt><dd>${plural(c.retention.aggregates_days, 'day')}</dd>
<dt>Reports' artifacts kept</dt><dd>${plural(c.retention.artifacts_days, 'day')}</dd>
<dt>Monitors per team</dt><dd>${cfg.MONITORS_PER_TEAM.toLocaleString('en')}, every ${cfg.MONITOR_MIN_INTERVAL_SECONDS} s at most</dd>
<dt>Alert messages this hour</dt><dd>${c.alert_quota.messages.used} of ${c.alert_quota.messages.limit} (emails ${c.alert_quota.emails.used} of ${c.alert_quota.emails.limit})</dd>
</dl>
<p><a href="${ctx.href('/team/credits')}">Credit ledger</a></p>
</section>`;
}

/** A new team's first steps, in the order they make sense: each a link to where it is done (when the role may). */
const STEPS: Array<{ done: keyof FirstSteps; text: string; path: string; permission: Parameters<typeof may>[1] }> = [
  { done: 'key', text: 'Make an API key', path: '/keys', permission: 'keys.manage' },
  { done: 'test', text: 'Start a test', path: '/tests/new', permission: 'team.write' },
  { done: 'monitor', text: 'Make a monitor', path: '/monitors/new', permission: 'team.write' },
  { done: 'channel', text: 'Add an alert channel', path: '/alert-channels/new', permission: 'team.write' },
  { done: 'invite', text: 'Invite someone', path: '/members', permission: 'members.manage' },
];

/** The first steps, each ticked with a shape and "Done" once the team did it; nothing once all are done. */
function stepsSection(ctx: PageContext, o: Overview): SafeHtml | '' {
  const left = STEPS.filter((s) => !o.steps[s.done]).length;
  if (left === 0) return '';
  return html`<section aria-labelledby="steps-title" class="card wide first-steps">
<h2 id="steps-title">First steps</h2>
<p class="muted">${STEPS.length - left} of ${STEPS.length} done. This list goes once all are.</p>
<ol class="steps">${STEPS.map((s) => {
    const done = o.steps[s.done];
    const text = !done && may(ctx, s.permission) ? html`<a href="${ctx.href(s.path)}">${s.text}</a>` : s.text;
    return html`<li data-step="${s.done}" class="${done ? 'done' : 'todo'}">${done ? stateMark('up', 'Done') : stateMark('pending', 'To do')} <span>${text}</span></li>`;
  })}</ol>
</section>`;
}

/** What needs attention now: monitors down or degraded, failing alert channels, open incidents. */
function attentionSection(ctx: PageContext, o: Overview): SafeHtml {
  const monitor = (id: string, m: MonitorNaming) =>
    html`<a href="${ctx.href(`/monitors/${id}`)}">${monitorLabel(m)}</a>`;
  // The list filters by down, not (yet) by degraded: the degraded ones' link is the whole list.
  const more = (total: number, shown: number, path: string) =>
    total > shown ? html`<p><a href="${ctx.href(path)}">All ${total.toLocaleString('en')}</a></p>` : '';
  const { degraded, failingChannels: channels } = o;
  const calm = o.down.total + degraded.total + channels.total + o.incidents.total === 0;
  return html`<section aria-labelledby="now-title" class="card">
<h2 id="now-title">What needs attention</h2>
${calm ? html`<p>${stateMark('up', 'All clear')}: nothing is down, degraded or failing, and no incident is open.</p>` : ''}
<p class="figure"><strong data-testid="down-count">${o.down.total.toLocaleString('en')}</strong> ${
    o.down.total === 1 ? 'monitor down' : 'monitors down'
  }</p>
${o.down.shown.length ? html`<ul class="plain">${o.down.shown.map((m) => html`<li>${stateMark('down', 'Down')} ${monitor(m.id, m)} <span class="muted">${m.type}, ${plural(m.consecutive_failures, 'failed check')}</span></li>`)}</ul>` : ''}
${more(o.down.total, o.down.shown.length, '/monitors?state=down')}
${
  degraded.total
    ? html`<p class="figure"><strong data-testid="degraded-count">${degraded.total.toLocaleString('en')}</strong> ${
        degraded.total === 1 ? 'monitor degraded' : 'monitors degraded'
      }</p>
<ul class="plain">${degraded.shown.map((m) => html`<li>${stateMark('degraded', 'Degraded')} ${monitor(m.id, m)} <span class="muted">${m.type}, ${plural(m.consecutive_failures, 'degraded check')}</span></li>`)}</ul>
${more(degraded.total, degraded.shown.length, '/monitors')}`
    : ''
}
${
  channels.total
    ? html`<p class="figure"><strong data-testid="failing-channel-count">${channels.total.toLocaleString('en')}</strong> ${
        channels.total === 1 ? 'alert channel failing' : 'alert channels failing'
      }</p>
<ul class="plain">${channels.shown.map((c) => html`<li>${stateMark('down', 'Failing')} <a href="${ctx.href(`/alert-channels/${c.id}`)}">${c.name}</a> <span class="muted">${c.type}${c.first_failure_at ? html`, failing since ${when(c.first_failure_at)}` : ''}</span></li>`)}</ul>
${channels.total > channels.shown.length ? html`<p><a href="${ctx.href('/alert-channels')}">All alert channels</a></p>` : ''}`
    : ''
}
<p class="figure"><strong data-testid="incident-count">${o.incidents.total.toLocaleString('en')}</strong> ${
    o.incidents.total === 1 ? 'open incident' : 'open incidents'
  }</p>
${o.incidents.shown.length ? html`<ul class="plain">${o.incidents.shown.map((i) => html`<li>${monitor(i.monitor_id, i)} <span class="muted">since ${when(i.started_at)}: ${i.reason}</span></li>`)}</ul>` : ''}
</section>`;
}

function testsSection(ctx: PageContext, o: Overview): SafeHtml {
  return html`<section aria-labelledby="tests-title" class="card wide">
<h2 id="tests-title">Latest tests</h2>
${
  o.tests.length
    ? html`${listTable(
        'Table of the latest tests',
        [{ head: 'URL' }, { head: 'Type' }, { head: 'Status' }, { head: 'Grade' }, { head: 'Started' }],
        o.tests.map((t) => [
          html`<a href="${ctx.href(`/tests/${t.id}`)}">${t.url}</a>`,
          t.type,
          testStatusMark(t.status),
          t.grade ?? (t.performanceScore === null ? '' : String(t.performanceScore)),
          when(t.createdAt),
        ]),
      )}
<p><a href="${ctx.href('/tests')}">All tests</a></p>`
    : html`<p class="muted">No tests yet. <a href="${ctx.href('/tests')}">Start one</a>.</p>`
}
</section>`;
}

function alertsSection(ctx: PageContext, o: Overview): SafeHtml {
  const { total, shown } = o.alerts;
  const counted =
    total > ALERTS_COUNTED ? `More than ${ALERTS_COUNTED.toLocaleString('en')}` : total.toLocaleString('en');
  return html`<section aria-labelledby="alerts-title" class="card wide">
<h2 id="alerts-title">Alerts of the last 24 hours</h2>
<p class="figure"><strong data-testid="alert-count">${counted}</strong> ${total === 1 ? 'alert' : 'alerts'}</p>
${
  shown.length
    ? listTable(
        'Table of the alerts of the last 24 hours',
        [{ head: 'When' }, { head: 'Monitor' }, { head: 'Event' }, { head: 'Why' }],
        shown.map((a) => [
          when(a.created_at),
          html`<a href="${ctx.href(`/monitors/${a.monitor_id}`)}">${monitorLabel(a)}</a>`,
          html`<code>${a.event}</code>`,
          a.reason,
        ]),
      )
    : ''
}
</section>`;
}

function locationsSection(o: Overview): SafeHtml {
  const workers = (w: Record<string, number>) =>
    Object.entries(w)
      .map(([kind, n]) => `${kind.replace('_', ' ')} ${n}`)
      .join(', ');
  return html`<section aria-labelledby="locations-title" class="card">
<h2 id="locations-title">Live locations</h2>
${
  o.locations === null
    ? html`<p class="muted">The locations cannot be listed right now.</p>`
    : o.locations.length
      ? html`<ul class="plain">${o.locations.map(
          (l) =>
            html`<li><strong>${l.name}</strong> <code>${l.id}</code><br><span class="muted">workers: ${workers(l.workers)}</span></li>`,
        )}</ul>`
      : html`<p class="muted">No worker is running: tests wait in their queue until one starts.</p>`
}
<p>Tests without locations run from <code>${o.defaultLocation ?? 'default'}</code>.</p>
</section>`;
}

/** The entry page: the team's overview (issue 46), or a welcome for a person in no team. */
export const homeRoutes: PageRoute[] = [
  {
    method: 'get',
    path: '/',
    access: 'signed-in',
    async handle(ctx) {
      const session = ctx.session!;
      if (!session.teamId || !session.role) {
        page(ctx, 'Welcome', html`<p>You are in no team yet. Ask a team's admin for an invitation.</p>`);
        return;
      }
      const overview = await loadOverview(ctx.deps, session.teamId);
      page(
        ctx,
        session.teamName ?? 'Overview',
        html`<dl class="figures"><dt>Your role</dt><dd>${session.role}</dd>
<dt>Plan</dt><dd>${overview.credits.plan}</dd>
<dt>Credits</dt><dd data-testid="credits">${overview.credits.credits_balance.toLocaleString('en')}</dd></dl>
<div class="overview">
${stepsSection(ctx, overview)}
${attentionSection(ctx, overview)}
${planSection(ctx, overview)}
${testsSection(ctx, overview)}
${alertsSection(ctx, overview)}
${locationsSection(overview)}
</div>`,
      );
    },
  },
];
