import { randomUUIDv7 } from 'node:crypto';
import { type Db, Prisma } from '@pageprobe/db';
import { keyringOf, seal } from '@pageprobe/secrets';
import { spreadPhase } from '@pageprobe/monitors';
import { kindNamed, type RequestSecrets, requestOptions } from '@pageprobe/test-kinds';
import { assertAllowed, checkTestRequest, TestRejected } from '@pageprobe/test-lifecycle';
import { fieldsOf } from '../audit-fields.ts';
import type { ServiceDeps } from '../deps.ts';
import { auditCaller, type Caller } from '../caller.ts';
import { ProblemError } from '../problem.ts';
import { checkFieldsOf, checkPlaceholders } from '../variables/variable-service.ts';
import { createWithinLimit } from '../team-limit.ts';
import { rejectionProblem } from '../test-routes/rejection-problem.ts';
import { checkKeyFree, rethrowKeyTaken } from '../resource-key.ts';
import {
  alertColumns,
  type CreateMonitor,
  channelLinks,
  checkAlertChannels,
  checkInterval,
  PATCHABLE_OPTIONS,
  patchedOptions,
  type UpdateMonitor,
  WITH_CHANNELS,
} from './monitor-input.ts';
import { checkLocationSettings, locationColumns } from './monitor-locations.ts';
import { checkDependencies, dropDependency } from './monitor-dependencies.ts';
import { heartbeatColumns, heartbeatUpdate, refuseHeartbeatFields, resumedHeartbeat } from './heartbeat-input.ts';
import { patchesCredentials, replaceCredentials } from './replace-credentials.ts';

// A monitor made, changed or deleted (issues 16, 29, 46): the one body behind POST, PATCH and DELETE
// /monitors and the dashboard's forms, so both doors check, limit and audit a change alike.

/** A monitor as it is shown: with the ids of its channels. */
export type MonitorWithChannels = Prisma.MonitorGetPayload<{ include: typeof WITH_CHANNELS }>;

/** The team's monitor, not deleted; another team's (or a malformed id) is a missing one. */
export async function ownedMonitor(db: Db, teamId: string, id: string): Promise<MonitorWithChannels> {
  const monitor = /^[0-9a-f-]{36}$/i.test(id)
    ? await db.monitor.findFirst({ where: { id, teamId, deletedAt: null }, include: WITH_CHANNELS })
    : null;
  if (!monitor) throw new ProblemError(404, 'not_found', 'No monitor with that id.');
  return monitor;
}

/** A heartbeat's callback_url, checked as a test's (it makes no request of its own to check). */
function checkCallbackUrl(deps: ServiceDeps, callbackUrl: string | null | undefined) {
  if (!callbackUrl) return;
  const allowPrivate = deps.config.ALLOW_PRIVATE_TARGETS;
  return assertAllowed(
    'callback_url',
    callbackUrl,
    allowPrivate,
    allowPrivate ? ['http:', 'https:'] : ['https:'],
  ).catch((error: unknown) => {
    throw error instanceof TestRejected ? rejectionProblem(error) : error;
  });
}

function checkRequest(deps: ServiceDeps, input: Parameters<typeof checkTestRequest>[1]) {
  const { config } = deps;
  return checkTestRequest(
    {
      enabledTypes: config.ENABLED_TEST_TYPES,
      allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS,
      secretsKey: config.SECRETS_KEY ?? null,
    },
    input,
  ).catch((error: unknown) => {
    throw error instanceof TestRejected ? rejectionProblem(error) : error;
  });
}

/** A new monitor's body once checked: the target as its kind stores it, and what to seal apart. */
export interface CheckedMonitor {
  id: string;
  input: CreateMonitor;
  /** A heartbeat's columns (its timing, ping token, first deadline); null for a check. */
  beat: ReturnType<typeof heartbeatColumns> | null;
  /** The options shown (secret values redacted) and the secret values, in clear. */
  shown: Record<string, unknown>;
  secrets: RequestSecrets | null;
}

/**
 * Everything POST /monitors checks of its body but the team's alert channels and its limit (a
 * configuration's apply names channels by key, and counts its monitors together): 400s name the field.
 */
