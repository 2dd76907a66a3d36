/// <reference lib="dom" />
// page.evaluate callbacks run in the browser: the DOM types describe them
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { addDish, continueButton, lookUpContact, openCart, toast } from './support/cart.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';
import { serveBlankTiles } from './support/tracking.ts';

// issue 17: the checkout in two columns from 1024 px; a refused 'Realizar pedido' marks the field at
// fault, brings it into view and focuses it (beside the spec's toast); 'Mi ubicación' fills the fields it
// can from the located point and asks for those of 'Mi dirección' plus the spec's coordinates-mode ones.
// The server's geocoder is the offline sandbox: no network is used.

test.beforeEach(async ({ page }) => {
  await serveBlankTiles(page);
});

async function deliveryCheckout(page: Page): Promise<void> {
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();
}

const placeButton = (page: Page) => page.getByRole('button', { name: /^Realizar pedido/ });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The field is marked invalid, says the message under it (its description), is in view and focused. */
async function expectMarked(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport({ ratio: 1 });
}

/** Where Charcas 3650 stands for the sandbox geocoder: the device says the diner is there. */
async function locateAtCharcas(page: Page, context: BrowserContext): Promise<void> {
  const { contactId } = await lookUpContact(page.request, 'donmateo-palermo');
  const found = await page.request.get('/api/geocode/suggest', {
    params: { q: 'charcas 3650', branchContactId: contactId },
  });
  const [place] = (await found.json()) as { lat: number; lng: number }[];
  expect(place).toBeTruthy();
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: place!.lat, longitude: place!.lng });
}

/** A refused tap: the toast of the spec, and the field marked, in view and focused. */
async function refusedTaps(page: Page, prefix: string): Promise<void> {
  const name = page.getByRole('textbox', { name: /^Nombre/ });
  const phone = page.getByRole('textbox', { name: /^Teléfono/ });

  // nothing typed: the phone, the spec's first check
  await placeButton(page).click();
  await expect(toast(page, 'Debe ingresar su número de teléfono para continuar.')).toBeVisible();
  await expectMarked(phone, 'Debe ingresar su número de teléfono para continuar.');

  // the phone typed, from the bottom of the page: the name, scrolled back into view
  await phone.fill('11 15 5555 0417');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await placeButton(page).click();
  await expect(toast(page, 'Debe ingresar su nombre para poder realizar el pedido.')).toBeVisible();
  await expectMarked(name, 'Debe ingresar su nombre para poder realizar el pedido.');
  // typing the name clears its mark
  await name.fill('Rosa Benítez');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Debe ingresar su nombre para poder realizar el pedido.', { exact: true }),
  ).toHaveCount(0);

  // cash without its amount: the amount field
  await expect(page.getByRole('radio', { name: 'Efectivo' })).toBeChecked();
  await page.evaluate(() => window.scrollTo(0, 0));
  await placeButton(page).click();
  await expect(toast(page, 'Debe ingresar con cuanto abona para poder realizar el pedido.')).toBeVisible();
  await expectMarked(
    page.getByRole('textbox', { name: /Con cuánto abonás/ }),
    'Así el local prepara tu vuelto. Debe ingresar con cuanto abona para poder realizar el pedido.',
  );

  // no address: the address button, which sits below the fold of a desktop screen scrolled to the top
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  await page.evaluate(() => window.scrollTo(0, 0));
  await placeButton(page).click();
  await expect(toast(page, 'Debe ingresar dirección para poder realizar el pedido.')).toBeVisible();
  const addAddress = section(page, 'Dirección de entrega').getByRole('button', { name: 'Agregar dirección' });
  await expectMarked(addAddress, 'Debe ingresar dirección para poder realizar el pedido.');
  await page.screenshot({ path: shotPath(`hc-${prefix}-address-error.png`) });
  // the keyboard goes on from the focused field: Enter opens the address modal
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Dirección de entrega' })).toBeVisible();
}

/** 'Mi ubicación': the fields filled from the point; each missing one marked with the spec's message. */
async function myLocation(page: Page, context: BrowserContext, prefix: string): Promise<void> {
  await locateAtCharcas(page, context);
  await deliveryCheckout(page);
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  const street = () => modal.getByRole('textbox', { name: /^Dirección/ });
  await modal.getByRole('tab', { name: 'Mi ubicación' }).click();
  await modal.getByRole('button', { name: 'Usar mi ubicación actual' }).click();
  await expect(street()).toHaveValue('Charcas 3650');
  // the fields of 'Mi dirección', and the city, province and postal code filled from the point
  await expect(modal.getByRole('textbox', { name: /^Entrecalles/ })).toBeVisible();
  await expect(modal.getByRole('textbox', { name: /^Aclaraciones/ })).toBeVisible();
  const postalCode = modal.getByRole('textbox', { name: /^Código postal/ });
  for (const name of [/^Ciudad/, /^Provincia/, /^Código postal/])
    await expect(modal.getByRole('textbox', { name })).not.toHaveValue('');
  await page.screenshot({ path: shotPath(`hc-${prefix}-my-location.png`) });

  // the spec's coordinates-mode checks, the field at fault marked: the street line, the between streets
  // Palermo demands, then any of the place fields
  const incomplete = 'Asegúrese de completar todos los campos obligatorios';
  await street().fill('');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expectMarked(street(), incomplete);
  await street().fill('Charcas 3650');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  const between = modal.getByRole('textbox', { name: /^Entrecalles/ });
  await expectMarked(between, incomplete);
  await expect(modal.getByRole('alert')).toHaveText(incomplete);
  await page.screenshot({ path: shotPath(`hc-${prefix}-my-location-error.png`) });
  await between.fill('Bulnes y Vidt');
  await expect(between).not.toHaveAttribute('aria-invalid', 'true');
  const postal = await postalCode.inputValue();
  await postalCode.fill('');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expectMarked(postalCode, incomplete);
  await postalCode.fill(postal);
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.address-card')).toContainText('Charcas 3650');
  await expect(page.locator('.address-card')).toContainText('Entre Bulnes y Vidt');
  // the located point is inside Palermo's zone: the fee is priced
  await expect(
    page.locator('.price-summary__row').filter({ has: page.locator('dt', { hasText: 'Envío' }) }),
  ).toContainText('$');
}

