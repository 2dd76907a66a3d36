import { expect, test } from '@playwright/test';
import { cartBar, cartLine, continueButton, ITEM_ADDED, openCart, toast } from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

const MENU = '/menu/kenzo-nunez/Take_Away';

test('Kenzo shows a dish as its own page, and adding it goes back to the menu', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, MENU);

  await page
    .getByRole('region', { name: 'Rolls', exact: true })
    .getByRole('link', { name: 'Philadelphia roll' })
    .click();
  await expect(page).toHaveURL(/\/menu\/kenzo-nunez\/Take_Away\/Rolls\/Philadelphia_roll$/);
  await expect(page.getByRole('heading', { name: 'Philadelphia roll', level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // the menu is not underneath
  await expect(page.getByRole('navigation', { name: 'Modos de pedido' })).toHaveCount(0);

  // back without adding
  await page.getByRole('button', { name: 'Volver al menú' }).click();
  await expect(page).toHaveURL(/\/menu\/kenzo-nunez\/Take_Away$/);
  await expect(page.getByRole('heading', { name: 'Rolls', exact: true })).toBeVisible();
  await expect(cartBar(page)).toHaveCount(0);

  await page
    .getByRole('region', { name: 'Rolls', exact: true })
    .getByRole('link', { name: 'Philadelphia roll' })
    .click();
  await expect(page.getByRole('heading', { name: 'Philadelphia roll', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Sumar una unidad', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Cantidad de Philadelphia roll' })).toContainText('2');
  await page.getByRole('textbox', { name: /Aclaraciones/ }).fill('Sin sésamo');
  const add = page.getByRole('button', { name: /^Agregar/ });
  await expect(add).toContainText('$19.600');
  await add.click();
  await expect(toast(page, ITEM_ADDED)).toBeVisible();
  await expect(page).toHaveURL(/\/menu\/kenzo-nunez\/Take_Away$/);
  await expect(page.getByRole('heading', { name: 'Philadelphia roll', level: 1 })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Rolls', exact: true })).toBeVisible();
  await expect(cartBar(page)).toContainText('2');
  await expect(cartBar(page)).toContainText('$19.600');

  await openCart(page);
  const line = cartLine(page, 'Philadelphia roll');
  await expect(line).toContainText('“Sin sésamo”');
  await expect(line).toContainText('$19.600');
  await expect(continueButton(page)).toContainText('$19.600');
  expect(problems).toEqual([]);
});

test('a Kenzo dish page opened by its address goes back to its menu', async ({ page }) => {
  const problems = failOnConsoleErrors(page);
  await openStorefront(page, `${MENU}/Nigiris/Nigiri_de_salm%C3%B3n`);
  await expect(page.getByRole('heading', { name: 'Nigiri de salmón', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Agregar/ }).click();
  await expect(toast(page, ITEM_ADDED)).toBeVisible();
  await expect(page).toHaveURL(/\/menu\/kenzo-nunez\/Take_Away$/);
  await expect(cartBar(page)).toContainText('$4.800');
  expect(problems).toEqual([]);
});
