import { phasedCheckAssertions } from '../assertions/check-assertions.ts';

/**
 * uptime's keys: `uptime:up` (a bare level: the site must be up), `uptime:timings:<phase>`
 * (maxNumericValue in ms: dns, connect, tls, first_byte, download, total) and
 * `uptime:certificate:days_remaining` (minNumericValue).
 */
const { rules, measure } = phasedCheckAssertions('uptime', [
  'dns',
  'connect',
  'tls',
  'first_byte',
  'download',
  'total',
]);
export const uptimeAssertionRules = rules;
export const measureUptime = measure;
