import { html, type SafeHtml } from '@pageprobe/html';
import { fmtCls, fmtMs, fmtScore, scoreClass } from '../report/format.ts';
import { arr, num, obj, str } from '../report/read-json.ts';

/** Under a timespan: INP's three parts and the scripts that ran longest (issue 34); nothing without them. */
function attributionView(a: Record<string, unknown>): SafeHtml | string {
  if (Object.keys(a).length === 0) return '';
  const scripts = arr(a.scripts).map(obj);
  return html`<span class="meta block attribution">input delay ${fmtMs(num(a.input_delay_ms))} · processing ${fmtMs(num(a.processing_ms))} · presentation ${fmtMs(num(a.presentation_delay_ms))}</span>${
    scripts.length
      ? html`<ol class="scripts">${scripts.map(
          (s) =>
            html`<li><code>${str(s.function) ?? '(anonymous)'}</code> in ${str(s.url) ?? '(inline)'}: ${fmtMs(num(s.duration_ms))}</li>`,
        )}</ol>`
      : ''
  }`;
}

/** A user flow's steps (issue 18): each navigation with its performance and LCP, each timespan with its interaction. */
export function stepsSection(steps: unknown): SafeHtml {
  const rows = arr(steps).map(obj);
  if (rows.length === 0) return html``;
  return html`<section class="card" aria-labelledby="flow"><h2 id="flow">User flow</h2>
<table class="steps"><thead><tr><th scope="col">Step</th><th scope="col">What</th><th scope="col">Measured</th></tr></thead><tbody>${rows.map(
    (s) => {
      const scores = obj(s.scores);
      const vitals = obj(s.vitals);
      const interaction = obj(s.interaction);
      const perf = num(scores.performance);
      const measured = s.scores
        ? html`performance <span class="badge ${scoreClass(perf)}">${fmtScore(perf)}</span> · LCP ${fmtMs(num(vitals.lcp_ms))} · CLS ${fmtCls(num(vitals.cls))}`
        : s.interaction
          ? html`INP ${fmtMs(num(interaction.inp_ms))} · CLS ${fmtCls(num(interaction.cls))} · TBT ${fmtMs(num(interaction.tbt_ms))}${attributionView(obj(interaction.attribution))}`
          : html`<span class="meta">–</span>`;
      return html`<tr><td>${String(num(s.index) ?? '')}</td><td>${str(s.description) ?? ''}</td><td>${measured}</td></tr>`;
    },
  )}</tbody></table><p class="meta">The scores, vitals, screenshots and waterfall above are the last navigation's.</p></section>`;
}
