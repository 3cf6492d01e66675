import { teamWithKey as team } from '@pageprobe/testing';
import type { TestEnv } from './test-env.ts';

/** A team with a write key (and credits) in this file's database. */
export const teamWithKey = (env: TestEnv, options: { plan?: 'free' | 'pro'; credits?: number } = {}) =>
  team(env.db, options);
