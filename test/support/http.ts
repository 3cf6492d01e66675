import assert from 'node:assert/strict';

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch with a JSON body and a bearer token; the answer's body parsed when there is one. */
export async function call<T = Record<string, unknown>>(
  url: string,
  {
    method = 'GET',
    token,
    body,
    headers = {},
  }: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as T };
}

/** Asserts an RFC 9457 problem with the given status and code. */
export function assertProblem(response: JsonResponse, status: number, code: string): void {
  assert.equal(response.status, status, JSON.stringify(response.body));
  assert.equal(response.headers.get('content-type')?.split(';')[0], 'application/problem+json');
  assert.equal(response.body.status, status);
  assert.equal(response.body.code, code);
  assert.equal(typeof response.body.title, 'string');
  assert.equal(typeof response.body.type, 'string');
}
