import { mkdirSync } from 'node:fs';
import { after } from 'node:test';
import { AxePuppeteer } from '@axe-core/puppeteer';
import { freePort } from '@pageprobe/local-services';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { type AppProcess, startApp } from './app-process.ts';
import { type InProcessApp, startInProcess } from './stack.ts';

/**
 * The dashboard on a free port; its base URL (`…/app`). In the file's own process (stack.ts) unless
 * `process` is asked for (a test reading its process's CPU). Its write limit (10 a minute per person and
 * team by default) is raised, as startApiApp raises the API's reads, so a test may send its forms freely:
 * dashboard-write-limits.test.ts sets it back.
 */
export async function startDashboard(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra?: Record<string, string>,
): Promise<{ base: string; app: InProcessApp }>;
export async function startDashboard(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra: Record<string, string>,
  options: { process: true },
): Promise<{ base: string; app: AppProcess }>;
export async function startDashboard(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra: Record<string, string> = {},
  { process = false }: { process?: boolean } = {},
): Promise<{ base: string; app: AppProcess | InProcessApp }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/app`;
  const vars = env.appEnv({ DASHBOARD_PORT: String(port), RATE_LIMIT_WRITES_PER_MIN: '100000', ...extra });
  const app = process ? await startApp('dashboard', vars) : await startInProcess('dashboard', vars);
  return { base, app };
}

/** A headless Chromium for the file, closed when it ends. */
export async function startBrowser(): Promise<Browser> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    pipe: true,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  after(() => browser.close());
  return browser;
}

/** Types into the field a person finds by its label. */
export async function fill(page: Page, label: string, value: string): Promise<void> {
  const input = await page.waitForSelector(`::-p-aria(${label})`);
  await input!.click({ count: 3 });
  await input!.type(value);
}

/** Clicks the button a person finds by its name, and waits for the page it leads to. */
export async function press(page: Page, name: string): Promise<void> {
  const button = await page.waitForSelector(`::-p-aria([name="${name}"][role="button"])`);
  await Promise.all([page.waitForNavigation(), button!.click()]);
}

/** The session cookie's value and flags, as the browser holds it. */
export async function sessionCookie(page: Page) {
  const cookies = await page.browserContext().cookies();
  return cookies.find((c) => c.name.endsWith('pp_session'));
}

/** A fresh browser context signed in with a password through the sign-in form. */
export async function signedIn(
  browser: Browser,
  base: string,
  person: { email: string; password: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.goto(`${base}/sign-in`);
  await fill(page, 'Email', person.email);
  await fill(page, 'Password', person.password);
  await press(page, 'Sign in');
  return { context, page };
}

/** Full-page screenshots at a phone's width and a laptop's (name-375.png, name-1280.png) in `dir`. */
export async function shoot(page: Page, dir: URL, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewport({ width, height: 900 });
    await page.screenshot({ path: new URL(`${name}-${width}.png`, dir).pathname, fullPage: true });
  }
  await page.setViewport({ width: 1280, height: 900 });
}

/** Where the dashboard's tests leave their screenshots, to be looked at. */
const SHOTS = new URL('../.artifacts/dashboard/', import.meta.url);

/**
 * axe-core's violations on the page at 1280 and 375 px (each worded with the page's name and width), and
 * its full-page screenshots at both in test/.artifacts/dashboard/<name>-<width>.png.
 */
export async function axeAtBothWidths(p: Page, name: string): Promise<string[]> {
  mkdirSync(SHOTS, { recursive: true });
  const found: string[] = [];
  for (const width of [1280, 375]) {
    await p.setViewport({ width, height: 900 });
    await p.screenshot({ path: new URL(`${name}-${width}.png`, SHOTS).pathname, fullPage: true });
    const results = await new AxePuppeteer(p as never).analyze();
    found.push(...results.violations.map((v) => `${name} at ${width} px: ${v.id}: ${v.help}`));
  }
  await p.setViewport({ width: 1280, height: 900 });
  return found;
}
