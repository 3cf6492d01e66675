/** The shareable report address: the token is the only credential, so it is unguessable (256 bits). */
export const reportUrl = (publicBaseUrl: string, reportToken: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/reports/${reportToken}`;

/** A monitor's page (issue 30), behind a token of its own as unguessable as a report's. */
export const monitorPageUrl = (publicBaseUrl: string, reportToken: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/reports/monitors/${reportToken}`;
