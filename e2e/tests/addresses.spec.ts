/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';
import { serveBlankTiles } from './support/tracking.ts';

// the server's geocoder is the offline sandbox (streets around the demo shops): no network is used

/**
 * A diner of this journey only, so other journeys' orders do not change what is remembered; a retry takes
 * the next phone, since with the server's clock fixed the first one's wait before another code never ends.
 */
const phoneOf = (retry: number) => ({
  typed: `11 15 5555 0${777 + retry}`,
  e164: `+5491155550${777 + retry}`,
});

test.beforeEach(async ({ page }) => {
  await serveBlankTiles(page);
});

/** Signs the phone in the way the sign-in screen does: a one-time code (shown by the sandbox) for a session. */
async function signIn(page: Page, phone: string): Promise<void> {
  const sent = await page.request.post('/api/diner/session/code', { data: { phone } });
  expect(sent.status()).toBe(202);
  const { sandboxCode } = (await sent.json()) as { sandboxCode?: string };
  expect(sandboxCode).toBeTruthy();
  const session = await page.request.post('/api/diner/session', { data: { phone, code: sandboxCode } });
  expect(session.ok()).toBe(true);
}

async function deliveryCheckout(page: Page): Promise<void> {
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(page);
  await continueButton(page).click();
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido', level: 1 })).toBeVisible();
}

async function placeOrder(page: Page): Promise<void> {
  await page.getByRole('radio', { name: 'Transferencia' }).check();
  const placed = page.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: /^Realizar pedido/ }).click();
  expect((await placed).status()).toBe(201);
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/order\/[A-Z0-9]+/);
}

test('a signed-in diner picks a suggested address and finds it remembered, offered first, on the next order', async ({
  page,
}, testInfo) => {
  const errors = failOnConsoleErrors(page);
  const phone = phoneOf(testInfo.retry);
  await signIn(page, phone.e164);
  await deliveryCheckout(page);
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Julia Ramos');
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(phone.typed);

  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  // a first order: nothing remembered yet
  await expect(modal.getByRole('group', { name: 'Mis direcciones' })).toHaveCount(0);
  const street = modal.getByRole('combobox', { name: /^Dirección/ });
  await street.pressSequentially('charcas 3641', { delay: 30 });
  const list = modal.getByRole('listbox', { name: 'Direcciones sugeridas' });
  await expect(list.getByRole('option')).toHaveCount(1);
  await expect(street).toHaveAttribute('aria-expanded', 'true');
  const suggestion = list.getByRole('option', { name: /Charcas 3641/ });
  await expect(suggestion).toContainText('Palermo, Buenos Aires');
  await page.screenshot({ path: testInfo.outputPath('address-suggestions.png') });
  // the keyboard picks it: the arrow highlights, Enter takes it
  await street.press('ArrowDown');
  await expect(suggestion).toHaveAttribute('aria-selected', 'true');
  await expect(street).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id')) ?? '');
  await street.press('Enter');
  await expect(list).toBeHidden();
  await expect(street).toHaveValue('Charcas 3641');
  // the pin stands on the place found: saving needs no tap on the map
  await expect(modal.locator('.pin-map__pin')).toHaveCount(1);
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill('Bulnes y Vidt');
  await modal.getByRole('textbox', { name: /^Aclaraciones/ }).fill('Timbre 2');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.address-card')).toContainText('Charcas 3641');
  await placeOrder(page);

  // the next order: the address is offered before anything is typed
  await deliveryCheckout(page);
  // the phone comes from the last order; the lookup answers this diner's addresses to her session
  await expect(page.getByRole('textbox', { name: /^Teléfono/ })).toHaveValue(
    new RegExp(`5555.?0${777 + testInfo.retry}`),
  );
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const remembered = modal.getByRole('group', { name: 'Mis direcciones' });
  await expect(remembered).toBeVisible();
  const saved = remembered.getByRole('button', { name: /Charcas 3641/ });
  await expect(saved).toContainText('Timbre 2');
  // offered first: above the address search
  const [savedTop, searchTop] = await Promise.all([
    saved.evaluate((el) => el.getBoundingClientRect().top),
    street.evaluate((el) => el.getBoundingClientRect().top),
  ]);
  expect(savedTop).toBeLessThan(searchTop);
  await page.screenshot({ path: testInfo.outputPath('address-remembered.png') });
  await saved.click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');
  await expect(street).toHaveValue('Charcas 3641');
  await expect(modal.getByRole('textbox', { name: /^Entrecalles/ })).toHaveValue('Bulnes y Vidt');
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.address-card')).toContainText('Charcas 3641');
  await expect(page.getByText('Estamos calculando el costo de envío')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the same phone typed without its session is offered no remembered address', async ({ page }) => {
  await deliveryCheckout(page);
  await page.getByRole('textbox', { name: /^Nombre/ }).fill('Julia Ramos');
  const lookup = page.waitForResponse((r) => r.url().includes('/api/orderingcustomer/'));
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(phoneOf(0).typed);
  await lookup;
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  await expect(modal.getByRole('combobox', { name: /^Dirección/ })).toBeVisible();
  await expect(modal.getByRole('group', { name: 'Mis direcciones' })).toHaveCount(0);
});

test('an address nobody can find stays typed, pinned by hand', async ({ page }) => {
  await deliveryCheckout(page);
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = page.getByRole('dialog', { name: 'Dirección de entrega' });
  const street = modal.getByRole('combobox', { name: /^Dirección/ });
  await street.pressSequentially('Pasaje Inventado 12', { delay: 20 });
  await expect(
    modal.getByText('No encontramos sugerencias: escribí la dirección y marcá el punto en el mapa.'),
  ).toBeVisible();
  await expect(street).toHaveAttribute('aria-expanded', 'false');
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill('Norte y Sur');
  await modal.getByTestId('pin-map').click();
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.address-card')).toContainText('Pasaje Inventado 12');
});

test('the branch-select screen geocodes the typed address and orders the shops by distance from it', async ({
  page,
}) => {
  await openStorefront(page, '/menu/donmateo');
  const address = page.getByRole('combobox', { name: 'Dirección de entrega' });
  await address.pressSequentially('cabildo 2100', { delay: 20 });
  await page.getByRole('option', { name: /Av\. Cabildo 2100/ }).click();
  await expect(address).toHaveValue('Av. Cabildo 2100');
  await expect(page.getByText('Mostrando distancias desde tu dirección.')).toBeVisible();
  // Belgrano is a block away, Palermo about 5 km
  const first = page.getByRole('main').getByRole('link').first();
  await expect(first).toContainText('Don Mateo Belgrano');
  await expect(first).toContainText(/0,\d km/);
  await page.getByRole('button', { name: 'Quitar' }).click();
  await expect(page.getByText('Mostrando distancias desde tu dirección.')).toHaveCount(0);
});
