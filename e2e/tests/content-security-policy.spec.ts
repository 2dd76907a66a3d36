/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';
import { serveBlankTiles, trackingPath } from './support/tracking.ts';

// The pages are served with a Content-Security-Policy (apps/server/src/platform/content-security-policy.ts):
// scripts only from the app (and the marketing tags' hosts, analytics-and-tags.spec.ts), map tiles from
// their host. These journeys pass through every kind of page and must not trip it once.

/** Every CSP violation the page reports, as `directive blocked-uri`. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test.beforeEach(async ({ page }) => {
  await serveBlankTiles(page);
});

test('the storefront pages carry the policy and pass it: menu, dish, checkout with its map', async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const violations = await recordViolations(page);
  const menu = page.waitForResponse((r) => r.url().endsWith('/menu/donmateo-palermo/Delivery'));
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  const policy = (await menu).headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain('https://tile.openstreetmap.org');

  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();
  // the address modal brings the lazily loaded map (Leaflet) and its tiles
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  await expect(modal.getByTestId('pin-map')).toBeVisible();
  await expect(modal.locator('.leaflet-tile-loaded').first()).toBeVisible();

  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('the follow-up and the tracking map pass the policy', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  const violations = await recordViolations(page);
  await page.goto('/menu/donmateo-palermo/order/DMP8QN5T4R');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const tracking = await page.goto(trackingPath('DMP8QN5T4R'));
  expect(tracking?.headers()['content-security-policy']).toContain("default-src 'self'");
  await expect(page.locator('.tracking-marker--rider')).toHaveCount(1);
  await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(errors).toEqual([]);
});

test('the console and the rider pages pass the policy', async ({ page }) => {
  const violations = await recordViolations(page);
  await signInToConsole(page);
  await page.goto('/logistics/donmateo-palermo/rider/phoneIntake');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await violations()).toEqual([]);
});
