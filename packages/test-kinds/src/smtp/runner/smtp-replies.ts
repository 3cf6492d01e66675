// Reading an SMTP server's replies (RFC 5321 section 4.2): lines of a three-digit code, then `-` on every
// line but the last, which has a space (or nothing) after its code. A server is a stranger: a line that is no
// reply, or a reply longer than a mail server sends, ends the conversation instead of growing a buffer.

/** One reply: its code, and the text of each of its lines (the code and separator removed). */
export interface Reply {
  code: number;
  lines: string[];
}

/** Far above any real reply (RFC 5321 allows 512 octets a line; EHLO lists a dozen lines). */
export const MAX_REPLY_BYTES = 64 * 1024;

export class ReplyError extends Error {}

/** Replies as they arrive in chunks: `push` a chunk, then `take` each complete reply. */
export class ReplyReader {
  #pending = '';
  #lines: string[] = [];

  push(chunk: string): void {
    this.#pending += chunk;
    if (this.#pending.length > MAX_REPLY_BYTES) throw new ReplyError(`a reply longer than ${MAX_REPLY_BYTES} bytes`);
  }

  /** The next complete reply, or null until one has arrived. */
  take(): Reply | null {
    for (;;) {
      const end = this.#pending.indexOf('\n');
      if (end === -1) return null;
      const line = this.#pending.slice(0, end).replace(/\r$/, '');
      this.#pending = this.#pending.slice(end + 1);
      const match = /^(\d{3})([ -]|$)(.*)$/.exec(line);
      if (!match) throw new ReplyError(`not an SMTP reply: ${quoted(line)}`);
      const [, code, separator, text] = match;
      if (this.#lines.length > 0 && code !== this.#lines[0]!.slice(0, 3))
        throw new ReplyError(`a reply whose lines disagree on their code: ${quoted(line)}`);
      this.#lines.push(line);
      if (separator === '-') continue;
      const lines = this.#lines.map((l) => l.slice(4));
      lines[lines.length - 1] = text!;
      this.#lines = [];
      return { code: Number(code), lines };
    }
  }
}

/** A server's line as we quote it: its control characters shown as U+FFFD, cut at 200 characters. */
export function quoted(line: string): string {
  const shown = line.replace(/\p{Cc}/gu, '\uFFFD');
  return `"${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}"`;
}

/** A reply as the server said it, first line: `554 5.7.1 go away`. */
export const replyLine = (reply: Reply) => `${reply.code} ${reply.lines[0] ?? ''}`.trimEnd();

/** Whether an EHLO reply offers an extension (its lines after the first, keyword first, any case). */
export const offers = (ehlo: Reply, keyword: string) =>
  ehlo.lines.slice(1).some((line) => line.split(' ')[0]!.toUpperCase() === keyword);
