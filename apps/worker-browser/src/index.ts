export { startEgressProxy } from './egress/egress-proxy.ts';
export type { Lhr } from './lighthouse/lhr.ts';
export { improvableAudits, summarise } from './lighthouse/summarise.ts';
export { impact, structureScore } from './lighthouse/structure-score.ts';
export { browserEnv } from './config.ts';
