/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart, toast } from './support/cart.ts';
import { orderCard, signInToConsole } from './support/console.ts';
import { failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// Don Mateo Palermo accepts online payments; 'Tarjeta online' is paid with the built-in sandbox provider
const APPROVED_CARD = '4509 9535 6623 3704';
const DECLINED_CARD = '4000 0000 0000 0002';

test.use({ viewport: { width: 390, height: 844 } });

async function takeAwayCheckout(page: Page) {
  await openStorefront(page, '/menu/donmateo-palermo/Take_Away');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/checkout$/);
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Marta Gómez');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill('11 15 5555 0199');
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
  await expect(page.getByRole('group', { name: 'Datos de tu tarjeta' })).toBeVisible();
}

async function fillCard(scope: Page | ReturnType<Page['getByRole']>, number: string) {
  await scope.getByRole('textbox', { name: /^Número de tarjeta/ }).fill(number);
  await scope.getByRole('textbox', { name: /^Nombre como figura en la tarjeta/ }).fill('MARTA GOMEZ');
  await scope.getByRole('textbox', { name: /^Vencimiento/ }).fill('1130');
  await scope.getByLabel(/^Código de seguridad/).fill('123');
  await scope.getByRole('textbox', { name: /^DNI del titular/ }).fill('30123456');
}

function placeButton(page: Page) {
  return page.getByRole('button', { name: /^Realizar pedido/ });
}

test('a take-away paid by an approved sandbox card goes to its follow-up, paid', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await takeAwayCheckout(page);
  const card = page.getByRole('group', { name: 'Datos de tu tarjeta' });

  // nothing typed: the spec's card text, and every field says what it lacks
  await placeButton(page).click();
  await expect(
    toast(page, 'Debe completar correctamente los campos de la tarjeta para continuar.'),
  ).toBeVisible();
  await expect(card.getByText('Este campo está incompleto')).toHaveCount(5);

  // the number is grouped and its network shown; the expiry reads MM/AA
  await card.getByRole('textbox', { name: /^Número de tarjeta/ }).fill('4509953566233704');
  await expect(card.getByRole('textbox', { name: /^Número de tarjeta/ })).toHaveValue(APPROVED_CARD);
  await expect(card.getByTestId('card-brand')).toHaveText('Visa');
  await card.getByRole('textbox', { name: /^Vencimiento/ }).fill('1130');
  await expect(card.getByRole('textbox', { name: /^Vencimiento/ })).toHaveValue('11/30');
  await fillCard(card, APPROVED_CARD);
  await expect(card.getByText('Este campo está incompleto')).toHaveCount(0);

  const calls: string[] = [];
  const events: string[] = [];
  const PAYMENT_CALLS = ['/api/payments/sandbox/tokens', '/api/order', '/api/order/payment'];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && PAYMENT_CALLS.includes(path)) calls.push(path);
    if (path === '/api/analytics/events')
      for (const event of (request.postDataJSON() as { events: { type: string }[] }).events)
        events.push(event.type);
  });
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/order\/[A-Z0-9]+(\?|$)/);
  // the spec's order: a token, then the order, then the payment
  expect(calls).toEqual(PAYMENT_CALLS);
  await expect(page.getByRole('button', { name: 'Pagar' })).toHaveCount(0);
  await expect(page.locator('.follow-up-status')).not.toHaveText(/pago/i);
  // the spec's analytics: the order created, then paid (issue 28), once even after a reload
  await expect
    .poll(() => events.filter((type) => type === 'CREATE_ORDER' || type === 'PAY_ORDER'))
    .toEqual(['CREATE_ORDER', 'PAY_ORDER']);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pagar' })).toHaveCount(0);
  await page.waitForTimeout(2500); // a batch leaves 1.5 s after its first event
  expect(events.filter((type) => type === 'PAY_ORDER')).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a declined card leaves the order waiting; it is paid from its follow-up', async ({ page, browser }) => {
  await takeAwayCheckout(page);
  await fillCard(page.getByRole('group', { name: 'Datos de tu tarjeta' }), DECLINED_CARD);
  await placeButton(page).click();

  // one clear message, the decline's (not 'try again in a moment' as well), and the way to pay the
  // order that now exists
  await expect(page.getByRole('alert')).toHaveText(
    'Tu tarjeta fue rechazada. Probá con otra tarjeta u otro medio de pago.',
  );
  await page.getByRole('link', { name: 'Ir a pagar mi pedido' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/order\/[A-Z0-9]+(\?|$)/);

  // the order has not reached the shop: the page asks for the payment instead of thanking
  await expect(page.getByRole('status').filter({ hasText: 'Falta pagar tu pedido' })).toBeVisible();
  await expect(page.getByText('¡Gracias por tu pedido!')).toHaveCount(0);
  const code = /\/order\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';

  // the kitchen sees it waiting for its payment, with nothing to cook or print
  const kitchen = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(kitchen);
  const waiting = orderCard(kitchen, code);
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText('Esperando el pago');
  await expect(waiting.getByRole('button', { name: 'Imprimir comanda' })).toHaveCount(0);
  await expect(waiting.getByRole('button', { name: 'Imprimir ticket' })).toHaveCount(0);
  await expect(waiting.getByRole('button', { name: 'Aceptar' })).toHaveCount(0);

  // the follow-up offers 'Pagar': the card modal, checked before any token
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Datos de tu tarjeta' });
  await modal.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(modal.getByRole('alert')).toHaveText('Debe completar correctamente los campos de su tarjeta');

  // declined again, then approved
  await fillCard(modal, DECLINED_CARD);
  await modal.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    'Tu tarjeta fue rechazada. Probá con otra tarjeta u otro medio de pago.',
  );
  await modal.getByRole('textbox', { name: /^Número de tarjeta/ }).fill(APPROVED_CARD);
  await modal.getByRole('button', { name: /^Pagar \$/ }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '¡Pago aprobado!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);

  // paid: it reaches the kitchen, which may now accept and print it
  await expect(waiting.getByRole('button', { name: 'Aceptar' })).toBeVisible();
  await expect(waiting.getByRole('button', { name: 'Imprimir comanda' })).toBeVisible();
  await kitchen.context().close();
});