test.describe('phone (390x844)', () => {
  test('the checkout stays one column: mode card under the title, the action fixed at the bottom', async ({
    page,
  }) => {
    const errors = failOnConsoleErrors(page);
    await deliveryCheckout(page);
    await page.screenshot({ path: shotPath(`hc-phone-checkout.png`) });
    const title = await page.getByRole('heading', { name: 'Confirmación del pedido' }).boundingBox();
    const mode = await page.locator('.cart-mode').boundingBox();
    const data = await section(page, 'Tus datos').boundingBox();
    const summary = await section(page, 'Resumen').boundingBox();
    const notes = await section(page, 'Notas del pedido').boundingBox();
    // title, mode card, the form, the summary: one column, in that order, full width
    expect(title!.y).toBeLessThan(mode!.y);
    expect(mode!.y).toBeLessThan(data!.y);
    expect(notes!.y).toBeLessThan(summary!.y);
    expect(Math.abs(data!.x - summary!.x)).toBeLessThan(1);
    expect(data!.width).toBeGreaterThan(340);
    // the button over the bottom edge, as before
    const button = await placeButton(page).boundingBox();
    expect(button!.y + button!.height).toBeGreaterThan(844 - 40);
    expect(button!.width).toBeGreaterThan(340);
    expect(errors).toEqual([]);
  });

  test('a refused tap shows the toast and marks, reveals and focuses the field at fault', async ({
    page,
  }) => {
    await deliveryCheckout(page);
    await refusedTaps(page, 'phone');
  });

  test('Mi ubicación fills what it can and marks each missing field with the spec’s message', async ({
    page,
    context,
  }) => {
    await myLocation(page, context, 'phone');
  });
});

test.describe('desktop (1366x900)', () => {
  test.use(DESKTOP);

  test('the checkout in two columns: the form, and beside it the order kept in view', async ({ page }) => {
    const errors = failOnConsoleErrors(page);
    await deliveryCheckout(page);
    await page.screenshot({ path: shotPath(`hc-desktop-checkout.png`) });
    const data = await section(page, 'Tus datos').boundingBox();
    const summary = await section(page, 'Resumen').boundingBox();
    const mode = await page.locator('.cart-mode').boundingBox();
    // the form on the left, the mode card, summary and action on the right, side by side at the top
    expect(data!.x + data!.width).toBeLessThanOrEqual(summary!.x);
    expect(Math.abs(mode!.x - summary!.x)).toBeLessThan(1);
    expect(Math.abs(mode!.y - data!.y)).toBeLessThan(2);
    expect(data!.width).toBeGreaterThan(550);
    const button = await placeButton(page).boundingBox();
    expect(Math.abs(button!.x - summary!.x)).toBeLessThan(1);
    expect(button!.y).toBeGreaterThan(summary!.y + summary!.height);
    // scrolled to the end of the form, the summary and 'Realizar pedido' are still in view
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(section(page, 'Notas del pedido')).toBeInViewport();
    await expect(section(page, 'Resumen')).toBeInViewport({ ratio: 1 });
    await expect(placeButton(page)).toBeInViewport({ ratio: 1 });
    await expect(page.locator('.cart-mode')).toBeInViewport({ ratio: 1 });
    // below the shop's sticky header, not under it
    const header = await page.locator('.app-header').boundingBox();
    const stuck = await page.locator('.cart-mode').boundingBox();
    expect(stuck!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.screenshot({ path: shotPath(`hc-desktop-checkout-scrolled.png`) });

    // a reload (the server's page, its stylesheets announced in the HTML) keeps the two columns
    await page.reload();
    await expect(section(page, 'Resumen')).toBeVisible();
    const reloadedData = await section(page, 'Tus datos').boundingBox();
    const reloadedSummary = await section(page, 'Resumen').boundingBox();
    expect(reloadedData!.x + reloadedData!.width).toBeLessThanOrEqual(reloadedSummary!.x);
    expect(reloadedData!.width).toBeGreaterThan(550);
    expect(errors).toEqual([]);
  });

  test('a refused tap shows the toast and marks, reveals and focuses the field at fault', async ({
    page,
  }) => {
    await deliveryCheckout(page);
    await refusedTaps(page, 'desktop');
  });

  test('Mi ubicación fills what it can and marks each missing field with the spec’s message', async ({
    page,
    context,
  }) => {
    await myLocation(page, context, 'desktop');
  });
});
