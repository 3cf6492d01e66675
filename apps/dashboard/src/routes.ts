import type { PageRoute } from './http/page-context.ts';
import { alertChannelRoutes } from './pages/alert-channels/routes.ts';
import { auditLogRoutes } from './pages/audit-log.ts';
import { deployRoutes } from './pages/deploys/routes.ts';
import { rumFiguresRoutes } from './pages/rum/figures/routes.ts';
import { rumRoutes } from './pages/rum/routes.ts';
import { homeRoutes } from './pages/home.ts';
import { incidentRoutes } from './pages/incidents/routes.ts';
import { inviteRoutes } from './pages/invite.ts';
import { keyRoutes } from './pages/keys.ts';
import { maintenanceRoutes } from './pages/maintenance/routes.ts';
import { memberRoutes } from './pages/members.ts';
import { monitorRoutes } from './pages/monitors/routes.ts';
import { passwordResetRoutes } from './pages/password-reset.ts';
import { passkeySignInRoutes } from './pages/passkey-sign-in.ts';
import { passkeyRoutes } from './pages/passkeys.ts';
import { securityRoutes } from './pages/security.ts';
import { setupRoutes } from './pages/setup.ts';
import { signInRoutes } from './pages/sign-in.ts';
import { signUpRoutes } from './pages/sign-up.ts';
import { ssoRoutes } from './pages/sso.ts';
import { statusPageRoutes } from './pages/status-pages/routes.ts';
import { teamHubRoutes } from './pages/team.ts';
import { teamSettingsRoutes } from './pages/team-settings.ts';
import { teamRoutes } from './pages/teams.ts';
import { testRoutes } from './pages/test-pages/index.ts';
import { verifyEmailRoutes } from './pages/verify-email.ts';
import { webhookSecretRoutes } from './pages/webhook-secret.ts';
import { variableRoutes } from './pages/variables.ts';

/**
 * Every page and form action of the dashboard, each naming who may reach it (a permission of the policy
 * table in @pageprobe/accounts, or public, or signed-in): the app mounts only these, and the role matrix
 * test is generated from them (STYLE 27).
 */
export const ROUTES: PageRoute[] = [
  ...signInRoutes,
  ...signUpRoutes,
  ...ssoRoutes,
  ...passwordResetRoutes,
  ...verifyEmailRoutes,
  ...setupRoutes,
  ...inviteRoutes,
  ...homeRoutes,
  ...monitorRoutes,
  ...rumRoutes,
  ...alertChannelRoutes,
  ...maintenanceRoutes,
  ...statusPageRoutes,
  ...incidentRoutes,
  ...deployRoutes,
  ...rumFiguresRoutes,
  ...teamRoutes,
  ...keyRoutes,
  ...webhookSecretRoutes,
  ...variableRoutes,
  ...memberRoutes,
  ...teamSettingsRoutes,
  ...teamHubRoutes,
  ...auditLogRoutes,
  ...securityRoutes,
  ...passkeyRoutes,
  ...passkeySignInRoutes,
  ...testRoutes,
];
