import { type Level, LEVELS } from '@pageprobe/test-lifecycle';

/** The tables a level of real-user rollups lives in (the same minute, hour and day as monitors'). */
export const RUM_TABLES: Record<Level['name'], string> = {
  minute: 'monitoring.rum_minute',
  hour: 'monitoring.rum_hour',
  day: 'monitoring.rum_day',
};

export const RUM_LEVELS = LEVELS;
