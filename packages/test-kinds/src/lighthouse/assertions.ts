import type { KeyRules, Measure } from '../assertions/assertions.ts';

const CATEGORIES = new Set(['performance', 'accessibility', 'best-practices', 'seo']);
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

/**
 * Lighthouse CI's keys: `categories:<id>` (minScore 0–1), `resource-summary:<type>:size|count`
 * (maxNumericValue, bytes or requests), and any audit id (minScore, maxNumericValue in the audit's unit,
 * maxLength of its items; a bare level means the audit must pass: minScore 1).
 */
export const lighthouseAssertionRules: KeyRules = (key) => {
  const category = /^categories:(.+)$/.exec(key);
  if (category) return CATEGORIES.has(category[1]!) ? { operators: ['minScore'] } : null;
  const summary = /^resource-summary:([a-z-]+):(size|count)$/.exec(key);
  if (summary) return RESOURCE_TYPES.has(summary[1]!) ? { operators: ['maxNumericValue'] } : null;
  if (key.startsWith('resource-summary')) return null;
  return AUDIT_ID.test(key)
    ? { operators: ['minScore', 'maxNumericValue', 'maxLength'], implied: { operator: 'minScore', expected: 1 } }
    : null;
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
