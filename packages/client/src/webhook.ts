/** How far a signature's timestamp may be from now: 300 s, as the service signs. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type WebhookFailure =
  | 'missing_header'
  | 'malformed_header'
  | 'timestamp_out_of_tolerance'
  | 'signature_mismatch';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookFailure;
  constructor(reason: WebhookFailure) {
    super(`webhook rejected: ${reason}`);
    this.reason = reason;
  }
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Equal strings, in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * Checks a callback's `X-Service-Signature` (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`)
 * with the team's webhook secret, using Web Crypto (Node 20+, browsers, Deno, Bun, workers). Pass the
 * body exactly as it arrived. Resolves with the parsed body; rejects with WebhookVerificationError.
 */
export async function verifyWebhook<T = unknown>(
  signatureHeader: string | null | undefined,
  rawBody: string | Uint8Array,
  secret: string,
  { toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS, now = Date.now() / 1000 } = {},
): Promise<T> {
  if (!signatureHeader) throw new WebhookVerificationError('missing_header');
  const parts = Object.fromEntries(signatureHeader.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!/^\d+$/.test(parts.t ?? '') || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) {
    throw new WebhookVerificationError('malformed_header');
  }
  if (Math.abs(now - t) > toleranceSeconds) throw new WebhookVerificationError('timestamp_out_of_tolerance');
  const encoder = new TextEncoder();
  const body = typeof rawBody === 'string' ? encoder.encode(rawBody) : rawBody;
  const signed = new Uint8Array(encoder.encode(`${t}.`).length + body.length);
  signed.set(encoder.encode(`${t}.`));
  signed.set(body, encoder.encode(`${t}.`).length);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const expected = hex(await crypto.subtle.sign('HMAC', key, signed));
  if (!constantTimeEqual(expected, parts.v1!)) throw new WebhookVerificationError('signature_mismatch');
  return JSON.parse(new TextDecoder().decode(body)) as T;
}
