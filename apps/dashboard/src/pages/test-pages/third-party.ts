// No public-suffix list in the workspace: a site is a host's last two labels (example.co.uk reads as
// co.uk, so a request there counts as first party: the safe side), an IP address or a one-label host whole.
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The site a URL belongs to, roughly its registrable domain; null for what is not a URL. */
export function siteOf(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const host = new URL(url).hostname.toLowerCase();
  if (IPV4.test(host) || host.startsWith('[')) return host;
  return host.split('.').slice(-2).join('.');
}

/** Whether a request went to another site than the tested page's. */
export const isThirdParty = (requestUrl: string, pageSite: string | null): boolean => {
  const site = siteOf(requestUrl);
  return site !== null && pageSite !== null && site !== pageSite;
};