test('after a declined card the diner pays in cash on pick-up instead, and the kitchen gets the order', async ({
  page,
  browser,
}) => {
  await takeAwayCheckout(page);
  await fillCard(page.getByRole('group', { name: 'Datos de tu tarjeta' }), DECLINED_CARD);
  await placeButton(page).click();
  await page.getByRole('link', { name: 'Ir a pagar mi pedido' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/order\/[A-Z0-9]+(\?|$)/);
  const code = /\/order\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';

  const another = page.getByRole('region', { name: '¿Preferís pagar al recibir?' });
  await expect(another).toBeVisible();
  await another.getByRole('radio', { name: 'Efectivo' }).check();
  await another.getByRole('button', { name: 'Pagar con Efectivo al recibir' }).click();
  // what the diner pays with is asked, as at the checkout
  await expect(another.getByRole('alert')).toHaveText(
    'Debe ingresar con cuanto abona para poder realizar el pedido.',
  );
  await another.getByRole('textbox', { name: '¿Con cuánto abonás?' }).fill('50000');
  await another.screenshot({ path: shotPath('pay-another-way.png') });
  await another.getByRole('button', { name: 'Pagar con Efectivo al recibir' }).click();
  await expect(
    page.getByText('Listo: pagás con Efectivo al recibir. Tu pedido ya llegó al local.'),
  ).toBeVisible();
  await expect(another).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);
  await expect(page.getByText(/Abonás con \$50\.000/)).toBeVisible();

  // the kitchen has it among the new orders, to accept and print
  const kitchen = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await signInToConsole(kitchen);
  const card = orderCard(kitchen, code);
  await expect(card.getByRole('button', { name: 'Aceptar' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Imprimir comanda' })).toBeVisible();
  await kitchen.context().close();
});
