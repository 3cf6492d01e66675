import {
  alertEnv,
  callbackEnv,
  cruxEnv,
  dashboardLinkEnv,
  intVar,
  listVar,
  planEnv,
  publicUrlEnv,
  s3Env,
  secretsEnv,
  targetEnv,
} from '@pageprobe/config';
import { kindNames } from '@pageprobe/test-kinds';
import { z } from 'zod';

/**
 * The settings of the team's resources (tests, monitors, channels, windows, status pages) that every door
 * to them reads: the API, and the dashboard's forms (issue 46), which call the same services. Each app
 * spreads these into its own environment, so a limit or a policy is one variable for both.
 */
export const serviceEnvShape = {
  ...targetEnv,
  ...publicUrlEnv,
  ...s3Env,
  ...planEnv,
  ...secretsEnv,
  ...alertEnv,
  ...callbackEnv,
  // Field data (issue 48): the series and monitor pages of the API and the dashboard read CrUX History.
  ...cruxEnv,
  // Deploys (issue 62) link to their page in the dashboard.
  ...dashboardLinkEnv,
  /** How long POST /alert-channels/{id}/test waits for the dispatcher's attempt before answering 202. */
  ALERT_TEST_WAIT_MS: intVar(12_000, { min: 0, max: 60_000 }),
  /** Test types this deployment runs (a worker consumes their queue); others answer 501. */
  ENABLED_TEST_TYPES: listVar(kindNames.join(',')).pipe(z.array(z.enum(kindNames)).min(1)),
};

const serviceEnv = z.object(serviceEnvShape);

/** What the services read (PUBLIC_BASE_URL resolved by the app, QUEUE_PREFIX from its Redis settings). */
export type ServiceConfig = Omit<z.output<typeof serviceEnv>, 'PUBLIC_BASE_URL'> & {
  PUBLIC_BASE_URL: string;
  QUEUE_PREFIX: string;
};