export async function checkNewMonitor(
  deps: ServiceDeps,
  caller: Caller,
  given: CreateMonitor,
): Promise<CheckedMonitor> {
  const { config } = deps;
  let input = given;
  const heartbeat = input.type === 'heartbeat';
  // {{vars.X}} and {{secrets.X}} must name the team's variables, of their kind (issue 59).
  await checkPlaceholders(deps.db, caller.teamId, checkFieldsOf(input));
  if (!heartbeat) {
    refuseHeartbeatFields(input as unknown as Record<string, unknown>, input.type, true);
    // The target as its kind stores it (a tcp `host:port` as `tcp://host:port`, a DNS name as a DNS URI).
    input = { ...input, ...(await checkRequest(deps, input)) };
    checkInterval(input.interval_seconds, input.type, caller.plan, config.MONITOR_MIN_INTERVAL_SECONDS);
    await checkLocationSettings(deps.redis, config.QUEUE_PREFIX, input.type, input);
  }
  if (input.public_page === undefined) {
    // Unsaid: the team's choice for its new monitors' pages.
    const team = await deps.db.team.findUnique({ where: { id: caller.teamId }, select: { defaultPublicPage: true } });
    input = { ...input, public_page: team?.defaultPublicPage ?? true };
  }
  const id = randomUUIDv7();
  // A heartbeat is told by pings (issue 47): no request, so no options, secrets or locations.
  const beat = heartbeat
    ? heartbeatColumns(id, input as unknown as Record<string, unknown>, {
        plan: caller.plan,
        deploymentMin: config.MONITOR_MIN_INTERVAL_SECONDS,
      })
    : null;
  if (heartbeat) await checkCallbackUrl(deps, input.callback_url);
  const { shown, secrets } = heartbeat
    ? { shown: {}, secrets: null }
    : requestOptions(input, kindNamed(input.type).options);
  return { id, input, beat, shown, secrets };
}

/** The row of a checked monitor (secrets sealed to its id), for a create alone or a configuration's. */
export function newMonitorRow(
  deps: ServiceDeps,
  caller: Caller,
  { id, input, beat, shown, secrets }: CheckedMonitor,
): Prisma.MonitorUncheckedCreateInput {
  return {
    id,
    teamId: caller.teamId,
    apiKeyId: caller.keyId,
    type: input.type,
    url: input.url,
    name: input.name ?? null,
    device: input.device,
    intervalSeconds: input.interval_seconds,
    callbackUrl: input.callback_url ?? null,
    runCount: input.runs ?? 1,
    ...(input.assertions ? { assertions: input.assertions } : {}),
    ...alertColumns(input.alert),
    ...(input.tags ? { tags: input.tags } : {}),
    ...(input.depends_on ? { dependsOn: input.depends_on } : {}),
    publicPage: input.public_page ?? true,
    ...locationColumns(input),
    ...(Object.keys(shown).length ? { options: shown as Prisma.InputJsonObject } : {}),
    // checkRequest refused secrets without a key.
    ...(secrets ? { secrets: new Uint8Array(seal(deps.config.SECRETS_KEY!, secrets, `monitor:${id}`)) } : {}),
    // A heartbeat has no runs to claim: its deadline is its due time.
    nextRunAt: beat ? null : new Date(),
    ...beat,
    key: input.key ?? null,
  };
}

/** POST /monitors: the row is the schedule; next_run_at now runs it within one tick. */
export async function createMonitor(
  deps: ServiceDeps,
  caller: Caller,
  input: CreateMonitor,
): Promise<MonitorWithChannels> {
  const { config } = deps;
  const { teamId } = caller;
  const checked = await checkNewMonitor(deps, caller, input);
  if (input.alert_channels) await checkAlertChannels(deps.db, teamId, input.alert_channels);
  if (input.depends_on) await checkDependencies(deps.db, teamId, null, input.depends_on);
  if (input.key) await checkKeyFree(deps.db, 'monitor', teamId, input.key);
  const monitor = await createWithinLimit(
    deps.db,
    teamId,
    { max: config.MONITORS_PER_TEAM, code: 'monitor_limit_reached', noun: 'monitors' },
    (tx) => tx.monitor.count({ where: { teamId, deletedAt: null } }),
    async (tx) =>
      tx.monitor.create({
        data: {
          ...newMonitorRow(deps, caller, checked),
          // Its kind's runs evenly over the interval, not by chance (phase.ts); a heartbeat has no runs.
          ...(checked.beat
            ? {}
            : {
                phaseMs: spreadPhase(await tx.monitor.count({ where: { type: input.type } }), input.interval_seconds),
              }),
          ...(input.alert_channels ? { alertChannels: channelLinks(input.alert_channels) } : {}),
        },
        include: WITH_CHANNELS,
      }),
  ).catch(rethrowKeyTaken('monitor', input.key));
  await auditCaller(deps.db, caller, 'monitor.created', monitor.id, {
    type: monitor.type,
    url: monitor.url,
    ...(monitor.dependsOn.length ? { depends_on: monitor.dependsOn } : {}),
  });
  return monitor;
}

