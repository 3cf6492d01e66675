import type { IssueCode } from '@pageprobe/test-kinds';

/** What the checks found: the URLs per issue code, and per URL the codes with an optional detail. */
export class Findings {
  readonly byCode = new Map<IssueCode, Set<string>>();
  readonly byUrl = new Map<string, Array<{ code: IssueCode; detail?: string }>>();

  add(code: IssueCode, url: string, detail?: string): void {
    const urls = this.byCode.get(code) ?? new Set();
    this.byCode.set(code, urls.add(url));
    const list = this.byUrl.get(url) ?? [];
    this.byUrl.set(url, list);
    if (!list.some((f) => f.code === code && f.detail === detail))
      list.push(detail === undefined ? { code } : { code, detail });
  }

  has(code: IssueCode): boolean {
    return this.byCode.has(code);
  }
}
