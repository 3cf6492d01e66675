import { type Request, Router } from 'express';
import type { AdminService } from '@pageprobe/services';

/** /admin/v1: thin HTTP over the admin service; bodies are already checked against admin.yaml. */
export function adminRoutes(service: AdminService): Router {
  const router = Router();
  const teamId = (params: Record<string, unknown>) => params.team_id as string;
  /** Where an operator's request came from, for the audit log. */
  const from = (req: Request) => ({ ip: req.ip, userAgent: req.get('user-agent') });

  router.post('/teams', async (req, res) => {
    res.status(201).json(await service.createTeam(req.body));
  });
  router.get('/teams/:team_id', async (req, res) => {
    res.json(await service.getTeam(teamId(req.params)));
  });
  router.patch('/teams/:team_id', async (req, res) => {
    res.json(await service.updateTeam(teamId(req.params), req.body));
  });
  router.post('/teams/:team_id/api-keys', async (req, res) => {
    res.status(201).json(await service.createApiKey(teamId(req.params), req.body));
  });
  router.delete('/api-keys/:key_id', async (req, res) => {
    await service.revokeApiKey(req.params.key_id as string);
    res.status(204).end();
  });
  router.post('/teams/:team_id/webhook-secret', async (req, res) => {
    res.status(201).json(await service.setWebhookSecret(teamId(req.params), from(req)));
  });
  router.post('/teams/:team_id/webhook-secret/rotate', async (req, res) => {
    res.json(await service.rotateWebhookSecret(teamId(req.params), req.body ?? {}, from(req)));
  });
  router.delete('/teams/:team_id/webhook-secret', async (req, res) => {
    await service.deleteWebhookSecret(teamId(req.params), from(req));
    res.status(204).end();
  });
  router.post('/teams/:team_id/credits', async (req, res) => {
    res.status(201).json(await service.adjustCredits(teamId(req.params), req.body, req.get('idempotency-key')));
  });
  router.post('/teams/:team_id/invitations', async (req, res) => {
    const actor = { ip: req.ip, userAgent: req.get('user-agent') };
    const { mailed: _, ...invitation } = await service.inviteMember(teamId(req.params), req.body, actor);
    res.status(201).json(invitation);
  });
  router.get('/teams/:team_id/audit-log', async (req, res) => {
    const { limit, cursor } = req.query as { limit?: unknown; cursor?: string };
    res.json(await service.auditLog(teamId(req.params), { limit, cursor }));
  });
  return router;
}
