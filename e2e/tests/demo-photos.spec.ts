import { expect, type Page, test } from '@playwright/test';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// issue 17 item 9: the demo shops show real-looking dish photos (small WebP files), lazy-loaded with
// width and height so the page does not jump while they arrive
const MENUS = [
  '/menu/donmateo-palermo/Delivery',
  '/menu/kenzo-nunez/Take_Away',
  '/menu/aurora-centro/Take_Away',
  '/menu/lacasona-providencia/Delivery',
];

const cardImages = (page: Page) => page.locator('.dish-card__image');

/** Scrolls the whole menu so every lazy photo is requested, then waits for all of them. */
async function loadEveryPhoto(page: Page): Promise<void> {
  const count = await cardImages(page).count();
  for (let i = 0; i < count; i++) await cardImages(page).nth(i).scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      cardImages(page).evaluateAll(
        (images) =>
          (images as HTMLImageElement[]).filter((image) => !image.complete || image.naturalWidth === 0)
            .length,
      ),
    )
    .toBe(0);
}

async function expectPhotosOn(page: Page, path: string): Promise<void> {
  await openStorefront(page, path);
  await expect(cardImages(page).first()).toBeVisible();
  const count = await cardImages(page).count();
  expect(count, path).toBeGreaterThan(5);
  const attributes = await cardImages(page).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      src: image.getAttribute('src'),
      width: image.getAttribute('width'),
      height: image.getAttribute('height'),
      loading: image.getAttribute('loading'),
      alt: image.getAttribute('alt'),
    })),
  );
  for (const image of attributes) {
    expect(image.src, path).toMatch(/^\/demo\/dishes\/[a-z0-9-]+\.webp$/);
    // sized up front: no layout shift when the photo arrives
    expect(Number(image.width), path).toBeGreaterThan(0);
    expect(Number(image.height), path).toBeGreaterThan(0);
    expect(image.loading, path).toBe('lazy');
    // decorative: the dish name is beside it
    expect(image.alt, path).toBe('');
  }
  // a photo far below the fold (past Chromium's lazy-load margin) is not fetched before the diner scrolls
  const last = cardImages(page).last();
  const belowFold = await last.evaluate(
    (image) => image.getBoundingClientRect().top > window.innerHeight + 3000,
  );
  if (belowFold)
    expect(
      await last.evaluate(
        (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      ),
    ).toBe(false);
  await loadEveryPhoto(page);
  const sizes = await cardImages(page).evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => [image.naturalWidth, image.naturalHeight]),
  );
  for (const [w, h] of sizes) {
    expect(w).toBe(640);
    expect(h).toBe(480);
  }
  // the card keeps its box: the rendered size is the declared one, cropped, never stretched
  const box = await cardImages(page).first().boundingBox();
  expect(box?.width).toBeGreaterThan(40);
  expect(Math.abs((box?.width ?? 0) - (box?.height ?? 0))).toBeLessThan(2);
}

for (const viewport of ['phone', 'desktop'] as const) {
  test.describe(`dish photos on a ${viewport}`, () => {
    if (viewport === 'desktop') test.use(DESKTOP);

    test('every demo menu shows a loaded photo per dish, sized and lazy', async ({ page }) => {
      const problems = failOnConsoleErrors(page);
      for (const path of MENUS) await expectPhotosOn(page, path);
      expect(problems).toEqual([]);
    });

    test('the menu looks like a real shop: photos above the fold, no layout shift from them', async ({
      page,
    }) => {
      const problems = failOnConsoleErrors(page);
      await page.addInitScript(() => {
        (window as unknown as { __shift: number }).__shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!entry.hadRecentInput) (window as unknown as { __shift: number }).__shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openStorefront(page, '/menu/donmateo-palermo/Delivery');
      await page.getByRole('heading', { name: 'Pizzas', exact: true }).scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          cardImages(page)
            .first()
            .evaluate(
              (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
            ),
        )
        .toBe(true);
      await page.screenshot({ path: shotPath(`hg-menu-${viewport}.png`) });
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      expect(shift).toBeLessThan(0.1);
      expect(problems).toEqual([]);
    });

    test('the dish detail shows its photo', async ({ page }) => {
      const problems = failOnConsoleErrors(page);
      await openStorefront(page, '/menu/kenzo-nunez/Take_Away');
      await page
        .getByRole('region', { name: 'Rolls', exact: true })
        .getByRole('link', { name: 'Philadelphia roll' })
        .click();
      await expect(page.getByRole('heading', { name: 'Philadelphia roll', level: 1 })).toBeVisible();
      const photo = page.locator('.dish__image');
      await expect(photo).toHaveAttribute('src', '/demo/dishes/philadelphia-roll.webp');
      await expect
        .poll(() =>
          photo.evaluate(
            (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth,
          ),
        )
        .toBe(640);
      await page.screenshot({ path: shotPath(`hg-dish-${viewport}.png`) });
      expect(problems).toEqual([]);
    });
  });
}
