/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart, toast } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

/**
 * Issue 17, point 7: where the menu shows whole pesos, every amount of the checkout is whole pesos too.
 * Don Mateo Palermo's delivery charges $300 plus 2% of the order: on the Napolitana ($12.800 with 20%
 * off: $10.240) and a Fugazzeta ($13.500) that 2% is $474,80, so the fee is $775, never '$774,80'.
 */

// a 1x1 transparent PNG: map tiles are answered locally (the tests run offline)
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Money written with cents, e.g. '$774,80'. */
const WITH_CENTS = /\$\s?[\d.]+,\d/;

test.beforeEach(async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: TILE }),
  );
});

function summaryRow(page: Page, label: string | RegExp) {
  return page.locator('.price-summary__row').filter({ has: page.locator('dt', { hasText: label }) });
}

async function orderWithServiceFee(page: Page, phone: string, shot: string) {
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Napolitana' });
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();

  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Julián Pérez');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(phone);
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  await modal.getByRole('combobox', { name: /^Dirección/ }).fill('Av. Santa Fe 3100');
  await modal.getByRole('option', { name: /Av\. Santa Fe 3100/ }).click();
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill('Agüero y Bulnes');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);

  // products 10.240 + 13.500 = 23.740; fee 300 + 474,80 rounded to the nearest peso; transfer delivery 1.200
  await expect(summaryRow(page, 'Productos')).toContainText('$23.740');
  await expect(summaryRow(page, 'Tasa de Servicio')).toContainText('$775');
  await expect(summaryRow(page, 'Envío')).toContainText('$1.200');
  await expect(summaryRow(page, 'Total')).toContainText('$25.715');
  const summary = page.locator('.price-summary');
  await summary.scrollIntoViewIfNeeded();
  expect(await summary.innerText()).not.toMatch(WITH_CENTS);
  expect(await page.locator('body').innerText()).not.toMatch(WITH_CENTS);
  await page.screenshot({ path: shotPath(`${shot}`) });

  // the server prices the order with the same rounding, so it takes it as shown
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Realizar pedido/ }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { code: string; price: number } };
  expect(data.price).toBe(25_715);
  await expect(page.getByRole('heading', { name: `Pedido #${data.code}`, level: 1 })).toBeVisible();
  const amounts = page.getByRole('region', { name: 'Importes' });
  await expect(amounts).toContainText('$775');
  await expect(amounts).toContainText('$25.715');
  expect(await amounts.innerText()).not.toMatch(WITH_CENTS);
  await expect(toast(page, 'Hubo un error enviando el pedido')).toHaveCount(0);
  expect(errors).toEqual([]);
}

test('phone: a percentage service fee is charged in whole pesos', async ({ page }) => {
  await orderWithServiceFee(page, '11 5555 0761', 'hf-whole-pesos-phone.png');
});

test.describe('desktop', () => {
  test.use(DESKTOP);

  test('desktop: a percentage service fee is charged in whole pesos', async ({ page }) => {
    await orderWithServiceFee(page, '11 5555 0762', 'hf-whole-pesos-desktop.png');
  });
});
