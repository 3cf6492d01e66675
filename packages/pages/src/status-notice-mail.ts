import { html } from '@pageprobe/html';
import { markdownHtml, markdownText } from './markdown.ts';
import { IMPACT_WORDS, type ImpactName, type IncidentStatusName, STATUS_WORDS } from './public-words.ts';

/** A notice's payload as the outbox stores it (and a webhook subscriber receives it). */
export interface NoticePayload {
  type: string;
  status_page: { title: string; url: string; team: string };
  incident?: {
    title: string;
    status: IncidentStatusName;
    impact: ImpactName | null;
    components: string[];
    url: string;
    update: { status: IncidentStatusName; message: string; at: string } | null;
  };
  maintenance?: { name: string; starts_at: string; ends_at: string; components: string[] };
}

const MAINTENANCE_WORDS: Record<string, string> = {
  'maintenance.scheduled': 'Maintenance scheduled',
  'maintenance.started': 'Maintenance started',
  'maintenance.ended': 'Maintenance ended',
};

const utcText = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** A subscriber's own links: the page to manage what it gets, and the one-click unsubscribe (RFC 8058). */
export interface SubscriberLinks {
  manage: string;
  unsubscribe: string;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The mail of a notice (issue 58): the incident's move in the page's words, its update rendered from
 * Markdown as the page renders it, and in every mail the links to manage the subscription and to leave
 * it in one click (List-Unsubscribe with List-Unsubscribe-Post, which mail clients show as a button).
 */
export function statusNoticeMail(payload: NoticePayload, links: SubscriberLinks) {
  const page = clip(payload.status_page.title, 100);
  const incident = payload.incident;
  const status = incident?.update ? STATUS_WORDS[incident.update.status] : '';
  const maintenance = payload.maintenance;
  const happening = MAINTENANCE_WORDS[payload.type] ?? payload.type;
  const subject = incident
    ? `[${page}] ${status}: ${clip(incident.title, 150)}`
    : `[${page}] ${happening}: ${clip(maintenance?.name ?? '', 150)}`;
  const impact = incident?.impact && incident.status !== 'resolved' ? IMPACT_WORDS[incident.impact].text : null;
  const message = incident
    ? (incident.update?.message ?? '')
    : maintenance
      ? `${happening}: ${maintenance.name}, from ${utcText(maintenance.starts_at)} to ${utcText(maintenance.ends_at)}${
          maintenance.components.length ? `, for ${maintenance.components.join(', ')}` : ''
        }. Alerts are held meanwhile.`
      : '';
  const text = [
    incident ? `${incident.title}: ${status}${impact ? ` (${impact})` : ''}` : happening,
    incident?.components.length ? `Affects ${incident.components.join(', ')}` : '',
    '',
    markdownText(message),
    '',
    incident ? `More: ${incident.url}` : payload.status_page.url,
    '',
    `You get this because you subscribed to ${payload.status_page.title} (${payload.status_page.url}).`,
    `What you get: ${links.manage}`,
    `Unsubscribe: ${links.unsubscribe}`,
  ].join('\n');
  const body = html`<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b1b1b;max-width:40rem">
<p style="color:#4d4d4d">${payload.status_page.team} · ${payload.status_page.title}</p>
${incident ? html`<h1 style="font-size:1.25rem"><a href="${incident.url}">${incident.title}</a></h1><p><strong>${status}</strong>${impact ? ` · ${impact}` : ''}${incident.components.length ? ` · Affects ${incident.components.join(', ')}` : ''}</p>` : ''}
<div>${markdownHtml(message)}</div>
<p style="color:#4d4d4d;font-size:12px">You get this because you subscribed to <a href="${payload.status_page.url}">${payload.status_page.title}</a>. <a href="${links.manage}">Choose what you get</a> · <a href="${links.unsubscribe}">Unsubscribe</a></p>
</body></html>`;
  return {
    subject,
    text,
    html: body.value,
    headers: { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The one mail before a subscription is confirmed: nothing else comes unless the link is followed. */
export function subscriptionConfirmMail(input: { pageTitle: string; teamName: string; pageUrl: string; link: string }) {
  const page = clip(input.pageTitle, 100);
  const text = [
    `Someone asked that news of ${page} (${input.pageUrl}) be mailed to this address.`,
    '',
    'Nothing more will be sent unless you confirm, here:',
    input.link,
    '',
    'If you did not ask for it, ignore this mail: no other will come.',
  ].join('\n');
  const body = html`<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1b1b1b">
<p>Someone asked that news of <a href="${input.pageUrl}">${page}</a> (${clip(input.teamName, 100)}) be mailed to this address.</p>
<p>Nothing more will be sent unless you confirm: <a href="${input.link}">confirm your subscription</a>.</p>
<p style="color:#666;font-size:12px">If you did not ask for it, ignore this mail: no other will come.</p>
</body></html>`;
  return { subject: `Confirm your subscription to ${page}`, text, html: body.value };
}

/** A subscriber's links under its page's public address (the token is its own key). */
export const subscriberLinks = (pageUrl: string, token: string): SubscriberLinks & { confirm: string } => ({
  manage: `${pageUrl}/subscription/${token}`,
  confirm: `${pageUrl}/subscription/${token}`,
  unsubscribe: `${pageUrl}/subscription/${token}/unsubscribe`,
});
