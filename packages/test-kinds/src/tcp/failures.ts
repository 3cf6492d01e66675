import { type Advice, COMMON_FAILURES } from '../report/advice.ts';

/** What a TCP check's reasons mean to whoever runs the service on that port, and what to try. */
export const tcpFailures: Record<string, Advice> = {
  ...COMMON_FAILURES,
  dns_error: {
    what: 'The host’s name could not be found in DNS.',
    tryThis: 'Check the host name for typos, and that its DNS records exist.',
  },
  connection_refused: {
    what: 'Nothing accepted the connection on that port (refused, or no route to the host).',
    tryThis: 'Check that the service is running and listening on that port, and that a firewall lets us in.',
  },
  connection_reset: {
    what: 'The connection was cut off.',
    tryThis: 'Check the service’s logs and any firewall or load balancer in front of it.',
  },
  timeout: {
    what: 'The port did not answer in time.',
    tryThis: 'Check that the host is up and that a firewall does not silently drop connections to that port.',
  },
  tls_error: {
    what: 'The TLS handshake failed, or the certificate is not trusted for this host.',
    tryThis:
      'Check that the port speaks TLS directly (not STARTTLS), and that its certificate is valid, unexpired, covers this host name and comes with its intermediates.',
  },
  expectation_failed: {
    what: 'The port answered, but an expectation did not hold.',
    tryThis:
      'Read which one in the check’s result; a slow connection or a certificate close to expiry is the usual cause.',
  },
};
