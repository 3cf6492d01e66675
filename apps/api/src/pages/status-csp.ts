import { createHash } from 'node:crypto';
import { accentCss, type StatusPageLook } from '@pageprobe/pages';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * A status page's policy: as every page's, but for its accent color's one style element (by its hash),
 * its logo's origin (an https address the team gave), and its forms, which post to this origin
 * (subscribe, a subscriber's choices; issue 58).
 */
export function statusCsp(d: StatusPageLook): string {
  const style = d.accentColor ? ` 'sha256-${sha256(accentCss(d.accentColor))}'` : '';
  const logo = d.logoUrl ? ` ${new URL(d.logoUrl).origin}` : '';
  return `default-src 'none'; style-src 'self'${style}; img-src 'self' data:${logo}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
}
