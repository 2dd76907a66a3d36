/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types (window) describe them
import { join } from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { CHILE, FAKES, LACASONA_OWNER } from '../playwright.config.ts';
import { addDish, continueButton, ITEM_ADDED, openCart, toast } from './support/cart.ts';
import { DONMATEO_OWNER } from './support/console.ts';
import { anotherPhone, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// A shop's own payment account, connected by its owner at /console/cobros: Mercado Pago (the card typed in
// Mercado Pago's form, which makes the token; our server never sees the card) and Transbank's Webpay Plus
// (the card typed on Webpay's page, back to the follow-up). The providers are the local fakes the runner
// starts (global-setup.ts); Mercado Pago's browser SDK is e2e/fixtures/fake-mercadopago-sdk.js, served in
// place of https://sdk.mercadopago.com/js/v2. Every journey gives its shop back the demo's sandbox account
// at the end: the other journeys of this worker's servers pay with the sandbox's test cards.

const FAKE_SDK = join(import.meta.dirname, '../fixtures/fake-mercadopago-sdk.js');
/** Credentials pasted as from Mercado Pago › Tus integraciones (the fake knows this test account's token). */
const MERCADO_PAGO_TEST = {
  accessToken: 'TEST-access-token',
  publicKey: 'TEST-e2e-donmateo-public-key',
  webhookSecret: 'e2e-webhook-secret',
};
// the fake SDK's tokens: a number starting with 4 is approved, with 5 rejected (insufficient funds)
const APPROVED_CARD = '4509 9535 6623 3704';
const REJECTED_CARD = '5031 7557 3453 0604';
const WEBPAY_NOTE = 'Al confirmar el pedido te llevamos a Webpay para pagar con tu tarjeta.';
const BANK_RETURN_FAILED =
  'Tuvimos un problema al generar el pago de tu pedido. Por favor intente nuevamente más tarde.';
const CHILE_URL = `http://127.0.0.1:${CHILE.port}`;
const FOLLOW_UP = (alias: string) => new RegExp(`/menu/${alias}/order/([A-Z0-9]+)(\\?|$)`);

test.use({ viewport: { width: 390, height: 844 } });

/** The owner, on a phone of their own, signed in to the console of their business. */
async function ownerPhone(
  browser: Browser,
  baseURL: string,
  credentials: { email: string; password: string },
  business: string,
): Promise<Page> {
  const owner = await anotherPhone(browser, { baseURL });
  await owner.goto('/console/login');
  await owner.getByLabel('E-mail').fill(credentials.email);
  await owner.getByLabel('Contraseña').fill(credentials.password);
  await owner.getByRole('button', { name: 'Ingresar' }).click();
  await expect(owner).toHaveURL(/\/console$/);
  await expect(owner.getByRole('heading', { name: business, level: 1 })).toBeVisible();
  return owner;
}

/** /console/cobros, and the card of the account in use. */
async function openPayments(owner: Page): Promise<Locator> {
  await owner.goto('/console/cobros');
  await expect(owner.getByRole('heading', { name: 'Cobros online', level: 1 })).toBeVisible();
  return owner.getByRole('region', { name: 'Tu cuenta de pagos' });
}

/** The account-connecting call the screen makes; answers its status. */
function accountSaved(owner: Page, provider: string) {
  return owner.waitForResponse(
    (r) => r.url().endsWith(`/api/console/payments/account/${provider}`) && r.request().method() === 'PUT',
  );
}

/** The demo's account again (the sandbox), as the other journeys of this server expect it. */
async function restoreSandbox(owner: Page | null): Promise<void> {
  if (!owner) return;
  try {
    const answer = await owner.request.put('/api/console/payments/account/sandbox');
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { account: { provider: string } }).account.provider).toBe('SANDBOX');
  } finally {
    await owner.context().close();
  }
}

/** Mercado Pago's SDK, answered by the fake one; the URLs asked for. */
async function serveFakeMercadoPagoSdk(page: Page): Promise<string[]> {
  const asked: string[] = [];
  await page.route('https://sdk.mercadopago.com/js/v2**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ path: FAKE_SDK, contentType: 'text/javascript; charset=utf-8' });
  });
  return asked;
}

