import { type Actor, audit, createApiKey, KeyExpiryInPast, revokeApiKey } from '@pageprobe/accounts';
import {
  CHECK_VIOLATION,
  type Db,
  type KeyScope,
  type Plan,
  sqlState,
  type Team,
  UNIQUE_VIOLATION,
} from '@pageprobe/db';
import {
  DEFAULT_OVERLAP_SECONDS,
  generateWebhookSecret,
  removeWebhookSecret,
  rotateWebhookSecret,
  WebhookSecretError,
} from '@pageprobe/webhook-secrets';
import { ProblemError } from '../problem.ts';
import { type TeamPeopleOptions, teamPeople } from './team-people.ts';

// What the dashboard backend (over /admin/v1) and operators (over `pnpm admin`) can do. Both go
// through these functions, so they keep the same rules.

export interface TeamView {
  id: string;
  name: string;
  plan: Plan;
  credits_balance: number;
  /** Where its tests without `locations` run (issue 32); null: `default`. */
  default_location: string | null;
  /** Whether its new monitors' pages are public when they do not say (`public_page`). */
  default_public_page: boolean;
}

export interface ApiKeyView {
  id: string;
  key: string;
  prefix: string;
  scope: KeyScope;
  name: string | null;
  expires_at: string | null;
}

const teamView = (team: Team): TeamView => ({
  id: team.id,
  name: team.name,
  plan: team.plan,
  credits_balance: team.creditsBalance,
  default_location: team.defaultLocation,
  default_public_page: team.defaultPublicPage,
});

const teamNotFound = (teamId: string) => new ProblemError(404, 'not_found', `No team with id ${teamId}.`);

/** The webhook secret's domain errors as problems: an unknown team 404, nothing to rotate 409. */
async function webhookSecretCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof WebhookSecretError)) throw error;
    if (error.code === 'team_not_found') throw new ProblemError(404, 'not_found', error.message);
    if (error.code === 'no_webhook_secret') throw new ProblemError(409, 'no_webhook_secret', error.message);
    throw new ProblemError(400, 'validation_failed', error.message, {
      errors: [{ path: 'body.overlap_seconds', message: error.message }],
    });
  }
}

/**
 * What may change of a team's row: its plan (operators), its default location and whether its new
 * monitors' pages are public (operators, admins).
 */
export interface TeamChange {
  plan?: Plan;
  default_location?: string | null;
  default_public_page?: boolean;
}

/**
 * Changes a team's plan or default location: PATCH /admin/v1/teams/{id}, `pnpm admin` and the dashboard's
 * team settings (issue 46) alike. Its API keys see the change within their cache's few seconds.
 */
export async function updateTeam(db: Db, teamId: string, input: TeamChange): Promise<TeamView> {
  const [team] = await db.team.updateManyAndReturn({
    where: { id: teamId },
    data: { plan: input.plan, defaultLocation: input.default_location, defaultPublicPage: input.default_public_page },
  });
  if (!team) throw teamNotFound(teamId);
  return teamView(team);
}

export interface AdminServiceOptions extends TeamPeopleOptions {
  /** Lets the API replica that revoked a key forget it at once (others within their cache TTL). */
  onKeyRevoked?: (keyId: string) => void;
  /** How the audit log names this door: `admin API` (the default) or `pnpm admin`. */
  via?: string;
  /** The API's public origin: the links of the alerts a revoked key's paused monitors raise. */
  publicBaseUrl?: string;
}

