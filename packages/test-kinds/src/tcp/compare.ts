import { checkComparison } from '../compare/check-compare.ts';

/** Two TCP checks: the verdict, the time of each phase, the certificate's days left. */
export const tcpComparison = checkComparison({
  id: 'TcpDeltas',
  description: 'head − base of two TCP checks.',
  phases: ['dns', 'connect', 'tls', 'total'],
});
