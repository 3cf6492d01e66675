import type { KeyRules, Measure } from '../assertions/assertions.ts';
import { nearest } from '../assertions/nearest.ts';
import { AUDIT_IDS, CATEGORY_IDS, LIGHTHOUSE_VERSION, REPLACED_AUDITS } from './generated/lighthouse-audits.ts';

const CATEGORIES = new Set(CATEGORY_IDS);
const AUDITS = new Set(AUDIT_IDS);
const RESOURCE_TYPES = new Set([
  'document',
  'script',
  'stylesheet',
  'image',
  'font',
  'media',
  'other',
  'third-party',
  'total',
]);
const AUDIT_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** `user-timing:<name>`: a User Timing measure's duration, or a mark's start (ms from navigation start). */
const USER_TIMING = /^user-timing:(.+)$/;

/** Why an audit id is not one of the Lighthouse we run, with what was probably meant. */
function unknownAudit(id: string): string {
  const successor = REPLACED_AUDITS[id];
  const close = successor ?? nearest(id, AUDIT_IDS);
  return `is not an audit of Lighthouse ${LIGHTHOUSE_VERSION}${
    successor ? `; its successor is "${successor}"` : close ? `; did you mean "${close}"?` : ''
  }`;
}

/**
 * Lighthouse CI's keys: `categories:<id>` (minScore 0–1), `resource-summary:<type>:size|count`
 * (maxNumericValue, bytes or requests), `user-timing:<name>` (maxNumericValue, ms), and the id of an audit of the Lighthouse the workers run
 * (generated/lighthouse-audits.ts; minScore, maxNumericValue in the audit's unit, maxLength of its
 * items; a bare level means the audit must pass: minScore 1).
 */
export const lighthouseAssertionRules: KeyRules = (key) => {
  if (USER_TIMING.test(key)) return { operators: ['maxNumericValue'] };
  const category = /^categories:(.+)$/.exec(key);
  if (category) {
    if (CATEGORIES.has(category[1]!)) return { operators: ['minScore'] };
    const close = nearest(category[1]!, CATEGORY_IDS);
    const unknown = `is not a category of Lighthouse ${LIGHTHOUSE_VERSION} (${CATEGORY_IDS.join(', ')})`;
    return { operators: ['minScore'], unknown: close ? `${unknown}; did you mean "categories:${close}"?` : unknown };
  }
  const summary = /^resource-summary:([a-z-]+):(size|count)$/.exec(key);
  if (summary) return RESOURCE_TYPES.has(summary[1]!) ? { operators: ['maxNumericValue'] } : null;
  if (key.startsWith('resource-summary')) return null;
  if (!AUDIT_ID.test(key)) return null;
  return {
    operators: ['minScore', 'maxNumericValue', 'maxLength'],
    implied: { operator: 'minScore', expected: 1 },
    ...(AUDITS.has(key) ? {} : { unknown: unknownAudit(key) }),
  };
};

/** The parts of a Lighthouse result the assertions read. */
export interface LighthouseSubject {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | {
        score: number | null;
        numericValue?: number;
        details?: { items?: Array<Record<string, unknown>> };
      }
    | undefined
  >;
}

export const measureLighthouse =
  (lhr: LighthouseSubject): Measure =>
  (key, operator) => {
    const timing = USER_TIMING.exec(key);
    if (timing) {
      // Lighthouse lists measures before marks: a name that is both is its measure.
      const entry = lhr.audits['user-timings']?.details?.items?.find((i) => i.name === timing[1]);
      if (!entry) return null;
      const value = entry.timingType === 'Measure' ? entry.duration : entry.startTime;
      return typeof value === 'number' ? value : null;
    }
    const category = /^categories:(.+)$/.exec(key);
    if (category) return lhr.categories[category[1]!]?.score ?? null;
    const summary = /^resource-summary:([a-z-]+):(size|count)$/.exec(key);
    if (summary) {
      const row = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === summary[1]);
      const value = row?.[summary[2] === 'size' ? 'transferSize' : 'requestCount'];
      return typeof value === 'number' ? value : row ? null : 0;
    }
    const audit = lhr.audits[key];
    if (!audit) return null;
    if (operator === 'minScore') return audit.score;
    if (operator === 'maxLength') return audit.details?.items?.length ?? 0;
    return audit.numericValue ?? null;
  };
