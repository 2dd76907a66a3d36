import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDish, cartLine, continueButton, openCart, openDish } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

const DELIVERY = '/menu/donmateo-palermo/Delivery';

/**
 * The demo's menu discounts (DEMO-DATA.md), priced as core prices them: what one unit costs the diner,
 * the old price struck through, and the pill.
 */
const DISCOUNTED = [
  // PERCENT 20 of 12.800
  { category: 'Pizzas', dish: 'Napolitana', paid: '$10.240', old: '$12.800', pill: '-20%' },
  // FINAL_PRICE 3.500 instead of 4.200: $700 less
  { category: 'Postres', dish: 'Flan casero', paid: '$3.500', old: '$4.200', pill: '-$700' },
  // FIXED 500 off 2.500
  { category: 'Bebidas', dish: 'Coca-Cola 500 ml', paid: '$2.000', old: '$2.500', pill: '-$500' },
] as const;

/** 10.240 + 3.500 + 2.000 */
const CART_TOTAL = '$15.740';

/** The paid price, the struck old price read as 'Precio anterior', and the pill, in that order. */
async function expectPriceRow(
  row: Locator,
  { paid, old, pill }: { paid: string; old: string; pill: string },
) {
  await expect(row.locator('.price-tag__amount')).toHaveText(paid);
  const struck = row.locator('s');
  await expect(struck).toHaveText(`Precio anterior: ${old}`);
  await expect(struck.locator('.sr-only')).toHaveText('Precio anterior: ');
  await expect(struck).toHaveCSS('text-decoration-line', 'line-through');
  const pillLocator = row.locator('.discount-pill');
  await expect(pillLocator).toHaveText(`Descuento: ${pill}`);
  await expect(pillLocator).toBeVisible();
  // the paid price comes first, then the old one, then the pill
  const order = await row
    .locator('.price-tag__amount, s, .discount-pill')
    .evaluateAll((els) =>
      els.map((el) =>
        el.tagName === 'S' ? 'old' : el.classList.contains('discount-pill') ? 'pill' : 'paid',
      ),
    );
  expect(order).toEqual(['paid', 'old', 'pill']);
}

function menuCard(page: Page, category: string, dish: string): Locator {
  return page
    .getByRole('region', { name: category, exact: true })
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: dish, exact: true }) });
}

/** The menu cards: each discounted dish's row; a 3x2 keeps its unit price with its pill. */
async function checkMenuCards(page: Page, shot: string) {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, DELIVERY);
  for (const dish of DISCOUNTED) {
    const card = menuCard(page, dish.category, dish.dish);
    await expect(card).toHaveCount(1);
    await expectPriceRow(card, dish);
  }
  const empanada = menuCard(page, 'Empanadas', 'Empanada de carne');
  await expect(empanada.locator('.price-tag__amount')).toHaveText('$1.800');
  await expect(empanada.locator('s')).toHaveCount(0);
  await expect(empanada.locator('.discount-pill')).toHaveText('Descuento: Llevá 3, pagá 2');
  // no discount, no pill
  await expect(menuCard(page, 'Pizzas', 'Fugazzeta').locator('.discount-pill, s')).toHaveCount(0);
  await menuCard(page, 'Pizzas', 'Napolitana').scrollIntoViewIfNeeded();
  await page.screenshot({ path: shotPath(`${shot}-menu.png`) });
  expect(problems).toEqual([]);
}

/** The dish view shows the same row, and 'Agregar' charges the paid price over the struck one. */
async function checkDishViews(page: Page, shot: string) {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, DELIVERY);
  for (const dish of DISCOUNTED) {
    const dialog = await openDish(page, dish.category, dish.dish);
    await expectPriceRow(dialog.locator('.dish__price'), dish);
    const add = dialog.getByRole('button', { name: /^Agregar/ });
    await expect(add.locator('s')).toHaveText(`Precio anterior: ${dish.old}`);
    await expect(add).toContainText(dish.paid);
    if (dish.dish === 'Napolitana') await page.screenshot({ path: shotPath(`${shot}-dish.png`) });
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect(dialog).toHaveCount(0);
  }
  const empanada = await openDish(page, 'Empanadas', 'Empanada de carne');
  await expect(empanada.locator('.dish__price .price-tag__amount')).toHaveText('$1.800');
  await expect(empanada.locator('.dish__price s')).toHaveCount(0);
  await expect(empanada.locator('.dish__price .discount-pill')).toHaveText('Descuento: Llevá 3, pagá 2');
  expect(problems).toEqual([]);
}

/** The cart lines show the same row, for one unit and for two, and the total is their sum. */
async function checkCartLines(page: Page, shot: string) {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, DELIVERY);
  for (const dish of DISCOUNTED) {
    await addDish(page, { category: dish.category, dish: dish.dish, total: dish.paid });
  }
  await openCart(page);
  for (const dish of DISCOUNTED) await expectPriceRow(cartLine(page, dish.dish), dish);
  await expect(page.getByRole('region', { name: 'Resumen' })).toContainText(CART_TOTAL);
  await expect(continueButton(page)).toContainText(CART_TOTAL);
  await page.screenshot({ path: shotPath(`${shot}-cart.png`) });

  // two Napolitanas: the line doubles both prices, the pill stays
  await page.getByRole('button', { name: 'Sumar una unidad de Napolitana' }).click();
  await expectPriceRow(cartLine(page, 'Napolitana'), { paid: '$20.480', old: '$25.600', pill: '-20%' });
  await expect(continueButton(page)).toContainText('$25.980');
  expect(problems).toEqual([]);
}

const CHECKS = [
  ['the menu cards show the paid price, the old one struck and the pill', checkMenuCards],
  ['the dish view shows the same price row and charges the paid price', checkDishViews],
  ['the cart lines show the same price row and the total is their sum', checkCartLines],
] as const;

for (const [title, check] of CHECKS) {
  test(title, async ({ page }) => {
    await check(page, 'phone');
  });
}

test.describe('desktop', () => {
  test.use(DESKTOP);

  for (const [title, check] of CHECKS) {
    test(title, async ({ page }) => {
      await check(page, 'desktop');
    });
  }
});
