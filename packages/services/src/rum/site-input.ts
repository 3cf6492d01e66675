import {
  MAX_GROUP_NAME_CHARS,
  MAX_PAGE_GROUPS,
  OTHER_GROUP,
  type PageGroup,
  patternProblem,
  RUM_METRICS,
  type RumMetric,
} from '@pageprobe/rum';
import { ProblemError } from '../problem.ts';

/** POST /rum/sites and PATCH /rum/sites/{id}: what the document lets through, checked again here. */
export interface RumSiteInput {
  name?: string;
  origins?: string[];
  sample_rate?: number;
  page_groups?: PageGroup[];
  keep_query_strings?: boolean;
  budgets?: Partial<Record<RumMetric, number>>;
  alert_channels?: string[];
  alert?: { window_minutes?: number; min_page_views?: number };
  beacons_per_minute?: number;
}

/** Origins one site may list. */
export const MAX_ORIGINS = 50;
export const MAX_SITE_NAME_CHARS = 100;
/** rum.regressed's window: from five minutes to a day. */
export const ALERT_WINDOW_MINUTES = { min: 5, max: 1440 };
export const BEACONS_PER_MINUTE = { min: 1, max: 600_000 };

const invalid = (path: string, message: string) =>
  new ProblemError(400, 'validation_failed', `${path} ${message}.`, { errors: [{ path: `body.${path}`, message }] });

/**
 * An origin as the browser sends it in its Origin header: `scheme://host[:port]`, lower case, the default
 * port dropped, http or https only. A path, a query, credentials or a wildcard are refused, not dropped:
 * a team that typed `https://example.com/shop` may mean something an origin cannot say.
 */
export function normaliseOrigin(raw: string): string | { problem: string } {
  if (typeof raw !== 'string' || raw.trim() === '') return { problem: 'is empty' };
  const text = raw.trim();
  if (text.includes('*')) return { problem: 'has a wildcard; list each origin (scheme://host[:port])' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { problem: 'is not an origin such as https://www.example.com' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'must be http or https' };
  if (url.username || url.password) return { problem: 'must not hold a user name or password' };
  if (url.search || url.hash || text.endsWith('?') || text.endsWith('#')) {
    return { problem: 'must not have a query or fragment' };
  }
  if (url.pathname !== '/' || /^[a-z]+:\/\/[^/]+\/./i.test(text)) {
    return { problem: 'must not have a path (an origin is scheme://host[:port])' };
  }
  return url.origin;
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw invalid('name', 'is required');
  const trimmed = name.trim();
  if (trimmed.length > MAX_SITE_NAME_CHARS) throw invalid('name', `is longer than ${MAX_SITE_NAME_CHARS} characters`);
  return trimmed;
}

function checkOrigins(origins: unknown): string[] {
  if (!Array.isArray(origins) || origins.length === 0) throw invalid('origins', 'must list at least one origin');
  if (origins.length > MAX_ORIGINS) throw invalid('origins', `lists more than ${MAX_ORIGINS} origins`);
  const out: string[] = [];
  origins.forEach((raw, i) => {
    const origin = normaliseOrigin(raw as string);
    if (typeof origin !== 'string') throw invalid(`origins.${i}`, origin.problem);
    if (!out.includes(origin)) out.push(origin);
  });
  return out;
}

function checkGroups(groups: unknown): PageGroup[] {
  if (!Array.isArray(groups)) throw invalid('page_groups', 'must be a list of {name, pattern}');
  if (groups.length > MAX_PAGE_GROUPS) throw invalid('page_groups', `lists more than ${MAX_PAGE_GROUPS} groups`);
  const names = new Set<string>();
  return groups.map((g: unknown, i) => {
    const { name, pattern } = (g ?? {}) as { name?: unknown; pattern?: unknown };
    if (typeof name !== 'string' || name.trim() === '') throw invalid(`page_groups.${i}.name`, 'is required');
    const trimmed = name.trim();
    if (trimmed.length > MAX_GROUP_NAME_CHARS) {
      throw invalid(`page_groups.${i}.name`, `is longer than ${MAX_GROUP_NAME_CHARS} characters`);
    }
    // "other" is what a path no group matches is counted as: a group of that name would merge with it.
    if (trimmed === OTHER_GROUP) throw invalid(`page_groups.${i}.name`, `"${OTHER_GROUP}" is kept for unmatched paths`);
    if (names.has(trimmed)) throw invalid(`page_groups.${i}.name`, 'is given to another group');
    names.add(trimmed);
    const problem = patternProblem(pattern as string);
    if (problem) throw invalid(`page_groups.${i}.pattern`, problem);
    return { name: trimmed, pattern: pattern as string };
  });
}

function checkBudgets(budgets: unknown): Partial<Record<RumMetric, number>> {
  if (budgets === null || typeof budgets !== 'object' || Array.isArray(budgets)) {
    throw invalid('budgets', 'must be an object of p75 budgets by metric');
  }
  const out: Partial<Record<RumMetric, number>> = {};
  for (const [metric, value] of Object.entries(budgets)) {
    if (!(RUM_METRICS as readonly string[]).includes(metric)) {
      throw invalid(`budgets.${metric}`, `is not one of ${RUM_METRICS.join(', ')}`);
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 600_000) {
      throw invalid(`budgets.${metric}`, 'must be a positive number');
    }
    out[metric as RumMetric] = value;
  }
  return out;
}

const wholeIn = (value: unknown, path: string, min: number, max: number) => {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(path, `must be a whole number from ${min} to ${max}`);
  }
  return value;
};

