import { VITALS } from '@pageprobe/test-kinds';

// deploy.checked in words (issue 62): which release, its verdict, and per monitor what got worse.

export interface DeployCheckedBody {
  event: 'deploy.checked';
  deploy: {
    id: string;
    environment: string;
    version: string;
    commit: string | null;
    url: string | null;
    status: string;
    created_at: string;
    checked_at: string;
    dashboard_url: string;
  };
  checks: Array<{
    monitor_id: string;
    monitor_name: string | null;
    verdict: string;
    reason: string | null;
    worse: Array<{ figure: string; base: number | null; head: number | null }>;
    dashboard_url: string;
    compare_url: string | null;
  }>;
}

/** The deploy an alert names (issue 62): the latest of its environment before it, within the team's window. */
export interface AlertDeploy {
  id: string;
  environment: string;
  version: string;
  created_at: string;
  dashboard_url: string;
  /** The comparison of the monitor's runs before and after it, when both are tests. */
  compare_url: string | null;
}

export const isDeployChecked = (body: { event: string }): body is DeployCheckedBody => body.event === 'deploy.checked';

const SCORE_WORDS: Record<string, string> = {
  performance: 'Performance score',
  accessibility: 'Accessibility score',
  best_practices: 'Best practices score',
  seo: 'SEO score',
};

/** A compare figure's path as people say it: `vitals.lcp_ms` is "Largest Contentful Paint (LCP)". */
export function figureWords(figure: string): string {
  const [group, key = ''] = figure.split('.', 2);
  if (group === 'vitals') return VITALS.find((v) => v.key === key)?.label ?? key;
  if (group === 'scores') return SCORE_WORDS[key] ?? `${key} score`;
  if (group === 'user_timings') return `User Timing “${figure.slice('user_timings.'.length)}”`;
  return figure.replaceAll('_', ' ').replaceAll('.', ' ');
}

const value = (figure: string, n: number | null) => {
  if (n === null) return '—';
  if (figure.endsWith('_ms')) return n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`;
  return String(Math.round(n * 1000) / 1000);
};

/** "Largest Contentful Paint (LCP) 1.21 s → 3.48 s". */
export const worseWords = (w: { figure: string; base: number | null; head: number | null }) =>
  `${figureWords(w.figure)} ${value(w.figure, w.base)} → ${value(w.figure, w.head)}`;

const VERDICT_WORDS: Record<string, string> = {
  passed: 'passed',
  regressed: 'regressed',
  failed: 'failed',
  recorded: 'recorded',
};

/** The headline of a deploy's verdict. */
export function deployHeadline(body: DeployCheckedBody) {
  const d = body.deploy;
  const name = `${d.version} (${d.environment})`;
  const bad = body.checks.filter((c) => c.verdict === 'failed' || c.verdict === 'regressed');
  const severity = d.status === 'failed' ? 'critical' : d.status === 'regressed' ? 'warning' : 'info';
  const summary = bad.length
    ? bad
        .map(
          (c) =>
            `${c.monitor_name ?? c.monitor_id}: ${c.verdict}${
              c.worse.length ? `, ${c.worse.map(worseWords).join('; ')}` : c.reason ? `, ${c.reason}` : ''
            }`,
        )
        .join('. ')
    : `All ${body.checks.length} of its monitors passed.`;
  return { severity, title: `Deploy ${name} ${VERDICT_WORDS[d.status] ?? d.status}`, summary } as const;
}
