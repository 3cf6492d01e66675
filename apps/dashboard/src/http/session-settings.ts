import type { SessionSettings } from '@pageprobe/accounts';
import type { DashboardConfig } from '../config.ts';

export const sessionSettings = (config: DashboardConfig): SessionSettings => ({
  idleMs: config.SESSION_IDLE_HOURS * 3_600_000,
  maxMs: config.SESSION_MAX_DAYS * 86_400_000,
});
