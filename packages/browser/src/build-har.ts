/// <reference path="./chrome-har.d.ts" />
import { type Har, harFromMessages } from 'chrome-har';

// Headers whose values a HAR never carries, as Chrome's own "sanitized" export: credentials and cookies.
const ALWAYS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

type Entry = Har['log']['entries'][number];
type Named = { name: string; value: string };

const redact = (list: Named[] | undefined, names: Set<string>, marker: string) => {
  for (const item of list ?? []) if (names.has(item.name.toLowerCase())) item.value = marker;
};

/**
 * HAR 1.2 of a page's traffic, from a DevTools protocol log (Lighthouse's, or one a browser check
 * recorded), sanitized: Authorization, Cookie and Set-Cookie values, every cookie's value and the test's
 * own header values (`secretHeaders`, names kept) become `marker` (the kinds' "[redacted]").
 */
export function buildHar(
  devtoolsLog: Array<{ method: string; params: unknown }>,
  testUrl: string,
  { secretHeaders = [], marker }: { secretHeaders?: string[]; marker: string },
): Har {
  const har = harFromMessages(devtoolsLog, { includeTextFromResponseBody: false });
  har.log.creator = { name: 'Pageprobe', version: '1.0' };
  const page = har.log.pages[0];
  if (page && !page.title) page.title = testUrl;
  const names = new Set([...ALWAYS, ...secretHeaders.map((n) => n.toLowerCase())]);
  for (const entry of har.log.entries as Array<Entry & Record<string, unknown>>) {
    for (const side of [entry.request, entry.response] as Array<{ headers?: Named[]; cookies?: Named[] }>) {
      redact(side.headers, names, marker);
      for (const cookie of side.cookies ?? []) cookie.value = marker;
    }
  }
  return har;
}
