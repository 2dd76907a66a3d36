import { expect, test } from '@playwright/test';
import {
  addDish,
  CART_STORAGE_KEY,
  CART_TTL_MS,
  cartBar,
  cartLine,
  openCart,
  storedCart,
} from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

const PALERMO = '/menu/donmateo-palermo/Delivery';

test('the cart survives a reload', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, PALERMO);
  await addDish(page, { category: 'Pizzas', dish: 'Napolitana', total: '$10.240' });
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita', quantity: 2 });
  await expect(cartBar(page)).toContainText('$13.840');

  const before = await storedCart(page);
  expect(before?.alias).toBe('donmateo-palermo');
  // renewed on every change, CART_TTL_MS ahead
  const now = await page.evaluate(() => Date.now());
  expect(before?.expiresAt).toBeGreaterThan(now + CART_TTL_MS - 60_000);
  expect(before?.expiresAt).toBeLessThanOrEqual(now + CART_TTL_MS);

  await page.reload();
  await expect(cartBar(page)).toContainText('3');
  await expect(cartBar(page)).toContainText('$13.840');
  await openCart(page);
  await expect(cartLine(page, 'Napolitana')).toContainText('$10.240');
  await expect(page.getByRole('group', { name: 'Cantidad de Empanada de humita' })).toContainText('2');

  // the cart page itself reloads into the same cart
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Mi pedido', level: 1 })).toBeVisible();
  await expect(cartLine(page, 'Napolitana')).toBeVisible();
  await expect(cartLine(page, 'Empanada de humita')).toBeVisible();
  expect(problems).toEqual([]);
});

test('the cart expires after its time to live (6 h)', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await page.clock.install();
  await openStorefront(page, PALERMO);
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne' });
  await expect(cartBar(page)).toContainText('$1.800');
  const addedAt = await page.evaluate(() => Date.now());

  // five hours later the cart is still there
  await page.clock.fastForward('05:00:00');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toContainText('$1.800');

  // reloading does not renew it: six hours after the last change it is gone
  await page.clock.fastForward('01:01:00');
  await page.reload();
  expect(await page.evaluate(() => Date.now())).toBeGreaterThan(addedAt + CART_TTL_MS);
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  await page.goto('/menu/donmateo-palermo/preview');
  await expect(page.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  expect((await storedCart(page))?.lines ?? []).toEqual([]);
  expect(problems).toEqual([]);
});

test('a stored cart past its expiresAt is dropped on load', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, PALERMO);
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne' });
  await page.evaluate((key) => {
    const cart = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...cart, expiresAt: Date.now() - 1000 }));
  }, CART_STORAGE_KEY);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  expect((await storedCart(page))?.lines ?? []).toEqual([]);
  expect(problems).toEqual([]);
});

test('a cart of donmateo-palermo is not inherited by donmateo-belgrano', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, PALERMO);
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne', quantity: 2 });
  await expect(cartBar(page)).toContainText('$3.600');

  // another shop asks before the cart is dropped; Cancelar goes back to the cart's shop
  await page.goto('/menu/donmateo-belgrano/Delivery');
  const question = page.getByRole('dialog', { name: 'Cambiar de local' });
  await expect(question).toContainText(
    'Tenés un pedido en curso en otro local. Si continuás se eliminarán los productos agregados.',
  );
  await expect(cartBar(page)).toHaveCount(0);
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo$/);
  await page.goto(PALERMO);
  await expect(cartBar(page)).toContainText('$3.600');

  // Continuar drops it: Belgrano starts empty, and so does Palermo afterwards
  await page.goto('/menu/donmateo-belgrano/Delivery');
  await question.getByRole('button', { name: 'Continuar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/menu\/donmateo-belgrano\/Delivery$/);
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  expect((await storedCart(page))?.lines ?? []).toEqual([]);
  await page.goto('/menu/donmateo-belgrano/preview');
  await expect(page.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  await page.goto(PALERMO);
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('the cart page of another alias is empty', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, PALERMO);
  await addDish(page, { category: 'Bebidas', dish: 'Coca-Cola 500 ml' });
  await page.goto('/menu/donmateo-belgrano/preview');
  await expect(page.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  // nothing was dropped: Palermo still has it
  await page.goto('/menu/donmateo-palermo/preview');
  await expect(cartLine(page, 'Coca-Cola 500 ml')).toBeVisible();
  expect(problems).toEqual([]);
});
