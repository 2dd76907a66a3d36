import { join } from 'node:path';
import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { serveBlankTiles } from './tracking.ts';

/** Opens a storefront path and waits until the skeletons are gone. */
export async function openStorefront(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.skeleton').first()).toHaveCount(0, { timeout: 15_000 });
}

/**
 * Where a journey saves a screenshot worth looking at: E2E_SHOTS_DIR when set (one folder of every
 * screen, e.g. for a review), else the test's own output folder.
 */
/** The desktop the issue-17 journeys run at (the phone, 390 x 844, is the config's default). */
export const DESKTOP = {
  viewport: { width: 1366, height: 900 },
  isMobile: false,
  hasTouch: false,
  deviceScaleFactor: 1,
};

export function shotPath(name: string): string {
  const dir = process.env.E2E_SHOTS_DIR;
  return dir ? join(dir, name) : test.info().outputPath(name);
}

/** Fails the test on any console error or uncaught page error (catches what assertions miss). */
export function failOnConsoleErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  return problems;
}

/** The computed CSS colour of an element, as rgb(). */
export function colorOf(
  page: Page,
  selector: string,
  property: 'color' | 'background-color',
): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
}

/**
 * Another phone beside the test's page (a diner's, a rider's), with the project's viewport, locale and
 * time zone, and map tiles answered locally.
 */
export async function anotherPhone(browser: Browser, extra: BrowserContextOptions = {}): Promise<Page> {
  const { baseURL, viewport, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale,
    timezoneId,
    isMobile: true,
    hasTouch: true,
    ...extra,
  });
  const page = await context.newPage();
  await serveBlankTiles(page);
  return page;
}