export function createAdminService(db: Db, options: AdminServiceOptions = {}) {
  const { onKeyRevoked, via = 'admin API' } = options;
  const alertLinks = {
    publicBaseUrl: options.publicBaseUrl ?? '',
    dashboardBaseUrl: options.dashboardBaseUrl ?? '',
  };
  // An operator has no person behind the token: the entry says which door, and from where when a request.
  const auditSecret = (teamId: string, action: string, actor: Actor, details: Record<string, string | number> = {}) =>
    audit(db, { ...actor, id: null, email: null }, { teamId, action, details: { via, ...details } });

  async function requireTeam(teamId: string): Promise<Team> {
    const team = await db.team.findUnique({ where: { id: teamId } });
    if (!team) throw teamNotFound(teamId);
    return team;
  }

  return {
    ...teamPeople(db, requireTeam, options),

    async createTeam(input: { name: string; plan: Plan }): Promise<TeamView> {
      return teamView(await db.team.create({ data: { name: input.name, plan: input.plan } }));
    },

    async getTeam(teamId: string): Promise<TeamView> {
      return teamView(await requireTeam(teamId));
    },

    updateTeam: (teamId: string, input: TeamChange): Promise<TeamView> => updateTeam(db, teamId, input),

    async createApiKey(
      teamId: string,
      input: { scope: KeyScope; name?: string | null; expires_at?: string | null },
    ): Promise<ApiKeyView> {
      await requireTeam(teamId);
      try {
        const { row, key } = await createApiKey(db, {
          teamId,
          scope: input.scope,
          name: input.name,
          expiresAt: input.expires_at ? new Date(input.expires_at) : null,
        });
        return {
          id: row.id,
          key,
          prefix: row.prefix,
          scope: row.scope,
          name: row.name,
          expires_at: row.expiresAt?.toISOString() ?? null,
        };
      } catch (error) {
        if (!(error instanceof KeyExpiryInPast)) throw error;
        throw new ProblemError(400, 'validation_failed', 'expires_at must be in the future.', {
          errors: [{ path: 'body.expires_at', message: 'must be in the future' }],
        });
      }
    },

    /** Stops the key, and pauses the monitors it made (revokeApiKey says how); the replicas forget it at once. */
    async revokeApiKey(keyId: string): Promise<{ pausedMonitors: string[] }> {
      const revoked = await revokeApiKey(db, keyId, alertLinks);
      if (!revoked) throw new ProblemError(404, 'not_found', `No API key with id ${keyId}.`);
      onKeyRevoked?.(keyId);
      return revoked;
    },

    /** A new secret that replaces any other at once (no overlap): the first one, or after a leak. */
    async setWebhookSecret(teamId: string, actor: Actor = {}): Promise<{ secret: string }> {
      const generated = await webhookSecretCall(() => generateWebhookSecret(db, teamId));
      await auditSecret(teamId, 'webhook_secret.generated', actor);
      return generated;
    },

    /** A new secret; the old one keeps signing beside it (a second `v1=`) until previous_expires_at. */
    async rotateWebhookSecret(
      teamId: string,
      input: { overlap_seconds?: number } = {},
      actor: Actor = {},
    ): Promise<{ secret: string; previous_expires_at: string }> {
      const { secret, previousExpiresAt } = await webhookSecretCall(() =>
        rotateWebhookSecret(db, teamId, { overlapSeconds: input.overlap_seconds }),
      );
      await auditSecret(teamId, 'webhook_secret.rotated', actor, {
        overlap_seconds: input.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS,
        previous_expires_at: previousExpiresAt.toISOString(),
      });
      return { secret, previous_expires_at: previousExpiresAt.toISOString() };
    },

    async deleteWebhookSecret(teamId: string, actor: Actor = {}): Promise<void> {
      await webhookSecretCall(() => removeWebhookSecret(db, teamId));
      await auditSecret(teamId, 'webhook_secret.removed', actor);
    },

    /**
     * A positive amount grants credits, a negative one takes them back; the balance never goes below zero.
     * With `requestKey` (the request's Idempotency-Key) the adjustment is made once: a retry, after an
     * answer lost or a commit cut off by a failover, gets the first one's answer instead of moving the
     * credits again (the ledger's unique (team_id, request_key)).
     */
    async adjustCredits(
      teamId: string,
      input: { amount: number; reason: string },
      requestKey?: string,
    ): Promise<{ credits_balance: number }> {
      await requireTeam(teamId);
      const reason = `admin: ${input.reason}`;
      const replay = async () => {
        if (requestKey === undefined) return undefined;
        const done = await db.creditLedgerEntry.findUnique({ where: { teamId_requestKey: { teamId, requestKey } } });
        if (!done) return undefined;
        if (done.delta !== input.amount || done.reason !== reason) {
          throw new ProblemError(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was used with a different request body.',
          );
        }
        return { credits_balance: done.balanceAfter };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      try {
        const entry = await db.creditLedgerEntry.create({
          data: { teamId, delta: input.amount, reason, requestKey: requestKey ?? null },
        });
        return { credits_balance: entry.balanceAfter };
      } catch (error) {
        if (sqlState(error) === CHECK_VIOLATION) {
          throw new ProblemError(409, 'insufficient_credits', 'The team does not have that many credits to take back.');
        }
        // The same key at the same moment: the other request made the entry.
        if (sqlState(error) === UNIQUE_VIOLATION) {
          const other = await replay();
          if (other) return other;
        }
        throw error;
      }
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
