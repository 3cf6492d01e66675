// `pnpm admin <command>`: the admin API's operations for operators, through the same service code.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createMail, ROLES } from '@pageprobe/accounts';
import {
  alertEnv,
  commonEnv,
  dashboardLinkEnv,
  databaseEnv,
  loadConfigOrExit,
  publicUrlEnv,
  secretsEnv,
} from '@pageprobe/config';
import { createDb } from '@pageprobe/db';
import { z } from 'zod';
import { keyringOf } from '@pageprobe/secrets';
import { createAdminService } from '@pageprobe/services';
import { resealSecrets } from '../admin/reseal-secrets.ts';
import { ProblemError } from '../http/problem.ts';

const USAGE = `Usage: pnpm admin <command>

  team create --name <name> --plan free|pro
  team get <team_id>
  team plan <team_id> free|pro
  key create <team_id> --scope read|write [--name <name>] [--expires-at <ISO 8601>]
  key revoke <key_id>
  secret set <team_id>                   a new secret replacing any other at once
  secret rotate <team_id> [--overlap-seconds <n>]
                       a new secret; the old one keeps signing beside it for n seconds (default
                       86400, at most 604800); prints the new secret and previous_expires_at
  secret delete <team_id>
  credits add <team_id> <amount> --reason <reason>     (a negative amount takes credits back)
  users invite <email> --team <team_id> --role viewer|editor|admin|owner
                       an invitation to the team's dashboard: prints its link (single use, 7 days),
                       and mails it too when SMTP_URL is set
  secrets reseal       every sealed secret under the current SECRETS_KEY (after a rotation: the
                       old key in SECRETS_KEYS_PREVIOUS); prints the counts

Uses DATABASE_URL (and SECRETS_KEY, SECRETS_KEYS_PREVIOUS, DASHBOARD_BASE_URL, SMTP_URL); without it,
the local stack's (.data/stack.env, written by npm start).`;

// PAGEPROBE_DATA_DIR: a stack started on another data directory (as the stack's own test does).
const STACK_ENV = process.env.PAGEPROBE_DATA_DIR
  ? `${process.env.PAGEPROBE_DATA_DIR}/stack.env`
  : new URL('../../../../.data/stack.env', import.meta.url);
if (!process.env.DATABASE_URL && existsSync(STACK_ENV)) process.loadEnvFile(STACK_ENV);
const config = loadConfigOrExit(
  z.object({ ...databaseEnv, ...commonEnv, ...secretsEnv, ...dashboardLinkEnv, ...publicUrlEnv, ...alertEnv }),
);

// parseArgs would take a negative amount (`credits add <team> -5`) for an option: keep numbers positional.
const NEGATIVE = 'negative:';
const argv = process.argv.slice(2).map((a) => (/^-\d+$/.test(a) ? `${NEGATIVE}${a.slice(1)}` : a));
const parsed = (() => {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        plan: { type: 'string' },
        scope: { type: 'string' },
        'expires-at': { type: 'string' },
        reason: { type: 'string' },
        'overlap-seconds': { type: 'string' },
        team: { type: 'string' },
        role: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    process.exit(2);
  }
})();
const values = parsed.values;
const positionals = parsed.positionals.map((p) => (p.startsWith(NEGATIVE) ? `-${p.slice(NEGATIVE.length)}` : p));

const plan = z.enum(['free', 'pro']);
const scope = z.enum(['read', 'write']);
const role = z.enum(ROLES, { error: `--role must be one of ${ROLES.join(', ')}` });
const uuid = z.uuid({ error: 'expected an id (UUID)' });
const arg = (i: number, what: string) => {
  const value = positionals[i];
  if (value === undefined) throw new UsageError(`missing ${what}`);
  return value;
};
class UsageError extends Error {}

const db = createDb(config.DATABASE_URL, { poolSize: 1 });
const mail = createMail(config);
const admin = createAdminService(db, {
  via: 'pnpm admin',
  mail,
  dashboardBaseUrl: config.DASHBOARD_BASE_URL,
  publicBaseUrl: config.PUBLIC_BASE_URL,
});

async function run(): Promise<unknown> {
  const [noun, verb] = positionals;
  switch (`${noun} ${verb}`) {
    case 'team create':
      return admin.createTeam({ name: z.string().min(1).parse(values.name), plan: plan.parse(values.plan) });
    case 'team get':
      return admin.getTeam(uuid.parse(arg(2, 'team_id')));
    case 'team plan':
      return admin.updateTeam(uuid.parse(arg(2, 'team_id')), { plan: plan.parse(arg(3, 'plan')) });
    case 'key create':
      return admin.createApiKey(uuid.parse(arg(2, 'team_id')), {
        scope: scope.parse(values.scope),
        name: values.name ?? null,
        expires_at: values['expires-at'] ? z.iso.datetime({ offset: true }).parse(values['expires-at']) : null,
      });
    case 'key revoke': {
      const { pausedMonitors } = await admin.revokeApiKey(uuid.parse(arg(2, 'key_id')));
      return { revoked: true, paused_monitors: pausedMonitors };
    }
    case 'secret set':
      return admin.setWebhookSecret(uuid.parse(arg(2, 'team_id')));
    case 'secret rotate':
      return admin.rotateWebhookSecret(uuid.parse(arg(2, 'team_id')), {
        overlap_seconds:
          values['overlap-seconds'] === undefined
            ? undefined
            : z.coerce.number().int().parse(values['overlap-seconds']),
      });
    case 'secret delete':
      await admin.deleteWebhookSecret(uuid.parse(arg(2, 'team_id')));
      return { deleted: true };
    case 'secrets reseal':
      if (!config.SECRETS_KEY) throw new UsageError('SECRETS_KEY is required: the key to seal with');
      return resealSecrets(db, keyringOf(config));
    case 'users invite':
      return admin.inviteMember(uuid.parse(values.team), {
        email: z.string().min(1).parse(arg(2, 'email')),
        role: role.parse(values.role),
      });
    case 'credits add':
      return admin.adjustCredits(uuid.parse(arg(2, 'team_id')), {
        amount: z.coerce
          .number()
          .int()
          .refine((n) => n !== 0, 'must not be 0')
          .parse(arg(3, 'amount')),
        reason: z.string({ error: '--reason is required' }).min(1).parse(values.reason),
      });
    default:
      throw new UsageError(values.help ? '' : `unknown command: ${positionals.join(' ') || '(none)'}`);
  }
}

try {
  process.stdout.write(`${JSON.stringify(await run(), null, 2)}\n`);
} catch (error) {
  if (error instanceof UsageError) process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${USAGE}\n`);
  else if (error instanceof z.ZodError) process.stderr.write(`invalid input: ${z.prettifyError(error)}\n`);
  else if (error instanceof ProblemError) process.stderr.write(`${error.code}: ${error.message}\n`);
  else {
    process.stderr.write(`failed: ${(error as Error).message.trim().split('\n').at(-1)}\n`);
    process.exitCode = 1;
  }
  process.exitCode ??= 2;
} finally {
  mail.close();
  await db.$disconnect();
}
