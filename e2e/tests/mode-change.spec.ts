import { expect, type Page, test } from '@playwright/test';
import {
  addDish,
  cartBar,
  cartLine,
  continueButton,
  lookUpContact,
  openCart,
  storedCart,
} from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

const MODE_CHANGE = 'Cambiar modo de pedido';

function modeTab(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Modos de pedido' }).getByRole('link', { name, exact: true });
}

test('Delivery → Mesa with items asks first: Cancelar keeps Delivery and the items, Continuar empties the cart', async ({
  page,
}) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de carne', quantity: 2 });
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await expect(cartBar(page)).toContainText('$17.100');
  const deliveryCart = await storedCart(page);

  await modeTab(page, 'Mesa').click();
  const question = page.getByRole('dialog', { name: MODE_CHANGE });
  await expect(question).toContainText('Si continuás se eliminarán los productos agregados.');
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
  await expect(modeTab(page, 'Delivery')).toHaveAttribute('aria-current', 'page');
  await expect(cartBar(page)).toContainText('$17.100');
  expect(await storedCart(page)).toMatchObject({
    orderModeId: deliveryCart?.orderModeId,
    menuHash: deliveryCart?.menuHash,
    lines: deliveryCart?.lines,
  });

  await modeTab(page, 'Mesa').click();
  await expect(question).toContainText('Si continuás se eliminarán los productos agregados.');
  await question.getByRole('button', { name: 'Continuar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Mesa$/);
  await expect(modeTab(page, 'Mesa')).toHaveAttribute('aria-current', 'page');
  // Mesa's own menu
  await expect(page.getByRole('region', { name: 'Bebidas', exact: true })).toContainText('Vino de la casa');
  await expect(cartBar(page)).toHaveCount(0);
  const mesaCart = await storedCart(page);
  expect(mesaCart?.lines).toEqual([]);
  expect(mesaCart?.orderModeId).not.toBe(deliveryCart?.orderModeId);
  expect(mesaCart?.menuHash).not.toBe(deliveryCart?.menuHash);

  await page.goto('/menu/donmateo-palermo/preview');
  await expect(page.getByRole('heading', { name: 'Tu pedido está vacío' })).toBeVisible();
  await page.getByRole('link', { name: 'Volver al Menú' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Mesa$/);
  expect(problems).toEqual([]);
});

test('Delivery → Take Away with items keeps the cart (same menu hash)', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, {
    category: 'Pizzas',
    dish: 'Muzzarella',
    radios: [/Tradicional/],
    extras: ['Huevo'],
    total: '$9.700',
  });
  await addDish(page, { category: 'Postres', dish: 'Flan casero', total: '$3.500' });
  const deliveryCart = await storedCart(page);

  await modeTab(page, 'Take Away').click();
  const question = page.getByRole('dialog', { name: MODE_CHANGE });
  await expect(question).toContainText('Los productos agregados se mantienen en tu pedido.');
  await question.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Take_Away$/);
  await expect(modeTab(page, 'Take Away')).toHaveAttribute('aria-current', 'page');
  await expect(cartBar(page)).toContainText('$13.200');

  // the cart records the new mode once that mode's menu (and its hash) has arrived
  await expect.poll(async () => (await storedCart(page))?.orderModeId).not.toBe(deliveryCart?.orderModeId);
  const takeAwayCart = await storedCart(page);
  expect(takeAwayCart?.menuHash).toBe(deliveryCart?.menuHash);
  expect(takeAwayCart?.lines).toEqual(deliveryCart?.lines);

  await openCart(page);
  await expect(page.getByText('Take Away', { exact: true })).toBeVisible();
  const pizza = cartLine(page, 'Muzzarella');
  await expect(pizza).toContainText('Chica');
  await expect(pizza).toContainText('Masa: Tradicional');
  await expect(pizza).toContainText('Extras: Huevo');
  await expect(pizza).toContainText('$9.700');
  const flan = cartLine(page, 'Flan casero');
  await expect(flan.locator('.cart-line__amount')).toHaveText('$3.500');
  await expect(flan.locator('s')).toContainText('$4.200');
  await expect(continueButton(page)).toContainText('$13.200');
  expect(problems).toEqual([]);
});

test('typed addresses: the same menu keeps the items, the Mesa menu asks first', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita' });
  const question = page.getByRole('dialog', { name: MODE_CHANGE });

  // Take Away shares Delivery's menu: no question, the items stay and the cart records the mode
  await page.goto('/menu/donmateo-palermo/Take_Away');
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toContainText('$1.800');
  await expect(question).toHaveCount(0);
  const { modeId } = await lookUpContact(page.request, 'donmateo-palermo');
  await expect.poll(async () => (await storedCart(page))?.orderModeId).toBe(modeId('Take Away'));

  // Mesa has another menu: Cancelar goes back to the cart's mode
  await page.goto('/menu/donmateo-palermo/Mesa');
  await expect(question).toContainText('Si continuás se eliminarán los productos agregados.');
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Take_Away$/);
  await expect(cartBar(page)).toContainText('$1.800');

  await page.goto('/menu/donmateo-palermo/Mesa');
  await question.getByRole('button', { name: 'Continuar' }).click();
  await expect(question).toHaveCount(0);
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Mesa$/);
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  expect(await storedCart(page)).toMatchObject({ orderModeId: modeId('Mesa'), lines: [] });
  expect(problems).toEqual([]);
});
