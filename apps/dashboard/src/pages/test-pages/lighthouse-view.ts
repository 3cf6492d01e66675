import type { Test } from '@pageprobe/db';
import { html, type SafeHtml } from '@pageprobe/html';
import { type ReportArtifact, type Waterfall, waterfallRows } from '@pageprobe/test-kinds';
import type { PageContext } from '../../http/page-context.ts';
import { artifactHref, artifactsOf } from './artifacts.ts';
import { screenshots } from './filmstrip.ts';
import { metricRatings } from './metric-ratings.ts';
import { scoreGauges } from './score-gauges.ts';
import { type Milestone, waterfallView } from './waterfall.ts';

/** A HAR larger than this is not drawn (the API serves it whole). */
const MAX_HAR_BYTES = 32 * 1024 * 1024;

/** The HAR's rows, or null when it is missing, too large or unreadable (the page says nothing of it then). */
async function readHar(ctx: PageContext, test: Test, artifacts: ReportArtifact[]): Promise<Waterfall | null> {
  const har = artifacts.find((a) => a.kind === 'har');
  if (!har) return null;
  try {
    return waterfallRows(
      JSON.parse((await ctx.deps.storage.get(har.storageKey, { maxBytes: MAX_HAR_BYTES })).toString()),
    );
  } catch (error) {
    ctx.deps.logger.warn({ err: error, testId: test.id }, 'test page: HAR not drawn');
    return null;
  }
}

/** FCP and LCP (from navigation start, the HAR's first request) and the HAR's DOMContentLoaded and load. */
export function milestones(vitals: Record<string, number | null>, waterfall: Waterfall): Milestone[] {
  const lab = [
    { name: 'FCP', ms: vitals.fcp_ms },
    { name: 'LCP', ms: vitals.lcp_ms },
  ].filter((m): m is Milestone => typeof m.ms === 'number');
  return [...lab, ...waterfall.marks].sort((a, b) => a.ms - b.ms);
}

/** The scores, each with its name and band. */
export function scoresOf(test: Test): Record<string, number | null> {
  const scores = { ...((test.scores as Record<string, number | null> | null) ?? {}) };
  if (test.performanceScore !== null && !('performance' in scores)) scores.performance = test.performanceScore;
  if (test.structureScore !== null) scores.structure = test.structureScore;
  return scores;
}

/**
 * What a completed test shows of its run: gauges, rated metrics, its screenshot and filmstrip, its
 * requests from the HAR, and a link to Lighthouse's own report (on a dashboard page).
 */
export async function runView(ctx: PageContext, test: Test): Promise<SafeHtml> {
  const vitals = (test.vitals as Record<string, number | null> | null) ?? {};
  const artifacts = await artifactsOf(ctx, test);
  const requests = await readHar(ctx, test, artifacts);
  const hasReport = artifacts.some((a) => a.kind === 'lighthouse_html');
  return html`${scoreGauges(scoresOf(test))}
${metricRatings(vitals, test.device)}
${hasReport ? html`<p><a href="${ctx.href(`/tests/${test.id}/report`)}">Lighthouse’s full report</a>: every audit, with details</p>` : ''}
${screenshots(artifacts, test.device, (a) => artifactHref(ctx, test.id, a))}
${requests ? waterfallView(requests, milestones(vitals, requests), test.url) : ''}`;
}
