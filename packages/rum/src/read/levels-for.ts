import { type Level, LEVELS } from '@pageprobe/test-lifecycle';

/** A series has at most this many points, as monitors' series: the finest rollups that fit, merged beyond. */
export const MAX_RUM_POINTS = 500;

/**
 * The finest level whose buckets over [from, to] number at most MAX_RUM_POINTS: minutes up to about 8
 * hours, hours up to about 20 days, days beyond (monitors' `levelFor`, which @pageprobe/rum cannot import).
 */
export const rumLevelFor = (from: Date, to: Date): Level =>
  LEVELS.find((l) => (to.getTime() - from.getTime()) / l.ms <= MAX_RUM_POINTS) ?? LEVELS[LEVELS.length - 1]!;
