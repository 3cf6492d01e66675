/** The resolutions rollups are kept at: a minute, an hour, a day (UTC). */
export const LEVELS = [
  { name: 'minute', table: 'monitoring.rollups_minute', ms: 60_000 },
  { name: 'hour', table: 'monitoring.rollups_hour', ms: 3600_000 },
  { name: 'day', table: 'monitoring.rollups_day', ms: 24 * 3600_000 },
] as const;

export type Level = (typeof LEVELS)[number];

/** The start of the level's bucket holding `at`. */
export const bucketStart = (level: Level, at: Date) => new Date(Math.floor(at.getTime() / level.ms) * level.ms);

/**
 * Uptime checks keep no minute rollups: their raw rows are that level (kept as long, read grouped by
 * minute), as a minute rarely holds more than one check and its rollup row would be ten times its size.
 */
export const CHECK_LEVELS = LEVELS.filter((l) => l.name !== 'minute');
