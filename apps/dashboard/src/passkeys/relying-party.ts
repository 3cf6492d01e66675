import type { DashboardConfig } from '../config.ts';

/**
 * Who the passkeys belong to: the dashboard's own origin (from DASHBOARD_BASE_URL) and its host name as
 * the relying party's id. A response signed for any other origin or id is refused, so a passkey made
 * here works nowhere else and a phishing page's ceremony is worthless here.
 */
export function relyingParty(config: Pick<DashboardConfig, 'DASHBOARD_BASE_URL'>) {
  const url = new URL(config.DASHBOARD_BASE_URL);
  return { id: url.hostname, origin: url.origin, name: 'Pageprobe' };
}
