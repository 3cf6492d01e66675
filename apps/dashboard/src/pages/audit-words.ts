import { html, type SafeHtml } from '@pageprobe/html';
import { monitorLabel } from '@pageprobe/test-kinds';
import type { PageContext } from '../http/page-context.ts';
import type { AuditRow, ResourceKind } from './audit-rows.ts';

// An audit entry in words (issue 60): who, did what, to what, where the log stores ids and codes.

/** The actions the team's log holds, as a sentence's verb and object; others are worded from their code. */
const ACTIONS: Record<string, string> = {
  sign_in: 'signed in',
  sign_in_failed: 'failed to sign in',
  sign_out: 'signed out',
  'sessions.ended': 'ended their other sessions',
  'password.changed': 'changed their password',
  'password.reset': 'reset their password',
  'email.verified': 'verified their address',
  'passkey.added': 'added a passkey',
  'passkey.renamed': 'renamed a passkey',
  'passkey.removed': 'removed a passkey',
  'sso.linked': 'linked single sign-on',
  'strong_enrolment.confirmed': 'set up a passkey or single sign-on',
  'team.created': 'created the team',
  'team.renamed': 'renamed the team',
  'team.deleted': 'deleted the team',
  'team.switched_to': 'switched to the team',
  'team.sign_in_required': 'changed how members must sign in',
  'team.default_location_changed': "changed the team's default location",
  'team.default_public_page_changed': "changed whether new monitors' pages are public",
  'member.invited': 'invited',
  'member.invitation_revoked': 'revoked the invitation of',
  'member.invitation_reissued': 'issued a new invitation link for',
  'member.joined': 'joined the team',
  'member.role_changed': 'changed the role of',
  'member.removed': 'removed',
  'key.created': 'made the API key',
  'key.revoked': 'revoked the API key',
  'webhook_secret.generated': 'made the webhook secret',
  'webhook_secret.rotated': 'rotated the webhook secret',
  'webhook_secret.removed': 'removed the webhook secret',
  'monitor.created': 'made the monitor',
  'monitor.updated': 'changed the monitor',
  'monitor.deleted': 'deleted the monitor',
  'monitor.token_rotated': 'rotated the token of the monitor',
  'alert_channel.created': 'made the alert channel',
  'alert_channel.updated': 'changed the alert channel',
  'alert_channel.deleted': 'deleted the alert channel',
  'maintenance_window.created': 'made the maintenance window',
  'maintenance_window.updated': 'changed the maintenance window',
  'maintenance_window.deleted': 'deleted the maintenance window',
  'rum_site.created': 'added the real-user monitoring site',
  'rum_site.updated': 'changed the real-user monitoring site',
  'rum_site.deleted': 'deleted the real-user monitoring site',
  'status_page.created': 'made the status page',
  'status_page.updated': 'changed the status page',
  'status_page.deleted': 'deleted the status page',
  'status_page.subscriber_removed': 'removed a subscriber of',
  'status_page.subscribers_exported': 'exported the subscribers of',
  'incident.created': 'posted the incident',
  'incident.updated': 'updated the incident',
  'incident.changed': 'edited the incident',
  'incident.deleted': 'deleted the incident',
  'variable.created': 'made the variable',
  'variable.replaced': 'replaced the variable',
  'variable.deleted': 'deleted the variable',
  'deploy.recorded': 'told of the deploy',
  'deploy_secret.rotated': 'made a new deploy webhook secret',
  'deploy_window.changed': 'set in how many minutes alerts name a deploy:',
  'config.applied': 'applied a configuration file',
  'config.exported': 'exported the configuration',
};

/** The action as words: "deleted the monitor"; an unknown one from its code ("monitor.paused" → "monitor paused"). */
export const actionWords = (action: string) => ACTIONS[action] ?? action.replaceAll(/[._]/g, ' ');

/** Who acted: the person (name and address), else the key (its name, its prefix), else how (`via`). */
export function actorWords(e: AuditRow): SafeHtml {
  const email = e.user_email ?? e.actor_email;
  if (email) return e.user_name ? html`${e.user_name} <span class="muted">${email}</span>` : html`${email}`;
  const { key_prefix, via } = e.details as { key_prefix?: string; via?: string };
  const prefix = e.key_prefix ?? key_prefix;
  if (prefix) return html`${e.key_name ? html`key ${e.key_name}` : 'key'} <code>${prefix}…</code>`;
  return html`<span class="muted">${via ?? 'unknown'}</span>`;
}

/** Each kind's page in the dashboard (variables, keys and members are listed on one page each). */
const PAGES: Record<ResourceKind, (id: string) => string> = {
  monitor: (id) => `/monitors/${id}`,
  alert_channel: (id) => `/alert-channels/${id}`,
  maintenance_window: (id) => `/maintenance/${id}`,
  status_page: (id) => `/status-pages/${id}`,
  rum_site: (id) => `/rum/${id}`,
  incident: (id) => `/incidents/${id}`,
  variable: () => '/variables',
  key: () => '/keys',
  member: () => '/members',
};

/** What an entry names a resource by once it is gone: the name, URL or title its details kept. */
const keptName = (details: Record<string, unknown>) => {
  const named = ['name', 'url', 'title', 'slug', 'prefix'].map((k) => details[k]).find((v) => typeof v === 'string');
  return typeof named === 'string' ? named : null;
};

/**
 * What it was done to: the resource by its name or URL, linked to its page while it is there; "deleted"
 * once it is not; else the target as stored (an address, a team's name).
 */
export function targetWords(ctx: PageContext, e: AuditRow): SafeHtml | string {
  if (e.resource_kind && e.resource_label !== null) {
    const label =
      e.resource_kind === 'monitor' && e.resource_url
        ? monitorLabel({
            url: e.resource_url,
            name: e.resource_label === e.resource_url ? null : e.resource_label,
            type: e.resource_type ?? '',
          })
        : e.resource_label;
    if (!e.resource_live)
      return html`${label} <span class="muted">(${e.resource_kind === 'key' ? 'revoked' : 'deleted'})</span>`;
    return html`<a href="${ctx.href(PAGES[e.resource_kind](e.target ?? ''))}">${label}</a>`;
  }
  // A deploy (issue 62) by its version, linked to its page (deploys are kept, never deleted).
  const { version } = e.details as { version?: unknown };
  if (e.action === 'deploy.recorded' && typeof version === 'string' && e.target)
    return html`<a href="${ctx.href(`/deploys/${e.target}`)}">${version}</a>`;
  const kind = e.action.split('.')[0] as ResourceKind;
  if (kind in PAGES && kind !== 'member' && e.target && /^[0-9a-f-]{36}$/i.test(e.target)) {
    const name = keptName(e.details);
    return html`${name ?? html`<code>${e.target.slice(0, 8)}</code>`} <span class="muted">(deleted)</span>`;
  }
  return e.target ?? '';
}
