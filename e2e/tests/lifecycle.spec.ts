/// <reference lib="dom" />
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart, toast } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import {
  DESKTOP,
  failOnConsoleErrors,
  openStorefront,
  anotherPhone as phone,
  shotPath,
} from './support/storefront.ts';

/**
 * Issue 22: an order's lifecycle as its three sides see it. The rider who cannot deliver brings the
 * order back ('No pude entregar', then 'Regreso al local') and the console and the diner say why; the
 * console's 'Historial' lists every move; a card payment is given back when the shop cancels.
 */
const SHOP = { latitude: -34.588, longitude: -58.411 };
// Don Mateo Palermo's sandbox provider approves this card (card-payment.spec.ts)
const APPROVED_CARD = '4509 9535 6623 3704';

const card = (page: Page, code: string) => page.getByRole('article', { name: `Pedido #${code}` });
const column = (page: Page, name: RegExp) => page.getByRole('button', { name });
const history = (page: Page, code: string) =>
  page.getByRole('dialog', { name: `Historial del pedido #${code}` });

/** A phone's screen at its CSS size (390 x 844), small enough for the note. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: shotPath(name), scale: 'css', animations: 'disabled' });
}

/** Fills the checkout's name, phone and payment, and places the order; answers its code once on its follow-up. */
async function place(
  diner: Page,
  name: string,
  phoneNumber: string,
  pay: (diner: Page) => Promise<void>,
): Promise<string> {
  await diner.getByRole('textbox', { name: /^Nombre/ }).fill(name);
  await diner.getByRole('textbox', { name: /^Teléfono/ }).fill(phoneNumber);
  // after the name: the card's own 'Nombre como figura en la tarjeta' would match it too
  await pay(diner);
  const placed = diner.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
    { timeout: 15_000 },
  );
  await diner.getByRole('button', { name: /^Realizar pedido/ }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const { data } = (await response.json()) as { data: { code: string } };
  await expect(diner).toHaveURL(new RegExp(`/menu/donmateo-palermo/order/${data.code}(\\?|$)`));
  await expect(diner.getByRole('heading', { name: `Pedido #${data.code}`, level: 1 })).toBeVisible();
  return data.code;
}

/**
 * A delivery paid by transfer to a street east of the shop (pinned on the map's right side): no rider
 * request of the demo goes that way, and this journey runs before rider.spec's, so it travels alone.
 */
