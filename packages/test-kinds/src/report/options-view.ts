import { html, type SafeHtml } from '@pageprobe/html';
import { arr, type Json, num, obj, str } from './read-json.ts';

const THROTTLING: Record<string, string> = {
  mobile_slow_4g: 'slow 4G, mid-range phone (simulated)',
  desktop: 'desktop broadband (simulated)',
  none: 'none: the page as the test machine loads it',
};

/**
 * What the test was asked beyond its URL (issue 18): credentials by name only (their values were never
 * stored in the clear), Lighthouse's settings, and what `block_urls` kept out. Nothing without options.
 */
export function optionsView(options: unknown, result: Json): SafeHtml {
  const o = obj(options);
  const rows: Array<[string, string]> = [];
  const headers = Object.keys(obj(o.headers));
  if (headers.length) rows.push(['Headers', headers.join(', ')]);
  const cookies = arr(o.cookies).map((c) => str(obj(c).name) ?? '');
  if (cookies.length) rows.push(['Cookies', cookies.join(', ')]);
  if (o.basic_auth) rows.push(['Basic auth', `as ${str(obj(o.basic_auth).username) ?? ''}`]);
  const t = o.throttling;
  if (typeof t === 'string') rows.push(['Throttling', THROTTLING[t] ?? t]);
  else if (t) {
    const c = obj(t);
    rows.push([
      'Throttling',
      `${num(c.rtt_ms)} ms RTT, ${num(c.throughput_kbps)} kbps, CPU ÷${num(c.cpu_slowdown)} (simulated)`,
    ]);
  }
  if (o.viewport) {
    const v = obj(o.viewport);
    rows.push(['Viewport', `${num(v.width)} × ${num(v.height)} at ${num(v.device_scale_factor)}×`]);
  }
  if (str(o.user_agent)) rows.push(['User agent', str(o.user_agent)!]);
  if (str(o.locale)) rows.push(['Locale', str(o.locale)!]);
  const blocked = arr(result.blocked_urls).map(obj);
  for (const b of blocked)
    rows.push(['Blocked', `${str(b.pattern)}: ${num(b.requests) ?? 0} requests never left the browser`]);
  if (rows.length === 0) return html``;
  return html`<section class="card" aria-labelledby="asked"><h2 id="asked">How it was tested</h2><dl class="asked">${rows.map(
    ([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`,
  )}</dl><p class="meta">Header, cookie and password values are kept sealed for the run and never shown.</p></section>`;
}
