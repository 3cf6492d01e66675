import type { AlertMessage } from '../alert-message.ts';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
  /** Headers of its own: a status notice's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

const COLOUR = { critical: '#d93025', warning: '#b06d00', info: '#3b6fd8', resolved: '#1e8e3e' };

/** An alert as an email: a plain-text part and an HTML part that say the same. */
export function emailContent(message: AlertMessage): EmailContent {
  const text = [
    message.summary,
    '',
    ...message.facts.map((f) => `${f.label}: ${f.value}`),
    '',
    ...message.links.map((l) => `${l.text}: ${l.url}`),
    '',
    `Pageprobe · ${message.event} · ${message.at}`,
  ].join('\n');
  const rows = message.facts
    .map(
      (f) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(f.label)}</th><td>${escapeHtml(f.value)}</td></tr>`,
    )
    .join('');
  const links = message.links.map((l) => `<a href="${escapeHtml(l.url)}">${escapeHtml(l.text)}</a>`).join(' · ');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b1b1b">
<h1 style="font-size:20px;color:${COLOUR[message.severity]}">${escapeHtml(message.title)}</h1>
<p>${escapeHtml(message.summary)}</p>
<table>${rows}</table>
<p>${links}</p>
<p style="color:#666;font-size:12px">Pageprobe · ${escapeHtml(message.event)} · ${escapeHtml(message.at)}</p>
</body></html>`;
  return { subject: message.title, text, html };
}
