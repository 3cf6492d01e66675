import { Router } from 'express';
import { requireScope } from '../auth/api-key-auth.ts';
import type { ApiDeps } from '../deps.ts';
import { callerOf } from '../http/caller.ts';
import { deleteVariable, getVariable, listVariables, putVariable, type VariableInput } from '@pageprobe/services';

/**
 * /variables (issue 59 item 5): the team's named values and secrets that checks use as {{vars.NAME}} and
 * {{secrets.NAME}}. The work is the variable service's (variable-service.ts), which the dashboard calls too.
 */
export function variableRoutes(deps: ApiDeps): Router {
  const router = Router();
  const base = deps.config.PUBLIC_BASE_URL;
  const name = (req: { params: Record<string, unknown> }) => req.params.name as string;

  async function put(
    res: import('express').Response,
    caller: ReturnType<typeof callerOf>,
    n: string,
    body: VariableInput,
  ) {
    const { variable, created } = await putVariable(deps, caller, n, { value: body.value, secret: body.secret });
    if (created) res.status(201).location(`${base}/api/v1/variables/${encodeURIComponent(variable.name)}`);
    res.json(variable);
  }

  router.get('/variables', requireScope('read'), async (req, res) => {
    res.json(await listVariables(deps, callerOf(req)));
  });

  router.post('/variables', requireScope('write'), async (req, res) => {
    const body = req.body as VariableInput & { name: string };
    await put(res, callerOf(req), body.name, body);
  });

  router.get('/variables/:name', requireScope('read'), async (req, res) => {
    res.json(await getVariable(deps, callerOf(req), name(req)));
  });

  router.put('/variables/:name', requireScope('write'), async (req, res) => {
    await put(res, callerOf(req), name(req), req.body as VariableInput);
  });

  router.delete('/variables/:name', requireScope('write'), async (req, res) => {
    await deleteVariable(deps, callerOf(req), name(req));
    res.status(204).end();
  });

  return router;
}
