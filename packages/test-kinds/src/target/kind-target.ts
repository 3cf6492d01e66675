// What a kind's `url` field takes (issue 47): an http(s) page, a `tcp://host:port`, an RFC 4501 `dns:` URI.
// The API reads a request's target through its kind, stores what `read` gives back, and holds the address
// a run will reach to the address policy; nothing outside the kind's folder knows a target's syntax.

export type TargetRead =
  | {
      ok: true;
      /** The target as stored, listed and searched (bare forms written out in full). */
      url: string;
      /** A URL whose host and port a run connects to, for the address policy; null when the request picks none. */
      reaches: string | null;
      /** A name the worker's own resolver looks up (a DNS query without a resolver): inside names are refused. */
      lookedUp?: string;
    }
  | { ok: false; message: string };

export interface KindTarget {
  /** The schemes of `reaches` (what the address policy's check accepts). */
  protocols: readonly string[];
  /** What `url` takes, in words: the document's description of it for this kind. */
  takes: string;
  /**
   * What `url` takes in a few words, as a form's hint names it before the kinds that take it (`an http(s)
   * page`); an example in backticks is shown as code.
   */
  hint: string;
  read(input: string): TargetRead;
}

/** A page's address: taken as given; the address policy's check reads and refuses it. */
export const httpTarget: KindTarget = {
  protocols: ['http:', 'https:'],
  takes: 'An absolute http(s) URL of a public page, without a user name or password (use `basic_auth`).',
  hint: 'an http(s) page',
  read: (input) => ({ ok: true, url: input, reaches: input }),
};

/**
 * A host as the WHATWG URL parser writes it for http (lower case, IDNA to punycode, `127.1` as
 * `127.0.0.1`), so a tcp or dns target's host is the one the address policy checks, whatever its
 * spelling: non-special schemes keep a host as typed. Null when it is not a valid host.
 */
export function canonicalHost(host: string): string | null {
  if (!host || /[/?#@\\\s]/.test(host)) return null;
  try {
    return new URL(`http://${host}/`).hostname || null;
  } catch {
    return null;
  }
}

/** The host (bare, without IPv6 brackets) and port of a stored `scheme://host:port` target (tcp's, smtp's). */
export function endpointOf(target: string): { host: string; port: number } {
  const url = new URL(target);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  return { host, port: Number(url.port) };
}
