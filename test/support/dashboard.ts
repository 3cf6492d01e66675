import { mkdirSync } from 'node:fs';
import { after } from 'node:test';
import { AxePuppeteer } from '@axe-core/puppeteer';
import { freePort } from '@pageprobe/local-services';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { type AppProcess, startApp } from './app-process.ts';
import { type InProcessApp, startInProcess } from './stack.ts';
import { monitorKindNamed } from '@pageprobe/test-kinds';

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

/** On a new monitor's page of kinds, follows a kind's link, named by its title and what it checks (issue 60). */
export async function pickKind(page: Page, name: string): Promise<void> {
  const kind = monitorKindNamed(name);
  const link = await page.waitForSelector(`::-p-aria([name="${kind.title} ${kind.offer}"][role="link"])`);
  await Promise.all([page.waitForNavigation(), link!.click()]);
}

/**
 * Invites a person from the Members page open in `page` (as its admin or owner), then opens the link the
 * page shows in a browser context of their own and joins `team` with a password: the joined person's page.
 */
export async function inviteAndJoin(
  page: Page,
  person: { email: string; password: string },
  role: string,
  team: string,
): Promise<Page> {
  await fill(page, 'Email', person.email);
  await page.select('#role', role);
  await press(page, 'Invite');
  const link = await page.$eval('[data-testid="invitation-link"]', (e) => e.textContent!.trim());
  const invited = await (await page.browser().createBrowserContext()).newPage();
  await invited.goto(link);
  await fill(invited, 'Password', person.password);
  await press(invited, `Join ${team}`);
  return invited;
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

/** The two themes the dashboard draws (its stylesheet follows `prefers-color-scheme`). */
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Draws the page in a theme, as a person's system setting would. */
export const useTheme = (p: Page, theme: Theme) =>
  p.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);

/**
 * axe-core's violations on the page: every rule in the light theme, and the colors' contrast in the dark
 * one (the only rule a theme changes), at 1280 px and at 375 px (each worded with the page's name, width
 * and theme); the full-page screenshots of each in test/.artifacts/dashboard/<name>-<width>[-dark].png.
 */
export async function axeAtBothWidths(p: Page, name: string): Promise<string[]> {
  mkdirSync(SHOTS, { recursive: true });
  const found: string[] = [];
  for (const theme of THEMES) {
    await useTheme(p, theme);
    for (const width of [1280, 375]) {
      await p.setViewport({ width, height: 900 });
      const suffix = theme === 'dark' ? '-dark' : '';
      await p.screenshot({ path: new URL(`${name}-${width}${suffix}.png`, SHOTS).pathname, fullPage: true });
      const axe = new AxePuppeteer(p as never);
      const results = await (theme === 'dark' ? axe.withRules(['color-contrast']) : axe).analyze();
      found.push(
        ...results.violations.map(
          (v) =>
            `${name} at ${width} px, ${theme}: ${v.id}: ${v.help} — ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(' | ')}`,
        ),
      );
    }
  }
  await useTheme(p, 'light');
  await p.setViewport({ width: 1280, height: 900 });
  return found;
}

/** How far the page scrolls sideways at its viewport's width (0: it fits). */
export const sidewaysScroll = (p: Page) =>
  p.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
