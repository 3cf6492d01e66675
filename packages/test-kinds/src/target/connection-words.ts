// What a check that opens a connection itself (tcp, smtp) says when it could not: the reason a result
// stores, and the words (naming the host and port: an alert quotes them).

/** A NetworkError of @pageprobe/net-guard, as far as its words go (the runners have it; the kinds do not). */
interface NetworkError {
  code: string;
  message: string;
  systemCode: string | null;
}

const REASONS = ['dns_error', 'connection_refused', 'connection_reset', 'timeout', 'tls_error'] as const;
export type ConnectionReason = (typeof REASONS)[number];

/** A connection failure's reason (anything else, an unreachable network among them, reads as refused). */
export const connectionReason = (error: NetworkError): ConnectionReason =>
  (REASONS as readonly string[]).includes(error.code) ? (error.code as ConnectionReason) : 'connection_refused';

/** A failure in words that name the host and port, with Node's code for whoever digs. */
export function connectionWords(error: NetworkError, host: string, port: number): string {
  const code = error.systemCode ? ` (${error.systemCode})` : '';
  switch (error.code) {
    case 'connection_refused':
      return `${host}:${port} refused the connection${code}`;
    case 'connection_reset':
      return `${host}:${port} cut the connection off${code}`;
    case 'dns_error':
      return `${host} could not be resolved${code}`;
    case 'timeout':
    case 'tls_error':
      return error.message;
    default:
      return `${host}:${port} could not be reached: ${error.message}`;
  }
}
