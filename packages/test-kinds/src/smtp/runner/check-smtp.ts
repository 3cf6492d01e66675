import { connect, isIP, isIPv6, type Socket } from 'node:net';
import { connect as tlsConnect, type TLSSocket } from 'node:tls';
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
  type Expectation,
  evaluateExpectations,
  firstFailure,
  type SmtpResult,
  smtpEndpoint,
} from '@pageprobe/test-kinds';
import { connectionReason, connectionWords } from '../../target/connection-words.ts';
import { handshakeDetails } from '../../tls/peer-certificate.ts';
import { offers, quoted, type Reply, ReplyError, ReplyReader, replyLine } from './smtp-replies.ts';

export interface SmtpCheckOptions {
  /** Who may be reached: the host's every address is checked as it resolves (a refused one throws `blocked`). */
  policy: GuardPolicy;
  /** The whole conversation's budget: connecting, the greeting, EHLO, STARTTLS. */
  timeoutMs: number;
  /** Upgrade an smtp:// conversation with STARTTLS (an smtps:// one has TLS from its first byte). */
  tls?: boolean;
  expect?: readonly Expectation[];
}

/** The server answered, but not as a mail server that accepts mail does. */
class Refusal extends Error {}

/**
 * One SMTP check of a stored `smtp://` or `smtps://` target: connect through the egress guard (every
 * address checked as it resolves, the socket bound to the policy's local address), read the greeting (220),
 * say EHLO (250), and with `tls` upgrade with STARTTLS and say EHLO again (RFC 3207: what was offered before
 * TLS no longer holds), then QUIT. No mail is sent. A handshake accepts any certificate so it can be
 * described, judged by Node's own verification and host name check. A server that is down or refuses is a
 * result; only a refused address throws (NetworkError coded `blocked`).
 */
export async function checkSmtp(target: string, options: SmtpCheckOptions): Promise<SmtpResult> {
  const { host, port, implicitTls } = smtpEndpoint(target);
  const url = new URL(target);
  const started = performance.now();
  const marks: {
    lookup?: number;
    connect?: number;
    secure?: number;
    greeting?: number;
    ehlo?: [number, number];
    starttls?: number;
    ip?: string;
  } = {};
  const conversation = new Conversation(host, port, options.timeoutMs);
  let greeting: Reply | null = null;
  let ehlo: Reply | null = null;
  let tls: SmtpResult['tls'] = null;
  let failure: NetworkError | Refusal | null = null;
  /** The handshake's certificate: described whatever it is, trusted or the check is down. */
  const secured = (socket: TLSSocket) => {
    marks.secure = performance.now();
    tls = handshakeDetails(socket);
    if (!socket.authorized)
      throw new NetworkError('tls_error', `the certificate of ${host}:${port} is not trusted: ${tls.error}`);
  };
  try {
    const socket = implicitTls
      ? guardedTlsConnect(url, options.policy, { rejectUnauthorized: false })
      : connect({ host, port, lookup: connectionLookup(url, options.policy), ...sourceOptions(options.policy) });
    socket.once('lookup', () => {
      marks.lookup = performance.now();
    });
    socket.once('connect', () => {
      marks.connect = performance.now();
      marks.ip = socket.remoteAddress;
    });
    await conversation.open(socket, implicitTls ? 'secureConnect' : 'connect');
    if (implicitTls) secured(socket as TLSSocket);
    greeting = await conversation.reply();
    marks.greeting = performance.now();
    if (greeting.code !== 220) throw new Refusal(`${host}:${port} greeted with ${quoted(replyLine(greeting))}`);
    // RFC 5321 4.1.3: without a name of its own, a client says EHLO with its address as a literal.
    const local = conversation.socket.localAddress ?? '127.0.0.1';
    const hello = `EHLO [${isIPv6(local) ? `IPv6:${local}` : local}]`;
    const sent = performance.now();
    ehlo = await conversation.command(hello);
    marks.ehlo = [sent, performance.now()];
    if (ehlo.code !== 250) throw new Refusal(`${host}:${port} answered EHLO with ${quoted(replyLine(ehlo))}`);
    if (options.tls && !implicitTls) {
      if (!offers(ehlo, 'STARTTLS')) throw new Refusal(`${host}:${port} does not offer STARTTLS`);
      marks.starttls = performance.now();
      const ready = await conversation.command('STARTTLS');
      if (ready.code !== 220) throw new Refusal(`${host}:${port} answered STARTTLS with ${quoted(replyLine(ready))}`);
      const upgraded = tlsConnect({
        socket: conversation.socket,
        ...(isIP(host) ? {} : { servername: host }),
        rejectUnauthorized: false,
      });
      await conversation.open(upgraded, 'secureConnect');
      secured(upgraded);
      ehlo = await conversation.command(hello);
      if (ehlo.code !== 250)
        throw new Refusal(`${host}:${port} answered EHLO after STARTTLS with ${quoted(replyLine(ehlo))}`);
    }
    conversation.quit();
  } catch (error) {
    failure = error instanceof Refusal ? error : toNetworkError(error);
    if (failure instanceof NetworkError && failure.code === 'blocked') throw failure;
  } finally {
    conversation.close();
  }
  const since = (t: number | undefined, from: number | undefined) =>
    t === undefined || from === undefined ? null : Math.round(t - from);
  const tlsStarted = implicitTls ? marks.connect : marks.starttls;
  const timings = {
    dns: isIP(host) ? null : since(marks.lookup, started),
    connect: since(marks.connect, marks.lookup ?? started),
    tls: since(marks.secure, tlsStarted),
    greeting: since(marks.greeting, implicitTls ? marks.secure : marks.connect),
    ehlo: marks.ehlo ? since(marks.ehlo[1], marks.ehlo[0]) : null,
    total: Math.round(performance.now() - started),
  };
  const certificate = tls as SmtpResult['tls'];
  const expectations = failure
    ? []
    : evaluateExpectations(options.expect ?? [], {
        response_time_ms: timings.total,
        certificate_days: certificate?.days_remaining ?? null,
      });
  const unmet = failure ? null : firstFailure(expectations);
  return {
    up: failure === null && unmet === null,
    reason:
      failure instanceof Refusal
        ? 'smtp_error'
        : failure
          ? connectionReason(failure)
          : unmet
            ? 'expectation_failed'
            : null,
    host,
    port,
    ip_address: marks.ip ?? null,
    greeting: greeting ? quoted(replyLine(greeting)).slice(1, -1) : null,
    extensions: ehlo?.code === 250 ? ehlo.lines.slice(1).map((line) => quoted(line).slice(1, -1)) : [],
    timings_ms: timings,
    tls: certificate,
    expectations,
    error: failure instanceof NetworkError ? connectionWords(failure, host, port) : (failure?.message ?? unmet),
  };
}

