import { expect, test } from '@playwright/test';
import {
  cartBar,
  cartLine,
  continueButton,
  lookUpContact,
  openCart,
  storedCart,
  toast,
} from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

const ALIAS = 'donmateo-palermo';
const PHONE = '5491144440202';

test('a recovery link restores the abandoned cart: its mode and its items', async ({ page, request }) => {
  const problems = failOnConsoleErrors(page);
  const palermo = await lookUpContact(request, ALIAS);
  const muzzarella = await palermo.plate('Take Away', 'Muzzarella');
  const empanada = await palermo.plate('Take Away', 'Empanada de carne');
  const coke = await palermo.plate('Take Away', 'Coca-Cola 500 ml');
  const integral = muzzarella.garnish('Masa', 'Integral');
  const jamon = muzzarella.garnish('Extras', 'Jamón');

  const saved = await request.post('/api/abandoned/cart/', {
    data: {
      items: [
        {
          referenceId: muzzarella.id,
          name: 'Muzzarella',
          quantity: 1,
          notes: 'Bien cocida',
          sizeId: muzzarella.sizeId('Grande'),
          source: 'PLATE',
          extras: [
            { groupId: integral.groupId, groupItems: [{ referenceId: integral.referenceId, quantity: 1 }] },
            { groupId: jamon.groupId, groupItems: [{ referenceId: jamon.referenceId, quantity: 2 }] },
          ],
        },
        {
          referenceId: empanada.id,
          name: 'Empanada de carne',
          quantity: 3,
          notes: '',
          sizeId: null,
          source: 'PLATE',
          extras: [],
        },
        {
          referenceId: coke.id,
          name: 'Coca-Cola 500 ml',
          quantity: 1,
          notes: '',
          sizeId: null,
          source: 'UPSOLD',
          extras: [],
        },
      ],
      branchContactId: palermo.contactId,
      branchId: palermo.branchId,
      phone: PHONE,
      orderModeId: palermo.modeId('Take Away'),
      navigationEvent: 'HIDDEN',
    },
  });
  expect(saved.status()).toBe(201);

  await openStorefront(page, `/menu/${ALIAS}?abandoned=true&phone=${PHONE}`);
  // the mode of the abandoned cart, and the recovery flag is gone from the address
  await expect(page).toHaveURL(new RegExp(`/menu/${ALIAS}/Take_Away\\?phone=${PHONE}$`));
  await expect(toast(page, 'Recuperamos tu pedido')).toHaveText('Recuperamos tu pedido');
  await expect(
    page.getByRole('navigation', { name: 'Modos de pedido' }).getByRole('link', { name: 'Take Away' }),
  ).toHaveAttribute('aria-current', 'page');
  // Grande 12.000 + Integral 500 + Jamón 2 × 1.200; 3 empanadas pay 2; Coca-Cola 2.500 - 500
  await expect(cartBar(page)).toContainText('5');
  await expect(cartBar(page)).toContainText('$20.500');

  const stored = await storedCart(page);
  expect(stored?.alias).toBe(ALIAS);
  expect(stored?.orderModeId).toBe(palermo.modeId('Take Away'));

  await openCart(page);
  await expect(page).toHaveURL(new RegExp(`/menu/${ALIAS}/preview\\?phone=${PHONE}$`));
  await expect(page.getByText('Take Away', { exact: true })).toBeVisible();
  const pizza = cartLine(page, 'Muzzarella');
  await expect(pizza).toContainText('Grande');
  await expect(pizza).toContainText('Masa: Integral');
  await expect(pizza).toContainText('Extras: Jamón x2');
  await expect(pizza).toContainText('“Bien cocida”');
  await expect(pizza).toContainText('$14.900');
  const empanadas = cartLine(page, 'Empanada de carne');
  await expect(page.getByRole('group', { name: 'Cantidad de Empanada de carne' })).toContainText('3');
  await expect(empanadas.locator('.cart-line__amount')).toHaveText('$3.600');
  await expect(empanadas.locator('s')).toContainText('$5.400');
  await expect(cartLine(page, 'Coca-Cola 500 ml').locator('.cart-line__amount')).toHaveText('$2.000');
  await expect(continueButton(page)).toContainText('$20.500');

  // a reload of the page the link led to does not recover again, and keeps the cart
  await page.goto(`/menu/${ALIAS}/Take_Away?phone=${PHONE}`);
  await expect(cartBar(page)).toContainText('$20.500');
  await expect(toast(page, 'Recuperamos tu pedido')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('a recovery link without an abandoned cart leaves the visit as a plain one', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, `/menu/${ALIAS}?abandoned=true&phone=5491144449999`);
  await expect(page).toHaveURL(new RegExp(`/menu/${ALIAS}\\?phone=5491144449999$`));
  await expect(page.getByRole('heading', { name: '¿Qué menú querés ver?' })).toBeVisible();
  await page.getByRole('link', { name: /Delivery/ }).click();
  await expect(page.getByRole('heading', { name: 'Pizzas', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);
  await expect(toast(page, 'Recuperamos tu pedido')).toHaveCount(0);
  // the only error is the browser's report of the recovery API's 404
  expect(problems).toEqual([
    'console: Failed to load resource: the server responded with a status of 404 (Not Found)',
  ]);
});
