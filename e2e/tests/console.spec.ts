/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { signInToConsole, stubPrint } from './support/console.ts';
import { anotherPhone, failOnConsoleErrors, openStorefront } from './support/storefront.ts';

const card = (page: Page, code: string) => page.getByRole('article', { name: `Pedido #${code}` });
const column = (page: Page, name: RegExp) => page.getByRole('button', { name });

/** The diner orders a take away through the storefront and lands on its follow-up; answers the code. */
async function placeTakeAway(
  diner: Page,
  name: string,
  phone: string,
  options: { paysCashWith?: string } = {},
): Promise<string> {
  await openStorefront(diner, '/menu/donmateo-palermo/Take_Away');
  await addDish(diner, { category: 'Pizzas', dish: 'Fugazzeta', notes: 'Bien cocida' });
  await openCart(diner);
  await continueButton(diner).click();
  await diner.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await diner.getByRole('textbox', { name: /^Teléfono/ }).fill(phone);
  if (options.paysCashWith) {
    await diner.getByRole('radio', { name: 'Efectivo' }).check();
    await diner.getByRole('textbox', { name: /Con cuánto abonás/ }).fill(options.paysCashWith);
  } else await diner.getByRole('radio', { name: 'Transferencia' }).check();
  const placed = diner.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await diner.getByRole('button', { name: /^Realizar pedido/ }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { code: string } };
  await expect(diner.getByRole('heading', { name: `Pedido #${data.code}`, level: 1 })).toBeVisible();
  return data.code;
}

test('an order reaches the board live; accepting it reaches the diner live; its tickets list the items', async ({
  page,
  browser,
}) => {
  await stubPrint(page);
  // before signing in, the page's session check answers 401 (expected): errors count from the board on
  await signInToConsole(page);
  const errors = failOnConsoleErrors(page);

  const diner = await anotherPhone(browser);
  const code = await placeTakeAway(diner, 'Paula Board', '11 15 5555 0301');

  // the board gets it without a reload: a 'Nuevos' card, a badge and the tab title
  const newCard = card(page, code);
  await expect(newCard).toBeVisible({ timeout: 15_000 });
  await expect(newCard).toContainText('Sin ver');
  await expect(newCard).toContainText('Fugazzeta');
  await expect(newCard).toContainText('Bien cocida');
  await expect(page).toHaveTitle(/^\(\d+\) Pedidos? nuevos? · Comanda$/);

  // the kitchen ticket lists the items, the package ticket the customer
  await newCard.getByRole('button', { name: 'Imprimir comanda' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const ticket = page.locator('.console-print');
  await expect(ticket).toContainText(`#${code}`);
  await expect(ticket).toContainText('Fugazzeta');
  await expect(ticket).toContainText('Bien cocida');
  await newCard.getByRole('button', { name: 'Imprimir ticket' }).click();
  await expect(ticket).toContainText('Paula Board');

  // accept with a preparation time: the card moves on, the diner's page follows without a reload
  await newCard.getByRole('button', { name: 'Aceptar' }).click();
  const dialog = page.getByRole('dialog', { name: `Aceptar pedido #${code}` });
  await dialog.getByRole('button', { name: '30 min' }).click();
  await dialog.getByRole('button', { name: 'Aceptar · 30 min' }).click();
  await expect(dialog).toHaveCount(0);
  await column(page, /^En preparación/).click();
  await expect(card(page, code)).toContainText('En preparación');
  await expect(card(page, code)).toContainText('30 min');

  await expect(diner.getByRole('listitem').filter({ hasText: 'Confirmado' })).toContainText('(en curso)');
  await expect(diner.getByText(/^Estará listo aprox\. a las \d{2}:\d{2} hs$/)).toBeVisible();

  // ready, then delivered
  await card(page, code).getByRole('button', { name: 'Listo' }).click();
  await column(page, /^Listos/).click();
  await expect(card(page, code)).toContainText('Listo');
  await expect(diner.getByRole('listitem').filter({ hasText: 'Listo para retirar' })).toContainText(
    '(en curso)',
  );
  await card(page, code).getByRole('button', { name: 'Entregado' }).click();
  await expect(diner.getByRole('status').filter({ hasText: 'Pedido entregado' })).toBeVisible();
  await diner.context().close();
  expect(errors).toEqual([]);
});

test('a cancelled order tells the diner why; a paused mode shows the storefront closed, and comes back', async ({
  page,
  browser,
}) => {
  await signInToConsole(page);
  const diner = await anotherPhone(browser);
  const code = await placeTakeAway(diner, 'Pablo Cancel', '11 15 5555 0302', { paysCashWith: '50000' });
  await expect(diner.getByText(/Tu vuelto/)).toBeVisible();

  const newCard = card(page, code);
  await newCard.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancelar pedido #${code}` });
  await dialog.getByRole('button', { name: 'Sin stock de un producto' }).click();
  await dialog.getByRole('button', { name: /^Cancelar pedido/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(diner.getByText('Motivo: Sin stock de un producto')).toBeVisible();
  // the progress ends in 'Cancelado': the steps it never went through are not 'pending', and no change is due
  await expect(diner.getByRole('status').filter({ hasText: 'Cancelado' })).toBeVisible();
  await expect(diner.getByRole('listitem').filter({ hasText: 'Confirmado' })).toContainText(
    '(no se realizó)',
  );
  await expect(diner.getByText('(pendiente)')).toHaveCount(0);
  await expect(diner.getByText(/Tu vuelto/)).toHaveCount(0);

  // pause Take Away: a diner with its menu open sees it closed at once, without reloading
  await openStorefront(diner, '/menu/donmateo-palermo/Take_Away');
  await expect(diner.getByText('Menú informativo. Pedidos deshabilitados.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ajustes del local' }).click();
  const settings = page.getByRole('dialog', { name: 'Ajustes del local' });
  await settings.getByRole('button', { name: 'Pausar Take Away' }).click();
  await expect(settings.getByText('Pausado')).toBeVisible();
  await expect(diner.getByText('Menú informativo. Pedidos deshabilitados.')).toBeVisible();

  await settings.getByRole('button', { name: 'Reanudar Take Away' }).click();
  await expect(settings.getByText('Pausado')).toHaveCount(0);
  await expect(diner.getByText('Menú informativo. Pedidos deshabilitados.')).toHaveCount(0);
  await diner.context().close();
});
