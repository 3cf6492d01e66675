import {
  type DeployInput,
  getDeploy,
  listDeploys,
  parseLimit,
  receiveGithubDeploy,
  recordDeploy,
  rotateDeploySecret,
} from '@pageprobe/services';
import express, { type RequestHandler, Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { ProblemError } from '../http/problem.ts';
import { PerAddressWindow } from '../limits/per-address.ts';

/**
 * /deploys (issue 62): a release told by a pipeline, its monitors run at once, its verdict read back. The
 * work is the deploy service's (@pageprobe/services), which the dashboard, the CLI and MCP reach too.
 */
export function deployRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;

  router.post('/deploys', requireScope('write'), async (req, res) => {
    const { deploy, created } = await recordDeploy(deps, callerOf(req), req.body as DeployInput, 'api');
    if (created) res.status(201).location(`${base}/api/v1/deploys/${deploy.id}`);
    res.json(deploy);
  });

  router.get('/deploys', requireScope('read'), async (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    res.json(
      await listDeploys(deps, callerOf(req), {
        limit: parseLimit(q.limit),
        cursor: q.cursor,
        environment: q.environment,
      }),
    );
  });

  router.post('/deploys/secret', requireScope('write'), async (req, res) => {
    res.json(await rotateDeploySecret(deps, callerOf(req)));
  });

  router.get('/deploys/:deploy_id', requireScope('read'), async (req, res) => {
    res.json(await getDeploy(deps, callerOf(req), req.params.deploy_id as string));
  });

  return router;
}

/**
 * GitHub's deployment_status webhook: no key (GitHub signs the body with the team's deploy secret), so it
 * is served before the API's key check and reads the body raw, as signed.
 */
export function githubDeployRoutes(deps: ApiDeps): Router {
  const router = Router();
  // Bodies refused for their signature, per address (as wrong keys are): past the limit, 429 before the
  // body is read or a team looked up, so guessing a secret costs the same whether a guess is right.
  const failures = new PerAddressWindow(deps.config.AUTH_FAILURES_PER_MIN);
  const limited: RequestHandler = (req, _res, next) => {
    const wait = failures.blockedFor(req.ip ?? 'unknown');
    if (wait > 0) {
      throw new ProblemError(429, 'rate_limited', 'Too many unsigned deploy webhooks from this address.', {
        headers: { 'Retry-After': String(wait) },
      });
    }
    next();
  };
  router.post(
    '/deploys/github/:team_id',
    limited,
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res) => {
      const q = req.query as Record<string, unknown>;
      const { status, body } = await receiveGithubDeploy(deps, req.params.team_id as string, {
        body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        signature: req.get('x-hub-signature-256'),
        event: req.get('x-github-event'),
        query: {
          tags: typeof q.tags === 'string' ? q.tags : undefined,
          monitors: typeof q.monitors === 'string' ? q.monitors : undefined,
        },
      }).catch((error: unknown) => {
        if (error instanceof ProblemError && error.status === 401) failures.add(req.ip ?? 'unknown');
        throw error;
      });
      res.status(status).json(body);
    },
  );
  return router;
}
