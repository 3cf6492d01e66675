// Continuous work against the API, as clients would send it through a failover: uptime tests with callbacks
// at a steady rate, an SEO audit at a time (it costs a credit), and reads of tests, monitors and credits.
// Every answer is recorded with its status and time; a create refused (503, or no answer) is sent again
// with the same Idempotency-Key until accepted, as a careful client does, so a create whose first answer
// was lost must not make a second test nor take a second credit.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Answer {
  op: 'create' | 'read';
  what: string;
  /** 0: no answer (connection refused or reset, or timed out). */
  status: number;
  at: number;
  ms: number;
  /** A 5xx's body, to say what failed. */
  body?: string;
}

export interface Created {
  id: string;
  type: 'uptime' | 'seo_crawl';
  idempotencyKey: string;
  /** When the create was first sent, and when it was accepted. */
  sentAt: number;
  acceptedAt: number;
}

export interface WorkloadOptions {
  api: string;
  key: string;
  siteUrl: string;
  hookUrl: string;
  /** Between uptime creates. */
  createEveryMs: number;
  readEveryMs: number;
}

export interface Workload {
  answers: Answer[];
  created: Created[];
  /** Creates given up on (never accepted within two minutes): each is a failure of the run. */
  abandoned: Array<{ idempotencyKey: string; type: string }>;
  /** Stops sending new work; resolves once every loop has ended. */
  stop(): Promise<void>;
}

const REQUEST_TIMEOUT_MS = 10_000;
const GIVE_UP_MS = 120_000;

export function startWorkload(options: WorkloadOptions): Workload {
  const { api, key } = options;
  const answers: Answer[] = [];
  const created: Created[] = [];
  const abandoned: Workload['abandoned'] = [];
  let running = true;

  async function request(op: Answer['op'], what: string, path: string, init: RequestInit = {}) {
    const at = Date.now();
    try {
      const res = await fetch(`${api}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      answers.push({
        op,
        what,
        status: res.status,
        at,
        ms: Date.now() - at,
        ...(res.status >= 500 ? { body: text.slice(0, 500) } : {}),
      });
      return { status: res.status, headers: res.headers, text };
    } catch (error) {
      answers.push({ op, what, status: 0, at, ms: Date.now() - at, body: String(error).slice(0, 200) });
      return { status: 0, headers: new Headers(), text: '' };
    }
  }

  /** Sends one create until it is accepted: the test's id, or null once given up. */
  async function create(type: Created['type'], body: Record<string, unknown>): Promise<string | null> {
    const idempotencyKey = randomUUID();
    const sentAt = Date.now();
    while (Date.now() - sentAt < GIVE_UP_MS) {
      const res = await request('create', `POST /tests ${type}`, '/tests', {
        method: 'POST',
        headers: { 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ ...body, type }),
      });
      if (res.status === 202) {
        const { id } = JSON.parse(res.text) as { id: string };
        created.push({ id, type, idempotencyKey, sentAt, acceptedAt: Date.now() });
        return id;
      }
      // A 4xx other than these is the driver's mistake: no retry would change it.
      if (res.status >= 400 && res.status < 500 && ![409, 429].includes(res.status)) {
        throw new Error(`POST /tests ${type} answered ${res.status}: ${res.text}`);
      }
      const retryAfter = Number(res.headers.get('retry-after') ?? 0);
      await sleep(Math.min(Math.max(retryAfter * 1000, 250), 1_000));
    }
    abandoned.push({ idempotencyKey, type });
    return null;
  }

  const uptime = (async () => {
    while (running) {
      const started = Date.now();
      await create('uptime', { url: `${options.siteUrl}/`, callback_url: options.hookUrl });
      await sleep(Math.max(0, options.createEveryMs - (Date.now() - started)));
    }
  })();

  // One audit at a time (a team's audits in flight are limited), each read until it ends.
  const audits = (async () => {
    while (running) {
      const id = await create('seo_crawl', { url: `${options.siteUrl}/`, callback_url: options.hookUrl });
      while (running && id) {
        const res = await request('read', 'GET /tests/{id}', `/tests/${id}`);
        if (res.status === 200 && ['completed', 'failed'].includes((JSON.parse(res.text) as { status: string }).status))
          break;
        await sleep(500);
      }
      await sleep(1_000);
    }
  })();

  const reads = (async () => {
    const paths = [
      () => ['GET /tests/{id}', `/tests/${created.at(-1)?.id ?? randomUUID()}`],
      () => ['GET /tests', '/tests?limit=5'],
      () => ['GET /monitors', '/monitors'],
      () => ['GET /credits', '/credits'],
    ];
    for (let i = 0; running; i++) {
      const [what, path] = paths[i % paths.length]!();
      await request('read', what!, path!);
      await sleep(options.readEveryMs);
    }
  })();

  return {
    answers,
    created,
    abandoned,
    async stop() {
      running = false;
      await Promise.all([uptime, audits, reads]);
    },
  };
}
