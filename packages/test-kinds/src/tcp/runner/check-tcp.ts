import { connect, isIP, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import {
  connectionLookup,
  type GuardPolicy,
  guardedTlsConnect,
  NetworkError,
  networkErrorCode,
  sourceOptions,
  toNetworkError,
} from '@pageprobe/net-guard';
import {
  endpointOf,
  type Expectation,
  evaluateExpectations,
  firstFailure,
  type TcpResult,
} from '@pageprobe/test-kinds';
import { connectionReason, connectionWords } from '../../target/connection-words.ts';
import { handshakeDetails } from '../../tls/peer-certificate.ts';

export interface TcpCheckOptions {
  /** Who may be reached: the host's every address is checked as it resolves (a refused one throws `blocked`). */
  policy: GuardPolicy;
  timeoutMs: number;
  /** Shake hands in TLS once connected, and describe the certificate. */
  tls?: boolean;
  expect?: readonly Expectation[];
}

/**
 * One TCP check of a stored `tcp://host:port` target: connect through the egress guard (every address
 * of the host checked as it resolves, the socket bound to the policy's local address), and with `tls`
 * a handshake that accepts any certificate so it can be described, judged by Node's own verification
 * and host name check. A port that is down is a result; only a refused address throws (NetworkError
 * coded `blocked`).
 */
export async function checkTcp(target: string, options: TcpCheckOptions): Promise<TcpResult> {
  const { host, port } = endpointOf(target);
  const started = performance.now();
  const marks: { lookup?: number; connect?: number; secure?: number; ip?: string } = {};
  const since = (t: number | undefined, from = started) => (t === undefined ? null : Math.round(t - from));
  const url = new URL(target);
  let socket: Socket | TLSSocket | undefined;
  const outcome = await new Promise<{ error: NetworkError | null; cert: TcpResult['tls'] }>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () => finish(new NetworkError('timeout', `no answer from ${host}:${port} in ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    const finish = (error: NetworkError | null, cert: TcpResult['tls'] = null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket?.destroy();
      if (error?.code === 'blocked') return reject(error);
      resolve({ error, cert });
    };
    try {
      socket = options.tls
        ? guardedTlsConnect(url, options.policy, { rejectUnauthorized: false })
        : connect({ host, port, lookup: connectionLookup(url, options.policy), ...sourceOptions(options.policy) });
    } catch (error) {
      return finish(toNetworkError(error));
    }
    socket.once('lookup', () => {
      marks.lookup = performance.now();
    });
    socket.once('connect', () => {
      marks.connect = performance.now();
      marks.ip = socket!.remoteAddress;
      if (!options.tls) finish(null);
    });
    socket.once('secureConnect', () => {
      marks.secure = performance.now();
      const tls = socket as TLSSocket;
      const details = handshakeDetails(tls);
      const error = tls.authorized
        ? null
        : new NetworkError('tls_error', `the certificate of ${host}:${port} is not trusted: ${details.error}`);
      finish(error, details);
    });
    socket.once('error', (error) => {
      const code = networkErrorCode(error);
      // A handshake that fails after the TCP connection is TLS's failure, whatever Node calls it.
      const failed =
        options.tls && marks.connect !== undefined && code !== 'blocked' && code !== 'timeout'
          ? new NetworkError('tls_error', `TLS handshake with ${host}:${port} failed: ${error.message}`, {
              cause: error,
            })
          : toNetworkError(error);
      finish(failed);
    });
  });
  const total = performance.now();
  const timings = {
    dns: isIP(host) ? null : since(marks.lookup),
    connect: since(marks.connect, marks.lookup ?? started),
    tls: options.tls ? since(marks.secure, marks.connect) : null,
    total: Math.round(total - started),
  };
  const expectations = evaluateExpectations(options.expect ?? [], {
    response_time_ms: timings.total,
    certificate_days: outcome.cert?.days_remaining ?? null,
  });
  const { error } = outcome;
  const unmet = error ? null : firstFailure(expectations);
  const reason: TcpResult['reason'] = error ? connectionReason(error) : unmet ? 'expectation_failed' : null;
  return {
    up: !error && unmet === null,
    reason,
    host,
    port,
    ip_address: marks.ip ?? null,
    timings_ms: timings,
    tls: outcome.cert,
    expectations: error ? [] : expectations,
    error: error ? connectionWords(error, host, port) : unmet,
  };
}
