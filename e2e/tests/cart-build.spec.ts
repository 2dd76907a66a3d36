import { expect, test } from '@playwright/test';
import {
  addDish,
  CART_STORAGE_KEY,
  cartBar,
  cartLine,
  continueButton,
  ITEM_ADDED,
  openCart,
  openDish,
  storedCart,
  toast,
} from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

const DELIVERY = '/menu/donmateo-palermo/Delivery';

test('a Muzzarella with choices and three empanadas (buy 3 pay 2) make a cart of $18.100', async ({
  page,
}) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, DELIVERY);

  // Muzzarella: size, the mandatory 'Masa' and up to three 'Extras'
  const dish = await openDish(page, 'Pizzas', 'Muzzarella');
  const masa = dish.getByRole('region', { name: 'Masa' });
  const extras = dish.getByRole('region', { name: 'Extras' });
  await expect(dish.getByRole('region', { name: 'Tamaño' })).toContainText('Elegí 1');
  await expect(masa).toContainText('Obligatorio');
  await expect(masa).toContainText('Elegí 1');
  await expect(extras).toContainText('Hasta 3 · 0/3');
  await expect(extras).not.toContainText('Obligatorio');
  await expect(dish.getByRole('radio', { name: /Chica/ })).toBeChecked();

  // 'Agregar' without a masa is refused and the group says it needs attention
  await dish.getByRole('button', { name: /^Agregar/ }).click();
  await expect(toast(page, 'Revise que haya agregado la cantidad correcta de guarniciones')).toBeVisible();
  await expect(dish).toBeVisible();
  await expect(masa).toHaveAttribute('data-invalid', 'true');
  expect((await storedCart(page))?.lines ?? []).toEqual([]);

  await dish.getByRole('radio', { name: /Grande/ }).check();
  await dish.getByRole('radio', { name: /Integral/ }).check();
  await expect(masa).not.toHaveAttribute('data-invalid');

  // a fourth extra is refused
  await dish.getByRole('button', { name: 'Sumar Jamón' }).click();
  await dish.getByRole('button', { name: 'Sumar Morrones' }).click();
  await dish.getByRole('button', { name: 'Sumar Aceitunas' }).click();
  await expect(extras).toContainText('Hasta 3 · 3/3');
  await dish.getByRole('button', { name: 'Sumar Huevo' }).click();
  await expect(toast(page, 'No se pueden agregar mas que el máximo')).toBeVisible();
  await expect(extras).toContainText('Hasta 3 · 3/3');
  await expect(dish.getByRole('button', { name: 'Quitar Huevo' })).toHaveCount(0);
  await dish.getByRole('button', { name: 'Quitar Aceitunas' }).click();
  await expect(extras).toContainText('Hasta 3 · 2/3');

  // Grande 12.000 + Integral 500 + Jamón 1.200 + Morrones 800
  const add = dish.getByRole('button', { name: /^Agregar/ });
  await expect(add).toContainText('$14.500');
  await add.click();
  await expect(toast(page, ITEM_ADDED)).toBeVisible();
  await expect(dish).toHaveCount(0);
  await expect(cartBar(page)).toContainText('$14.500');

  // two empanadas, then one more: one line of three, the third one free
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne', quantity: 2, total: '$3.600' });
  await expect(cartBar(page)).toContainText('$18.100');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne' });
  await expect(cartBar(page)).toHaveAccessibleName(/^4 productos Ver mi pedido \$18\.100$/);

  // Tiramisú: at most two units
  const tiramisu = await openDish(page, 'Postres', 'Tiramisú');
  await tiramisu.getByRole('button', { name: 'Sumar una unidad', exact: true }).click();
  await expect(tiramisu.getByRole('group', { name: 'Cantidad de Tiramisú' })).toContainText('2');
  await tiramisu.getByRole('button', { name: 'Sumar una unidad', exact: true }).click();
  await expect(toast(page, 'Has alcanzado el máximo de unidades (2) para este producto')).toBeVisible();
  await expect(tiramisu.getByRole('group', { name: 'Cantidad de Tiramisú' })).toContainText('2');
  await expect(tiramisu.getByRole('button', { name: /^Agregar/ })).toContainText('$11.000');
  await tiramisu.getByRole('button', { name: 'Cerrar' }).click();
  await expect(tiramisu).toHaveCount(0);

  await openCart(page);
  const pizza = cartLine(page, 'Muzzarella');
  await expect(pizza).toContainText('Grande');
  await expect(pizza).toContainText('Masa: Integral');
  await expect(pizza).toContainText('Extras: Jamón, Morrones');
  await expect(pizza).toContainText('$14.500');
  await expect(pizza.locator('s')).toHaveCount(0);

  const empanadas = cartLine(page, 'Empanada de carne');
  await expect(page.getByRole('group', { name: 'Cantidad de Empanada de carne' })).toContainText('3');
  await expect(empanadas.locator('s')).toContainText('$5.400');
  await expect(empanadas.locator('.cart-line__amount')).toHaveText('$3.600');
  await expect(empanadas).toContainText('Llevá 3, pagá 2');
  await expect(page.getByRole('listitem').filter({ hasText: 'Empanada de carne' })).toHaveCount(1);

  await expect(page.getByRole('region', { name: 'Resumen' })).toContainText('$18.100');
  await expect(continueButton(page)).toContainText('$18.100');
  await expect(continueButton(page)).toBeEnabled();
  // 18.100 is over the delivery minimum of 8.000; free delivery from 30.000 products, in the checkout's words
  await expect(page.getByText(/para llegar al mínimo/)).toHaveCount(0);
  await expect(
    page.getByRole('status').filter({ hasText: 'Suma $11.900 en productos para tener envío gratis' }),
  ).toBeVisible();

  const stored = await storedCart(page);
  expect(stored?.alias).toBe('donmateo-palermo');
  expect(stored?.lines.map((line) => [line.name, line.quantity])).toEqual([
    ['Muzzarella', 1],
    ['Empanada de carne', 3],
  ]);

  // the toasts go after 3 s; the artifact shows the page itself
  await expect(page.locator('.toast')).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/cart-page.png' });
  expect(problems).toEqual([]);
});

