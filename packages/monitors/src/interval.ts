import type { Plan, TestType } from '@pageprobe/db';
import { monitorKindNamed } from '@pageprobe/test-kinds';

/** The longest interval a monitor may have: 30 days. */
export const MAX_INTERVAL_SECONDS = 30 * 24 * 3600;

/** The shortest interval a plan may schedule a kind at: the kind's own floor for the plan, or the deployment's. */
export const minIntervalFor = (type: TestType, plan: Plan, deploymentMin: number): number =>
  Math.max(deploymentMin, monitorKindNamed(type).monitor.minIntervalSeconds[plan] ?? 0);
