import { expect, test } from '@playwright/test';
import { MONDAY } from '../playwright.config.ts';
import { colorOf, failOnConsoleErrors, openStorefront } from './support/storefront.ts';

test('company → branch → contact → mode → menu for sabores', async ({ page }, testInfo) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/sabores?campaignId=demo');

  await page.getByRole('link', { name: /Pizzería Don Mateo/ }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo\?campaignId=demo/);
  await expect(page.getByRole('heading', { name: '¿Cómo querés recibir tu pedido?' })).toBeVisible();
  await expect(page.getByPlaceholder('Buscar Local')).toBeVisible();

  await page.getByRole('link', { name: /Don Mateo Palermo/ }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\?campaignId=demo/);
  await expect(page.getByRole('heading', { name: '¿Qué menú querés ver?' })).toBeVisible();

  await page.getByRole('link', { name: /Take Away/ }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Take_Away\?campaignId=demo/);
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  const muzzarella = page
    .locator('article, li')
    .filter({ hasText: 'Muzzarella' })
    .filter({ hasText: 'desde' })
    .first();
  await expect(muzzarella).toContainText('$9.000');
  await expect(page.getByText('-20%').first()).toBeVisible();
  await expect(page.getByText('Vegetariana').first()).toBeVisible();
  await expect(page.getByText('Menú informativo. Pedidos deshabilitados.')).toHaveCount(0);
  await expect(page.getByText('Local cerrado.')).toHaveCount(0);

  await page.screenshot({ path: testInfo.outputPath('menu-donmateo-palermo.png'), fullPage: true });
  await page.screenshot({ path: 'artifacts/menu-donmateo-palermo.png' });
  expect(problems).toEqual([]);
});

test('the branch-select screen lists the contacts with distance once the diner shares a location', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: -34.581, longitude: -58.42 });
  await openStorefront(page, '/menu/donmateo');
  await page.getByRole('button', { name: /Usar mi ubicación/ }).click();
  const palermo = page.getByRole('link', { name: /Don Mateo Palermo/ });
  await expect(palermo).toContainText(/\d,\d km/);
  // nearest first: Palermo is about 1 km away, Belgrano about 4 km
  await expect(page.getByRole('main').getByRole('link').first()).toContainText('Don Mateo Palermo');
});

test('kenzo shows its dark theme', async ({ page }) => {
  await openStorefront(page, '/menu/kenzo-nunez/Take_Away');
  await expect(page.getByRole('heading', { name: 'Kenzo Sushi' }).first()).toBeVisible();
  const background = await colorOf(page, 'body', 'background-color');
  // the dark default background #272524 or the branch's own dark colour: a dark page either way
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number);
  expect((r ?? 255) + (g ?? 255) + (b ?? 255)).toBeLessThan(200);
  const text = await colorOf(page, 'body', 'color');
  const [tr, tg, tb] = (text.match(/\d+/g) ?? []).map(Number);
  expect((tr ?? 0) + (tg ?? 0) + (tb ?? 0)).toBeGreaterThan(600);
});

test.describe('on a Monday', () => {
  test.use({ baseURL: `http://127.0.0.1:${MONDAY.port}` });

  test('Don Mateo Belgrano shows the red closed banner and its hours', async ({ page }) => {
    await openStorefront(page, '/menu/donmateo-belgrano/Delivery');
    // the closed-shop notice opens once per session before anything else
    const notice = page.getByRole('dialog', { name: 'Local cerrado' });
    await expect(notice).toContainText(
      'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
    );
    await notice.getByRole('button', { name: 'Entendido' }).click();
    const banner = page.getByRole('status').filter({ hasText: 'Local cerrado.' });
    await expect(banner).toBeVisible();
    await expect(page.getByText('Cerrado', { exact: true }).first()).toBeVisible();
    await banner.getByRole('button', { name: 'Ver horarios' }).click();
    const dialog = page.getByRole('dialog', { name: 'Informacion' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Lunes');
    await expect(dialog).toContainText('Martes');
    await expect(dialog).toContainText('11:00');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });
});

test('status screens: an unknown alias and an unknown mode', async ({ page }) => {
  await page.goto('/menu/no-existe-este-local');
  await expect(page.getByRole('heading', { name: 'No encontramos este local' })).toBeVisible();
  await page.goto('/menu/donmateo-palermo/Helicoptero');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/no encontramos/i).first()).toBeVisible();
});
