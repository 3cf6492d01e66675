import { lineWatcher } from '@pageprobe/testing';
import { Writable } from 'node:stream';
import { after } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import { startApp } from './app-process.ts';
import type { TestEnv } from './test-env.ts';

/** Variables a process reads from its own environment: an app given them must be a process of its own. */
const PROCESS_ONLY = ['NODE_EXTRA_CA_CERTS', 'NODE_OPTIONS', 'PGAPPNAME', 'TZ'];

export type StackAppName = 'api' | 'dashboard' | 'worker-uptime' | 'worker-browser' | 'callback-dispatcher';

/**
 * An app started in the test file's own process (its `start`, as its main.ts calls it), with what tests
 * read of a process: its log lines, a line awaited, a graceful stop.
 */
export interface InProcessApp {
  name: StackAppName;
  /** Every log line it wrote so far (JSON, as its process would print them). */
  output(): string;
  /** Resolves with the first log line that matches. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>;
  /** Its ops port (OPS_PORT set), or null. */
  opsPort: number | null;
  /**
   * A graceful stop, as SIGTERM or SIGINT gives its process; resolves with 0 (an exit code, as
   * AppProcess.stop). A test that kills an app starts it as a process (startApp).
   */
  stop(signal?: 'SIGTERM' | 'SIGINT'): Promise<number>;
}

type Started = { close(signal?: string): Promise<void>; opsPort?: number | null; ops?: { port: number | null } };

let lighthouseInProcess = false;

// Each app's module is loaded when a file first starts it: loading all five (Lighthouse and the dashboard's
// pages among them) cost a file that needs only the API and the dispatcher about 1.5 CPU s more.
const starters: Record<StackAppName, (vars: NodeJS.ProcessEnv, logDestination: Writable) => Promise<Started>> = {
  api: async (vars, logDestination) => {
    const { apiEnv, start } = await import('@pageprobe/api');
    return start(apiEnv.parse(vars), { logDestination });
  },
  dashboard: async (vars, logDestination) => {
    const { dashboardEnv, start } = await import('@pageprobe/dashboard');
    return start(dashboardEnv.parse(vars), { logDestination });
  },
  'worker-uptime': async (vars, logDestination) => {
    const { start, uptimeEnv } = await import('@pageprobe/worker-uptime');
    return start(uptimeEnv.parse(vars), { logDestination });
  },
  'worker-browser': async (vars, logDestination) => {
    // Not a dependency of the tests' package (its lockfile entry would be the only change): reached by path.
    const { browserEnv, start } = await import('../../apps/worker-browser/src/index.ts');
    const config = browserEnv.parse(vars);
    if (!config.BROWSER_TEST_TYPES.includes('lighthouse')) return start(config, { logDestination });
    // Lighthouse's timing marks are the process's: two of its runs at once in one process break each other
    // (why LIGHTHOUSE_CONCURRENCY is 1). A second lighthouse worker is a process of its own (startApp).
    if (lighthouseInProcess) throw new Error('a second lighthouse worker in this process: start it with startApp');
    lighthouseInProcess = true;
    const running = await start(config, { logDestination }).catch((error: unknown) => {
      lighthouseInProcess = false;
      throw error;
    });
    return {
      ...running,
      close: async (signal?: string) => {
        await running.close(signal);
        lighthouseInProcess = false;
      },
    };
  },
  'callback-dispatcher': async (vars, logDestination) => {
    const { dispatcherEnv, start } = await import('@pageprobe/callback-dispatcher');
    return start(dispatcherEnv.parse(vars), { logDestination });
  },
};

/**
 * Starts `name` in this process with the environment `vars` (a file's appEnv), and stops it when the file
 * ends. Its log lines are kept, not printed (TEST_LOG_LEVEL=debug prints them too).
 */
