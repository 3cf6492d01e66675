import type { Request } from 'express';

/**
 * Whether a state-changing request comes from the dashboard's own pages: the browser's Sec-Fetch-Site
 * says so (same-origin, or none for one the person typed), or, from a browser that sends no such header,
 * its Origin is the dashboard's. A cross-site form post fails here before its CSRF token is looked at.
 */
export function fromOwnPages(req: Request, origin: string): boolean {
  const site = req.get('sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const from = req.get('origin');
  return from === undefined || from === origin;
}
