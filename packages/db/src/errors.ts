// PostgreSQL error codes the services act on, read from Prisma's driver-adapter errors.

/** The SQLSTATE of a database error raised through Prisma or pg, if any. */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const e = current as {
      code?: unknown;
      meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
      cause?: unknown;
    };
    const original = e.meta?.driverAdapterError?.cause?.originalCode;
    if (typeof original === 'string') return original;
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    current = e.cause;
  }
  return undefined;
}

export const CHECK_VIOLATION = '23514';
export const UNIQUE_VIOLATION = '23505';
