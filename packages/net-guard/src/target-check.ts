import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from './address-policy.ts';
import { bareHost } from './policy.ts';

export interface TargetPolicy {
  allowPrivate: boolean;
}

/** `malformed`: not an absolute URL (a validation error); `refused`: a well-formed URL we will not reach. */
export type TargetCheck = { ok: true; url: URL } | { ok: false; kind: 'malformed' | 'refused'; reason: string };

/**
 * Top-level names that only ever resolve inside a network (RFC 6761/6762/8375 and ICANN's private-use
 * `.internal`, plus names in common intranet use): a name under them that does not resolve today may
 * resolve to a private address when the test runs, so it is refused now. `.invalid`, `.example` and
 * `.test` never resolve anywhere and stay accepted: the test reports dns_error.
 */
const PRIVATE_TLDS = new Set([
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'localdomain',
]);

/**
 * Why a host name is refused before it is looked up, or null: it may only resolve inside a network (a
 * DNS check's name asked of the worker's own resolver is held to this too).
 */
export function privateName(hostname: string): string | null {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return 'is a single-label name, which only resolves inside a network';
  const labels = name.split('.');
  const tld = labels.at(-1)!;
  if (PRIVATE_TLDS.has(tld) || name.endsWith('.home.arpa'))
    return `is under .${tld === 'arpa' ? 'home.arpa' : tld}, which only resolves inside a network`;
  return null;
}

/**
 * Checks a URL a client gave us before we accept it: scheme, and every address its host is or resolves
 * to. The WHATWG parser already turns `127.1`, `2130706433` and `0x7f.1` into `127.0.0.1` and lowercases
 * names, so shortened and upper-case forms are caught here; trailing dots are dropped before the name
 * rules. Connection-time checks (guarded-lookup.ts) still apply later: DNS can change between
 * acceptance and the test.
 */
export async function checkTarget(
  input: string,
  policy: TargetPolicy,
  { protocols = ['http:', 'https:'] }: { protocols?: string[] } = {},
): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return { ok: false, kind: 'malformed', reason: 'is not an absolute URL' };
  }
  if (!url.hostname) return { ok: false, kind: 'malformed', reason: 'has no host' };
  const refused = (reason: string): TargetCheck => ({ ok: false, kind: 'refused', reason });
  if (!protocols.includes(url.protocol)) {
    return refused(`must use ${protocols.map((p) => p.slice(0, -1)).join(' or ')}`);
  }
  if (url.username || url.password) return refused('must not carry credentials');
  if (policy.allowPrivate) return { ok: true, url };
  const host = bareHost(url.hostname);
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    const name = privateName(host);
    if (name) return refused(name);
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      // A public name that does not resolve cannot reach a private address; whether the site is down is
      // the test's finding (uptime reports dns_error), not a reason to refuse the request.
      return { ok: true, url };
    }
  }
  for (const address of addresses) {
    const reason = blockedReason(address);
    if (reason) return refused(`resolves to a ${reason} address`);
  }
  return { ok: true, url };
}
