import { CHECK_VIOLATION, type Device, type Pool, sqlState, type Test, type TestType } from '@pageprobe/db';
import type { Db, Prisma } from '@pageprobe/db';
import {
  atLocation,
  DEFAULT_LOCATION,
  enqueue,
  type LiveLocation,
  type TestQueueAt,
  testJobFor,
} from '@pageprobe/jobs';
import type { Logger } from '@pageprobe/logger';
import { checkTarget, privateName } from '@pageprobe/net-guard';
import {
  type BrowserStep,
  carriesSecrets,
  checkExpectations,
  checkRequestOptions,
  checkUptimeOptions,
  checkViewport,
  kindNamed,
  type TestKind,
  kindOptionNames,
  type LighthouseOptions,
  type MultistepRequest,
  parseAssertions,
  type RequestOptionsInput,
  type UptimeOptions,
} from '@pageprobe/test-kinds';
import type { DeliveryWithAttempts } from '../test-columns.ts';
import { allowanceFor, testCost } from './costs.ts';
import { createGuarded } from './create-guarded.ts';
import { insertTest, newTest } from './insert-test.ts';
import { TestRejected } from './rejections.ts';

/** Who asks: the key's team and plan (as of the key lookup). */
export interface Caller {
  teamId: string;
  /** The key that asked; null for a monitor's run whose key has since been deleted. */
  keyId: string | null;
  plan: 'free' | 'pro';
  /** Where the team's tests without `locations` run (issue 32); null or unset: `default`. */
  defaultLocation?: string | null;
}

/** A secret already sealed (a monitor's, copied to each of its runs without opening it). */
export interface SealedSecrets {
  sealed: Uint8Array;
  context: string;
}

/**
 * The kinds' own request fields: lighthouse's settings and uptime's request, and `steps`, a lighthouse
 * flow or a browser check's journey (issue 59: the browser steps are the lighthouse ones and more).
 */
export interface KindOptions extends Omit<LighthouseOptions, 'steps'>, UptimeOptions {
  steps?: BrowserStep[];
  /** A multistep check's requests (issue 59). */
  requests?: MultistepRequest[];
}

/** A test as asked for, defaults applied. */
export interface TestRequest extends RequestOptionsInput, KindOptions {
  url: string;
  type: TestType;
  device: Device;
  callback_url?: string;
  /** The monitor whose run this is (issue 16); never from a request body (the document forbids it). */
  monitorId?: string;
  /** A monitor's run: its options as shown and its secrets as sealed, instead of the fields above. */
  fromMonitor?: { options: Prisma.InputJsonObject | null; secrets: SealedSecrets | null };
  /** Runs of the test (issue 15): up to the kind's `maxRuns`, each costing what a test costs. */
  runs?: number;
  /** Lighthouse CI-style assertions (issue 15), checked against the kind's keys before anything is spent. */
  assertions?: Prisma.InputJsonObject;
  /** Where it runs from (issue 32), each location costing what a test costs; checked by the caller. */
  locations?: string[];
  /** Failed locations that fail the test; unset, a majority (a monitor's run gives its monitor's). */
  quorum?: number;
}

export interface AcceptDeps {
  db: Db;
  /** The pool Prisma runs on, for the one-statement insert. */
  pool: Pool;
  /** A kind's queue at a location. */
  testQueue: TestQueueAt;
  /** The locations with live workers (issue 32): a test's `locations` must be among them. */
  liveLocations?: () => Promise<LiveLocation[]>;
  /** Whether the queues can take a job now; when not, tests are refused rather than left to the sweeper. */
  queuesReady(): boolean;
  logger: Logger;
  allowPrivateTargets: boolean;
  enabledTypes: readonly TestType[];
  /** Tests per window a kind's allowance grants (FREE_LIGHTHOUSE_PER_HOUR for lighthouse). */
  allowanceLimit: number;
  /** SECRETS_KEY: seals request secrets; without it, requests carrying secrets are refused. */
  secretsKey: Buffer | null;
  /** SECRETS_KEYS_PREVIOUS: an Idempotency-Key recorded under one of them still matches its request. */
  previousSecretsKeys?: readonly Buffer[];
}

export interface Accepted {
  test: Test;
  replayed: boolean;
  /** A replay's callback delivery, loaded with the test. */
  delivery: DeliveryWithAttempts | null;
}

/**
 * An address the test will reach, checked by the address policy. `field` is its path in the body
 * (`url`, `callback_url`, `steps.2.url`). A user name or password in it would be kept and shown in clear
 * with the test's URL or options, so it is refused, pointing to where credentials are kept sealed.
 */
