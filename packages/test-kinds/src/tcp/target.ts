import { canonicalHost, type KindTarget, type TargetRead } from '../target/kind-target.ts';

const bad = (message: string): TargetRead => ({ ok: false, message });
const MESSAGE = 'must be tcp://host:port (or host:port)';

/** `tcp://host:port`, or a bare `host:port` written out so: the host and port a check connects to. */
export const tcpTarget: KindTarget = {
  protocols: ['tcp:'],
  takes:
    'For `tcp`: `tcp://host:port` (or `host:port`, stored as `tcp://host:port`); the host is a public name or address.',
  hint: '`tcp://host:port`',
  read(input) {
    const text = input.trim();
    // A bare `host:port` would parse as a URL of scheme `host:`; `[::1]:25` would not parse at all.
    const full = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^tcp:/i.test(text) ? text : `tcp://${text}`;
    let url: URL;
    try {
      url = new URL(full);
    } catch {
      return bad(MESSAGE);
    }
    if (url.protocol !== 'tcp:') return bad(MESSAGE);
    if (url.username || url.password) return bad('must not carry a user name or password');
    if (!url.port) return bad(`has no port (${MESSAGE})`);
    if ((url.pathname && url.pathname !== '/') || url.search || url.hash) return bad(MESSAGE);
    const port = Number(url.port);
    if (port < 1) return bad('must have a port from 1 to 65535');
    const host = canonicalHost(url.hostname);
    if (!host) return bad(`has no valid host (${MESSAGE})`);
    const stored = `tcp://${host}:${port}`;
    return { ok: true, url: stored, reaches: stored };
  },
};
