import { html, type SafeHtml } from '@pageprobe/html';
import { fmtScore, plural, scoreClass, summary } from '../report/format.ts';
import { arr, type Json, num, obj, str } from '../report/read-json.ts';
import type { ReportTest } from '../report/report-test.ts';

const SEVERITIES: Array<{ severity: string; label: string; cls: string }> = [
  { severity: 'error', label: 'Errors', cls: 'poor' },
  { severity: 'warning', label: 'Warnings', cls: 'average' },
  { severity: 'notice', label: 'Notices', cls: 'neutral' },
];
const ACCESS: Record<string, string> = { allowed: 'good', partial: 'average', blocked: 'poor' };
const FILE_STATE: Record<string, string> = {
  present: 'good',
  missing: 'average',
  invalid: 'poor',
  unreachable: 'poor',
};
const STOPPED_BY: Record<string, string> = { page_cap: 'the page limit', time_budget: 'the time limit' };

const strings = (v: unknown) =>
  arr(v)
    .map(str)
    .filter((s): s is string => s !== null);

/** A page's address without the start page's origin, when they share it. */
function pagePath(url: string, origin: string | null): string {
  if (!origin || !URL.canParse(url)) return url;
  const u = new URL(url);
  return u.origin === origin ? `${u.pathname}${u.search}` : url;
}

export function seoReport(test: ReportTest): SafeHtml {
  const issues = arr(test.seoIssues).map(obj);
  const audits = obj(test.audits);
  const r = obj(test.result);
  const count = (severity: string) => issues.filter((i) => i.severity === severity).length;
  const origin = URL.canParse(test.url) ? new URL(test.url).origin : null;

  return html`${summary(test.grade, [
    { label: 'Score', value: fmtScore(test.structureScore), cls: scoreClass(test.structureScore) },
    { label: 'Pages crawled', value: String(num(r.pages_crawled) ?? '–') },
    ...SEVERITIES.map(({ severity, label, cls }) => ({
      label,
      value: String(count(severity)),
      cls: count(severity) ? cls : 'good',
    })),
  ])}
${issuesSection(issues)}
${aiSection(arr(audits.ai_crawlers).map(obj), obj(r.rendering))}
${filesSection(r, origin)}
${pagesSection(arr(audits.pages).map(obj), r, origin)}`;
}

function issuesSection(issues: Json[]): SafeHtml {
  const groups = SEVERITIES.map(({ severity, label, cls }) => {
    const list = issues.filter((i) => i.severity === severity);
    if (list.length === 0) return '';
    return html`<h3><span class="badge ${cls}">${label}</span> ${list.length}</h3>
${list.map((i) => {
  const urls = strings(i.urls);
  const total = num(i.url_count) ?? urls.length;
  // Errors open at once; warnings and notices open on demand.
  return html`<details class="issue" data-code="${str(i.code)}"${severity === 'error' ? html` open` : ''}><summary><strong>${str(i.title) ?? str(i.code)}</strong> · ${plural(total, 'URL')}</summary>
<p>${str(i.description)}${str(i.lighthouse_audit) ? html` <span class="meta">A lighthouse test checks it too: Lighthouse’s <code>${str(i.lighthouse_audit)}</code> audit (agentic browsing).</span>` : ''}</p><ul class="urls">${urls.map((u) => html`<li>${u}</li>`)}</ul>${total > urls.length ? html`<p class="meta">and ${total - urls.length} more</p>` : ''}</details>`;
})}`;
  });
  return html`<section class="card" aria-labelledby="issues"><h2 id="issues">Issues</h2>${issues.length ? groups : html`<p>No issues found.</p>`}</section>`;
}

function aiSection(crawlers: Json[], rendering: Json): SafeHtml {
  const share = num(rendering.js_only_share);
  return html`<section class="card" aria-labelledby="ai"><h2 id="ai">AI crawlers</h2>
<p>What the site’s robots.txt lets each AI crawler fetch. Reported, not judged: blocking training crawlers can be a choice.</p>
<table class="ai"><thead><tr><th scope="col">Crawler</th><th scope="col">Access (rule)</th><th scope="col">Operator and purpose</th></tr></thead>
<tbody>${crawlers.map((c) => {
    const access = str(c.access) ?? '–';
    return html`<tr><th scope="row">${str(c.user_agent)}</th><td><span class="badge ${ACCESS[access] ?? ''}">${access}</span><span class="meta block">${str(c.rule)}</span></td><td>${str(c.operator)}<span class="meta block">${str(c.purpose)}</span></td></tr>`;
  })}</tbody></table>
<h3>Text that needs JavaScript</h3>
<p class="js-share">${
    share === null
      ? `The start page could not be rendered to compare${str(rendering.error) ? `: ${str(rendering.error)}` : ''}.`
      : `${Math.round(share * 100)}% of the start page’s text appears only after JavaScript runs (${num(rendering.raw_words) ?? 0} words as served, ${num(rendering.rendered_words) ?? 0} rendered). Most AI crawlers do not run JavaScript.`
  }</p></section>`;
}

