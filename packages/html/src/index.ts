// The `html` template tag every page and report is built with: it escapes what it interpolates.
export { escapeHtml, html, SafeHtml } from './html.ts';
