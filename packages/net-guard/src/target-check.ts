import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedReason } from './address-policy.ts';

export interface TargetPolicy {
  allowPrivate: boolean;
}

export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Checks a URL a client gave us before we accept it: scheme, and every address its host is or resolves
 * to. The WHATWG parser already turns `127.1`, `2130706433` and `0x7f.1` into `127.0.0.1`, so the
 * shortened forms are caught here. Connection-time checks (guarded-lookup.ts) still apply later:
 * DNS can change between acceptance and the test.
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
    return { ok: false, reason: 'is not an absolute URL' };
  }
  if (!protocols.includes(url.protocol)) {
    return { ok: false, reason: `must use ${protocols.map((p) => p.slice(0, -1)).join(' or ')}` };
  }
  if (url.username || url.password) return { ok: false, reason: 'must not carry credentials' };
  if (policy.allowPrivate) return { ok: true, url };

  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'points to loopback' };
  let addresses: string[];
  if (isIP(host)) {
    addresses = [host];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      // A name that does not resolve cannot reach a private address; whether the site is down is the
      // test's finding (uptime reports dns_error), not a reason to refuse the request.
      return { ok: true, url };
    }
  }
  for (const address of addresses) {
    const reason = blockedReason(address);
    if (reason) return { ok: false, reason: `resolves to a ${reason} address` };
  }
  return { ok: true, url };
}
