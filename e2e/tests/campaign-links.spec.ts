/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { addDish, cartBar, storedCart, toast } from './support/cart.ts';
import { failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// Campaign links (storefront.md section 2, decision 021): the checkout's ?code= applies its discount
// code, and ?menu= preselects its plates.

function summaryRow(page: Page, label: string | RegExp) {
  return page.locator('.price-summary__row').filter({ has: page.locator('dt', { hasText: label }) });
}

async function takeAwayCartWith(page: Page, category: string, dish: string) {
  await openStorefront(page, '/menu/donmateo-palermo/Take_Away');
  await addDish(page, { category, dish });
}

test('?code= on the checkout applies the code once the diner gives name and phone', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await takeAwayCartWith(page, 'Pizzas', 'Fugazzeta');
  await openStorefront(page, '/menu/donmateo-palermo/checkout?code=PIZZA15');
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();

  // the code waits for the diner's data, where the codes are
  const waiting = page.getByRole('button', { name: 'Usar el código PIZZA15' });
  await expect(waiting).toBeVisible();
  await expect(summaryRow(page, 'Código PIZZA15')).toHaveCount(0);

  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Ana Campaña');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill('11 15 4444 0707');
  // Fugazzeta 13.500: PIZZA15 takes 2.025
  await expect(summaryRow(page, 'Código PIZZA15')).toContainText('-$2.025');
  await expect(page.locator('.benefit-row')).toContainText('Código PIZZA15');
  await expect(page.getByRole('button', { name: 'Quitar' })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await page.screenshot({ path: shotPath('campaign-code-applied.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('?code= with the name and phone in the link applies at once; a code whose condition fails says why', async ({
  page,
}) => {
  await takeAwayCartWith(page, 'Pizzas', 'Fugazzeta');
  await openStorefront(
    page,
    '/menu/donmateo-palermo/checkout?code=pizza15&customerName=Ana%20Campa%C3%B1a&phone=1144440708',
  );
  await expect(summaryRow(page, 'Código PIZZA15')).toContainText('-$2.025');

  // a cart without pizzas: PIZZA15's condition fails, the diner is told and nothing is applied
  await page.evaluate(() => localStorage.removeItem('comanda:cart'));
  await openStorefront(page, '/menu/donmateo-palermo/Take_Away');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita' });
  await openStorefront(
    page,
    '/menu/donmateo-palermo/checkout?code=PIZZA15&customerName=Ana%20Campa%C3%B1a&phone=1144440708',
  );
  await expect(
    toast(page, 'Este código requiere un producto de la categoría Pizzas en el pedido.'),
  ).toBeVisible();
  await expect(summaryRow(page, 'Código PIZZA15')).toHaveCount(0);
});

test('?menu= puts the plates without choices in the cart once, and opens the one that needs a choice', async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await openStorefront(
    page,
    '/menu/donmateo-palermo/Take_Away?menu=Empanada%20de%20humita&menu=coca-cola%20500%20ml',
  );
  await expect(toast(page, 'Agregamos a tu pedido: Empanada de humita, Coca-Cola 500 ml.')).toBeVisible();
  await expect(cartBar(page)).toBeVisible();
  const lines = () => storedCart(page).then((cart) => cart?.lines.map((l) => [l.name, l.quantity]));
  await expect.poll(lines).toEqual([
    ['Empanada de humita', 1],
    ['Coca-Cola 500 ml', 1],
  ]);

  // a reload of the same link adds nothing again
  await openStorefront(
    page,
    '/menu/donmateo-palermo/Take_Away?menu=Empanada%20de%20humita&menu=coca-cola%20500%20ml',
  );
  await expect(cartBar(page)).toBeVisible();
  expect(await lines()).toEqual([
    ['Empanada de humita', 1],
    ['Coca-Cola 500 ml', 1],
  ]);

  // a plate with sizes and a mandatory dough: its dish opens for the diner to choose
  await openStorefront(page, '/menu/donmateo-palermo/Take_Away?menu=Muzzarella');
  const dish = page.getByRole('dialog', { name: 'Muzzarella' });
  await expect(dish).toBeVisible();
  expect(errors).toEqual([]);
});
