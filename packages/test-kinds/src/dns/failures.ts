import { type Advice, COMMON_FAILURES } from '../report/advice.ts';

/** What a DNS check's reasons mean to whoever runs the zone, and what to try. */
export const dnsFailures: Record<string, Advice> = {
  ...COMMON_FAILURES,
  nxdomain: {
    what: 'The name does not exist (NXDOMAIN).',
    tryThis:
      'Check the name for typos, that the domain is registered and delegated, and that the record was not deleted.',
  },
  servfail: {
    what: 'The DNS server failed to answer (SERVFAIL).',
    tryThis:
      'Check the zone’s authoritative servers: a broken DNSSEC signature, an expired zone or unreachable name servers are the usual causes.',
  },
  refused: {
    what: 'The DNS server refused the query (REFUSED).',
    tryThis: 'Check that the server serves this zone, or allows recursive queries from our address.',
  },
  no_answer: {
    what: 'The name exists but has no records of this type.',
    tryThis: 'Check that the record exists in the zone and has propagated (its type, and the exact name).',
  },
  timeout: {
    what: 'The DNS server did not answer in time.',
    tryThis: 'Check that the resolver is up and reachable on its port (UDP and TCP 53 unless another is given).',
  },
  connection_refused: {
    what: 'Nothing listens for DNS at the resolver’s address and port.',
    tryThis: 'Check the resolver’s address and port, and that the DNS server is running.',
  },
  dns_error: {
    what: 'The query failed.',
    tryThis: 'Read the error in the check’s result; check the resolver and the name.',
  },
  expectation_failed: {
    what: 'The name resolved, but the answers were not what was expected.',
    tryThis: 'Compare the answers with the expectation: a record changed, was added or was removed.',
  },
};
