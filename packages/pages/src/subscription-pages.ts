import { html, type SafeHtml } from '@pageprobe/html';
import { type StatusPageData, statusFooter, statusHeader, statusShell } from './status-page.ts';

// A status page's subscription (issue 58): the form on the page, a subscriber's own page (confirm, choose
// components, leave), and the pages those forms answer with. No script: plain forms and buttons.

/** The page's "Get updates" card: a mail address, or the feeds, which need nothing. */
export const subscribeView = (d: StatusPageData): SafeHtml =>
  html`<section class="card subscribe" aria-labelledby="subscribe-h"><h2 id="subscribe-h">Get updates</h2>
<form method="post" action="${d.links.home}/subscribe">
<label for="subscribe-email">Mail me when an incident opens, changes or ends, or maintenance is planned</label>
<div class="row"><input id="subscribe-email" name="email" type="email" autocomplete="email" required maxlength="254"><button type="submit">Subscribe</button></div>
</form>
<p class="meta">Or follow the <a href="${d.links.atom}">Atom</a> or <a href="${d.links.rss}">RSS</a> feed. A webhook subscribes with a POST of <code>{"webhook_url": "…"}</code> to this form's address.</p>
</section>`;

/** A short page in the status page's look: what happened, and the way back. */
export function statusMessagePage(
  d: StatusPageData,
  title: string,
  text: string,
  status = 200,
): { status: number; body: SafeHtml } {
  return {
    status,
    body: statusShell(
      d,
      `${title} · ${d.title}`,
      html`<main class="status">
${statusHeader(d, d.links.home)}
<h1>${title}</h1>
<p>${text}</p>
<p><a href="${d.links.home}">Current status</a></p>
</main>
${statusFooter(d)}`,
    ),
  };
}

export interface SubscriberView {
  address: string;
  confirmed: boolean;
  /** The page's components, and whether the subscriber gets notices of each (all when it chose none). */
  components: Array<{ id: string; label: string; chosen: boolean }>;
  /** The address its forms post to. */
  action: string;
}

/** A subscriber's own page, opened by its mailed link: confirm, choose components, or leave. */
export function subscriptionPage(d: StatusPageData, s: SubscriberView): SafeHtml {
  return statusShell(
    d,
    `Your subscription · ${d.title}`,
    html`<main class="status">
${statusHeader(d, d.links.home)}
<h1>Your subscription</h1>
<p>News of ${d.title} goes to <strong>${s.address}</strong>${s.confirmed ? '.' : html` once you confirm.`}</p>
${
  s.confirmed
    ? ''
    : html`<form method="post" action="${s.action}"><input type="hidden" name="action" value="confirm"><button type="submit">Confirm my subscription</button></form>`
}
<form method="post" action="${s.action}" class="card">
<input type="hidden" name="action" value="choose">
<fieldset><legend>What you are told of (none ticked: all of it)</legend>
${s.components.map(
  (c, i) =>
    html`<p><input type="checkbox" id="c${i}" name="monitor_ids" value="${c.id}"${c.chosen ? html` checked` : ''}> <label for="c${i}">${c.label}</label></p>`,
)}
</fieldset>
<button type="submit">Save</button>
</form>
<form method="post" action="${s.action}/unsubscribe"><button type="submit">Unsubscribe</button></form>
</main>
${statusFooter(d)}`,
  );
}

/** What a one-click unsubscribe link shows when opened (GET): a button; only its POST unsubscribes. */
export function unsubscribePage(d: StatusPageData, action: string): SafeHtml {
  return statusShell(
    d,
    `Unsubscribe · ${d.title}`,
    html`<main class="status">
${statusHeader(d, d.links.home)}
<h1>Unsubscribe</h1>
<p>Stop all mail about ${d.title}?</p>
<form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>
</main>
${statusFooter(d)}`,
  );
}
