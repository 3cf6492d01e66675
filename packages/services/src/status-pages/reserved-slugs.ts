import { ProblemError } from '../problem.ts';

/**
 * Slugs no team may take (issue 44): slugs are global and first come, and a page at `/status/admin` or
 * `/status/login` reads as the service's own to whoever is sent there. The names of the paths the service
 * serves, of the pages a service like it has (or will have), and of its own brand.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  // Paths served here: the API, its docs, the pages and their assets, the MCP server, probes, the
  // dashboard, heartbeat pings and email confirmations.
  'api',
  'v1',
  'admin',
  'app',
  'dashboard',
  'docs',
  'openapi',
  'assets',
  'static',
  'reports',
  'badges',
  'status',
  'status-pages',
  'monitors',
  'tests',
  'mcp',
  'ping',
  'confirm-email',
  'health',
  'healthz',
  'readyz',
  'livez',
  'metrics',
  // Sign-in and accounts.
  'auth',
  'oidc',
  'sso',
  'login',
  'logout',
  'signin',
  'signout',
  'signup',
  'register',
  'invite',
  'invitations',
  'account',
  'accounts',
  'settings',
  'billing',
  'team',
  'teams',
  'users',
  // What a visitor would take for the service speaking.
  'www',
  'mail',
  'email',
  'help',
  'support',
  'security',
  'abuse',
  'legal',
  'terms',
  'privacy',
  'about',
  'blog',
  'pricing',
  'system',
  'root',
  'official',
  'pageprobe',
]);

/** 409 `slug_reserved` naming the slug, when it is one of the service's own. */
export function checkSlugFree(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) {
    throw new ProblemError(
      409,
      'slug_reserved',
      `The slug "${slug}" is reserved for the service's own pages; choose another.`,
      { errors: [{ path: 'body.slug', message: `"${slug}" is reserved` }] },
    );
  }
}
