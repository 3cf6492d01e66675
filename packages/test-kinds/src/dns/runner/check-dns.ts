import {
  allowsAnyAddress,
  BlockedAddressError,
  blockedReason,
  type GuardPolicy,
  NetworkError,
} from '@pageprobe/net-guard';
import {
  type DnsResult,
  type Expectation,
  evaluateExpectations,
  firstFailure,
  parseDnsQuery,
  resolverAddress,
} from '@pageprobe/test-kinds';
import { queryDns } from './query-dns.ts';

export interface DnsCheckOptions {
  /** Whether the query's resolver may be asked (a refused one throws `blocked`); the system's always may. */
  policy: GuardPolicy;
  timeoutMs: number;
  expect?: readonly Expectation[];
}

type Reason = NonNullable<DnsResult['reason']>;

/** c-ares's codes as a check's reason, and how its message says it. */
const FAILURES: Record<string, { reason: Reason; says: (q: string, at: string, ms: number) => string }> = {
  ENOTFOUND: { reason: 'nxdomain', says: (q) => `DNS server answered NXDOMAIN for ${q} (the name does not exist)` },
  ESERVFAIL: { reason: 'servfail', says: (q) => `DNS server answered SERVFAIL for ${q}` },
  EREFUSED: { reason: 'refused', says: (q) => `DNS server answered REFUSED for ${q}` },
  ENODATA: { reason: 'no_answer', says: (q) => `DNS server has no records for ${q}` },
  ETIMEOUT: { reason: 'timeout', says: (q, at, ms) => `DNS server ${at} did not answer for ${q} in ${ms} ms` },
  ECANCELLED: { reason: 'timeout', says: (q, at, ms) => `DNS server ${at} did not answer for ${q} in ${ms} ms` },
  ECONNREFUSED: { reason: 'connection_refused', says: (q, at) => `DNS server ${at} refused the connection for ${q}` },
};

/**
 * One DNS check of a stored DNS URI: the query at its resolver (held to the address policy here too:
 * the acceptance check was earlier) or the system's, its answers and their TTLs, and the expectations on
 * them. A name that does not resolve is a result; only a refused resolver throws (NetworkError `blocked`).
 */
export async function checkDns(target: string, options: DnsCheckOptions): Promise<DnsResult> {
  const query = parseDnsQuery(target);
  if ('problem' in query) throw new Error(`stored DNS target ${target} ${query.problem}`);
  const { name, type, resolver } = query;
  const at = resolver ? resolverAddress(resolver) : null;
  if (resolver && !allowsAnyAddress(resolver.host, resolver.port, options.policy)) {
    const reason = blockedReason(resolver.host);
    if (reason) {
      const blocked = new BlockedAddressError(resolver.host, resolver.host, reason);
      throw new NetworkError('blocked', `The resolver is a ${reason} address, which is not allowed`, {
        cause: blocked,
      });
    }
  }
  const started = performance.now();
  const asked = `${name} ${type}`;
  let answers: DnsResult['answers'] = [];
  let failure: { reason: Reason; error: string } | null = null;
  try {
    answers = await queryDns(name, type, {
      ...(at ? { resolver: at } : {}),
      timeoutMs: options.timeoutMs,
      localAddress: options.policy.localAddress,
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    const known = FAILURES[code];
    failure = known
      ? { reason: known.reason, error: known.says(asked, at ?? 'of the system', options.timeoutMs) }
      : { reason: 'dns_error', error: `DNS query for ${asked} failed: ${code || (error as Error).message}` };
  }
  const total = Math.round(performance.now() - started);
  // Split-horizon names (issue 56): the worker's resolver may answer a public-looking name with an
  // address of its own network. Without ALLOW_PRIVATE_TARGETS such answers are withheld, as a connection
  // to them would be refused: not shown, not matched, only counted.
  let withheld = 0;
  if (!options.policy.allowPrivate && (type === 'A' || type === 'AAAA')) {
    const shown = answers.filter((a) => blockedReason(a.value) === null);
    withheld = answers.length - shown.length;
    answers = shown;
  }
  const expectations = failure
    ? []
    : evaluateExpectations(options.expect ?? [], { answers: answers.map((a) => a.value), response_time_ms: total });
  const unmet = failure ? null : firstFailure(expectations);
  return {
    up: failure === null && unmet === null,
    reason: failure?.reason ?? (unmet ? 'expectation_failed' : null),
    name,
    type,
    resolver: at,
    answers,
    timings_ms: { total },
    expectations,
    error: failure?.error ?? (unmet ? `${unmet} (${asked})` : null),
    ...(withheld > 0 ? { withheld } : {}),
  };
}
