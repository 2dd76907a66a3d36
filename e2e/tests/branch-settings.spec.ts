/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { addDish } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// Branch settings and the screens they steer (storefront.md sections 2, 3 and 8; decision 021):
// askForLocation, generalConfig.onlineMarketingConfig, the mode screen's auto-select, logo failures.

/** Answers the alias look-up with the branch changed as its configuration would. */
async function withBranch(page: Page, alias: string, change: Record<string, unknown>) {
  await page.route(`**/api/diner/${alias}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    Object.assign(body.type === 'branchContact' ? body.info.branch : body.info, change);
    await route.fulfill({ response, json: body });
  });
}

test.describe('the mode screen opens a mode by itself', () => {
  test('not for a hash alone: a shared or reloaded #DELIVERY lists the modes', async ({ page }) => {
    await openStorefront(page, '/menu/donmateo-palermo#DELIVERY');
    await expect(page.getByRole('heading', { name: '¿Qué menú querés ver?' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Take Away/ })).toBeVisible();
    await expect(page).toHaveURL(/\/menu\/donmateo-palermo#DELIVERY$/);
  });

  test('for the mode chosen on the branch-select screen (the hash-selection flag)', async ({ page }) => {
    await openStorefront(page, '/menu/donmateo');
    await page.getByRole('button', { name: 'Take Away', exact: true }).click();
    await expect(page).toHaveURL(/\/menu\/donmateo#TAKE_AWAY$/);
    await page.getByRole('link', { name: /Don Mateo Palermo/ }).click();
    await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Take_Away$/);
    await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  });
});

test('askForLocation: the branch-select screen asks where the diner is as it opens', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -34.581, longitude: -58.42 });
  await withBranch(page, 'donmateo', { askForLocation: true });
  await openStorefront(page, '/menu/donmateo');
  // nothing tapped: the shops come nearest first, with their distance
  await expect(page.getByText('Mostrando distancias desde tu ubicación.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Don Mateo Palermo/ })).toContainText(/\d,\d km/);
  await expect(page.getByRole('main').getByRole('link').first()).toContainText('Don Mateo Palermo');
});

test('without askForLocation the screen waits for "Usar mi ubicación"', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -34.581, longitude: -58.42 });
  await openStorefront(page, '/menu/donmateo');
  await expect(page.getByRole('button', { name: /Usar mi ubicación/ })).toBeVisible();
  await expect(page.getByText('Mostrando distancias desde tu ubicación.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Don Mateo Palermo/ })).not.toContainText(/km/);
});

const TAG_HOSTS = /connect\.facebook\.net|googletagmanager\.com/;

test.describe('onlineMarketingConfig', () => {
  test('the storefront events it lists reach the pixel as standard events', async ({ page }) => {
    await page.route(TAG_HOSTS, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
    );
    await withBranch(page, 'donmateo-palermo', {
      fbPixelId: '123456789',
      generalConfig: { onlineMarketingConfig: { conversions: ['ADD_ITEM'] } },
    });
    const pixelLoaded = page.waitForRequest(/fbevents\.js/);
    await openStorefront(page, '/menu/donmateo-palermo/Take_Away');
    await pixelLoaded;
    await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita' });
    // the pixel's script is not run here: its calls wait in the loader's queue, as the real one reads them
    const calls = () =>
      page.evaluate(() =>
        ((window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue ?? []).map((call) =>
          Array.from(call).slice(0, 2).join(' '),
        ),
      );
    await expect.poll(calls).toContain('track AddToCart');
    expect(await calls()).not.toContain('track ViewContent');
  });

  test('enabled false keeps the tags off, ids and all', async ({ page }) => {
    const tagRequests: string[] = [];
    await page.route(TAG_HOSTS, (route) => {
      tagRequests.push(route.request().url());
      return route.abort();
    });
    await withBranch(page, 'donmateo-palermo', {
      fbPixelId: '123456789',
      googleAnalyticsId: 'G-XYZ789',
      generalConfig: { onlineMarketingConfig: { enabled: false } },
    });
    await openStorefront(page, '/menu/donmateo-palermo/Delivery');
    await page.waitForTimeout(3000); // tags load when the page is idle, about 2 s in
    expect(tagRequests).toEqual([]);
  });
});

test.describe('a logo that fails', () => {
  test('leaves a transparent placeholder, no initial in a circle', async ({ page }) => {
    // Café Aurora shows its logo (it has no banner)
    await withBranch(page, 'aurora-centro', { customLogoURL: '/files/photos/no-existe.webp' });
    await openStorefront(page, '/menu/aurora-centro/Take_Away');
    const logo = page.locator('.store-header__logo');
    await expect(logo).toHaveClass(/logo--placeholder/);
    await expect(logo).toHaveText('');
    await expect(logo).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
    await expect(page.locator('.app-header .logo')).toHaveText('');
    expect(await seriousViolations(page)).toEqual([]);
  });

  for (const [alias, shade] of [
    ['donmateo-palermo', 'black'],
    ['kenzo-nunez', 'white'],
  ] as const) {
    test(`a horizontal logo that fails gives way to the ${shade} default (${alias}'s theme)`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ ...testInfo.project.use, ...DESKTOP });
      const page = await context.newPage();
      const errors = failOnConsoleErrors(page);
      await withBranch(page, alias, { customHorizontalLogoURL: '/files/photos/no-existe.webp' });
      await openStorefront(page, `/menu/${alias}/Take_Away`);
      const mark = page.locator('.app-header .logo-horizontal');
      await expect(mark).toHaveCSS('background-image', new RegExp(`logo-horizontal-${shade}\\.svg`));
      await expect(mark.getByRole('img')).toBeHidden();
      await page.screenshot({ path: shotPath(`horizontal-logo-${shade}.png`) });
      // the failed image is the only console error
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      await context.close();
    });
  }
});