/** The columns a site's input sets (only those given), or a 400 naming the field. */
export function siteColumns(input: RumSiteInput, creating: boolean) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new ProblemError(400, 'validation_failed', 'The body must be a JSON object.');
  }
  const columns: {
    name?: string;
    origins?: string[];
    sampleRate?: number;
    pageGroups?: PageGroup[];
    keepQueryStrings?: boolean;
    budgets?: Partial<Record<RumMetric, number>>;
    alertChannelIds?: string[];
    alertWindowMinutes?: number;
    alertMinPageViews?: number;
    beaconsPerMinute?: number;
  } = {};
  if (creating || input.name !== undefined) columns.name = checkName(input.name);
  if (creating || input.origins !== undefined) columns.origins = checkOrigins(input.origins);
  if (input.sample_rate !== undefined) {
    const r = input.sample_rate;
    if (typeof r !== 'number' || !Number.isFinite(r) || r <= 0 || r > 1) {
      throw invalid('sample_rate', 'must be above 0 and at most 1');
    }
    columns.sampleRate = r;
  }
  if (input.page_groups !== undefined) columns.pageGroups = checkGroups(input.page_groups);
  if (input.keep_query_strings !== undefined) {
    if (typeof input.keep_query_strings !== 'boolean') throw invalid('keep_query_strings', 'must be true or false');
    columns.keepQueryStrings = input.keep_query_strings;
  }
  if (input.budgets !== undefined) columns.budgets = checkBudgets(input.budgets);
  if (input.alert_channels !== undefined) {
    if (!Array.isArray(input.alert_channels)) throw invalid('alert_channels', 'must be a list of channel ids');
    columns.alertChannelIds = input.alert_channels;
  }
  if (input.alert !== undefined) {
    if (input.alert === null || typeof input.alert !== 'object') throw invalid('alert', 'must be an object');
    const { window_minutes, min_page_views } = input.alert;
    if (window_minutes !== undefined) {
      const { min, max } = ALERT_WINDOW_MINUTES;
      columns.alertWindowMinutes = wholeIn(window_minutes, 'alert.window_minutes', min, max);
    }
    if (min_page_views !== undefined) {
      columns.alertMinPageViews = wholeIn(min_page_views, 'alert.min_page_views', 1, 1_000_000);
    }
  }
  if (input.beacons_per_minute !== undefined) {
    const { min, max } = BEACONS_PER_MINUTE;
    columns.beaconsPerMinute = wholeIn(input.beacons_per_minute, 'beacons_per_minute', min, max);
  }
  return columns;
}
