/// <reference path="./chrome-har.d.ts" />
import { type Har, harFromMessages } from 'chrome-har';
import { REDACTED } from '@pageprobe/test-kinds';

// Headers whose values a HAR never carries, as Chrome's own "sanitized" export: credentials and cookies.
const ALWAYS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

type Entry = Har['log']['entries'][number];
type Named = { name: string; value: string };

const redact = (list: Named[] | undefined, names: Set<string>) => {
  for (const item of list ?? []) if (names.has(item.name.toLowerCase())) item.value = REDACTED;
};

/**
 * HAR 1.2 of the page load, from the DevTools protocol log Lighthouse recorded during its run, sanitized:
 * Authorization, Cookie and Set-Cookie values, every cookie's value and the test's own header values
 * (`secretHeaders`, names kept) are "[redacted]".
 */
export function buildHar(
  devtoolsLog: Array<{ method: string; params: unknown }>,
  testUrl: string,
  secretHeaders: string[] = [],
): Har {
  const har = harFromMessages(devtoolsLog, { includeTextFromResponseBody: false });
  har.log.creator = { name: 'Pageprobe', version: '1.0' };
  const page = har.log.pages[0];
  if (page && !page.title) page.title = testUrl;
  const names = new Set([...ALWAYS, ...secretHeaders.map((n) => n.toLowerCase())]);
  for (const entry of har.log.entries as Array<Entry & Record<string, any>>) {
    for (const side of [entry.request, entry.response] as Array<{ headers?: Named[]; cookies?: Named[] }>) {
      redact(side.headers, names);
      for (const cookie of side.cookies ?? []) cookie.value = REDACTED;
    }
  }
  return har;
}
