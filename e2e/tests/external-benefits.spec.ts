/// <reference lib="dom" />
import { expect, type Page, type Request, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { addDish, continueButton, openCart, storedCart } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';
import { serveBlankTiles } from './support/tracking.ts';

/**
 * Issue 28 items 6, 7 and 13: a partner's member ordering with the partner's benefit (the offline
 * sandbox partner: token `sandbox-{externalUserId}`, 10% off at Don Mateo), the redirect customisation
 * of a link's invalid code (Café Aurora: MANUAL, to its promotions page), and the order payload's
 * fields: the cart state's payment type, the address's house number and place details, and the
 * address an anonymous diner's device remembers for next time.
 */

test.beforeEach(async ({ page }) => {
  await serveBlankTiles(page);
});

const MEMBER = 'socio-e2e';
const memberLink = (path: string, token = `sandbox-${MEMBER}`) =>
  `${path}?partner=sandbox&externalUserId=${MEMBER}&externalToken=${token}`;

function summaryRow(page: Page, label: string | RegExp) {
  return page.locator('.price-summary__row').filter({ has: page.locator('dt', { hasText: label }) });
}

async function toCheckout(page: Page, alias: string) {
  await openCart(page);
  await continueButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/menu/${alias}/checkout`));
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();
}

async function fillDiner(page: Page, name: string, phone: string) {
  await page.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(phone);
}

async function place(page: Page): Promise<{ request: Request; code: string; price: number }> {
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Realizar pedido/ }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { code: string; price: number } };
  return { request: response.request(), ...data };
}

async function applyCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Agregar código de descuento' }).click();
  const modal = page.getByRole('dialog', { name: 'Código de descuento' });
  await modal.getByRole('textbox').fill(code);
  await modal.getByRole('button', { name: 'Aplicar' }).click();
  return modal;
}

test('a partner’s member orders with the benefit, and a change of payment keeps the applied code', async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  const asked = page.waitForRequest((r) => r.url().includes('/api/external-benefits/sandbox'));
  // the partner's app opens the menu with its member; the token leaves the address bar at once
  await openStorefront(page, memberLink('/menu/donmateo-palermo/Take_Away'));
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Take_Away$/);
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await toCheckout(page, 'donmateo-palermo');
  const request = await asked;
  expect(request.headers().authorization).toBe(`Bearer sandbox-${MEMBER}`);
  expect(request.postDataJSON()).toMatchObject({ externalUserId: MEMBER, orderModeType: 'TAKE_AWAY' });

  // 13.500 less the member's 10%
  await expect(summaryRow(page, 'Beneficio Club Sandbox')).toContainText('-$1.350');
  await expect(summaryRow(page, 'Total')).toContainText('$12.150');
  await fillDiner(page, 'Irene Socia', '11 15 5555 0631');

  // a code on top of it: for a member, changing the payment type keeps it, with nothing to confirm
  const codeModal = await applyCode(page, 'PIZZA15');
  await codeModal.getByRole('button', { name: 'Continuar' }).click();
  await expect(codeModal).toHaveCount(0);
  // 15% of 12.150 = 1.822,50, to whole pesos
  await expect(summaryRow(page, 'Código PIZZA15')).toContainText('-$1.823');
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  await expect(page.getByRole('dialog', { name: '¿Cambiar el medio de pago?' })).toHaveCount(0);
  await expect(summaryRow(page, 'Código PIZZA15')).toContainText('-$1.823');
  await expect(summaryRow(page, 'Beneficio Club Sandbox')).toContainText('-$1.350');
  // the cart state keeps the payment type's method, id and upload (storefront.md section 3)
  expect((await storedCart(page))?.paymentType).toMatchObject({ paymentMethod: 'TRANSFER', upload: 'APP' });
  await page.screenshot({ path: shotPath('external-benefit-checkout.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  const placed = await place(page);
  expect(placed.price).toBe(10_327);
  const payload = placed.request.postDataJSON();
  expect(payload).toMatchObject({
    partnerName: 'sandbox',
    userExternalReference: MEMBER,
    paymentInfo: { status: 'PENDING', paymentUpload: 'APP', paymentReferenceId: null },
    discounts: [
      expect.objectContaining({ name: 'Beneficio Club Sandbox', externalBenefitType: 'PARTNER_DISCOUNT' }),
      expect.objectContaining({ code: 'PIZZA15', externalBenefitType: null }),
    ],
  });
  // the order's own text, written before it had a code; the token never leaves the tab
  expect(payload.orderText).toContain('1 x Fugazzeta $13.500');
  expect(JSON.stringify(payload)).not.toContain(`sandbox-${MEMBER}`);
  await expect(page.getByRole('region', { name: 'Importes' })).toContainText('Beneficio Club Sandbox');
  expect(errors).toEqual([]);
});

test('a member the partner does not recognise orders as anyone, with nothing said', async ({ page }) => {
  await openStorefront(page, memberLink('/menu/donmateo-palermo/Take_Away', 'token-vencido'));
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  const refused = page.waitForResponse((r) => r.url().includes('/api/external-benefits/sandbox'));
  await toCheckout(page, 'donmateo-palermo');
  expect((await refused).status()).toBe(401);
  await expect(summaryRow(page, 'Total')).toContainText('$13.500');
  await expect(page.locator('.price-summary')).not.toContainText('Beneficio');
  // the failure is silent: no toast, no alert
  await expect(page.locator('.toast')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await fillDiner(page, 'Irene Socia', '11 15 5555 0632');
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  expect((await place(page)).price).toBe(13_500);
});

test('the checkout shows the member’s benefit in the summary at the desktop width too', async ({
  browser,
}) => {
  const context = await browser.newContext({ ...test.info().project.use, ...DESKTOP });
  const page = await context.newPage();
  await serveBlankTiles(page);
  await openStorefront(page, memberLink('/menu/donmateo-palermo/Take_Away'));
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await toCheckout(page, 'donmateo-palermo');
  await expect(summaryRow(page, 'Beneficio Club Sandbox')).toContainText('-$1.350');
  await page.screenshot({ path: shotPath('external-benefit-checkout-desktop.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('a link’s invalid code offers the branch’s promotions page (a MANUAL redirect customisation)', async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/aurora-centro/Take_Away');
  await addDish(page, { category: 'Cafés', dish: 'Espresso' });
  await openCart(page);
  await continueButton(page).click();
  // the campaign's link brought a code Café Aurora does not have
  await page.goto('/menu/aurora-centro/checkout?code=VERANO');
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();
  await fillDiner(page, 'Sergio Café', '351 15 555 0402');

  // a code the diner types wrong is only refused
  let modal = await applyCode(page, 'OTRO');
  await expect(modal.getByRole('alert')).toHaveText(
    'No se encontró ningún descuento con el código ingresado.',
  );
  // Escape closes it too, wherever the focus went while the code was checked
  await page.keyboard.press('Escape');
  await expect(modal).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ver promociones vigentes' })).toHaveCount(0);

  // the link's own code: refused, and the branch's page for its promotions is offered
  modal = await applyCode(page, 'verano');
  await expect(modal.getByRole('alert')).toHaveText(
    'No se encontró ningún descuento con el código ingresado.',
  );
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.getByText('El código de descuento del enlace no es válido.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver promociones vigentes' })).toHaveAttribute(
    'href',
    'https://aurora.example/promociones',
  );
  await page.screenshot({ path: shotPath('redirect-customisation.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});

test('an anonymous diner’s address is sent with its house number and place details, and offered next time', async ({
  page,
}) => {
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await toCheckout(page, 'donmateo-palermo');
  await fillDiner(page, 'Tomás Vecino', '11 15 5555 0633');

  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  await expect(modal.getByRole('group', { name: 'Mis direcciones' })).toHaveCount(0);
  const street = modal.getByRole('combobox', { name: /^Dirección/ });
  await street.pressSequentially('charcas 3641', { delay: 30 });
  await modal.getByRole('option', { name: /Charcas 3641/ }).click();
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill('Bulnes y Vidt');
  await modal.getByRole('textbox', { name: /^Aclaraciones/ }).fill('Portero 3B');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  const first = await place(page);
  expect(first.request.postDataJSON().destination).toMatchObject({
    street: 'Charcas',
    number: '3641',
    details: 'Portero 3B',
    betweenStreets: 'Bulnes y Vidt',
    country: 'ar',
    geocoded: true,
    fromLocalStorage: false,
    fullAddress: expect.stringContaining('Palermo'),
  });
  await expect(page.getByText('Entrega en Charcas 3641')).toBeVisible();

  // the next order on this phone: the address is offered before anything is typed
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await toCheckout(page, 'donmateo-palermo');
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const remembered = modal.getByRole('group', { name: 'Mis direcciones' });
  const saved = remembered.getByRole('button', { name: /Charcas 3641/ });
  await expect(saved).toContainText('Última usada en este dispositivo');
  await page.screenshot({ path: shotPath('device-address.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await saved.click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(street).toHaveValue('Charcas 3641');
  await expect(modal.getByRole('textbox', { name: /^Entrecalles/ })).toHaveValue('Bulnes y Vidt');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.address-card')).toContainText('Charcas 3641');
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  const second = await place(page);
  expect(second.request.postDataJSON().destination).toMatchObject({
    street: 'Charcas',
    number: '3641',
    fromLocalStorage: true,
  });
});
