/** The shareable report address: the token is the only credential, so it is unguessable (256 bits). */
export const reportUrl = (publicBaseUrl: string, reportToken: string) =>
  `${publicBaseUrl.replace(/\/+$/, '')}/reports/${reportToken}`;