/** PATCH /monitors/{id}: what the body gives changes; null removes the callback, the assertions or a credential. */
export async function updateMonitor(
  deps: ServiceDeps,
  caller: Caller,
  monitorId: string,
  input: UpdateMonitor,
): Promise<MonitorWithChannels> {
  const { config } = deps;
  const { teamId, keyId, plan } = caller;
  const current = await ownedMonitor(deps.db, teamId, monitorId);
  if (current.type === 'heartbeat') return updateHeartbeat(deps, caller, current, input);
  refuseHeartbeatFields(input as unknown as Record<string, unknown>, current.type, false);
  if (input.interval_seconds !== undefined) {
    checkInterval(input.interval_seconds, current.type, plan, config.MONITOR_MIN_INTERVAL_SECONDS);
  }
  if (input.alert_channels) await checkAlertChannels(deps.db, teamId, input.alert_channels);
  await checkPlaceholders(deps.db, teamId, checkFieldsOf(input));
  await checkLocationSettings(deps.redis, config.QUEUE_PREFIX, current.type, input, current);
  const replaced = patchesCredentials(input) ? replaceCredentials(current, input, keyringOf(config)) : null;
  const options = patchedOptions(current.options, input);
  // The URL may change (issue 60): checked as a new monitor's, and stored as its kind stores a target.
  const target = await checkRequest(deps, {
    url: input.url ?? current.url,
    type: current.type,
    ...(input.callback_url ? { callback_url: input.callback_url } : {}),
    ...(input.assertions ? { assertions: input.assertions } : {}),
    ...replaced?.credentials,
    // The request as it will be: a new method is checked with the body already kept, and so on.
    ...(options ? Object.fromEntries(PATCHABLE_OPTIONS.map((n) => [n, options[n]])) : {}),
  });
  const data: Prisma.MonitorUpdateInput = replaced ? replaced.columns(config.SECRETS_KEY) : {};
  if (options) {
    // On top of the credentials' change to the same column, when the PATCH makes one too.
    const base = data.options === undefined ? current.options : data.options === Prisma.DbNull ? null : data.options;
    const next = patchedOptions(base as Prisma.JsonValue, input)!;
    data.options = Object.keys(next).length ? (next as Prisma.InputJsonObject) : Prisma.DbNull;
  }
  if (input.url !== undefined && target.url !== current.url) {
    data.url = target.url;
    // Its new target is checked at once (an active monitor's next slot is now), not at its next slot.
    if (current.status === 'active') data.nextRunAt = new Date();
  }
  if (input.interval_seconds !== undefined) data.intervalSeconds = input.interval_seconds;
  if (input.name !== undefined) data.name = input.name;
  if (input.callback_url !== undefined) data.callbackUrl = input.callback_url;
  if (input.assertions !== undefined) data.assertions = input.assertions ?? Prisma.DbNull;
  Object.assign(data, alertColumns(input.alert));
  if (input.tags) data.tags = input.tags;
  Object.assign(data, locationColumns(input));
  // Other locations: the verdicts kept for the old ones judge nothing now.
  if (input.locations) Object.assign(data, { locationChecks: Prisma.DbNull, decidedSlot: null });
  const resumed = input.paused === false && current.status === 'paused';
  if (input.paused === true) Object.assign(data, { status: 'paused', pausedReason: 'user', nextRunAt: null });
  // A resumed monitor runs under the key that resumed it: the team's spending stays tied to a live key,
  // and revoking that key pauses it again (issue 28). A person resumed it: no key holds it any more.
  if (resumed) {
    Object.assign(data, { status: 'active', pausedReason: null, consecutiveFailures: 0, nextRunAt: new Date() });
    data.apiKey = keyId ? { connect: { id: keyId } } : { disconnect: true };
  }
  if (input.alert_channels) data.alertChannels = { deleteMany: {}, ...channelLinks(input.alert_channels) };
  return saveUpdate(deps, caller, current, input, data);
}

