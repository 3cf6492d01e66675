import { html, type SafeHtml } from '../html.ts';
import type { ReportTest } from '../load-report.ts';
import { scoreClass, summary } from './layout.ts';
import { arr, num, obj, str } from './read-json.ts';

const SEVERITIES: Array<[string, string, string]> = [
  ['error', 'Errors', 'poor'],
  ['warning', 'Warnings', 'average'],
  ['notice', 'Notices', 'good'],
];
const ACCESS: Record<string, string> = { allowed: 'good', partial: 'average', blocked: 'poor' };

export function seoBody(test: ReportTest): SafeHtml {
  const issues = arr(test.seoIssues).map(obj);
  const audits = obj(test.audits);
  const r = obj(test.result);
  const counts = Object.fromEntries(SEVERITIES.map(([s]) => [s, issues.filter((i) => i.severity === s).length]));
  const robots = obj(r.robots_txt);
  const llms = obj(r.llms_txt);
  const rendering = obj(r.rendering);
  const jsShare = num(rendering.js_only_share);
  const sitemaps = arr(r.sitemaps).map(obj);

  const groups = SEVERITIES.map(([severity, label, cls]) => {
    const list = issues.filter((i) => i.severity === severity);
    if (list.length === 0) return '';
    return html`<h3><span class="badge ${cls}">${label}</span> ${list.length}</h3>
${list.map((i) => {
  const urls = arr(i.urls).map(str).filter((u): u is string => u !== null);
  const count = num(i.url_count) ?? urls.length;
  return html`<details class="issue" data-code="${str(i.code)}"><summary><strong>${str(i.title)}</strong> · ${count} URL${count === 1 ? '' : 's'}</summary>
<p>${str(i.description)}</p><ul class="urls">${urls.map((u) => html`<li>${u}</li>`)}</ul>${count > urls.length ? html`<p class="meta">and ${count - urls.length} more</p>` : ''}</details>`;
})}`;
  });

  return html`${summary(test.grade, [
    { label: 'Structure score', value: String(test.structureScore ?? '–'), cls: scoreClass(test.structureScore) },
    { label: 'Pages crawled', value: String(num(r.pages_crawled) ?? '–') },
    { label: 'Errors', value: String(counts.error), cls: counts.error ? 'poor' : 'good' },
    { label: 'Warnings', value: String(counts.warning), cls: counts.warning ? 'average' : 'good' },
  ])}
<section class="card" aria-labelledby="issues"><h2 id="issues">Issues</h2>${issues.length ? groups : html`<p>No issues found.</p>`}</section>
<section class="card" aria-labelledby="ai"><h2 id="ai">AI crawler access (from robots.txt)</h2>
<table><thead><tr><th scope="col">Crawler</th><th scope="col">Operator</th><th scope="col">Purpose</th><th scope="col">Access</th><th scope="col">Rule</th></tr></thead>
<tbody>${arr(audits.ai_crawlers).map(obj).map(
    (c) => html`<tr><th scope="row">${str(c.user_agent)}</th><td>${str(c.operator)}</td><td>${str(c.purpose)}</td><td><span class="badge ${ACCESS[str(c.access) ?? ''] ?? ''}">${str(c.access)}</span></td><td>${str(c.rule)}</td></tr>`,
  )}</tbody></table>
<p>${jsShare === null ? 'The start page could not be rendered to compare.' : `${Math.round(jsShare * 100)}% of the start page’s text appears only after JavaScript runs; most AI crawlers do not run it.`}</p></section>
<section class="card" aria-labelledby="files"><h2 id="files">robots.txt, sitemaps and llms.txt</h2>
<table><tbody>
<tr><th scope="row">robots.txt</th><td>${str(robots.state) ?? '–'}${num(robots.crawl_delay_s) !== null ? `, Crawl-delay ${num(robots.crawl_delay_s)} s` : ''}${arr(robots.problems).length ? `, ${arr(robots.problems).length} problem(s)` : ''}</td></tr>
${sitemaps.map((s) => html`<tr><th scope="row">Sitemap</th><td>${str(s.url)}: ${s.status === 200 ? `${str(s.kind) ?? 'unreadable'}, ${num(s.entries) ?? 0} entries` : `HTTP ${num(s.status) ?? 'no answer'}`}${arr(s.problems).length ? `, ${arr(s.problems).length} problem(s)` : ''}</td></tr>`)}
<tr><th scope="row">llms.txt</th><td>${str(llms.state) ?? '–'}${str(llms.title) ? `: “${str(llms.title)}”, ${num(llms.links) ?? 0} links` : ''}</td></tr>
</tbody></table></section>
<section class="card" aria-labelledby="pages"><h2 id="pages">Crawled pages</h2>
<table><thead><tr><th scope="col">URL</th><th scope="col" class="num">Status</th><th scope="col">Title</th><th scope="col" class="num">Depth</th><th scope="col" class="num">Errors</th><th scope="col" class="num">Warnings</th></tr></thead>
<tbody>${arr(audits.pages).map(obj).map((p) => {
    const n = obj(p.issues);
    return html`<tr><td class="url">${str(p.url)}</td><td class="num">${num(p.status) ?? '–'}</td><td>${str(p.title) ?? '–'}</td><td class="num">${num(p.depth) ?? '–'}</td><td class="num">${num(n.error) ?? 0}</td><td class="num">${num(n.warning) ?? 0}</td></tr>`;
  })}</tbody></table></section>`;
}