/** A take-away with one dish, at the checkout with 'Tarjeta online' chosen. */
async function takeAwayByCard(
  page: Page,
  shop: { alias: string; category: string; dish: string; phone: string },
): Promise<void> {
  await openStorefront(page, `/menu/${shop.alias}/Take_Away`);
  await addDish(page, { category: shop.category, dish: shop.dish });
  await openCart(page);
  await continueButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${shop.alias}/checkout$`));
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Marta Gómez');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(shop.phone);
  await page.getByRole('radio', { name: 'Tarjeta online' }).check();
}

const DONMATEO = {
  alias: 'donmateo-palermo',
  category: 'Pizzas',
  dish: 'Fugazzeta',
  phone: '11 15 5555 0199',
};
const LACASONA = {
  alias: 'lacasona-providencia',
  category: 'Empanadas',
  dish: 'Empanada de pino',
  phone: '9 8765 0199',
};

/** The fake brick in a page or the card modal. */
function mercadoPagoForm(scope: Page | Locator): Locator {
  return scope.getByRole('group', { name: 'Tarjeta (Mercado Pago de prueba)' });
}

async function typeCard(form: Locator, number: string): Promise<void> {
  await form.getByRole('textbox', { name: 'Número de tarjeta' }).fill(number);
  await form.getByRole('textbox', { name: 'DNI del titular' }).fill('30123456');
}

function placeButton(page: Page): Locator {
  return page.getByRole('button', { name: /^Realizar pedido/ });
}

test.describe('Mercado Pago at Don Mateo', () => {
  let owner: Page | null = null;
  test.afterEach(async () => {
    await restoreSandbox(owner);
    owner = null;
  });

  test('the owner connects Mercado Pago; diners pay in its card form, declined first, then from the follow-up', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // 1. the owner pastes the test credentials of their Mercado Pago application
    owner = await ownerPhone(
      browser,
      test.info().project.use.baseURL as string,
      DONMATEO_OWNER,
      'Pizzería Don Mateo',
    );
    const current = await openPayments(owner);
    await expect(current).toContainText('Pagos de prueba (sandbox)');
    const mercadoPago = owner.getByRole('region', { name: 'Mercado Pago' });
    await mercadoPago.getByLabel('Access token', { exact: true }).fill(MERCADO_PAGO_TEST.accessToken);
    await mercadoPago.getByLabel('Public key', { exact: true }).fill(MERCADO_PAGO_TEST.publicKey);
    await mercadoPago
      .getByLabel('Clave secreta de webhooks', { exact: true })
      .fill(MERCADO_PAGO_TEST.webhookSecret);
    const saved = accountSaved(owner, 'mercadopago');
    await mercadoPago.getByRole('button', { name: 'Verificar y conectar' }).click();
    expect((await saved).status()).toBe(200);
    await expect(current).toContainText('Mercado Pago');
    await expect(current).toContainText('Modo de prueba');

    // 2. a diner pays a take-away with an approved card, typed in Mercado Pago's form
    const errors = failOnConsoleErrors(page);
    const sdk = await serveFakeMercadoPagoSdk(page);
    const ours: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/payments/sandbox')) ours.push(url.pathname);
    });
    await takeAwayByCard(page, DONMATEO);
    const form = mercadoPagoForm(page);
    await expect(form).toBeVisible();
    // Mercado Pago's form, not the sandbox's
    await expect(page.getByRole('group', { name: 'Datos de tu tarjeta' })).toHaveCount(0);
    expect(sdk).toEqual(['https://sdk.mercadopago.com/js/v2']);
    expect(await page.evaluate(() => (window as unknown as { __mpPublicKey?: string }).__mpPublicKey)).toBe(
      MERCADO_PAGO_TEST.publicKey,
    );
    // the form opened with the order's total, in pesos
    expect(
      await page.evaluate(() => (window as unknown as { __mpBricks: { amount: number }[] }).__mpBricks),
    ).toMatchObject([{ kind: 'cardPayment', amount: 13_500 }]);
    await typeCard(form, APPROVED_CARD);
    // the form in the middle of the screen, once the cart's toast has gone
    await expect(toast(page, ITEM_ADDED)).toHaveCount(0);
    await form.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: shotPath('card-providers-mercadopago-checkout.png') });

    const payment = page.waitForRequest(
      (r) => r.url().endsWith('/api/order/payment') && r.method() === 'POST',
    );
    await placeButton(page).click();
    // the token Mercado Pago's form made is what our server charges
    expect((await payment).postData()).toContain('"tok-approved"');
    await expect(page).toHaveURL(FOLLOW_UP(DONMATEO.alias));
    await expect(page.getByRole('status').filter({ hasText: '¡Gracias por tu pedido!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);

    // 3. another order with a card Mercado Pago rejects: it waits for its payment
    await takeAwayByCard(page, DONMATEO);
    await typeCard(mercadoPagoForm(page), REJECTED_CARD);
    await placeButton(page).click();
    await expect(page.getByRole('alert')).toContainText('Tu tarjeta no tiene fondos suficientes.');
    await page.getByRole('link', { name: 'Ir a pagar mi pedido' }).click();
    await expect(page).toHaveURL(FOLLOW_UP(DONMATEO.alias));
    await expect(page.getByRole('status').filter({ hasText: 'Falta pagar tu pedido' })).toBeVisible();

    // 4. 'Pagar' opens Mercado Pago's form in the modal: nothing typed, then an approved card
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Datos de tu tarjeta' });
    const modalForm = mercadoPagoForm(modal);
    await expect(modalForm).toBeVisible();
    await modal.getByRole('button', { name: /^Pagar \$/ }).click();
    await expect(modal.getByRole('alert')).toHaveText(
      'Debe completar correctamente los campos de su tarjeta',
    );
    await typeCard(modalForm, APPROVED_CARD);
    await modal.getByRole('button', { name: /^Pagar \$/ }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: '¡Pago aprobado!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);

    // the card never reached our server: no sandbox token was asked for
    expect(ours).toEqual([]);
    // the one failed call is the rejected card's payment, answered 402 with its reason
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 402 (Payment Required)',
    ]);
  });
});

test.describe('Webpay Plus at La Casona (Chile)', () => {
  test.use({ baseURL: CHILE_URL });
  let owner: Page | null = null;
  test.afterEach(async () => {
    await restoreSandbox(owner);
    owner = null;
  });

  test('the owner connects Webpay; a diner pays on Webpay’s page, another cancels there', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    // 1. the owner connects Transbank's integration commerce
    owner = await ownerPhone(browser, CHILE_URL, LACASONA_OWNER, 'La Casona');
    const current = await openPayments(owner);
    const saved = accountSaved(owner, 'transbank');
    await owner
      .getByRole('region', { name: 'Webpay Plus (Chile)' })
      .getByRole('button', { name: 'Usar el comercio de pruebas de Transbank' })
      .click();
    expect((await saved).status()).toBe(200);
    await expect(current).toContainText('Webpay Plus (Transbank)');
    await expect(current).toContainText('Comercio de integración (pruebas)');

    // 2. the checkout takes no card: Webpay does, after the order is placed
    const errors = failOnConsoleErrors(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame())
        documents.push(
          `${request.method()} ${new URL(request.url()).origin}${new URL(request.url()).pathname}`,
        );
    });
    await takeAwayByCard(page, LACASONA);
    await expect(page.getByText(WEBPAY_NOTE)).toBeVisible();
    await expect(page.getByRole('textbox', { name: /Número de tarjeta/ })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Datos de tu tarjeta' })).toHaveCount(0);
    await placeButton(page).click();

    // our page hands the browser to Webpay's, which shows the amount in pesos
    await expect(page).toHaveURL(`${FAKES.transbank.url}/webpayserver/initTransaction`);
    await expect(page.getByRole('heading', { name: 'Pago con tarjeta' })).toBeVisible();
    await expect(page.getByText('$2.800 CLP')).toBeVisible();
    await page.screenshot({ path: shotPath('card-providers-webpay.png') });
    const handOff = documents.findIndex((d) => d.startsWith(`GET ${CHILE_URL}/api/payments/webpay/`));
    expect(handOff).toBeGreaterThanOrEqual(0);
    expect(documents[handOff + 1]).toBe(`POST ${FAKES.transbank.url}/webpayserver/initTransaction`);

    // 3. 'Pagar': Webpay posts the token back and the follow-up shows the order paid
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(FOLLOW_UP(LACASONA.alias));
    const paidCode = FOLLOW_UP(LACASONA.alias).exec(new URL(page.url()).pathname)?.[1];
    expect(documents).toContain(`POST ${CHILE_URL}/api/callback/transbank/${LACASONA.alias}/${paidCode}`);
    await expect(page.getByRole('status').filter({ hasText: '¡Gracias por tu pedido!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);
    await expect(page.getByText(BANK_RETURN_FAILED)).toHaveCount(0);

    // 4. another order, cancelled on Webpay's page: back on its follow-up, still to be paid
    await takeAwayByCard(page, LACASONA);
    await placeButton(page).click();
    await expect(page).toHaveURL(`${FAKES.transbank.url}/webpayserver/initTransaction`);
    await page.getByRole('button', { name: 'Anular', exact: true }).click();
    await expect(page).toHaveURL(FOLLOW_UP(LACASONA.alias));
    expect(FOLLOW_UP(LACASONA.alias).exec(new URL(page.url()).pathname)?.[1]).not.toBe(paidCode);
    await expect(page.getByText(BANK_RETURN_FAILED)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Falta pagar tu pedido' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Esperando el pago' })).toBeVisible();
    // paying on pick-up instead is offered
    await expect(page.getByRole('region', { name: '¿Preferís pagar al recibir?' })).toBeVisible();

    // 5. 'Pagar' opens a new Webpay transaction (the cancelled one is spent), and this time it is paid
    const retried = FOLLOW_UP(LACASONA.alias).exec(new URL(page.url()).pathname)?.[1];
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(`${FAKES.transbank.url}/webpayserver/initTransaction`);
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await expect(page).toHaveURL(FOLLOW_UP(LACASONA.alias));
    expect(FOLLOW_UP(LACASONA.alias).exec(new URL(page.url()).pathname)?.[1]).toBe(retried);
    await expect(page.getByRole('status').filter({ hasText: '¡Gracias por tu pedido!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
