/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { DONMATEO_OWNER } from './support/console.ts';
import { openStorefront } from './support/storefront.ts';

/**
 * Issue 24, item 7: a plate that runs out shows in an open cart when it happens, not only at
 * 'Realizar pedido'; it comes back just as live.
 */
test('a plate out of stock is marked in an open cart at once, and Continuar waits until it is back', async ({
  page,
  playwright,
}) => {
  await openStorefront(page, '/menu/donmateo-palermo/Take_Away');
  await addDish(page, { category: 'Postres', dish: 'Flan casero' });
  await openCart(page);
  await expect(continueButton(page)).toBeEnabled();

  // the kitchen marks it out of stock (the console's call)
  const baseURL = new URL(page.url()).origin;
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post('/api/console/login', { data: DONMATEO_OWNER })).ok()).toBe(true);
  const contactId = (
    (await (await staff.get('/api/diner/donmateo-palermo')).json()) as { info: { id: number } }
  ).info.id;
  const stock = (await (await staff.get(`/api/console/contacts/${contactId}/plates`)).json()) as {
    categories: { plates: { id: number; showName: string }[] }[];
  };
  const flan = stock.categories.flatMap((c) => c.plates).find((p) => p.showName === 'Flan casero');
  expect(flan).toBeDefined();
  const setStock = (outOfStock: boolean) =>
    staff.put(`/api/console/plates/${flan?.id}`, { data: { outOfStock } });
  try {
    expect((await setStock(true)).ok()).toBe(true);
    await expect(page.getByText('Sin stock', { exact: true })).toBeVisible();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'ya no está disponible. Quitalo del pedido para continuar.' }),
    ).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
  } finally {
    expect((await setStock(false)).ok()).toBe(true);
  }
  await expect(page.getByText('Sin stock', { exact: true })).toHaveCount(0);
  await expect(continueButton(page)).toBeEnabled();
  await staff.dispose();
});
