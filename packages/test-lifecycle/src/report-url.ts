/** The shareable report address: the token is the only credential, so it is unguessable (256 bits). */
export const reportUrl = (publicBaseUrl: string, reportToken: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/reports/${reportToken}`;

/** Where an alert's links lead: the public pages' origin, and the dashboard's address with its path. */
export interface AlertLinkBases {
  publicBaseUrl: string;
  dashboardBaseUrl: string;
}

/** A monitor's page in the dashboard, for its team's members (its route there: `/monitors/{id}`). */
export const dashboardMonitorUrl = (dashboardBaseUrl: string, monitorId: string) =>
  `${dashboardBaseUrl.replace(/\/+$/, '')}/monitors/${monitorId}`;

/** A monitor's page (issue 30), behind a token of its own as unguessable as a report's. */
export const monitorPageUrl = (publicBaseUrl: string, reportToken: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/reports/monitors/${reportToken}`;

/** The side-by-side page of two tests: both report tokens, so it opens for whoever holds both reports. */
export const compareReportUrl = (publicBaseUrl: string, head: { reportToken: string }, base: { reportToken: string }) =>
  `${reportUrl(publicBaseUrl, head.reportToken)}/compare/${base.reportToken}`;

/** A deploy's page in the dashboard (issue 62): its checks and their verdicts. */
export const dashboardDeployUrl = (dashboardBaseUrl: string, deployId: string) =>
  `${dashboardBaseUrl.replace(/\/+$/, '')}/deploys/${deployId}`;
