import { z } from 'zod';
import { checkComparison } from '../compare/check-compare.ts';

const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** Two uptime checks: the verdict, the status codes, the time of each phase, the certificate's days left. */
export const uptimeComparison = checkComparison({
  id: 'UptimeDeltas',
  description: 'head − base of two uptime checks.',
  phases: ['dns', 'connect', 'tls', 'first_byte', 'download', 'total'],
  more: {
    shape: { status_code: z.object({ head: z.int().nullable(), base: z.int().nullable() }) },
    compare: (h, b) => ({ status_code: { head: int(h.status_code), base: int(b.status_code) } }),
  },
});