/** A PATCH's columns written, its key checked first (a taken one is 409 `key_taken`), and audited. */
async function saveUpdate(
  deps: ServiceDeps,
  caller: Caller,
  current: MonitorWithChannels,
  input: UpdateMonitor,
  data: Prisma.MonitorUpdateInput,
): Promise<MonitorWithChannels> {
  if (input.key) await checkKeyFree(deps.db, 'monitor', caller.teamId, input.key, current.id);
  if (input.key !== undefined) data.key = input.key;
  if (input.public_page !== undefined) data.publicPage = input.public_page;
  if (input.depends_on) {
    await checkDependencies(deps.db, caller.teamId, current.id, input.depends_on);
    data.dependsOn = input.depends_on;
  }
  const monitor = await deps.db.monitor
    .update({ where: { id: current.id }, data, include: WITH_CHANNELS })
    .catch(rethrowKeyTaken('monitor', input.key));
  // The dependencies themselves are kept: who made a monitor wait on which is what an audit asks.
  await auditCaller(deps.db, caller, 'monitor.updated', monitor.id, {
    ...fieldsOf(input),
    ...(input.depends_on ? { depends_on: input.depends_on } : {}),
  });
  return monitor;
}

/** PATCH /monitors/{id} of a heartbeat: its timing, and what every monitor has (name, alerts, tags, pause). */
async function updateHeartbeat(
  deps: ServiceDeps,
  caller: Caller,
  current: MonitorWithChannels,
  input: UpdateMonitor,
): Promise<MonitorWithChannels> {
  const data: Prisma.MonitorUpdateInput = heartbeatUpdate(current, input as unknown as Record<string, unknown>, {
    plan: caller.plan,
    deploymentMin: deps.config.MONITOR_MIN_INTERVAL_SECONDS,
  });
  await checkCallbackUrl(deps, input.callback_url);
  if (input.alert_channels) await checkAlertChannels(deps.db, caller.teamId, input.alert_channels);
  if (input.name !== undefined) data.name = input.name;
  if (input.callback_url !== undefined) data.callbackUrl = input.callback_url;
  Object.assign(data, alertColumns(input.alert));
  if (input.tags) data.tags = input.tags;
  if (input.paused === true) Object.assign(data, { status: 'paused', pausedReason: 'user' });
  if (input.paused === false && current.status === 'paused') {
    Object.assign(data, { status: 'active', pausedReason: null, consecutiveFailures: 0, ...resumedHeartbeat(current) });
    data.apiKey = caller.keyId ? { connect: { id: caller.keyId } } : { disconnect: true };
  }
  if (input.alert_channels) data.alertChannels = { deleteMany: {}, ...channelLinks(input.alert_channels) };
  return saveUpdate(deps, caller, current, input, data);
}

/**
 * DELETE /monitors/{id}. Soft: the monitor's tests keep their history (and their monitor_id). Its sealed
 * secrets go now: a deleted monitor never runs again, and a dump should not keep what nobody can use
 * (issue 28). A run already queued keeps its own copy (test_secrets) until it finishes.
 */
export async function deleteMonitor(deps: ServiceDeps, caller: Caller, monitorId: string): Promise<void> {
  const monitor = await ownedMonitor(deps.db, caller.teamId, monitorId);
  await deps.db.monitor.update({
    where: { id: monitor.id },
    data: { deletedAt: new Date(), nextRunAt: null, secrets: null },
  });
  await dropDependency(deps.db, caller.teamId, monitor.id);
  await auditCaller(deps.db, caller, 'monitor.deleted', monitor.id, { url: monitor.url });
}
