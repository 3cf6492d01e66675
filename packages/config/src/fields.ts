import { z } from 'zod';

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off', '']);

export const boolFlag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const v = value.trim().toLowerCase();
      if (TRUE.has(v)) return true;
      if (FALSE.has(v)) return false;
      ctx.addIssue({ code: 'custom', message: `expected true or false, got "${value}"` });
      return z.NEVER;
    });

export const intVar = (fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      if (!/^\d+$/.test(value.trim())) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number, got "${value}"` });
        return z.NEVER;
      }
      const n = Number(value);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `expected a number from ${min} to ${max}, got ${n}` });
        return z.NEVER;
      }
      return n;
    });

export const portVar = (fallback: number) => intVar(fallback, { min: 0, max: 65535 });

export const urlVar = (protocols: string[], hint: string) =>
  z
    .string({ error: `is required (${hint})` })
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `expected a ${protocols.join(' or ')}// URL`,
    );

/** A comma-separated list, trimmed, empty items dropped. */
export const listVar = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v) =>
      v
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    );

export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
