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
 * body exactly as it arrived. While the team rotates its secret the header carries one `v1=` per valid
 * secret (`t=…,v1=<new>,v1=<old>`): any match passes, so either secret verifies. Resolves with the
 * parsed body; rejects with WebhookVerificationError.
 */
export async function verifyWebhook<T = unknown>(
  signatureHeader: string | null | undefined,
  rawBody: string | Uint8Array,
  secret: string,
  { toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS, now = Date.now() / 1000 } = {},
): Promise<T> {
  if (!signatureHeader) throw new WebhookVerificationError('missing_header');
  let timestamp: string | undefined;
  const candidates: string[] = [];
  for (const part of signatureHeader.split(',')) {
    const [name, value = ''] = part.trim().split('=', 2) as [string, string?];
    if (name === 't') timestamp = value;
    else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) candidates.push(value);
  }
  if (timestamp === undefined || !/^\d+$/.test(timestamp) || candidates.length === 0) {
    throw new WebhookVerificationError('malformed_header');
  }
  const t = Number(timestamp);
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
  // Every candidate is compared, so timing does not tell which one matched.
  let matched = false;
  for (const candidate of candidates) matched = constantTimeEqual(expected, candidate) || matched;
  if (!matched) throw new WebhookVerificationError('signature_mismatch');
  return JSON.parse(new TextDecoder().decode(body)) as T;
}
