import { after } from 'node:test';
import { freePort } from '@pageprobe/local-services';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { startApp } from './app-process.ts';

/** The dashboard in its own process on a free port; its base URL (`…/app`). */
export async function startDashboard(
  env: { appEnv(extra?: Record<string, string>): NodeJS.ProcessEnv },
  extra: Record<string, string> = {},
) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/app`;
  const app = await startApp('dashboard', env.appEnv({ DASHBOARD_PORT: String(port), ...extra }));
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
