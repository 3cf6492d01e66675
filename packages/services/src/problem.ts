// A refusal as the API answers it (RFC 9457 problem+json with a snake_case `code`): the services throw it,
// the API's HTTP layer (apps/api/src/http/problem.ts) and the dashboard's forms show it.

export interface FieldError {
  path: string;
  message: string;
  /** POST /config/plan and /config/apply (issue 50): the entry at fault, by key and kind, and its field. */
  key?: string | null;
  resource?: string;
  field?: string;
}

export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  constructor(
    status: number,
    code: string,
    detail: string,
    extra: { title?: string; errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.status = status;
    this.code = code;
    this.title = extra.title ?? TITLES[status] ?? 'Error';
    if (extra.errors) this.errors = extra.errors;
    if (extra.headers) this.headers = extra.headers;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export const problemType = (code: string) => `https://pageprobe.dev/problems/${code.replaceAll('_', '-')}`;
