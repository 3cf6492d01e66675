import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { Page } from 'puppeteer-core';
import type { Lhr } from './lhr.ts';

export interface LighthouseRun {
  lhr: Lhr;
  lhrJson: string;
  reportHtml: string;
  devtoolsLog: Array<{ method: string; params: unknown }>;
}

/** One Lighthouse navigation on a Puppeteer page: mobile defaults (simulated throttling) or desktop. */
export async function runLighthouse(
  page: Page,
  url: string,
  { device, maxWaitForLoad }: { device: 'mobile' | 'desktop'; maxWaitForLoad: number },
): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    { output: ['json', 'html'], logLevel: 'error', maxWaitForLoad },
    device === 'desktop' ? desktopConfig : undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse returned no result');
  const [lhrJson, reportHtml] = result.report as string[];
  return {
    lhr: result.lhr as unknown as Lhr,
    lhrJson: lhrJson!,
    reportHtml: reportHtml!,
    devtoolsLog: (result.artifacts as unknown as { DevtoolsLog: LighthouseRun['devtoolsLog'] }).DevtoolsLog,
  };
}
