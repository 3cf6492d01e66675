export type Severity = 'error' | 'warning' | 'notice';

export interface IssueKind {
  severity: Severity;
  /** site: one finding about the whole site (weighs fully); page: weighs by the share of pages affected. */
  scope: 'site' | 'page';
  title: string;
  description: string;
  /** The Lighthouse audit that checks the same thing (its agentic-browsing category), where one does. */
  lighthouseAudit?: string;
}

/** Every finding the audit can report, by code. Codes are stable: clients may key on them. */
export const ISSUES = {
  http_4xx: page(
    'error',
    'Pages answer with a client error (4xx)',
    'Search engines drop pages that answer 4xx. Restore them or stop linking to them.',
  ),
  http_5xx: page(
    'error',
    'Pages answer with a server error (5xx)',
    'Pages that fail with 5xx are retried, then dropped from the index. Fix the server error.',
  ),
  fetch_failed: page(
    'error',
    'Pages could not be fetched',
    'The request timed out or the connection failed: crawlers see nothing there.',
  ),
  broken_internal_link: page(
    'error',
    'Pages link to broken internal URLs',
    'These pages link to URLs on this site that answer 4xx/5xx or do not answer. Fix or remove the links.',
  ),
  page_too_large: page(
    'warning',
    'Pages too large to read whole',
    'These pages have more than 5 MiB of HTML (the audit read the first 5 MiB), or HTML too big or too deeply nested to parse within the audit’s memory and time limits (the page’s own checks were skipped). Search engines also stop at a limit (Google: 15 MB): keep pages well under it.',
  ),
  redirect_loop: page('error', 'Redirect loops', 'These URLs redirect in a circle and never reach a page.'),
  redirect_chain: page(
    'warning',
    'Redirect chains',
    'These URLs take two or more redirects to reach a page. Link to and redirect to the final URL directly.',
  ),
  title_missing: page('error', 'Missing title', 'Pages without a <title>: search results need one to show the page.'),
  title_duplicate: page(
    'warning',
    'Duplicate titles',
    'Several pages share the same <title>, so results cannot tell them apart.',
  ),
  title_too_long: page('notice', 'Title too long', 'Titles over 60 characters are cut off in search results.'),
  title_too_short: page('notice', 'Title too short', 'Titles under 15 characters say little about the page.'),
  meta_description_missing: page(
    'warning',
    'Missing meta description',
    'Without a meta description, search engines pick a snippet themselves.',
  ),
  meta_description_duplicate: page(
    'warning',
    'Duplicate meta descriptions',
    'Several pages share the same meta description.',
  ),
  meta_description_too_long: page(
    'notice',
    'Meta description too long',
    'Descriptions over 160 characters are cut off in results.',
  ),
  meta_description_too_short: page(
    'notice',
    'Meta description too short',
    'Descriptions under 50 characters rarely make a useful snippet.',
  ),
  h1_missing: page('warning', 'Missing h1', 'Pages without an <h1> lack a main heading for readers and crawlers.'),
  h1_multiple: page('notice', 'Several h1 headings', 'One <h1> per page states its subject most clearly.'),
  lang_missing: page(
    'warning',
    'Missing lang attribute',
    'Without <html lang>, search engines and screen readers have to guess the language.',
  ),
  viewport_missing: page(
    'warning',
    'Missing viewport',
    'Without <meta name="viewport">, the page is not treated as mobile-friendly.',
  ),
  canonical_missing: page(
    'notice',
    'Missing canonical',
    'A <link rel="canonical"> tells search engines which URL to index.',
  ),
  canonical_multiple: page(
    'warning',
    'Several canonicals',
    'Pages declare more than one canonical URL, so search engines ignore them all.',
  ),
  canonical_elsewhere: page(
    'warning',
    'Canonical points to another URL',
    'These pages name another URL as canonical, so they will not be indexed themselves.',
  ),
  canonical_broken: page(
    'error',
    'Canonical points to a broken URL',
    'The canonical URL answers an error or redirects: the page may drop out of the index.',
  ),
  noindex: page(
    'warning',
    'Pages kept out of the index',
    'meta robots or X-Robots-Tag says noindex: these pages will not appear in search results.',
  ),
  nofollow: page(
    'notice',
    'Links not followed',
    "meta robots or X-Robots-Tag says nofollow: crawlers will not follow this page's links.",
  ),
  hreflang_invalid: page(
    'warning',
    'Invalid hreflang codes',
    'hreflang values must be ISO 639-1 languages with an optional ISO 3166-1 region, or x-default.',
  ),
  hreflang_no_return: page(
    'warning',
    'hreflang without return links',
    'An alternate page must link back with hreflang, or search engines ignore the pair.',
  ),
  image_alt_missing: page(
    'warning',
    'Images without alt text',
    'Images need an alt attribute (empty for decoration) for accessibility and image search.',
  ),
  link_text_generic: page(
    'notice',
    'Links with non-descriptive text',
    'Link text such as "click here" or "read more" tells nothing about the target.',
  ),
  open_graph_missing: page(
    'notice',
    'Missing Open Graph tags',
    'og:title, og:description and og:image shape how the page looks when shared.',
  ),
  twitter_card_missing: page(
    'notice',
    'Missing Twitter card',
    'twitter:card decides how links to the page look on X/Twitter.',
  ),
  json_ld_invalid: page(
    'error',
    'JSON-LD that does not parse',
    'A structured data block is not valid JSON: search engines and AI agents skip it.',
  ),
  json_ld_incomplete: page(
    'warning',
    'JSON-LD without @context or @type',
    'Structured data needs @context (schema.org) and @type to mean anything.',
  ),
  structured_data_missing: page(
    'notice',
    'No structured data',
    'Pages without JSON-LD give search engines and AI agents less to understand.',
  ),
  mixed_content: page(
    'error',
    'Mixed content',
    'HTTPS pages load resources over plain HTTP; browsers block or flag them.',
  ),
  thin_content: page('warning', 'Thin content', 'Pages with fewer than 200 words of text rarely rank.'),
  duplicate_content: page(
    'warning',
    'Duplicate content',
    'These URLs show the same text. Merge them or point them to one canonical URL.',
  ),
  sitemap_url_not_ok: page(
    'warning',
    'Sitemap lists URLs that do not answer 200',
    'A sitemap should list only live, final URLs: no errors, no redirects.',
  ),
  not_https: site('error', 'Not served over HTTPS', 'The site answers over plain HTTP without redirecting to HTTPS.'),
  robots_txt_missing: site(
    'warning',
    'No robots.txt',
    '/robots.txt answers 4xx: crawlers assume everything may be crawled and find no sitemap there.',
  ),
  robots_txt_unreachable: site(
    'error',
    'robots.txt unreachable',
    '/robots.txt answers 5xx or does not answer: crawlers treat the whole site as off limits.',
  ),
  robots_txt_invalid: site('warning', 'robots.txt has errors', 'Some robots.txt lines are not understood by crawlers.'),
  sitemap_missing: site(
    'warning',
    'No sitemap',
    'No sitemap at /sitemap.xml or in robots.txt: crawlers find pages only through links.',
  ),
  sitemap_invalid: site('error', 'Sitemap has errors', 'The sitemap is not a valid sitemaps.org document.'),
  llms_txt_missing: {
    ...site('notice', 'No llms.txt', '/llms.txt gives AI agents a summary of the site and links to its key pages.'),
    lighthouseAudit: 'llms-txt',
  },
  llms_txt_invalid: {
    ...site(
      'warning',
      'llms.txt is not well formed',
      'llms.txt should start with an H1 title, a "> " summary, and list links in Markdown.',
    ),
    lighthouseAudit: 'llms-txt',
  },
  js_only_content: site(
    'warning',
    'Content that needs JavaScript',
    "Much of the start page's text appears only after JavaScript runs; most AI crawlers do not run it.",
  ),
  js_some_content: site(
    'notice',
    'Some content needs JavaScript',
    "Part of the start page's text appears only after JavaScript runs; most AI crawlers do not run it.",
  ),
} satisfies Record<string, IssueKind>;

export type IssueCode = keyof typeof ISSUES;

function page(severity: Severity, title: string, description: string): IssueKind {
  return { severity, scope: 'page', title, description };
}
function site(severity: Severity, title: string, description: string): IssueKind {
  return { severity, scope: 'site', title, description };
}
