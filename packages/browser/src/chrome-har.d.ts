declare module 'chrome-har' {
  export interface Har {
    log: {
      version: string;
      creator: { name: string; version: string };
      pages: Array<Record<string, unknown>>;
      entries: Array<Record<string, unknown> & { request: { url: string } }>;
    };
  }
  export function harFromMessages(
    messages: Array<{ method: string; params: unknown }>,
    options?: { includeTextFromResponseBody?: boolean; includeResourcesFromDiskCache?: boolean },
  ): Har;
}
