import type { Plan, TestType } from '@pageprobe/db';

/** Credits a test costs (CONTRACT.md): lighthouse is free on the free plan, which limits it per hour instead. */
export function creditCost(type: TestType, plan: Plan): number {
  switch (type) {
    case 'uptime':
      return 0;
    case 'seo_crawl':
      return 1;
    case 'lighthouse':
      return plan === 'free' ? 0 : 1;
  }
}

export const costsFor = (plan: Plan) => ({
  lighthouse: creditCost('lighthouse', plan),
  seo_crawl: creditCost('seo_crawl', plan),
  uptime: creditCost('uptime', plan),
});

/** The free plan's lighthouse allowance is counted over a rolling hour. */
export const FREE_WINDOW_SECONDS = 3600;