export async function startInProcess(name: StackAppName, vars: NodeJS.ProcessEnv): Promise<InProcessApp> {
  // Read by Node or libpq-style clients from the process's own environment, never from the app's config.
  const processOnly = PROCESS_ONLY.filter((v) => vars[v] !== undefined && vars[v] !== process.env[v]);
  if (processOnly.length > 0)
    throw new Error(`${name} with ${processOnly.join(', ')}: start it as a process (startApp)`);
  // The suite as it ran before (every app a process), to compare: PAGEPROBE_TEST_APPS=process.
  if (process.env.PAGEPROBE_TEST_APPS === 'process') return asProcess(name, vars);
  const watcher = lineWatcher(name);
  const echo = process.env.TEST_LOG_LEVEL === 'debug';
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        watcher.add(line);
        if (echo && line) process.stderr.write(`${line}\n`);
      }
      done();
    },
  });
  const running = await starters[name](vars, destination);
  let closing: Promise<void> | undefined;
  const stop = async (signal: 'SIGTERM' | 'SIGINT' = 'SIGTERM') => {
    closing ??= running.close(signal);
    await closing;
    return 0;
  };
  after(() => stop());
  return {
    name,
    output: watcher.output,
    waitFor: (pattern, timeoutMs = 60_000) => watcher.waitFor(pattern, timeoutMs),
    opsPort: running.opsPort ?? running.ops?.port ?? null,
    stop,
  };
}

export interface StackOptions {
  /** The apps to start (the API and the dashboard first, on free ports; then the workers, then the dispatcher). */
  apps: StackAppName[];
  /** Each app's variables over the file's appEnv (and the stack's own: ports, base URLs). */
  env?: Partial<Record<StackAppName, Record<string, string>>>;
  /** Variables for every app. */
  all?: Record<string, string>;
}

export interface Stack {
  /** The API's origin (http://127.0.0.1:<port>), when it runs. */
  origin: string;
  /** The dashboard's base URL (…/app), when it runs. */
  dashboardBase: string;
  apps: Partial<Record<StackAppName, InProcessApp>>;
  /** The app by name (throws when the stack does not run it). */
  app(name: StackAppName): InProcessApp;
}

/**
 * The apps a test file needs, in the file's own process (each as its main.ts starts it, without the
 * process): the API on a free port with private targets allowed and reads unlimited (as startApiApp, its
 * origin every app's PUBLIC_BASE_URL), the dashboard with its write limit raised (as startDashboard), the workers and the dispatcher. Everything
 * is closed when the file ends. Files where processes are what is tested (crashes, signals, scale-out,
 * outages) use startApp (app-process.ts).
 */
export async function startStack(env: TestEnv, { apps, env: own = {}, all = {} }: StackOptions): Promise<Stack> {
  const apiPort = await freePort();
  const dashboardPort = await freePort();
  const origin = `http://127.0.0.1:${apiPort}`;
  const dashboardBase = `http://127.0.0.1:${dashboardPort}/app`;
  const shared = { ...(apps.includes('api') ? { PUBLIC_BASE_URL: origin } : {}), ...all };
  const defaults: Record<StackAppName, Record<string, string>> = {
    api: { PORT: String(apiPort), ALLOW_PRIVATE_TARGETS: 'true', RATE_LIMIT_READS_PER_MIN: '100000' },
    dashboard: { DASHBOARD_PORT: String(dashboardPort), RATE_LIMIT_WRITES_PER_MIN: '100000' },
    'worker-uptime': {},
    'worker-browser': {},
    'callback-dispatcher': {},
  };
  const order: StackAppName[] = ['api', 'dashboard', 'worker-uptime', 'worker-browser', 'callback-dispatcher'];
  const started: Stack['apps'] = {};
  for (const name of order.filter((n) => apps.includes(n))) {
    started[name] = await startInProcess(name, env.appEnv({ ...shared, ...defaults[name], ...own[name] }));
  }
  return {
    origin,
    dashboardBase,
    apps: started,
    app(name) {
      const app = started[name];
      if (!app) throw new Error(`the stack does not run ${name}`);
      return app;
    },
  };
}

async function asProcess(name: StackAppName, vars: NodeJS.ProcessEnv): Promise<InProcessApp> {
  const app = await startApp(name, vars);
  const opsPort = /"opsPort":(\d+)/.exec(app.output())?.[1];
  return {
    name,
    output: app.output,
    waitFor: app.waitFor,
    opsPort: opsPort ? Number(opsPort) : null,
    stop: async (signal) => (await app.stop(signal)) ?? 0,
  };
}
