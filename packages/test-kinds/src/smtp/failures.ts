import { type Advice, COMMON_FAILURES } from '../report/advice.ts';

/** What an SMTP check's reasons mean to whoever runs the mail server, and what to try. */
export const smtpFailures: Record<string, Advice> = {
  ...COMMON_FAILURES,
  dns_error: {
    what: 'The mail server’s name could not be found in DNS.',
    tryThis: 'Check the host name for typos, and that its DNS records exist (the MX record’s host, not the domain).',
  },
  connection_refused: {
    what: 'Nothing accepted the connection on that port (refused, or no route to the host).',
    tryThis:
      'Check that the mail server is running and listening on that port, and that a firewall lets us in (many networks block port 25).',
  },
  connection_reset: {
    what: 'The server closed the connection before the conversation was over.',
    tryThis:
      'Check the mail server’s logs: it may refuse our address (a blocklist, a connection limit) or be overloaded.',
  },
  timeout: {
    what: 'The server did not answer in time: no connection, no greeting, or no answer to a command.',
    tryThis:
      'Check that the host is up; a server that delays its greeting on purpose (greet pause, tarpitting) may need a longer time budget.',
  },
  tls_error: {
    what: 'The TLS handshake failed, or the certificate is not trusted for this host.',
    tryThis:
      'Check that the certificate is valid, unexpired, covers this host name and comes with its intermediates; an smtps:// target must speak TLS from its first byte, an smtp:// one with STARTTLS.',
  },
  smtp_error: {
    what: 'The server answered, but refused: a greeting other than 220, an EHLO other than 250, or no STARTTLS when asked for TLS.',
    tryThis:
      'Read the server’s reply in the error; a 421 or 554 greeting usually means it is overloaded or refuses us.',
  },
  expectation_failed: {
    what: 'The server answered, but an expectation did not hold.',
    tryThis:
      'Read which one in the check’s result; a slow greeting or a certificate close to expiry is the usual cause.',
  },
};