export async function assertAllowed(field: string, value: string, allowPrivate: boolean, protocols: string[]) {
  if (URL.canParse(value)) {
    const { username, password } = new URL(value);
    if (username || password) {
      const message =
        field === 'callback_url'
          ? 'must not carry a user name or password (callbacks are signed instead: X-Service-Signature)'
          : 'must not carry a user name or password (user:pass@); use basic_auth instead, which is kept sealed';
      throw new TestRejected('url_not_allowed', `${field} ${message}.`, { field: { path: `body.${field}`, message } });
    }
  }
  const check = await checkTarget(value, { allowPrivate }, { protocols });
  if (!check.ok) {
    const code = check.kind === 'malformed' ? 'validation_failed' : 'url_not_allowed';
    throw new TestRejected(code, `${field} ${check.reason}.`, {
      field: { path: `body.${field}`, message: check.reason },
    });
  }
}

/**
 * The `url` of a test of `kind` as stored (issue 47: `host:port` written out as `tcp://host:port`, a bare
 * name as a DNS URI), once the kind could read it and the address a run reaches passed the policy. A DNS
 * query without a resolver is asked of the worker's own, so its name must not be one that only resolves
 * inside a network.
 */
export async function acceptedTarget(kind: TestKind, value: string, allowPrivate: boolean): Promise<string> {
  const target = kind.target.read(value);
  if (!target.ok) {
    throw new TestRejected('validation_failed', `url ${target.message}.`, {
      field: { path: 'body.url', message: target.message },
    });
  }
  if (target.reaches) await assertAllowed('url', target.reaches, allowPrivate, [...kind.target.protocols]);
  const inside = target.lookedUp && !allowPrivate ? privateName(target.lookedUp) : null;
  if (inside) {
    const message = `${inside} (name a public resolver to ask it)`;
    throw new TestRejected('url_not_allowed', `url ${message}.`, { field: { path: 'body.url', message } });
  }
  return target.url;
}

/**
 * Everything about a test request that needs no database: the type is enabled, `runs` fits the kind,
 * the assertions parse, the addresses may be reached. POST /tests and monitors (which make tests on a
 * schedule) ask the same. Throws TestRejected naming the field; returns the `url` as it is stored.
 */
export async function checkTestRequest(
  deps: Pick<AcceptDeps, 'enabledTypes' | 'allowPrivateTargets' | 'secretsKey'>,
  input: Pick<
    TestRequest,
    'url' | 'type' | 'callback_url' | 'runs' | 'assertions' | 'fromMonitor' | keyof RequestOptionsInput
  > &
    KindOptions,
): Promise<{ url: string }> {
  if (!deps.enabledTypes.includes(input.type)) {
    throw new TestRejected('test_type_unavailable', `${input.type} tests are not available on this deployment yet.`);
  }
  if (carriesSecrets(input) && !deps.secretsKey) {
    throw new TestRejected(
      'secrets_unavailable',
      'This deployment has no SECRETS_KEY, so it cannot keep header, cookie or password values; ask without them.',
    );
  }
  const kind = kindNamed(input.type);
  for (const name of kindOptionNames) {
    if ((input as unknown as Record<string, unknown>)[name] !== undefined && !kind.options.includes(name)) {
      const message = `is not an option of ${input.type} tests`;
      throw new TestRejected('validation_failed', `${name} ${message}.`, { field: { path: `body.${name}`, message } });
    }
  }
  if ((input.runs ?? 1) > kind.maxRuns) {
    const message = kind.maxRuns === 1 ? 'must be 1 for this type' : `must be at most ${kind.maxRuns}`;
    throw new TestRejected('validation_failed', `runs ${message} (${input.type}).`, {
      field: { path: 'body.runs', message },
    });
  }
  if (input.assertions !== undefined) {
    // A monitor's run reads the assertions the monitor was made with, checked then: an audit a later
    // Lighthouse dropped fails its assertion in the report instead of stopping the runs.
    const parsed = parseAssertions(input.assertions, kind.assertionRules, { stored: input.fromMonitor !== undefined });
    if (!parsed.ok) {
      const [first] = parsed.problems;
      throw new TestRejected(
        'validation_failed',
        parsed.problems.map((p) => `assertions["${p.key}"] ${p.message}`).join('; '),
        { field: { path: `body.assertions.${first!.key}`, message: first!.message } },
      );
    }
  }
  // Headers, cookies and basic auth go with an HTTP request: a kind that makes none (tcp, dns) takes none.
  if (!kind.target.protocols.includes('http:')) {
    for (const name of ['headers', 'cookies', 'basic_auth'] as const) {
      if (input[name] === undefined) continue;
      const message = `is not an option of ${input.type} tests`;
      throw new TestRejected('validation_failed', `${name} ${message}.`, { field: { path: `body.${name}`, message } });
    }
  }
  const allowPrivate = deps.allowPrivateTargets;
  const url = await acceptedTarget(kind, input.url, allowPrivate);
  const problem =
    checkRequestOptions(input, url) ??
    (input.steps && kind.checkSteps ? kind.checkSteps(input.steps) : null) ??
    (input.steps && (input.runs ?? 1) > 1
      ? { path: 'body.runs', message: 'must be 1 with steps (a flow runs once)' }
      : null) ??
    (input.steps && input.repeat_view
      ? { path: 'body.repeat_view', message: 'cannot be used with steps (a flow runs once)' }
      : null) ??
    (input.viewport ? checkViewport(input.viewport) : null) ??
    // The kinds that take `expect` (uptime, tcp, dns) each allow their own sources.
    (input.expect !== undefined ? checkExpectations(input.expect, input.type) : null) ??
    (kind.checkOptions ? kind.checkOptions(input as unknown as Record<string, unknown>, url) : null) ??
    checkUptimeOptions(input);
  if (problem) {
    throw new TestRejected('validation_failed', `${problem.path.replace(/^body\./, '')} ${problem.message}.`, {
      field: problem,
    });
  }
  // A navigation is an address the browser is sent to, like the test's URL, so the same policy holds.
  for (const [i, step] of (input.steps ?? []).entries()) {
    if (step.type === 'navigate') await assertAllowed(`steps.${i}.url`, step.url, allowPrivate, ['http:', 'https:']);
  }
  // So is each request's, when it can be known now; one a placeholder writes is checked at connection.
  for (const [i, request] of (input.requests ?? []).entries()) {
    const address = new URL(request.url, url);
    if (!request.url.includes('{{'))
      await assertAllowed(`requests.${i}.url`, address.href, allowPrivate, ['http:', 'https:']);
  }
  if (input.callback_url !== undefined) {
    await assertAllowed(
      'callback_url',
      input.callback_url,
      allowPrivate,
      allowPrivate ? ['http:', 'https:'] : ['https:'],
    );
  }
  return { url };
}

