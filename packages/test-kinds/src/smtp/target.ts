import { canonicalHost, endpointOf, type KindTarget, type TargetRead } from '../target/kind-target.ts';

const bad = (message: string): TargetRead => ({ ok: false, message });
const MESSAGE = 'must be smtp://host[:port] or smtps://host[:port] (or host[:port])';
/** The ports a mail server listens on when none is written: SMTP's (RFC 5321), implicit TLS's (RFC 8314). */
const DEFAULT_PORTS: Record<string, number> = { 'smtp:': 25, 'smtps:': 465 };

/**
 * `smtp://host[:port]` (plain, 25 by default; `tls` upgrades it with STARTTLS) or `smtps://host[:port]`
 * (TLS from the first byte, 465 by default); a bare `host[:port]` is `smtp://`. Stored with its port.
 */
export const smtpTarget: KindTarget = {
  protocols: ['smtp:', 'smtps:'],
  takes:
    'For `smtp`: `smtp://host[:port]` (port 25 unless given; `tls` upgrades it with STARTTLS), `smtps://host[:port]` (TLS from the first byte, port 465 unless given), or a bare `host[:port]` (stored as `smtp://host:port`); the host is a public name or address.',
  hint: '`smtp://host:port`',
  read(input) {
    const text = input.trim();
    // A bare `host:port` would parse as a URL of scheme `host:`; `[::1]:25` would not parse at all.
    const full = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^smtps?:/i.test(text) ? text : `smtp://${text}`;
    let url: URL;
    try {
      url = new URL(full);
    } catch {
      return bad(MESSAGE);
    }
    const defaultPort = DEFAULT_PORTS[url.protocol];
    if (defaultPort === undefined) return bad(MESSAGE);
    if (url.username || url.password) return bad('must not carry a user name or password');
    if ((url.pathname && url.pathname !== '/') || url.search || url.hash) return bad(MESSAGE);
    const port = url.port ? Number(url.port) : defaultPort;
    if (port < 1) return bad('must have a port from 1 to 65535');
    const host = canonicalHost(url.hostname);
    if (!host) return bad(`has no valid host (${MESSAGE})`);
    const stored = `${url.protocol}//${host}:${port}`;
    return { ok: true, url: stored, reaches: stored };
  },
};

/** Where a stored smtp target connects, and whether TLS starts with the first byte (`smtps:`). */
export function smtpEndpoint(target: string): { host: string; port: number; implicitTls: boolean } {
  return { ...endpointOf(target), implicitTls: target.startsWith('smtps:') };
}
