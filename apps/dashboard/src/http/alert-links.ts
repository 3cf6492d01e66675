import type { DashboardConfig } from '../config.ts';

/**
 * The bases of an alert's links (the monitor's public page, its page here), for the alerts a page's
 * action raises: a revoked key's monitors pause with monitor.paused.
 */
export const alertLinks = (config: Pick<DashboardConfig, 'PUBLIC_BASE_URL' | 'DASHBOARD_BASE_URL'>) => ({
  publicBaseUrl: config.PUBLIC_BASE_URL,
  dashboardBaseUrl: config.DASHBOARD_BASE_URL,
});