async function placeDeliveryEast(diner: Page, street: string): Promise<string> {
  await openStorefront(diner, '/menu/donmateo-palermo/Delivery');
  await addDish(diner, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(diner);
  await continueButton(diner).click();
  await diner.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = diner.getByRole('dialog', { name: 'Dirección de entrega' });
  await modal.getByRole('combobox', { name: /^Dirección/ }).fill(street);
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill('Norte y Sur');
  const map = modal.getByTestId('pin-map');
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  await map.click({ position: { x: (box?.width ?? 300) * 0.85, y: (box?.height ?? 200) / 2 } });
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await expect(diner.getByText(street).first()).toBeVisible();
  return place(diner, 'Delia Devuelta', '11 15 5555 2201', payByTransfer);
}

/** A take-away paid by transfer (nothing to give back on a cancel). */
async function placeTransferTakeAway(diner: Page, name: string, phoneNumber: string): Promise<string> {
  await openStorefront(diner, '/menu/donmateo-palermo/Take_Away');
  await addDish(diner, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(diner);
  await continueButton(diner).click();
  return place(diner, name, phoneNumber, payByTransfer);
}

/** A take-away paid with the approved sandbox card: the order reaches the shop paid. */
async function placeCardTakeAway(diner: Page): Promise<string> {
  await openStorefront(diner, '/menu/donmateo-palermo/Take_Away');
  await addDish(diner, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(diner);
  await continueButton(diner).click();
  return place(diner, 'Ramiro Reintegro', '11 15 5555 2202', payByCard);
}

async function payByTransfer(diner: Page): Promise<void> {
  await diner.getByRole('radio', { name: 'Transferencia' }).check();
}

async function payByCard(diner: Page): Promise<void> {
  await diner.getByRole('radio', { name: 'Tarjeta online' }).check();
  const cardData = diner.getByRole('group', { name: 'Datos de tu tarjeta' });
  await cardData.getByRole('textbox', { name: /^Número de tarjeta/ }).fill(APPROVED_CARD);
  await cardData.getByRole('textbox', { name: /^Nombre como figura en la tarjeta/ }).fill('RAMIRO REINTEGRO');
  await cardData.getByRole('textbox', { name: /^Vencimiento/ }).fill('1130');
  await cardData.getByLabel(/^Código de seguridad/).fill('123');
  await cardData.getByRole('textbox', { name: /^DNI del titular/ }).fill('30222333');
}

/** The shop accepts the order with its default preparation time. */
async function accept(staff: Page, code: string): Promise<void> {
  await card(staff, code).getByRole('button', { name: 'Aceptar' }).click();
  const dialog = staff.getByRole('dialog', { name: `Aceptar pedido #${code}` });
  await dialog.getByRole('button', { name: /^Aceptar · / }).click();
  await expect(dialog).toHaveCount(0);
}

/** A new rider signs up with the shop's security code and starts a shift; answers its phone. */
async function riderOnShift(browser: Browser, name: string, phoneNumber: string): Promise<Page> {
  const rider = await phone(browser, {
    geolocation: { ...SHOP },
    permissions: ['geolocation'],
  });
  await rider.goto('/logistics/donmateo-palermo/rider/phoneIntake');
  await expect(rider.getByRole('heading', { name: 'Repartidores' })).toBeVisible();
  await rider.getByLabel('Ingresa con tu teléfono').fill(phoneNumber);
  await rider.getByRole('button', { name: 'Siguiente' }).click();
  await expect(rider).toHaveURL(/\/rider\/register$/);
  await rider.getByLabel('Confirma tu teléfono').fill(phoneNumber);
  await rider.getByLabel('Nombre y Apellido').fill(name);
  await rider.getByLabel('Código de seguridad').fill('4321');
  await rider.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(rider.getByText('Turno iniciado con éxito')).toBeVisible();
  return rider;
}

/** Drags the slide-to-advance control's thumb to the end of its track, in small steps, as a finger does. */
async function slide(rider: Page, label: string): Promise<void> {
  const track = rider.getByRole('slider', { name: label });
  await expect(track).toHaveAttribute('aria-valuenow', '0');
  const box = await track.boundingBox();
  if (!box) throw new Error(`no slider ${label}`);
  const y = box.y + box.height / 2;
  // the thumb (56 px) sits at the track's left, inside 4 px of padding
  await rider.mouse.move(box.x + 4 + 28, y);
  await rider.mouse.down();
  await rider.mouse.move(box.x + box.width - 4, y, { steps: 30 });
  await rider.mouse.up();
}

/** The texts come in this order (others may sit between them). */
function expectInOrder(actual: string[], expected: string[]): void {
  const positions = expected.map((label) => actual.indexOf(label));
  expect(positions, `${JSON.stringify(expected)} in ${JSON.stringify(actual)}`).not.toContain(-1);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
}

/** One event of the history dialog, by its label. */
function historyEvent(dialog: Locator, label: string): Locator {
  return dialog.getByRole('listitem').filter({ has: dialog.page().getByText(label, { exact: true }) });
}

test("a rider who cannot deliver brings the order back; console, diner and 'Historial' say why", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // the servers outlive a retry: another rider's phone, and another door, for each attempt
  const attempt = testInfo.repeatEachIndex * 2 + testInfo.retry;
  const street = `Calle del Este ${2200 + attempt}`;
  const riderPhone = `9 11 6000-${String(722 + attempt).padStart(4, '0')}`;
  await signInToConsole(page);
  const staffErrors = failOnConsoleErrors(page);
  const diner = await phone(browser);
  const dinerErrors = failOnConsoleErrors(diner);
  const code = await placeDeliveryEast(diner, street);

  // the shop accepts it and asks for a rider
  await accept(page, code);
  await column(page, /^En preparación/).click();
  const orderCard = card(page, code);
  await orderCard.getByRole('button', { name: 'Pedir repartidor' }).click();
  await expect(orderCard).toContainText('Buscando repartidor');

  // a rider of its own takes it, reaches the shop and leaves for the diner
  const rider = await riderOnShift(browser, 'Rodolfo Retorno', riderPhone);
  // the phone look-up's 404 (not registered yet) is the way to the register page: errors count from here
  const riderErrors = failOnConsoleErrors(rider);
  await rider.getByRole('link', { name: 'Ver envíos' }).click();
  await rider.getByRole('link').filter({ hasText: street }).click();
  // the title names the order by the end of its code (enough to match the ticket at the counter)
  await expect(rider.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Pedido \\S*${code.slice(-3)}$`),
  );
  await rider.getByRole('slider', { name: 'Aceptar envío' }).press('Enter');
  await expect(orderCard).toContainText('Rodolfo Retorno');
  await rider.getByRole('slider', { name: 'En el local' }).press('Enter');
  await rider.getByRole('slider', { name: 'En camino al cliente' }).press('Enter');
  await expect(rider.getByRole('slider', { name: 'Entregado' })).toBeVisible();
  // on its way the order is ready; the rider, not the shop, marks it delivered
  await column(page, /^Listos/).click();
  await expect(orderCard).toContainText('En camino');
  await expect(orderCard.getByRole('button', { name: 'Entregado' })).toHaveCount(0);

  // nobody at the door: 'No pude entregar' asks why, and insists on an answer (the steps' toasts gone first)
  await expect(rider.locator('.toast')).toHaveCount(0);
  await rider.getByRole('button', { name: 'No pude entregar' }).click();
  const undeliverable = rider.getByRole('dialog', { name: 'No pude entregar el pedido' });
  await expect(undeliverable).toBeVisible();
  const back = undeliverable.getByRole('button', { name: 'Volver al local con el pedido' });
  await back.click();
  await expect(undeliverable.getByRole('alert')).toHaveText('Elegí por qué no pudiste entregar el pedido.');
  await expect(undeliverable).toBeVisible();
  await undeliverable.getByRole('radio', { name: 'El cliente no estaba' }).check();
  await expect(undeliverable.getByText('Elegí por qué no pudiste entregar el pedido.')).toHaveCount(0);
  await shoot(rider, 'rider-undeliverable-dialog.png');
  await back.click();
  await expect(undeliverable).toHaveCount(0);
  await expect(toast(rider, 'Avisamos al local. Volvé con el pedido.')).toBeVisible();

  // the rider's screen: on the way back, why, and the step that ends it
  await expect(rider.getByText('Regresando al local', { exact: true })).toBeVisible();
  await expect(rider.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^Pedido \\S*${code.slice(-3)}$`),
  );
  await expect(rider.getByText('No se pudo entregar: El cliente no estaba')).toBeVisible();
  await expect(rider.getByRole('slider', { name: 'Regreso al local' })).toBeVisible();
  // one action per step: the slide is its own keyboard and screen-reader alternative
  await expect(rider.getByRole('button', { name: 'Regreso al local' })).toHaveCount(0);
  await expect(rider.getByRole('button', { name: 'No pude entregar' })).toHaveCount(0);
  await shoot(rider, 'rider-return-screen.png');

  // the console's card says why; while the rider brings it back the shop neither delivers it nor sends it again
  await expect(orderCard).toContainText('No se pudo entregar: El cliente no estaba');
  await expect(orderCard.getByRole('button', { name: 'Entregado' })).toHaveCount(0);
  await expect(orderCard.getByRole('button', { name: 'Pedir repartidor' })).toHaveCount(0);
  await orderCard.getByText('No se pudo entregar: El cliente no estaba').scrollIntoViewIfNeeded();
  await shoot(page, 'console-card-return.png');

  // the diner is told, live
  const RETURNING =
    'El repartidor no pudo entregar tu pedido (El cliente no estaba) y lo está llevando de vuelta al local. El local se va a comunicar con vos.';
  await expect(diner.getByRole('status').filter({ hasText: 'El repartidor no pudo entregar' })).toHaveText(
    RETURNING,
  );

  // back at the shop: the rider slides 'Regreso al local'
  await slide(rider, 'Regreso al local');
  await expect(toast(rider, 'Regresaste al local')).toBeVisible();
  await expect(rider.getByRole('slider')).toHaveCount(0);
  await expect(rider.getByRole('button', { name: 'No pude entregar' })).toHaveCount(0);
  // the order is the shop's again: sent once more, or handed over at the counter
  await expect(orderCard.getByRole('button', { name: 'Pedir repartidor' })).toBeVisible();
  await expect(diner.getByRole('status').filter({ hasText: 'El repartidor no pudo entregar' })).toHaveText(
    'El repartidor no pudo entregar tu pedido (El cliente no estaba) y lo devolvió al local. El local se va a comunicar con vos.',
  );

  // 'Historial': every move, oldest first, each at its time, with the reason of the failed delivery
  const historyButton = orderCard.getByRole('button', { name: 'Historial' });
  await historyButton.click();
  const dialog = history(page, code);
  await expect(dialog).toBeVisible();
  const events = dialog.getByRole('listitem');
  await expect(events.first()).toBeVisible();
  const labels = await dialog.locator('.console-history__label').allInnerTexts();
  expectInOrder(labels, [
    'Pedido recibido',
    'Pedido aceptado',
    'Se pidió un repartidor',
    'El repartidor aceptó el envío',
    'El repartidor llegó al local',
    'El repartidor salió hacia el cliente',
    'El repartidor no pudo entregar: vuelve al local',
    'El pedido volvió al local',
  ]);
  for (const time of await dialog.locator('time').allInnerTexts()) expect(time).toMatch(/^\d{2}:\d{2}$/);
  const failed = historyEvent(dialog, 'El repartidor no pudo entregar: vuelve al local');
  await expect(failed).toContainText('Motivo: El cliente no estaba');
  await expect(failed).toContainText('Rodolfo Retorno');
  await failed.scrollIntoViewIfNeeded();
  await shoot(page, 'console-history-dialog.png');
  // the footer's 'Cerrar' (the header's ✕ has the same name)
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect(historyButton).toBeFocused();
  await historyButton.click();
  await expect(history(page, code).getByRole('listitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(history(page, code)).toHaveCount(0);

  // the rider is free again: no shipment in progress
  const inProgress = await rider.context().request.get('/api/shipments/rider');
  expect(inProgress.status()).toBe(200);
  expect(await inProgress.json()).toMatchObject({ shipment: null, stack: null });

  expect(staffErrors).toEqual([]);
  expect(riderErrors).toEqual([]);
  expect(dinerErrors).toEqual([]);
  await rider.context().close();
  await diner.context().close();
});

test('a card payment goes back when the shop cancels: the cancel dialog, the card and the diner say how much', async ({
  page,
  browser,
}) => {
  await signInToConsole(page);
  const staffErrors = failOnConsoleErrors(page);
  const diner = await phone(browser);
  const dinerErrors = failOnConsoleErrors(diner);
  const code = await placeCardTakeAway(diner);
  await expect(diner.getByRole('button', { name: 'Pagar', exact: true })).toHaveCount(0);

  // the card reaches the board paid by card
  await column(page, /^Nuevos/).click();
  const orderCard = card(page, code);
  await expect(orderCard).toContainText(/Pagado \$[\d.]+ con tarjeta/);
  const total = /Total\s*(\$[\d.]+)/.exec(await orderCard.innerText())?.[1] ?? '';
  expect(total).toMatch(/^\$\d{1,3}(\.\d{3})*$/);

  // cancelling says, before the button, what goes back to the diner's card
  await orderCard.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancelar pedido #${code}` });
  const refundLine = dialog.getByText(/^Se le devolverán \$[\d.]+ al cliente en su medio de pago\.$/);
  await expect(refundLine).toBeVisible();
  const amount = /(\$[\d.]+)/.exec((await refundLine.textContent()) ?? '')?.[1] ?? '';
  expect(amount).toBe(total);
  await dialog.getByRole('button', { name: 'Sin stock de un producto' }).click();
  await shoot(page, 'console-cancel-refund.png');
  await dialog.getByRole('button', { name: /^Cancelar pedido/ }).click();
  await expect(dialog).toHaveCount(0);

  // the finished card: refunded, in full
  await column(page, /^Entregados/).click();
  await expect(orderCard).toContainText('Cancelado');
  await orderCard.getByText('Ver detalle').click();
  await expect(orderCard.getByText(`Reembolsado ${amount}`, { exact: true })).toBeVisible();
  // its history: paid, cancelled with the reason, paid back
  await orderCard.getByRole('button', { name: 'Historial' }).click();
  const moves = history(page, code);
  await expect(moves.getByRole('listitem').first()).toBeVisible();
  expectInOrder(await moves.locator('.console-history__label').allInnerTexts(), [
    'Pago aprobado',
    'Pedido cancelado',
    'Pago devuelto',
  ]);
  await expect(historyEvent(moves, 'Pago aprobado')).toContainText(amount);
  await expect(historyEvent(moves, 'Pedido cancelado')).toContainText('Motivo: Sin stock de un producto');
  await expect(historyEvent(moves, 'Pago devuelto')).toContainText(amount);
  await page.keyboard.press('Escape');
  await expect(moves).toHaveCount(0);

  // the diner: why, what came back, and the steps with their times
  await expect(diner.getByText('Motivo: Sin stock de un producto')).toBeVisible();
  const refunded = diner.getByRole('status').filter({ hasText: 'Te devolvimos' });
  await expect(refunded).toHaveText(`Te devolvimos ${amount} a tu medio de pago.`);
  const steps = diner.getByRole('region', { name: 'Seguimiento' });
  await expect(steps).toBeVisible();
  const received = steps
    .locator('.follow-up-steps__step')
    .filter({ hasText: /Pedido recibido|Pago recibido/ })
    .first();
  const canceled = steps.locator('.follow-up-steps__step').filter({ hasText: 'Pedido cancelado' });
  await expect(received.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  await expect(canceled.locator('time')).toHaveText(/^\d{2}:\d{2}$/);
  const stepTexts = await steps.locator('dd').allInnerTexts();
  expect(stepTexts.at(-1)).toBe('Pedido cancelado');
  await refunded.scrollIntoViewIfNeeded();
  await shoot(diner, 'diner-follow-up-refund.png');

  expect(staffErrors).toEqual([]);
  expect(dinerErrors).toEqual([]);
  await diner.context().close();
});

test.describe('desktop (1366x900)', () => {
  test.use(DESKTOP);

  test("the order's 'Historial' opens over the board, fits the screen and closes", async ({
    page,
    browser,
  }) => {
    await signInToConsole(page);
    const staffErrors = failOnConsoleErrors(page);
    const diner = await phone(browser);
    const code = await placeTransferTakeAway(diner, 'Horacio Historial', '11 15 5555 2203');
    await diner.context().close();

    const orderCard = card(page, code);
    await expect(orderCard).toBeVisible();
    await accept(page, code);
    await expect(orderCard).toContainText('En preparación');

    const historyButton = orderCard.getByRole('button', { name: 'Historial' });
    await historyButton.click();
    const dialog = history(page, code);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem').first()).toBeVisible();
    // a transfer adds its pending payment between them
    expectInOrder(await dialog.locator('.console-history__label').allInnerTexts(), [
      'Pedido recibido',
      'Pedido aceptado',
    ]);
    await expect(dialog.getByRole('listitem').first()).toContainText('Cliente');
    // the whole dialog on screen, its close button in reach
    const box = await dialog.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1366);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
    }
    const close = dialog.getByRole('button', { name: 'Cerrar' }).last();
    await expect(close).toBeInViewport();
    // focus moved in; Tab stays inside
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.screenshot({ path: shotPath('console-history-desktop.png'), animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(historyButton).toBeFocused();

    // a second opening loads it again, and 'Cerrar' closes it
    await historyButton.click();
    await expect(history(page, code).getByText('Pedido aceptado', { exact: true })).toBeVisible();
    await history(page, code).getByRole('button', { name: 'Cerrar' }).last().click();
    await expect(history(page, code)).toHaveCount(0);

    // the board is left as found: the order is cancelled
    await orderCard.getByRole('button', { name: 'Cancelar' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancelar pedido #${code}` });
    await expect(cancel.getByText(/Se le devolverán/)).toHaveCount(0);
    await cancel.getByRole('button', { name: 'Sin stock de un producto' }).click();
    await cancel.getByRole('button', { name: /^Cancelar pedido/ }).click();
    await expect(cancel).toHaveCount(0);
    expect(staffErrors).toEqual([]);
  });
});
