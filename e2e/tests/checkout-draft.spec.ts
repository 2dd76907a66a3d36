/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { addDish, continueButton, openCart, toast } from './support/cart.ts';
import { openStorefront, shotPath } from './support/storefront.ts';

/**
 * Issue 24, item 6: the checkout keeps what the diner typed through a reload and back and forward,
 * lists every missing field at once in the page's order, takes a refusal's toast away once it is
 * fixed, and refuses an e-mail that cannot receive mail.
 */
test('the checkout keeps what was typed, lists what is missing at once and clears a fixed toast', async ({
  page,
}) => {
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/checkout$/);
  const place = page.getByRole('button', { name: /^Realizar pedido/ });
  // one phone example everywhere (the spec's riders' one): sign-in, checkout and riders agree
  await expect(page.getByRole('textbox', { name: /^Teléfono/ })).toHaveAttribute(
    'placeholder',
    '9 11 2345-6789',
  );

  // nothing typed: the spec's first message, and every missing field listed at once, in reading order
  await place.click();
  await expect(toast(page, 'Debe ingresar su número de teléfono para continuar.')).toBeVisible();
  const missing = page.locator('.checkout-missing');
  await expect(missing).toHaveText(
    /^Para realizar el pedido, revisá: nombre, teléfono, .*dirección de entrega/,
  );
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: shotPath('checkout-missing.png'), fullPage: true });

  // the phone typed: its toast goes at once (not after its 3 s) and the list loses it
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill('11 15 5555 0611');
  await expect(toast(page, 'Debe ingresar su número de teléfono para continuar.')).toHaveCount(0, {
    timeout: 2000,
  });
  await expect(missing).not.toContainText('teléfono');

  // an e-mail that cannot receive mail is refused
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Ana Borrador');
  await page.getByRole('textbox', { name: /^Email/ }).fill('ana@');
  await place.click();
  await expect(page.getByText('Ingrese un email valido').first()).toBeVisible();
  await page.getByRole('textbox', { name: /^Email/ }).fill('ana@borrador.com');
  await page.getByRole('textbox', { name: /^Notas/ }).fill('Tocar timbre 2');

  // a reload keeps all of it
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Ana Borrador');
  await expect(page.getByRole('textbox', { name: /^Teléfono/ })).toHaveValue('11 15 5555 0611');
  await expect(page.getByRole('textbox', { name: /^Email/ })).toHaveValue('ana@borrador.com');
  await expect(page.getByRole('textbox', { name: /^Notas/ })).toHaveValue('Tocar timbre 2');

  // back to the cart and forward again, with the browser's buttons: still there
  await page.goBack();
  await expect(page).not.toHaveURL(/\/checkout$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('textbox', { name: /^Nombre/ })).toHaveValue('Ana Borrador');
  await expect(page.getByRole('textbox', { name: /^Notas/ })).toHaveValue('Tocar timbre 2');
});
