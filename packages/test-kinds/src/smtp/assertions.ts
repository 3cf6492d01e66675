import { phasedCheckAssertions } from '../assertions/check-assertions.ts';

/** smtp's keys: `smtp:up`, `smtp:timings:<dns|connect|tls|greeting|ehlo|total>` (ms) and `smtp:certificate:days_remaining`. */
const { rules, measure } = phasedCheckAssertions('smtp', ['dns', 'connect', 'tls', 'greeting', 'ehlo', 'total']);
export const smtpAssertionRules = rules;
export const measureSmtp = measure;
