import type { ApiKey, Monitor, Prisma } from '@pageprobe/db';
import { atLocation, jobs, startWorker } from '@pageprobe/jobs';
import {
  CHECKS_PER_JOB,
  checkRecorder,
  credentialValues,
  type FinishedCheck,
  pauseMonitor,
  redactValues,
  runEnded,
} from '@pageprobe/monitors';
import { NetworkError } from '@pageprobe/net-guard';
import { keyringOf, open, SecretsError } from '@pageprobe/secrets';
import {
  judge,
  type Measure,
  MissingValue,
  parseAssertions,
  type RequestSecrets,
  redactDeep,
  type TestKind,
} from '@pageprobe/test-kinds';
import { KEY_REVOKED, SECRETS_UNREADABLE, waitOutDatabaseOutage } from '@pageprobe/test-lifecycle';
import { callbackQueue, type Filled, fillTeamValues, type WorkerHost } from '@pageprobe/worker-host';
import type { Worker } from 'bullmq';
import type { UptimeConfig } from './config.ts';
import { kindChecks } from './kind-checks.ts';

// Monitors' checks (issue 29; tcp and dns since issue 47): batches claimed by the dispatchers' tick, each
// check its kind's (kind-checks.ts), as a test of the kind would make it, recorded in monitoring.checks through a shared batch writer. A check is
// not a test: no credits, no test row, no report.

type Claimed = { monitorId: string; slot: number; plan: 'free' | 'pro' };