test('cart line controls: units up and down, the trash can at one unit, the upsell and the empty state', async ({
  page,
}) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, DELIVERY);
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne', quantity: 2 });
  await openCart(page);

  await page.getByRole('button', { name: 'Sumar una unidad de Empanada de carne' }).click();
  await expect(page.getByRole('group', { name: 'Cantidad de Empanada de carne' })).toContainText('3');
  await expect(continueButton(page)).toContainText('$3.600');
  await page.getByRole('button', { name: 'Quitar una unidad de Empanada de carne' }).click();
  await page.getByRole('button', { name: 'Quitar una unidad de Empanada de carne' }).click();
  await expect(page.getByRole('group', { name: 'Cantidad de Empanada de carne' })).toContainText('1');
  await expect(page.getByRole('button', { name: 'Quitar una unidad de Empanada de carne' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Eliminar Empanada de carne' })).toBeVisible();

  // 'Te recomendamos': Coca-Cola with its fixed discount of 500
  await page.getByRole('button', { name: 'Agregar Coca-Cola 500 ml' }).click();
  await expect(toast(page, ITEM_ADDED)).toBeVisible();
  const coke = cartLine(page, 'Coca-Cola 500 ml');
  await expect(coke.locator('.cart-line__amount')).toHaveText('$2.000');
  await expect(coke.locator('s')).toContainText('$2.500');
  await expect(continueButton(page)).toContainText('$3.800');
  await expect(page.getByRole('button', { name: 'Agregar Coca-Cola 500 ml' })).toHaveCount(0);

  // the cart's own plus respects a plate's maximum (Tiramisú: 2)
  await page.getByRole('link', { name: 'Agregar más productos' }).click();
  await addDish(page, { category: 'Postres', dish: 'Tiramisú', quantity: 2, total: '$11.000' });
  await openCart(page);
  await page.getByRole('button', { name: 'Sumar una unidad de Tiramisú' }).click();
  await expect(toast(page, 'Has alcanzado el máximo de unidades (2) para este producto')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Cantidad de Tiramisú' })).toContainText('2');
  await expect(continueButton(page)).toContainText('$14.800');
  await page.getByRole('button', { name: 'Quitar una unidad de Tiramisú' }).click();
  await page.getByRole('button', { name: 'Eliminar Tiramisú' }).click();
  await expect(cartLine(page, 'Tiramisú')).toHaveCount(0);

  await page.getByRole('button', { name: 'Eliminar Coca-Cola 500 ml' }).click();
  await page.getByRole('button', { name: 'Eliminar Empanada de carne' }).click();
  await expect(page.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  expect((await storedCart(page))?.lines ?? []).toEqual([]);
  await page.getByRole('link', { name: 'Volver al Menú' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('Delivery asks for the minimum order; Take Away has no minimum', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  // every order mode the cart is stored with, in order: a mode change must not bounce back
  await page.addInitScript((key) => {
    const modes: unknown[] = [];
    (window as unknown as { storedModes: unknown[] }).storedModes = modes;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (name: string, value: string) {
      if (name === key) {
        const mode = (JSON.parse(value) as { orderModeId?: unknown }).orderModeId;
        if (modes.at(-1) !== mode) modes.push(mode);
      }
      return setItem.call(this, name, value);
    };
  }, CART_STORAGE_KEY);
  await openStorefront(page, DELIVERY);
  await addDish(page, { category: 'Bebidas', dish: 'Agua sin gas 500 ml', total: '$1.800' });
  await openCart(page);

  // minimum 8.000 - 1.800
  await expect(
    page.getByRole('status').filter({ hasText: 'Suma $6.200 para llegar al mínimo' }),
  ).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Suma $6.200 para llegar al mínimo' })).toHaveAttribute(
    'aria-valuenow',
    '23',
  );
  await expect(continueButton(page)).toContainText('$1.800');
  await expect(continueButton(page)).toBeDisabled();

  // the same cart in Take Away (same menu): no minimum, 'Continuar' enabled
  await page.getByRole('link', { name: 'Agregar más productos' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
  await page
    .getByRole('navigation', { name: 'Modos de pedido' })
    .getByRole('link', { name: 'Take Away' })
    .click();
  const question = page.getByRole('dialog', { name: 'Cambiar modo de pedido' });
  await expect(question).toContainText('Los productos agregados se mantienen en tu pedido.');
  await question.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Take_Away$/);
  // stored as Delivery, then Take Away, and never Delivery again (the menu being left used to put
  // its mode back until the next menu had loaded)
  await page.waitForTimeout(500);
  const modes = await page.evaluate(() => (window as unknown as { storedModes: unknown[] }).storedModes);
  expect(modes.filter((mode) => mode !== null)).toHaveLength(2);
  await openCart(page);
  await expect(page.getByText('Take Away', { exact: true })).toBeVisible();
  await expect(cartLine(page, 'Agua sin gas 500 ml')).toBeVisible();
  await expect(page.getByText(/para llegar al mínimo/)).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(continueButton(page)).toContainText('$1.800');
  await expect(continueButton(page)).toBeEnabled();
  expect(problems).toEqual([]);
});

// The dish stays mounted and clickable while it animates closed (190 ms): a second tap must not add it
// again nor navigate back twice.
test('a double tap on "Agregar" adds the dish once and stays on the menu', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo');
  await page.getByRole('link', { name: /Delivery/ }).click();
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  const dish = await openDish(page, 'Empanadas', 'Empanada de carne');
  await dish.getByRole('button', { name: /^Agregar/ }).dblclick();
  await expect(dish).toHaveCount(0);
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
  await expect(cartBar(page)).toContainText('$1.800');
  expect((await storedCart(page))?.lines.map((line) => line.quantity)).toEqual([1]);
  expect(problems).toEqual([]);
});
