import { html, type SafeHtml } from '@pageprobe/html';
import { fmtBytes, fmtCls, fmtMs, summary, type Tile } from '../report/format.ts';
import { arr, type Json, num, obj, str } from '../report/read-json.ts';
import type { ReportArtifact, ReportContext, ReportTest } from '../report/report-test.ts';
import { browserFailures } from './failures.ts';

const STATUS_CLASS: Record<string, string> = { passed: 'good', failed: 'poor', skipped: '' };

/** A step's figures in a line: a load's vitals, an interaction's INP, then its requests and errors. */
function figures(step: Json): SafeHtml {
  const nav = step.navigation ? obj(step.navigation) : null;
  const act = step.interaction ? obj(step.interaction) : null;
  const parts: SafeHtml[] = [];
  if (nav)
    parts.push(
      html`TTFB ${fmtMs(num(nav.ttfb_ms))} · FCP ${fmtMs(num(nav.fcp_ms))} · LCP ${fmtMs(num(nav.lcp_ms))} · CLS ${fmtCls(num(nav.cls))}`,
    );
  if (act)
    parts.push(
      html`INP ${fmtMs(num(act.inp_ms))} (input delay ${fmtMs(num(act.input_delay_ms))}, processing ${fmtMs(num(act.processing_ms))}, presentation ${fmtMs(num(act.presentation_delay_ms))})${str(act.target) ? html` on <code>${str(act.target)}</code>` : ''} · CLS ${fmtCls(num(act.cls))}`,
    );
  const failed = num(step.requests_failed) ?? 0;
  const errors = num(step.console_errors) ?? 0;
  parts.push(
    html`${String(num(step.requests) ?? 0)} requests, ${fmtBytes(num(step.bytes))}${failed ? html`, <strong>${String(failed)} failed</strong>` : ''}${errors ? html`, <strong>${String(errors)} console errors</strong>` : ''}`,
  );
  return html`${parts.map((p, i) => html`${i ? html`<br>` : ''}${p}`)}`;
}

/** The journey as a timeline: each step with its time, figures, budgets and the screenshot it left. */
function timeline(steps: Json[], shots: Map<string, ReportArtifact>, href: (a: ReportArtifact) => string): SafeHtml {
  return html`<section class="card" aria-labelledby="journey"><h2 id="journey">Journey</h2>
<ol class="journey">${steps.map((s) => {
    const status = str(s.status) ?? 'skipped';
    const shot = str(s.screenshot) ? shots.get(str(s.screenshot)!) : undefined;
    const budgets = arr(s.expect).map(obj);
    return html`<li class="step ${status}"><div><span class="badge ${STATUS_CLASS[status] ?? ''}">${status}</span>
<strong>${String(num(s.index) ?? '')}. ${str(s.name) ?? ''}</strong> <span class="meta">${fmtMs(num(s.duration_ms))} at ${fmtMs(num(s.started_ms))}</span>
${str(s.error) ? html`<p class="detail">${str(s.error)}</p>` : ''}
${status === 'skipped' ? '' : html`<p class="meta">${figures(s)}</p>`}
${budgets.length ? html`<ul class="budgets">${budgets.map((b) => html`<li class="${b.passed ? 'good' : 'poor'}">${str(b.source) ?? ''}: ${b.passed ? 'within budget' : (str(b.message) ?? 'missed')}</li>`)}</ul>` : ''}</div>
${shot ? html`<a href="${href(shot)}"><img src="${href(shot)}" alt="The page after step ${String(num(s.index) ?? '')}" width="160" height="100" loading="lazy"></a>` : ''}</li>`;
  })}</ol></section>`;
}

/** A finished browser check: the verdict naming the failed step, the journey step by step, and its files. */
export async function browserReport(test: ReportTest, ctx: ReportContext): Promise<SafeHtml> {
  const r = obj(test.result);
  const up = r.up === true;
  const steps = arr(r.steps).map(obj);
  const artifacts = await ctx.artifacts();
  const shots = new Map(artifacts.filter((a) => a.kind === 'step_screenshot').map((a) => [a.name, a]));
  const files = artifacts.filter((a) => a.kind === 'trace' || a.kind === 'har');
  const frames = artifacts.filter((a) => a.kind === 'filmstrip_frame');
  const tiles: Tile[] = [
    {
      label: 'Verdict',
      value: up ? (r.degraded ? 'Degraded' : 'Passed') : 'Failed',
      cls: up ? (r.degraded ? 'average' : 'good') : 'poor',
    },
    { label: 'Journey', value: fmtMs(num(r.duration_ms)) },
    { label: 'Steps', value: `${steps.filter((s) => s.status === 'passed').length} of ${steps.length}` },
    { label: 'Requests', value: String(num(r.requests) ?? 0) },
  ];
  const advice = up ? null : browserFailures[str(r.reason) ?? ''];
  return html`${summary(null, tiles)}
<section class="card ${up ? '' : 'notice poor'}" aria-labelledby="verdict"><h2 id="verdict">${up ? 'Every step worked' : 'The journey failed'}</h2>
${str(r.error) ? html`<p class="detail">${str(r.error)}</p>` : ''}
${advice ? html`<p>${advice.what}</p><p><strong>What to try:</strong> ${advice.tryThis}</p>` : ''}
${files.length ? html`<p class="meta">Chrome’s trace (open it in DevTools’ Performance panel) and the HAR of this run are kept with its files: <code>GET /api/v1/tests/${test.id}/artifacts</code> with an API key.</p>` : ''}</section>
${timeline(steps, shots, (a) => ctx.href(a))}
${frames.length ? html`<section class="card" aria-labelledby="filmstrip"><h2 id="filmstrip">Filmstrip</h2><ol class="filmstrip">${frames.map((f) => html`<li><img src="${ctx.href(f)}" alt="The page at ${fmtMs(f.timingMs)}" width="96" height="60" loading="lazy"><span>${fmtMs(f.timingMs)}</span></li>`)}</ol></section>` : ''}`;
}