export function startMonitorChecks(host: WorkerHost, config: UptimeConfig): Worker[] {
  const keyring = keyringOf(config);
  const deps = {
    db: host.db,
    callbacks: callbackQueue(host),
    publicBaseUrl: config.PUBLIC_BASE_URL,
    dashboardBaseUrl: config.DASHBOARD_BASE_URL,
    logger: host.logger,
  };
  const recorder = checkRecorder(deps);
  // The same policy as the kinds' tests (their runners), bound to SOURCE_ADDRESS like them.
  const checks = kindChecks(config, {
    allowPrivate: config.ALLOW_PRIVATE_TARGETS,
    allowTargets: config.ALLOW_TARGETS,
    localAddress: config.SOURCE_ADDRESS,
  });

  async function runOne(claimed: Claimed, monitor: Loaded | undefined): Promise<void> {
    const slot = new Date(claimed.slot);
    // Paused or deleted since its slot was claimed: nothing to run.
    if (!monitor || monitor.status !== 'active' || monitor.deletedAt) return runEnded(host.db, claimed.monitorId);
    // Revocation pauses a key's monitors; this catches a run claimed just before it (issue 28).
    if (monitor.apiKey?.revokedAt) return pauseMonitor(deps, monitor, KEY_REVOKED.reason, KEY_REVOKED.message);
    let secrets: RequestSecrets | null = null;
    try {
      if (monitor.secrets) secrets = open<RequestSecrets>(keyring, monitor.secrets, `monitor:${monitor.id}`);
    } catch (error) {
      if (!(error instanceof SecretsError)) throw error;
      return pauseMonitor(deps, monitor, SECRETS_UNREADABLE.reason, SECRETS_UNREADABLE.message);
    }
    const startedAt = new Date();
    const check = checks.get(monitor.type);
    if (!check) {
      host.logger.error({ monitorId: monitor.id, type: monitor.type }, 'no check for this type of monitor');
      return runEnded(host.db, monitor.id);
    }
    // The team's {{vars.X}} and {{secrets.X}} (issue 59), read at each run: a replaced secret is this
    // run's. A monitor that names none reads nothing. One whose variable was deleted pauses, saying which.
    let filled: Filled<{ url: string; options: Monitor['options']; secrets: RequestSecrets | null }>;
    try {
      filled = await fillTeamValues(host.db, keyring, monitor.teamId, {
        url: monitor.url,
        options: monitor.options,
        secrets,
      });
    } catch (error) {
      if (error instanceof MissingValue) {
        return pauseMonitor(
          deps,
          monitor,
          'variable_missing',
          `${error.message}; set it again and resume the monitor.`,
        );
      }
      if (!(error instanceof SecretsError)) throw error;
      return pauseMonitor(deps, monitor, SECRETS_UNREADABLE.reason, SECRETS_UNREADABLE.message);
    }
    const { redact } = filled;
    let found: Awaited<ReturnType<typeof check.run>>;
    try {
      const asRun = { ...monitor, url: filled.value.url, options: filled.value.options };
      found = await check.run(asRun, filled.value.secrets);
      // What is recorded and alerted (reason, message, expectations' values) never carries a secret sent.
      found = {
        ...found,
        figures: redactDeep(found.figures, redact),
        // Its request and response also never carry the monitor's own credentials, should the answer echo them.
        ...(found.exchange
          ? {
              exchange: redactDeep(
                redactDeep(found.exchange, redactValues(credentialValues(filled.value.secrets))),
                redact,
              ),
            }
          : {}),
      };
    } catch (error) {
      if (error instanceof NetworkError && error.code === 'blocked') {
        return pauseMonitor(deps, monitor, 'url_not_allowed', redact(error.message));
      }
      if (error instanceof Error) error.message = redact(error.message);
      // Our fault, not the site's: no check is recorded, and the next slot runs.
      host.logger.error({ err: error, monitorId: monitor.id }, 'monitor check failed');
      return runEnded(host.db, monitor.id);
    }
    const verdict = monitor.assertions ? judged(monitor.assertions, check.kind, found.measure) : null;
    const finished: FinishedCheck = {
      monitorId: monitor.id,
      location: host.location.id,
      plan: claimed.plan,
      slot,
      startedAt,
      figures: found.figures,
      passed: verdict?.passed ?? null,
      failing: verdict?.failing ?? [],
      exchange: found.exchange ?? null,
    };
    await recorder.add(finished);
  }

  const worker = startWorker(
    atLocation(jobs.monitorChecks, host.location.id),
    host.queue,
    async ({ checks }, job) => {
      try {
        const monitors = await load(host, checks);
        await Promise.all(checks.map((c) => runOne(c, monitors.get(c.monitorId))));
      } catch (error) {
        // PostgreSQL failing over: the batch waits and runs again (its slots are recorded once, by
        // their key), rather than spending its 3 tries in 2 s and leaving its slots neither run nor skipped.
        return waitOutDatabaseOutage(host.db, job, error, host.logger);
      }
    },
    {
      concurrency: Math.max(1, Math.ceil(config.MONITOR_CHECKS_CONCURRENCY / CHECKS_PER_JOB)),
      lockDuration: config.JOB_LOCK_MS,
      stalledInterval: config.JOB_LOCK_MS,
    },
  );
  worker.on('closed', () => void recorder.close());
  return [worker];
}

type Loaded = Monitor & { apiKey: Pick<ApiKey, 'revokedAt'> | null };

/** The batch's monitors in one query. */
async function load(host: WorkerHost, checks: Claimed[]): Promise<Map<string, Loaded>> {
  const rows = await host.db.monitor.findMany({
    where: { id: { in: checks.map((c) => c.monitorId) } },
    include: { apiKey: { select: { revokedAt: true } } },
  });
  return new Map(rows.map((m) => [m.id, m]));
}

/** The check against the monitor's assertions (stored, so a key the kind dropped fails rather than throws). */
function judged(stored: Prisma.JsonValue, kind: TestKind, measure: Measure) {
  const parsed = parseAssertions(stored, kind.assertionRules, { stored: true });
  if (!parsed.ok) return null;
  const { results, passed } = judge(parsed.assertions, measure);
  return { passed, failing: results.filter((r) => !r.passed && r.level === 'error').map((r) => r.key) };
}
