import type { PresentedSite } from '@pageprobe/services';
import { html, type SafeHtml } from '@pageprobe/html';

// The snippet as a site's page shows it (issue 61): the one line in a code block with a Copy button (the
// dashboard's script shows the button and copies the block's text), and where it goes.

export const snippetBlock = (site: PresentedSite): SafeHtml =>
  html`<section aria-labelledby="snippet-h"><h2 id="snippet-h">Install</h2>
<p>Paste this line before <code>&lt;/head&gt;</code> on every page of the site. It loads a small script that sends each page view’s Web Vitals once, when the page is hidden; it sets no cookie and stores nothing on the visitor’s device.</p>
<pre class="copy"><code id="rum-snippet" data-testid="rum-snippet">${site.snippet}</code></pre><button type="button" data-copy="rum-snippet" hidden>Copy</button>
<p class="muted">Site key <code>${site.site_key}</code> (public: it is in the snippet). Beacons are accepted from ${site.origins.join(', ')} only.</p>
</section>`;

/** Before any beacon: what to do, and what will appear. */
export const noBeaconsYet = (site: PresentedSite): SafeHtml =>
  html`<section class="empty" aria-labelledby="waiting-h" data-testid="rum-empty"><h2 id="waiting-h">No page views yet</h2>
<p>No beacon from ${site.name} has arrived. Once the snippet is on your pages, each visit ${site.sample_rate < 1 ? html`(${String(Math.round(site.sample_rate * 10_000) / 100)}% of them, as sampled)` : ''} is counted here within a minute: Largest Contentful Paint, Interaction to Next Paint, Cumulative Layout Shift, First Contentful Paint and Time to First Byte, by page group, device and country.</p>
</section>`;