/**
 * The conversation on one socket, then on the TLS socket that wraps it: replies as they come, one deadline
 * for the whole, and the first thing that goes wrong (an error, the server closing, a line that is no reply)
 * failing whatever waits.
 */
class Conversation {
  socket!: Socket;
  #reader = new ReplyReader();
  #opening: { resolve: () => void; reject: (error: Error) => void } | null = null;
  #waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  #failure: Error | null = null;
  readonly #timer: NodeJS.Timeout;
  /** In a TLS handshake: a failure now is TLS's. */
  #handshake = false;
  #quitting = false;

  readonly host: string;
  readonly port: number;

  constructor(host: string, port: number, timeoutMs: number) {
    this.host = host;
    this.port = port;
    this.#timer = setTimeout(
      () => this.#fail(new NetworkError('timeout', `no answer from ${host}:${port} in ${timeoutMs} ms`)),
      timeoutMs,
    );
  }

  /**
   * Takes a socket once `ready` fires on it: a new one (`connect`, or `secureConnect` for TLS from the first
   * byte), or TLS over the last (`secureConnect`, its handshake already under way).
   */
  open(socket: Socket, ready: 'connect' | 'secureConnect'): Promise<void> {
    const upgrade = this.socket !== undefined;
    this.socket?.removeAllListeners('data');
    // Anything the server sent before the handshake is not read as if it came after (STARTTLS injection).
    if (upgrade) this.#reader = new ReplyReader();
    this.socket = socket;
    this.#handshake = upgrade;
    if (ready === 'secureConnect')
      socket.once('connect', () => {
        this.#handshake = true;
      });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      try {
        this.#reader.push(chunk);
      } catch (error) {
        this.#fail(this.#refusal(error));
        return;
      }
      this.#deliver();
    });
    socket.on('error', (error) => this.#fail(this.#networkError(error)));
    socket.on('close', () =>
      this.#fail(new NetworkError('connection_reset', `${this.host}:${this.port} closed the connection`)),
    );
    return new Promise((resolve, reject) => {
      if (this.#failure) return reject(this.#failure);
      this.#opening = { resolve, reject };
      socket.once(ready, () => {
        this.#handshake = false;
        this.#opening = null;
        resolve();
      });
    });
  }

  /** The next reply. */
  reply(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      if (this.#failure) return reject(this.#failure);
      this.#waiting = { resolve, reject };
      this.#deliver();
    });
  }

  command(line: string): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Says goodbye without waiting for the answer: the check has what it came for. */
  quit(): void {
    this.#quitting = true;
    this.socket.end('QUIT\r\n');
  }

  /** Ends the conversation: at once, or a second after QUIT for it to reach the server. */
  close(): void {
    clearTimeout(this.#timer);
    this.#failure ??= new Error('closed');
    if (!this.#quitting) this.socket?.destroy();
    else setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  #deliver(): void {
    if (!this.#waiting) return;
    let reply: Reply | null;
    try {
      reply = this.#reader.take();
    } catch (error) {
      this.#fail(this.#refusal(error));
      return;
    }
    if (!reply) return;
    const { resolve } = this.#waiting;
    this.#waiting = null;
    resolve(reply);
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    this.socket?.destroy();
    for (const waiter of [this.#opening, this.#waiting]) waiter?.reject(error);
    this.#opening = this.#waiting = null;
  }

  /** What the reader could not read, as the server's refusal to speak SMTP. */
  #refusal(error: unknown): Error {
    return error instanceof ReplyError
      ? new Refusal(`${this.host}:${this.port} sent ${error.message}`)
      : (error as Error);
  }

  /** A failure during a handshake is TLS's, whatever Node calls it (but a refused address or the deadline). */
  #networkError(error: Error): NetworkError {
    const code = networkErrorCode(error);
    if (this.#handshake && code !== 'blocked' && code !== 'timeout')
      return new NetworkError('tls_error', `TLS handshake with ${this.host}:${this.port} failed: ${error.message}`, {
        cause: error,
      });
    return toNetworkError(error);
  }
}
