import { setTimeout as sleep } from 'node:timers/promises';

export interface TestBody {
  url: string;
  type?: string;
  device?: string;
  callback_url?: string;
  assertions?: Record<string, unknown>;
  runs?: number;
  /** Request options (issue 18): locale, viewport, throttling... */
  locale?: string;
  repeat_view?: boolean;
  steps?: Array<Record<string, unknown>>;
}

/** POST /api/v1/tests; the status and the parsed body, whatever they are (callers assert them). */
export async function postTest<T = Record<string, unknown>>(
  origin: string,
  key: string,
  body: TestBody,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${origin}/api/v1/tests`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/**
 * Polls GET /api/v1/tests/{id} until the test is `completed` or `failed` (and, when given, `settled`
 * holds too, e.g. its callback delivered) and returns it; throws past `timeoutMs` with the last state seen.
 */
export async function waitForTest<T extends { status: string } = Record<string, unknown> & { status: string }>(
  origin: string,
  key: string,
  id: string,
  {
    timeoutMs = 120_000,
    pollMs = 100,
    settled = () => true,
  }: { timeoutMs?: number; pollMs?: number; settled?: (test: T) => boolean } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastStatus = 0;
  for (;;) {
    const res = await fetch(`${origin}/api/v1/tests/${id}`, { headers: { authorization: `Bearer ${key}` } });
    lastStatus = res.status;
    // Polling spends the key's reads (60 a minute): past them, wait as the API says rather than fail.
    const wait = res.status === 429 ? Number(res.headers.get('retry-after') ?? 1) * 1000 : pollMs;
    if (res.ok) {
      last = (await res.json()) as T;
      if ((last.status === 'completed' || last.status === 'failed') && settled(last)) return last;
    } else await res.body?.cancel();
    if (Date.now() > deadline)
      throw new Error(
        `test ${id} not finished within ${timeoutMs} ms (last answer ${lastStatus}): ${JSON.stringify(last)}`,
      );
    await sleep(Math.min(wait, Math.max(0, deadline - Date.now()) + 1));
  }
}

/** POST /api/v1/tests that must be accepted (202): its body, or an error carrying the answer. */
export async function startTest<T = { id: string }>(origin: string, key: string, body: TestBody): Promise<T> {
  const res = await postTest<T>(origin, key, body);
  if (res.status !== 202) throw new Error(`POST /tests answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}
