import { phasedCheckAssertions } from '../assertions/check-assertions.ts';

/** tcp's keys: `tcp:up`, `tcp:timings:<dns|connect|tls|total>` (ms) and `tcp:certificate:days_remaining`. */
const { rules, measure } = phasedCheckAssertions('tcp', ['dns', 'connect', 'tls', 'total']);
export const tcpAssertionRules = rules;
export const measureTcp = measure;