function fileRow(name: string, state: string | null, detail: string, problems: string[]): SafeHtml {
  // A missing file's only "problem" is that it is missing: the state says so.
  const shown = state === 'missing' ? [] : problems;
  return html`<tr><th scope="row">${name}</th><td><span class="badge ${FILE_STATE[state ?? ''] ?? ''}">${state ?? '–'}</span></td><td class="url">${detail}${
    shown.length ? html`<ul class="problems">${shown.map((p) => html`<li>${p}</li>`)}</ul>` : ''
  }</td></tr>`;
}

function filesSection(r: Json, origin: string | null): SafeHtml {
  const robots = obj(r.robots_txt);
  const llms = obj(r.llms_txt);
  const sitemaps = arr(r.sitemaps).map(obj);
  const robotsProblems = arr(robots.problems)
    .map(obj)
    .map((p) => `${num(p.line) ? `Line ${num(p.line)}: ` : ''}${str(p.message) ?? ''}`);
  const delay = num(robots.crawl_delay_s);
  const sitemapRows = sitemaps.map((s) => {
    const status = num(s.status);
    const ok = status === 200 && str(s.kind) !== null;
    const state = ok
      ? arr(s.problems).length
        ? 'invalid'
        : 'present'
      : status === 404 || status === 410
        ? 'missing'
        : status === 200
          ? 'invalid'
          : 'unreachable';
    const where = pagePath(str(s.url) ?? '', origin);
    const detail = ok
      ? `${where}: ${plural(num(s.entries) ?? 0, 'entry', 'entries')} (${str(s.kind)})`
      : `${where}: ${status ? `HTTP ${status}` : 'no answer'}`;
    return fileRow('Sitemap', state, detail, strings(s.problems));
  });
  const llmsUrl = pagePath(str(llms.url) ?? '', origin);
  const llmsDetail = str(llms.title)
    ? `${llmsUrl}: “${str(llms.title)}”, ${plural(num(llms.links) ?? 0, 'link')}`
    : llmsUrl;
  return html`<section class="card" aria-labelledby="files"><h2 id="files">robots.txt, sitemaps and llms.txt</h2>
<table class="files"><thead><tr><th scope="col">File</th><th scope="col">State</th><th scope="col">Details</th></tr></thead><tbody>
${fileRow('robots.txt', str(robots.state), `${pagePath(str(robots.url) ?? '', origin)}${delay !== null ? ` (Crawl-delay ${delay} s)` : ''}`, robotsProblems)}
${sitemapRows.length ? sitemapRows : fileRow('Sitemap', 'missing', 'None named in robots.txt, and none at /sitemap.xml.', [])}
${fileRow('llms.txt', str(llms.state), llmsDetail, strings(llms.problems))}
</tbody></table></section>`;
}

function pagesSection(pages: Json[], r: Json, origin: string | null): SafeHtml {
  const notCrawled = num(r.not_crawled) ?? 0;
  const disallowed = num(obj(r.disallowed).count) ?? 0;
  const stoppedBy = STOPPED_BY[str(r.stopped_by) ?? ''];
  const notes = [
    stoppedBy
      ? `The crawl stopped at ${stoppedBy}; ${plural(notCrawled, 'more URL was', 'more URLs were')} found but not crawled.`
      : '',
    disallowed ? `robots.txt kept the crawler from ${plural(disallowed, 'URL')}.` : '',
  ].filter(Boolean);
  return html`<section class="card" aria-labelledby="pages"><h2 id="pages">Crawled pages</h2>
${notes.map((n) => html`<p>${n}</p>`)}
<table class="pages"><thead><tr><th scope="col">Page</th><th scope="col" class="num">Status</th><th scope="col" class="num">Depth</th><th scope="col">Issues</th></tr></thead>
<tbody>${pages.map((p) => {
    const n = obj(p.issues);
    const found = SEVERITIES.flatMap(({ severity, cls }) => {
      const k = num(n[severity]) ?? 0;
      return k ? [html`<span class="badge ${cls}">${plural(k, severity)}</span> `] : [];
    });
    const status = num(p.status);
    return html`<tr><td class="url">${pagePath(str(p.url) ?? '', origin)}<span class="meta block">${str(p.title) ?? 'No title'}</span></td><td class="num"><span class="${status === null || status >= 400 ? 'poor' : ''}">${status ?? '–'}</span></td><td class="num">${num(p.depth) ?? '–'}</td><td>${found.length ? found : 'none'}</td></tr>`;
  })}</tbody></table></section>`;
}
