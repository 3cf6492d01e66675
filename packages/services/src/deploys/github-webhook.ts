import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ServiceDeps } from '../deps.ts';
import { ProblemError } from '../problem.ts';
import { type DeployInput, type PresentedDeploy, recordDeploy } from './deploy-service.ts';

// GitHub's deployment_status webhook (issue 62): a repository's "Webhooks" setting points at
// /api/v1/deploys/github/{team_id}?tags=…&monitors=… with the team's deploy secret as its "Secret", and
// the event "Deployment statuses". A status `success` is a deploy; any other state is acknowledged and
// ignored. GitHub signs the raw body: X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body, hex>.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `signature` (the header's value) is the body's HMAC under `secret`, compared in constant time. */
export function githubSignatureValid(secret: string, body: Buffer, signature: string | undefined): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const given = Buffer.from(signature.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', secret).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

interface GithubDeploymentStatus {
  deployment_status?: {
    state?: string;
    environment?: string;
    environment_url?: string;
    target_url?: string;
    description?: string;
  };
  deployment?: {
    sha?: string;
    ref?: string;
    environment?: string;
    description?: string | null;
    payload?: unknown;
  };
}

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined);

/**
 * The deploy a deployment_status body tells of: its environment, the version (the deployment payload's
 * `version` when the workflow sets one, else its ref: a tag or a branch), the commit, the environment's URL.
 */
export function deployFromGithub(body: GithubDeploymentStatus): DeployInput | null {
  const status = body.deployment_status;
  const deployment = body.deployment;
  if (!status || !deployment || status.state !== 'success') return null;
  const payload = (deployment.payload && typeof deployment.payload === 'object' ? deployment.payload : {}) as Record<
    string,
    unknown
  >;
  const sha = text(deployment.sha, 64);
  const version = text(payload.version, 128) ?? text(deployment.ref, 128) ?? sha?.slice(0, 12);
  if (!version) return null;
  const url = text(status.environment_url, 2048) ?? text(status.target_url, 2048);
  return {
    environment: text(status.environment ?? deployment.environment, 64),
    version,
    ...(sha && /^[0-9a-f]{7,64}$/i.test(sha) ? { commit: sha.toLowerCase() } : {}),
    ...(url && /^https?:\/\//.test(url) ? { url } : {}),
    description: text(deployment.description ?? status.description, 1000),
  };
}

/**
 * One delivery of the webhook: 401 for a team without a deploy secret or a body it did not sign, 202 with
 * `ignored` for another event or state, else the deploy (201 new, 200 told before).
 */
export async function receiveGithubDeploy(
  deps: ServiceDeps,
  teamId: string,
  request: { body: Buffer; signature?: string; event?: string; query: { tags?: string; monitors?: string } },
): Promise<{ status: 200 | 201 | 202; body: PresentedDeploy | { ignored: string } }> {
  const team = UUID.test(teamId)
    ? await deps.db.team.findFirst({ where: { id: teamId, deletedAt: null }, select: { deploySecret: true } })
    : null;
  // The same answer for an unknown team, a team without a secret and a bad signature: nothing to probe.
  if (!team?.deploySecret || !githubSignatureValid(team.deploySecret, request.body, request.signature)) {
    throw new ProblemError(
      401,
      'invalid_signature',
      'X-Hub-Signature-256 is not this body signed with the team’s deploy secret.',
    );
  }
  if (request.event === 'ping') return { status: 202, body: { ignored: 'ping' } };
  if (request.event !== 'deployment_status')
    return { status: 202, body: { ignored: `event ${request.event ?? 'none'}` } };
  let parsed: GithubDeploymentStatus;
  try {
    parsed = JSON.parse(request.body.toString('utf8')) as GithubDeploymentStatus;
  } catch {
    throw new ProblemError(400, 'validation_failed', 'The body is not JSON.');
  }
  const input = deployFromGithub(parsed);
  if (!input) return { status: 202, body: { ignored: `state ${parsed.deployment_status?.state ?? 'none'}` } };
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 100);
  const monitors = list(request.query.monitors).filter((id) => UUID.test(id));
  const { deploy, created } = await recordDeploy(
    deps,
    { teamId },
    { ...input, run: { monitors, tags: list(request.query.tags) } },
    'github',
  );
  return { status: created ? 201 : 200, body: deploy };
}
