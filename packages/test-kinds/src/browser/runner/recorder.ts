import type { CDPSession, Page } from 'puppeteer-core';

// What a browser check records beside the steps, over the DevTools protocol: the page's network traffic
// (counted per step, and kept as a DevTools log for the HAR), its console errors, screencast frames for
// the filmstrip, and the renderer's CPU. Out of the page's reach: a session of ours, not the page's script.

/** The DevTools events chrome-har reads to build a HAR, as Lighthouse's log keeps them. */
const HAR_EVENTS = [
  'Network.requestWillBeSent',
  'Network.requestServedFromCache',
  'Network.dataReceived',
  'Network.responseReceived',
  'Network.resourceChangedPriority',
  'Network.loadingFinished',
  'Network.loadingFailed',
  'Page.frameStartedLoading',
  'Page.frameNavigated',
  'Page.loadEventFired',
  'Page.domContentEventFired',
] as const;

/** Frames the filmstrip keeps at most, and the least time between two. */
const MAX_FRAMES = 60;
const FRAME_GAP_MS = 200;
/** Console errors the result keeps at most, and their length. */
export const MAX_CONSOLE_ERRORS = 20;
const ERROR_CHARS = 300;

export interface StepCounts {
  requests: number;
  bytes: number;
  requests_failed: number;
  console_errors: number;
}

export interface Frame {
  body: Buffer;
  /** From the start of the run. */
  atMs: number;
}

export class Recorder {
  readonly log: Array<{ method: string; params: unknown }> = [];
  readonly frames: Frame[] = [];
  readonly consoleErrors: Array<{ step: number; text: string }> = [];
  #counts: StepCounts = { requests: 0, bytes: 0, requests_failed: 0, console_errors: 0 };
  #totals: StepCounts = { requests: 0, bytes: 0, requests_failed: 0, console_errors: 0 };
  #step = 0;
  #lastFrame = Number.NEGATIVE_INFINITY;
  readonly #started = performance.now();

  readonly session: CDPSession;

  private constructor(session: CDPSession) {
    this.session = session;
  }

  /** Starts recording on `page`: network, console, and (when `filmstrip`) screencast frames. */
  static async start(page: Page, { filmstrip }: { filmstrip: boolean }): Promise<Recorder> {
    const session = await page.createCDPSession();
    const recorder = new Recorder(session);
    for (const method of HAR_EVENTS) session.on(method, (params: unknown) => recorder.#onEvent(method, params));
    page.on('console', (message) => {
      if (message.type() === 'error') recorder.#consoleError(message.text());
    });
    page.on('pageerror', (error) => recorder.#consoleError(error instanceof Error ? error.message : String(error)));
    await Promise.all([
      session.send('Network.enable'),
      session.send('Page.enable'),
      session.send('Performance.enable'),
    ]);
    if (filmstrip) {
      session.on('Page.screencastFrame', (frame) => recorder.#onFrame(frame));
      await session.send('Page.startScreencast', { format: 'jpeg', quality: 40, maxWidth: 480, maxHeight: 480 });
    }
    return recorder;
  }

  /** Milliseconds since the recording started. */
  now(): number {
    return Math.round(performance.now() - this.#started);
  }

  /** A new step begins: its counts start at zero. */
  beginStep(index: number): void {
    this.#step = index;
    this.#counts = { requests: 0, bytes: 0, requests_failed: 0, console_errors: 0 };
  }

  /** The current step's counts so far. */
  stepCounts(): StepCounts {
    return { ...this.#counts };
  }

  totals(): StepCounts {
    return { ...this.#totals };
  }

  /** The renderer's task time so far, in ms (Chromium's TaskDuration): what the run cost in CPU. */
  async cpuMs(): Promise<number | null> {
    const { metrics } = await this.session.send('Performance.getMetrics').catch(() => ({ metrics: [] }));
    const task = metrics.find((m) => m.name === 'TaskDuration');
    return task ? Math.round(task.value * 1000) : null;
  }

  async stop(): Promise<void> {
    await this.session.send('Page.stopScreencast').catch(() => {});
    await this.session.detach().catch(() => {});
  }

  #add(key: keyof StepCounts, n = 1) {
    this.#counts[key] += n;
    this.#totals[key] += n;
  }

  #onEvent(method: string, params: unknown) {
    this.log.push({ method, params });
    const p = params as { response?: { status?: number }; encodedDataLength?: number; type?: string };
    if (method === 'Network.requestWillBeSent') this.#add('requests');
    else if (method === 'Network.loadingFinished') this.#add('bytes', Math.max(0, p.encodedDataLength ?? 0));
    else if (method === 'Network.loadingFailed') this.#add('requests_failed');
    else if (method === 'Network.responseReceived' && (p.response?.status ?? 0) >= 400) this.#add('requests_failed');
  }

  #consoleError(text: string) {
    this.#add('console_errors');
    if (this.consoleErrors.length < MAX_CONSOLE_ERRORS)
      this.consoleErrors.push({
        step: this.#step,
        text: text.length > ERROR_CHARS ? `${text.slice(0, ERROR_CHARS - 1)}…` : text,
      });
  }

  #onFrame(frame: { data: string; sessionId: number }) {
    this.session.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
    const at = this.now();
    if (this.frames.length >= MAX_FRAMES || at - this.#lastFrame < FRAME_GAP_MS) return;
    this.#lastFrame = at;
    this.frames.push({ body: Buffer.from(frame.data, 'base64'), atMs: at });
  }
}
