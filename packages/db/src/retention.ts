import type { Plan } from './generated/client.ts';

/** How long a plan keeps what it stores, in days (issue 29; CONTRACT.md, wave 3). */
export interface Retention {
  /** A monitor's raw checks, and its per-minute rollups. */
  checksDays: number;
  /** A monitor's hourly and daily rollups. */
  aggregatesDays: number;
  /** A test's artifacts and HAR in S3. */
  artifactsDays: number;
}

export const RETENTION: Record<Plan, Retention> = {
  free: { checksDays: 7, aggregatesDays: 90, artifactsDays: 30 },
  pro: { checksDays: 90, aggregatesDays: 2 * 365, artifactsDays: 365 },
};

export const DAY_MS = 24 * 3600_000;
