import type { Logger } from '@pageprobe/logger';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

// Flags that work on these machines; without the background-networking ones Chromium floods a closed
// network with requests of its own.
const CHROMIUM_ARGS = [
  '--headless=new',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-default-apps',
  '--mute-audio',
  // WebRTC would otherwise send UDP around the egress proxy (STUN to any address) and offer the
  // worker's interfaces as ICE candidates: only proxied (TCP) WebRTC is left, which the guard sees.
  // Chromium (headless=new included) reads the first spelling, chrome-headless-shell the second.
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * Chromium's own sandbox (namespaces and seccomp-bpf around every renderer) is on whenever it can be:
 * Chromium refuses it to root, so only a root process (this repository's test machines) runs without
 * it. The images run as a non-root user, so production renderers are sandboxed; where a kernel forbids
 * user namespaces, CHROME_SANDBOX=false turns it off and the pod's own confinement (non-root, no
 * capabilities, seccomp RuntimeDefault, read-only root) is what remains.
 */
export function chromiumSandboxed(wanted: boolean, uid = process.getuid?.() ?? 0): boolean {
  return wanted && uid !== 0;
}

/** How long a browser has to exit when asked before it is killed. */
const CLOSE_WITHIN_MS = 5_000;

/**
 * Closes `browser`, killing its process if it has not exited within `ms`. Puppeteer's close asks over the
 * pipe and then waits for the process to exit, with no bound: a Chromium that never answers (frozen, or
 * starved on a loaded machine) would hold a run past its time budget for as long as it lasts.
 */
async function closeBrowser(browser: Browser, ms = CLOSE_WITHIN_MS): Promise<'closed' | 'killed'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'killed'>((resolve) => {
    timer = setTimeout(() => resolve('killed'), ms);
  });
  const how = await Promise.race([
    // A close that failed may have left the process running: it is killed as a late one is.
    browser.close().then(
      () => 'closed' as const,
      () => 'killed' as const,
    ),
    late,
  ]);
  clearTimeout(timer);
  // SIGKILL reaches a stopped process too; the pipe then closes and puppeteer's own wait ends.
  if (how === 'killed') browser.process()?.kill('SIGKILL');
  return how;
}

/**
 * One warm Chromium per worker process: launching costs over a second, so it is kept between tests,
 * but every test gets a fresh browser context (its own profile: cookies, cache, storage) and its own
 * proxy. The browser is replaced after a crash and after `recycleAfter` tests.
 */
export class BrowserPool {
  readonly #chromePath: string;
  readonly #recycleAfter: number;
  readonly #logger: Logger;
  #browser: Promise<Browser> | undefined;
  #uses = 0;
  #inFlight = 0;
  restarts = 0;

  readonly #args: string[];
  /** Whether renderers run in Chromium's sandbox (see chromiumSandboxed). */
  readonly sandboxed: boolean;

  constructor({
    chromePath,
    recycleAfter,
    logger,
    trustedSpki = [],
    sandbox = true,
  }: { chromePath: string; recycleAfter: number; logger: Logger; trustedSpki?: string[]; sandbox?: boolean }) {
    this.#chromePath = chromePath;
    this.sandboxed = chromiumSandboxed(sandbox);
    this.#args = [
      ...CHROMIUM_ARGS,
      ...(this.sandboxed ? [] : ['--no-sandbox']),
      ...(trustedSpki.length ? [`--ignore-certificate-errors-spki-list=${trustedSpki.join(',')}`] : []),
    ];
    this.#recycleAfter = recycleAfter;
    this.#logger = logger;
  }

  async #current(): Promise<Browser> {
    const existing = await this.#browser?.catch(() => undefined);
    if (existing?.connected && (this.#uses < this.#recycleAfter || this.#inFlight > 0)) return existing;
    if (existing) {
      this.#logger.info({ uses: this.#uses, connected: existing.connected }, 'replacing the browser');
      this.restarts++;
      await closeBrowser(existing);
    }
    this.#uses = 0;
    // Over a pipe rather than a port: when this process dies, even by SIGKILL, the pipe closes and
    // Chromium exits with it instead of living on as an orphan. Puppeteer's own signal handlers are off:
    // they would kill Chromium at SIGTERM, under the test the worker is finishing (main.ts closes it after).
    this.#browser = puppeteer.launch({
      executablePath: this.#chromePath,
      headless: true,
      pipe: true,
      args: this.#args,
      handleSIGTERM: false,
      handleSIGINT: false,
      handleSIGHUP: false,
    });
    return this.#browser;
  }

  /** Runs `fn` with a page in a fresh context whose traffic goes through `proxyServer`. */
  async withPage<T>(proxyServer: string, fn: (page: Page) => Promise<T>): Promise<T> {
    const browser = await this.#current();
    this.#uses++;
    this.#inFlight++;
    // Chromium sends loopback around a proxy unless told otherwise: the guard must see it too.
    const context = await browser.createBrowserContext({ proxyServer, proxyBypassList: ['<-loopback>'] });
    try {
      return await fn(await context.newPage());
    } finally {
      this.#inFlight--;
      await context.close().catch(() => {});
    }
  }

  /**
   * Ends the browser (a run past its time budget): asked to close, killed if it has not within 5 s.
   * The next test gets a new one.
   */
  async abort(): Promise<void> {
    const browser = await this.#browser?.catch(() => undefined);
    this.#browser = undefined;
    this.restarts++;
    if (browser) {
      const how = await closeBrowser(browser);
      if (how === 'killed')
        this.#logger.warn({ closeWithinMs: CLOSE_WITHIN_MS }, 'the browser did not close in time: killed');
    }
  }

  async close(): Promise<void> {
    const browser = await this.#browser?.catch(() => undefined);
    if (browser) await closeBrowser(browser);
  }
}