/**
 * Each of `locations` has a live worker of `type` (issue 32): an unknown one, or one whose workers are
 * gone, is refused naming it; locations that cannot be read now are a 503. Tests and monitors ask the same.
 */
export async function checkLocations(
  liveLocations: () => Promise<LiveLocation[]>,
  type: TestType,
  locations: string[],
): Promise<void> {
  const live = await liveLocations().catch(() => {
    throw new TestRejected('service_unavailable', 'Locations cannot be checked right now; try again shortly.', {
      retryAfterSeconds: 5,
    });
  });
  for (const [i, id] of locations.entries()) {
    const found = live.find((l) => l.id === id);
    if (found?.workers[type]) continue;
    const message = found
      ? `has no live ${type} worker`
      : 'is not a location with live workers (GET /locations lists them)';
    throw new TestRejected('location_unavailable', `locations[${i}] "${id}" ${message}.`, {
      field: { path: `body.locations.${i}`, message },
    });
  }
}

/**
 * Accepts a test: checks the addresses, writes the row and its debit atomically (the ledger trigger
 * refuses a balance below zero), then adds the job. The row is the job's outbox: if the add fails,
 * the sweeper adds it later, so an accepted test is never lost. Most requests take one SQL statement;
 * an Idempotency-Key or an allowance to count takes a transaction. Throws TestRejected.
 */
export async function acceptTest(
  deps: AcceptDeps,
  caller: Caller,
  input: TestRequest,
  idempotencyKey: string | undefined,
): Promise<Accepted> {
  input = { ...input, ...(await checkTestRequest(deps, input)) };
  // A monitor's run was checked when the monitor was made (and goes to those live now: runMonitor).
  if (input.locations && !input.fromMonitor && deps.liveLocations) {
    await checkLocations(deps.liveLocations, input.type, input.locations);
  }
  // Fail fast rather than accept work we cannot queue now (the sweeper would catch up, but late).
  if (!deps.queuesReady()) {
    throw new TestRejected('service_unavailable', 'Tests cannot be started right now; try again shortly.', {
      retryAfterSeconds: 5,
    });
  }

  // No locations asked: the team's default location, if it has one; else `default`, as before (null).
  if (!input.locations && caller.defaultLocation) input = { ...input, locations: [caller.defaultLocation] };
  let outcome: Accepted;
  try {
    outcome =
      idempotencyKey === undefined && !allowanceFor(input.type, caller.plan)
        ? {
            test: await insertTest(deps.pool, newTest(caller, input, testCost(input, caller.plan), deps.secretsKey)),
            replayed: false,
            delivery: null,
          }
        : await createGuarded(deps, caller, input, idempotencyKey);
  } catch (error) {
    if (sqlState(error) === CHECK_VIOLATION) {
      throw new TestRejected('insufficient_credits', `A ${input.type} test costs credits and the balance is too low.`);
    }
    throw error;
  }

  if (!outcome.replayed) {
    const { id, type } = outcome.test;
    for (const location of locationsOf(outcome.test)) {
      const def = atLocation(testJobFor(type), location);
      await enqueue(deps.testQueue(type, location), def, { testId: id }).catch((error: unknown) => {
        deps.logger.warn({ err: error, testId: id, location }, 'enqueue failed; the sweeper will retry');
      });
    }
  }
  return outcome;
}

/** The locations a test runs from: those it lists, or the default location alone. */
export const locationsOf = (test: Pick<Test, 'locations'>): string[] =>
  test.locations?.length ? test.locations : [DEFAULT_LOCATION];
