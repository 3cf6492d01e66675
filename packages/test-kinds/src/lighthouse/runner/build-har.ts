/// <reference path="./chrome-har.d.ts" />
import { type Har, harFromMessages } from 'chrome-har';

/** HAR 1.2 of the page load, from the DevTools protocol log Lighthouse recorded during its run. */
export function buildHar(devtoolsLog: Array<{ method: string; params: unknown }>, testUrl: string): Har {
  const har = harFromMessages(devtoolsLog, { includeTextFromResponseBody: false });
  har.log.creator = { name: 'Pageprobe', version: '1.0' };
  const page = har.log.pages[0];
  if (page && !page.title) page.title = testUrl;
  return har;
}
