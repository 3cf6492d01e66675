import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { Findings } from './findings.ts';
import { readLlmsTxt } from './llms-txt.ts';
import { validHreflang } from './page-checks.ts';
import { parsePage } from './parse-page.ts';
import { compareText } from './render-compare.ts';
import { parseRobots } from './robots.ts';
import { seoIssues, seoScore } from './score.ts';
import { parseSitemap, sitemapText } from './sitemap.ts';
import type { Fetched } from './fetch-url.ts';

test('robots.txt: longest match wins, our group or *, Crawl-delay and Sitemap read, bad lines listed', () => {
  const robots = parseRobots(
    'https://a.test/robots.txt',
    'Sitemap: https://a.test/s.xml\nUser-agent: *\nDisallow: /private/\nAllow: /private/open\n\nUser-agent: PageprobeBot\nDisallow: /not-us\nCrawl-delay: 2\nDisalow: /x\nnonsense\nSitemap: /relative.xml\n',
    'text/plain',
  );
  assert.equal(robots.allows('https://a.test/not-us'), false);
  assert.equal(robots.allows('https://a.test/private/x'), true, 'our own group replaces *');
  assert.equal(robots.allows('https://a.test/private/x', 'ClaudeBot'), false);
  assert.equal(robots.allows('https://a.test/private/open', 'ClaudeBot'), true);
  assert.equal(robots.crawlDelaySeconds, 2);
  assert.deepEqual(robots.sitemaps, ['https://a.test/s.xml', '/relative.xml']);
  assert.deepEqual(
    robots.problems.map((p) => p.line),
    [9, 10, 11],
  );
  assert.equal(
    parseRobots('https://a.test/robots.txt', '<!doctype html><html></html>', 'text/html').problems.length,
    2,
  );
});

test('sitemaps: urlset, index, gzip, namespace, missing loc, other origins, malformed XML', () => {
  const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
  const set = parseSitemap(
    `<urlset ${ns}><url><loc>https://a.test/1</loc></url><url><loc>https://b.test/2</loc></url><url></url></urlset>`,
    'https://a.test/s.xml',
  );
  assert.equal(set.kind, 'urlset');
  assert.deepEqual(set.locations, ['https://a.test/1']);
  assert.equal(set.problems.length, 2);
  const index = parseSitemap(
    `<sitemapindex ${ns}><sitemap><loc>https://a.test/p.xml</loc></sitemap></sitemapindex>`,
    'https://a.test/i.xml',
  );
  assert.deepEqual([index.kind, index.locations, index.problems], ['sitemapindex', ['https://a.test/p.xml'], []]);
  assert.match(parseSitemap('<urlset><url><loc>x</loc></url>', 'https://a.test/s.xml').problems[0]!, /well-formed/);
  assert.match(
    parseSitemap('<urlset><url><loc>https://a.test/</loc></url></urlset>', 'https://a.test/s.xml').problems[0]!,
    /xmlns/,
  );
  assert.equal(sitemapText(gzipSync('<urlset/>')), '<urlset/>');
});

test('an XML entity bomb (billion laughs) in a sitemap is not expanded', () => {
  const entities = ['<!ENTITY lol "lol">'];
  for (let i = 1; i <= 9; i++) entities.push(`<!ENTITY lol${i} "${`&lol${i - 1 || ''};`.repeat(10)}">`);
  const xml = `<?xml version="1.0"?><!DOCTYPE urlset [${entities.join('')}]><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/&lol9;</loc></url></urlset>`;
  const parsed = parseSitemap(xml, 'https://example.com/sitemap.xml');
  // Expanded, the one <loc> would be 3 GB of "lol".
  assert.deepEqual(parsed.locations, ['https://example.com/&lol9;']);
});

test('hreflang codes: ISO 639-1 with optional script and ISO 3166-1 region, or x-default', () => {
  for (const ok of ['en', 'en-GB', 'de-AT', 'zh-Hant-TW', 'es-419', 'x-default', 'PT-br'])
    assert.equal(validHreflang(ok), true, ok);
  for (const bad of ['english', 'en-UK', 'en_US', 'xx', 'en-XX', 'eng', ''])
    assert.equal(validHreflang(bad), false, bad);
});

test('llms.txt needs an H1, a summary and links', () => {
  const answer = (body: string, status = 200): Fetched => ({
    url: 'https://a.test/llms.txt',
    finalUrl: 'https://a.test/llms.txt',
    status,
    redirects: [],
    headers: {},
    contentType: 'text/plain',
    body,
    bytes: Buffer.from(body),
    timeMs: 1,
    error: null,
    errorMessage: null,
  });
  const good = readLlmsTxt('u', answer('# Site\n\n> What it is.\n\n- [Docs](https://a.test/docs)\n'));
  assert.deepEqual([good.state, good.title, good.summary, good.links], ['present', 'Site', 'What it is.', 1]);
  assert.equal(readLlmsTxt('u', answer('Just text')).problems.length, 3);
  assert.equal(readLlmsTxt('u', answer('', 404)).state, 'missing');
});

test('text that only JavaScript adds is counted with repetition', () => {
  assert.deepEqual(compareText('one two', 'one two three three'), {
    raw_words: 2,
    rendered_words: 4,
    js_only_share: 0.5,
    error: null,
  });
  assert.equal(compareText('', '').js_only_share, null);
});

test('score: 100 scaled by each issue, site issues fully, page issues by the root of their share', () => {
  const findings = new Findings();
  assert.equal(seoScore(findings, 10), 100);
  findings.add('not_https', 'https://a.test/'); // site error: × 0.85
  assert.equal(seoScore(findings, 10), 85);
  for (let i = 0; i < 4; i++) findings.add('h1_missing', `https://a.test/${i}`); // warning on 4 of 16 pages: × (1 − 6·0.5/100)
  assert.equal(seoScore(findings, 16), Math.round(100 * 0.85 * 0.97));
  findings.add('h1_missing', 'https://a.test/0');
  const issues = seoIssues(findings);
  assert.deepEqual(
    issues.map((i) => [i.code, i.severity, i.url_count]),
    [
      ['not_https', 'error', 1],
      ['h1_missing', 'warning', 4],
    ],
  );
});

// The tokenizer's stack of open elements is quadratic in nesting depth (100,000 nested elements take
// seconds): 10,000 here; deeper pages meet the parse thread's time limit (parse-off-thread.test.ts).
test('parsePage reads 80,000 links and 10,000 nested elements without failing', () => {
  const links = Array.from({ length: 80_000 }, (_, i) => `<a href="/p${i}">link ${i}</a>`).join('');
  const facts = parsePage(`<html><head><title>t</title></head><body>${links}</body></html>`, 'https://example.com/');
  assert.equal(facts.links.length, 80_000);
  assert.equal(facts.links[79_999]!.href, 'https://example.com/p79999');
  const nested = `${'<div>'.repeat(10_000)}deep words${'</div>'.repeat(10_000)}`;
  assert.equal(parsePage(`<html><body>${nested}</body></html>`, 'https://example.com/').text, 'deep words');
});
