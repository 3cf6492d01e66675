import type { TeamRole } from '@pageprobe/db';

// Who may do what (issue 45): roles in order, each holding the rights of those below it, and one table of
// permissions, each the least role that has it. Every dashboard route names a permission from here; a
// test generated from the route table tries each as every role (STYLE 27).

export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const satisfies readonly TeamRole[];

export const POLICY = {
  /** See the team's tests, monitors, channels, windows, pages, usage (secrets redacted). */
  'team.read': 'viewer',
  /** Start tests; make and change monitors, alert channels, maintenance windows, status pages. */
  'team.write': 'editor',
  /** API keys: make, list, revoke. */
  'keys.manage': 'admin',
  /** The webhook secret: generate, rotate, remove. */
  'webhook-secret.manage': 'admin',
  /** Members below owner: invite, change role, remove; team settings. */
  'members.manage': 'admin',
  /** The audit log. */
  'audit.read': 'admin',
  /** Owners, requiring passkeys or SSO, deleting the team. */
  'team.own': 'owner',
} as const satisfies Record<string, TeamRole>;

export type Permission = keyof typeof POLICY;

export const rank = (role: TeamRole) => ROLES.indexOf(role);

/** Whether a member with `role` has `permission`. */
export const allows = (role: TeamRole, permission: Permission) => rank(role) >= rank(POLICY[permission]);

/** Whether `actor` may give or take `role` (admins manage roles below owner; owners manage all). */
export const mayAssign = (actor: TeamRole, role: TeamRole) =>
  allows(actor, role === 'owner' ? 'team.own' : 'members.manage') && rank(actor) >= rank(role);

export const isRole = (value: unknown): value is TeamRole => ROLES.includes(value as TeamRole);
