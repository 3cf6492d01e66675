import { checkComparison } from '../compare/check-compare.ts';

/** Two SMTP checks: the verdict, the time of each phase, the certificate's days left. */
export const smtpComparison = checkComparison({
  id: 'SmtpDeltas',
  description: 'head − base of two SMTP checks.',
  phases: ['dns', 'connect', 'tls', 'greeting', 'ehlo', 'total'],
});
