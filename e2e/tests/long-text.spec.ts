/// <reference lib="dom" />
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { orderCard, signInToConsole, stubPrint } from './support/console.ts';
import {
  anotherPhone,
  DESKTOP,
  failOnConsoleErrors,
  openStorefront,
  shotPath,
} from './support/storefront.ts';
import { trackingPath } from './support/tracking.ts';

/**
 * Issue 24, item 3: nothing a diner types breaks a screen. An order whose name, notes, item note and
 * address carry a 120-character word, emoji and right-to-left text is followed through every screen that
 * shows those words (cart, checkout, follow-up, the console's card, its printed 'Comanda' and 'Ticket',
 * the rider's list and shipment, tracking, a problem report): none scrolls sideways, the words stay in
 * sight and wrap, and the buttons next to them stay within reach.
 */
const SHOP = { latitude: -34.588, longitude: -58.411 };
// one unbroken word of 120 characters (a phone keyboard's long paste, a link without spaces)
const LONG = 'Muzzarella'.repeat(12);
const EMOJI = '🍕🔥👨‍👩‍👧‍👦';
const ARABIC = 'اترك الطلب عند الباب من فضلك';
const HEBREW = 'בלי בצל בבקשה';
const FIRST_NAME = 'שרה';

const column = (page: Page, name: RegExp) => page.getByRole('button', { name });

/** The texts of one attempt (the servers outlive a retry: another phone and door each time). */
function diner(attempt: number) {
  return {
    // the name may be 120 characters: a 100-character word after a right-to-left word and emoji
    name: `${FIRST_NAME} ${EMOJI} ${LONG.slice(0, 100)}`,
    phone: `11 15 5555 ${String(2400 + attempt * 2).padStart(4, '0')}`,
    street: `Calle ${LONG} ${3100 + attempt}`,
    betweenStreets: `${ARABIC} y ${HEBREW}`,
    details: `Depto 4B ${LONG} ${EMOJI}`,
    // Don Mateo's item notes stop at 120 characters
    itemNote: `${LONG.slice(0, 100)} ${HEBREW.slice(0, 7)}`,
    notes: `Timbre ${LONG} ${EMOJI} ${ARABIC}`,
    problem: `${LONG} ${EMOJI} ${ARABIC}`,
  };
}

/** The page does not scroll sideways: nothing is wider than the screen. */
async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  // the emulated phone's own width: a mobile page wider than it zooms out, and innerWidth grows with it
  const screenWidth = page.viewportSize()?.width ?? 0;
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  // soft: one run lists every screen that breaks, not only the first
  expect.soft(widths.scroll, `${where}: the page's width`).toBeLessThanOrEqual(screenWidth);
  expect.soft(widths.inner, `${where}: the window's width`).toBeLessThanOrEqual(screenWidth);
}

/**
 * The element is on screen across, inside `within` when given, and inside every ancestor that clips
 * its content: a word that pushes past its card, or is cut off by it, fails.
 */
async function expectInReach(target: Locator, where: string, within?: Locator): Promise<void> {
  await expect(target, where).toBeVisible();
  await target.scrollIntoViewIfNeeded();
  const outer = within ? await within.boundingBox() : null;
  const problem = await target.evaluate(
    (el, box) => {
      const rect = el.getBoundingClientRect();
      const fits = (r: { left: number; right: number }) =>
        rect.left >= r.left - 1 && rect.right <= r.right + 1;
      if (!fits({ left: 0, right: document.documentElement.clientWidth }))
        return `spans ${rect.left}..${rect.right} across a screen ${document.documentElement.clientWidth} wide`;
      if (box && !fits({ left: box.x, right: box.x + box.width }))
        return `spans ${rect.left}..${rect.right} out of its box ${box.x}..${box.x + box.width}`;
      for (let up = el.parentElement; up; up = up.parentElement) {
        if (getComputedStyle(up).overflowX === 'visible') continue;
        const clip = up.getBoundingClientRect();
        if (!fits(clip))
          return `spans ${rect.left}..${rect.right}, cut off by .${up.className} at ${clip.left}..${clip.right}`;
      }
      return null;
    },
    outer ? { x: outer.x, width: outer.width } : null,
  );
  expect.soft(problem, where).toBeNull();
}

/** A button (or link) is on screen, inside its card, and a tap on it would land on it. */
async function expectTappable(target: Locator, where: string, within?: Locator): Promise<void> {
  await expectInReach(target, where, within);
  // a trial tap: Playwright checks that nothing else (a neighbour's overflowing words) would take it
  const missed = await target
    .click({ trial: true, timeout: 5000 })
    .then(() => null)
    .catch((error: Error) => error.message.split('\n')[0]);
  expect.soft(missed, `${where}: a tap lands on it`).toBeNull();
}

/** The diner's words read in their own direction inside our left-to-right layout. */
async function expectOwnDirection(target: Locator, where: string): Promise<void> {
  const style = await target.evaluate((el) => {
    const own = el.closest('[dir="auto"]') ?? el;
    return {
      page: getComputedStyle(document.documentElement).direction,
      bidi: el.closest('[dir="auto"]') ? 'auto' : getComputedStyle(own).unicodeBidi,
    };
  });
  expect.soft(style.page, `${where}: the layout`).toBe('ltr');
  expect.soft(['auto', 'plaintext', 'isolate'], `${where}: the words' direction`).toContain(style.bidi);
}

/** The deepest element holding this text (the first, when several do). */
function words(scope: Page | Locator, text: string): Locator {
  return scope.getByText(text).first();
}

async function shoot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: shotPath(name), scale: 'css', animations: 'disabled', fullPage });
}

test('long words, emoji and right-to-left text wrap on every screen of a delivery: diner, console, tickets, rider, tracking', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const texts = diner(testInfo.retry + testInfo.repeatEachIndex * 2);
  await stubPrint(page);
  await signInToConsole(page);
  const staffErrors = failOnConsoleErrors(page);
  const phone = await anotherPhone(browser);
  const dinerErrors = failOnConsoleErrors(phone);

  // the cart shows the item note
  await openStorefront(phone, '/menu/donmateo-palermo/Delivery');
  await addDish(phone, { category: 'Pizzas', dish: 'Fugazzeta', notes: texts.itemNote });
  await openCart(phone);
  await expectNoSideScroll(phone, 'cart');
  await expectInReach(words(phone, LONG.slice(0, 100)), 'cart: item note');
  await expectTappable(continueButton(phone), 'cart: Continuar');
  await continueButton(phone).click();

  // the checkout: the name, the address as saved, the notes
  await phone.getByRole('textbox', { name: /^Nombre/ }).fill(texts.name);
  await phone.getByRole('textbox', { name: /^Teléfono/ }).fill(texts.phone);
  await phone.getByRole('radio', { name: 'Transferencia' }).check();
  await phone.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = phone.getByRole('dialog', { name: 'Dirección de entrega' });
  await modal.getByRole('combobox', { name: /^Dirección/ }).fill(texts.street);
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill(texts.betweenStreets);
  await modal.getByRole('textbox', { name: /^Aclaraciones/ }).fill(texts.details);
  const map = modal.getByTestId('pin-map');
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  // east of the shop: no rider request of the demo goes that way, so the shipment travels alone
  await map.click({ position: { x: (box?.width ?? 300) * 0.85, y: (box?.height ?? 200) / 2 } });
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  await phone.getByRole('textbox', { name: 'Notas del pedido' }).fill(texts.notes);
  await expectNoSideScroll(phone, 'checkout');
  await expectInReach(words(phone, texts.street), 'checkout: street');
  await expectInReach(words(phone, texts.details), 'checkout: details');
  await expectOwnDirection(words(phone, texts.betweenStreets), 'checkout: between streets');
  const cambiar = phone.getByRole('button', { name: 'Cambiar', exact: true });
  await expectTappable(cambiar, 'checkout: Cambiar');
  await shoot(phone, 'long-text-checkout.png', true);
  const placed = phone.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
    { timeout: 15_000 },
  );
  await expectTappable(phone.getByRole('button', { name: /^Realizar pedido/ }), 'checkout: Realizar pedido');
  await phone.getByRole('button', { name: /^Realizar pedido/ }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  const { code } = ((await response.json()) as { data: { code: string } }).data;
  await expect(phone.getByRole('heading', { name: `Pedido #${code}`, level: 1 })).toBeVisible();

  // the diner's follow-up: the address, the item note, the notes
  await expectNoSideScroll(phone, 'follow-up');
  await expectInReach(words(phone, texts.street), 'follow-up: address');
  await expectInReach(words(phone, LONG.slice(0, 100)), 'follow-up: item note');
  await expectInReach(words(phone, texts.notes), 'follow-up: notes');
  await expectOwnDirection(words(phone, texts.notes), 'follow-up: notes');
  await expectInReach(
    phone.getByRole('region', { name: 'Detalle' }).locator('td').last(),
    'follow-up: amount',
  );
  await expectTappable(phone.getByRole('link', { name: 'Volver al menú' }), 'follow-up: Volver al menú');
  await shoot(phone, 'long-text-follow-up.png', true);

  // the console's new card: the name, the address, the notes; the amounts and 'Aceptar' within reach
  const card = orderCard(page, code);
  await expect(card).toBeVisible();
  await expectNoSideScroll(page, 'console');
  await expectInReach(words(card, LONG.slice(0, 100)).first(), 'console card: name', card);
  await expectOwnDirection(words(card, texts.name), 'console card: name');
  await expectInReach(words(card, texts.street), 'console card: address', card);
  await expectInReach(words(card, texts.details), 'console card: details', card);
  await expectInReach(words(card, texts.itemNote), 'console card: item note', card);
  await expectOwnDirection(words(card, texts.itemNote), 'console card: item note');
  await expectInReach(words(card, texts.notes), 'console card: notes', card);
  await expectInReach(card.locator('dd').last(), 'console card: total', card);
  await expectTappable(card.getByRole('button', { name: 'Imprimir comanda' }), 'console: Comanda', card);
  await expectTappable(card.getByRole('button', { name: 'Cancelar' }), 'console: Cancelar', card);
  const accept = card.getByRole('button', { name: 'Aceptar', exact: true });
  await expectTappable(accept, 'console card: Aceptar', card);
  await card.screenshot({ path: shotPath('long-text-console-card.png') });

  // the printed tickets (80 mm): every line wraps inside the paper
  for (const [button, title, shot] of [
    ['Imprimir comanda', 'Comanda', 'long-text-comanda.png'],
    ['Imprimir ticket', 'Ticket del pedido', 'long-text-ticket.png'],
  ] as const) {
    await card.getByRole('button', { name: button }).click();
    const ticket = page.locator('.console-print');
    await expect(ticket).toContainText(title);
    await page.emulateMedia({ media: 'print' });
    await expect(ticket).toBeVisible();
    const paper = await ticket.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(paper.scroll, `${title}: the ticket's width`).toBeLessThanOrEqual(paper.client);
    for (const line of await ticket.locator('p').all()) await expectInReach(line, title, ticket);
    await expectInReach(words(ticket, texts.notes), `${title}: notes`, ticket);
    await ticket.screenshot({ path: shotPath(shot) });
    await page.emulateMedia({ media: 'screen' });
  }

  // the shop accepts it and asks for a rider
  await accept.click();
  const acceptDialog = page.getByRole('dialog', { name: `Aceptar pedido #${code}` });
  await acceptDialog.getByRole('button', { name: /^Aceptar · / }).click();
  await expect(acceptDialog).toHaveCount(0);
  await column(page, /^En preparación/).click();
  await card.getByRole('button', { name: 'Pedir repartidor' }).click();
  await expect(card).toContainText('Buscando repartidor');

  // the tracking page: no diner's words on it, and still nothing wider than the screen
  await phone.goto(trackingPath(code));
  const share = phone.getByRole('dialog', { name: /^Comparte la clave \d{4}$/ });
  await expect(share).toBeVisible();
  const deliveryCode = /Comparte la clave (\d{4})/.exec(await share.innerText())?.[1] ?? '';
  await share.getByRole('button', { name: 'Cerrar' }).click();
  await expect(phone.getByTestId('tracking-status')).toHaveText('Buscando repartidor');
  await expectNoSideScroll(phone, 'tracking');
  await expectTappable(phone.getByRole('button', { name: 'Actualizar' }), 'tracking: Actualizar');

  // a rider on shift: the list and the shipment show the address and its details
  const rider = await anotherPhone(browser, { geolocation: { ...SHOP }, permissions: ['geolocation'] });
  const contact = await rider.context().request.get('/api/diner/donmateo-palermo');
  const created = await rider.context().request.post('/api/rider/createwithcode', {
    data: {
      name: 'Lara Larga',
      phone: `+54911600${String(2400 + testInfo.retry).padStart(5, '0')}`,
      securityCode: '4321',
      active: true,
      riderUser: { branchContact: { id: ((await contact.json()) as { info: { id: number } }).info.id } },
    },
  });
  expect(created.status()).toBe(201);
  const riderErrors = failOnConsoleErrors(rider);
  await rider.goto('/logistics/donmateo-palermo/shipments');
  const item = rider.getByRole('link').filter({ hasText: texts.street });
  await expect(item).toBeVisible();
  await expectNoSideScroll(rider, 'rider list');
  await expectInReach(words(item, texts.street), 'rider list: address', item);
  await expectInReach(words(rider, texts.details).first(), 'rider list: details', item);
  await shoot(rider, 'long-text-rider-list.png');
  await item.click();
  const take = rider.getByRole('slider', { name: 'Aceptar envío' });
  await expect(take).toBeVisible();
  await expectNoSideScroll(rider, 'rider shipment');
  await expectInReach(words(rider, texts.street), 'rider shipment: address');
  await expectInReach(words(rider, texts.details), 'rider shipment: details');
  await expectTappable(take, 'rider shipment: Aceptar envío');
  await take.press('Enter');
  await expect(rider.getByRole('slider', { name: 'En el local' })).toBeVisible();
  // the rider who took it sees who receives it, by the first word of the name (right-to-left here)
  const recipient = rider.getByRole('region', { name: 'Recibe' }).getByText(FIRST_NAME, { exact: true });
  await expectInReach(recipient, 'rider shipment: recipient');
  await expectOwnDirection(recipient, 'rider shipment: recipient');
  await expectNoSideScroll(rider, 'rider shipment, taken');
  await shoot(rider, 'long-text-rider-shipment.png', true);
  await rider.getByRole('slider', { name: 'En el local' }).press('Enter');
  await rider.getByRole('slider', { name: 'En camino al cliente' }).press('Enter');
  const delivered = rider.getByRole('slider', { name: 'Entregado' });
  await expectTappable(delivered, 'rider shipment: Entregado');
  await expectNoSideScroll(rider, 'rider shipment, on its way');

  // the tracking page on the way (the rider and the code), then delivered with the code
  await expect(phone.getByTestId('tracking-status')).toHaveText('En camino');
  await expectNoSideScroll(phone, 'tracking, on its way');
  await shoot(phone, 'long-text-tracking.png');
  await delivered.press('Enter');
  const codeDialog = rider.getByRole('dialog', { name: 'Clave de entrega' });
  await codeDialog.getByLabel('Clave de entrega').fill(deliveryCode);
  await codeDialog.getByRole('button', { name: 'Entregado' }).click();
  await expect(codeDialog).toHaveCount(0);
  await expect(phone.getByTestId('tracking-status')).toHaveText('Entregado');

  // the diner reports a problem in their own words; the follow-up and the console's card show them
  await phone.goto(`/menu/donmateo-palermo/order/${code}`);
  await phone.getByRole('button', { name: 'Reportar un problema' }).click();
  const report = phone.getByRole('dialog', { name: 'Reportar un problema' });
  await report.getByRole('radio', { name: 'Otro problema' }).check();
  await report.getByRole('textbox', { name: 'Contanos qué pasó' }).fill(texts.problem);
  await expectNoSideScroll(phone, 'report dialog');
  await expectTappable(report.getByRole('button', { name: 'Confirmar' }), 'report dialog: Confirmar');
  await report.getByRole('button', { name: 'Confirmar' }).click();
  await expect(report).toHaveCount(0);
  const reported = words(phone, texts.problem);
  await expectNoSideScroll(phone, 'follow-up, reported');
  await expectInReach(reported, 'follow-up: problem');
  await expectOwnDirection(reported, 'follow-up: problem');
  await shoot(phone, 'long-text-follow-up-problem.png', true);

  await column(page, /^Entregados/).click();
  await expect(card).toContainText('Problema reportado: Otro problema');
  await expectNoSideScroll(page, 'console, delivered');
  await expectInReach(words(card, texts.problem), 'console card: problem', card);
  await expectOwnDirection(words(card, texts.problem), 'console card: problem');
  // the finished card's detail, opened
  await card.getByText('Ver detalle').click();
  await expectInReach(words(card, texts.notes), 'console card detail: notes', card);
  await expectInReach(words(card, texts.itemNote), 'console card detail: item note', card);
  await expectInReach(card.locator('dd').last(), 'console card detail: total', card);
  await expectTappable(card.getByRole('button', { name: 'Historial' }), 'console detail: Historial', card);
  await expectNoSideScroll(page, 'console, detail open');
  await card.screenshot({ path: shotPath('long-text-console-done.png') });

  expect(staffErrors).toEqual([]);
  expect(dinerErrors).toEqual([]);
  expect(riderErrors).toEqual([]);
  await rider.context().close();
  await phone.context().close();
});

test.describe('desktop (1366x900)', () => {
  test.use(DESKTOP);

  test("the console's card keeps long words, emoji and right-to-left notes inside its column", async ({
    page,
    browser,
  }, testInfo) => {
    const texts = diner(testInfo.retry + testInfo.repeatEachIndex * 2);
    await signInToConsole(page);
    const staffErrors = failOnConsoleErrors(page);
    const phone = await anotherPhone(browser);
    await openStorefront(phone, '/menu/donmateo-palermo/Take_Away');
    await addDish(phone, { category: 'Pizzas', dish: 'Fugazzeta', notes: texts.itemNote });
    await openCart(phone);
    await continueButton(phone).click();
    await phone.getByRole('textbox', { name: /^Nombre/ }).fill(texts.name);
    await phone
      .getByRole('textbox', { name: /^Teléfono/ })
      .fill(`11 15 5555 ${String(2401 + testInfo.retry * 2).padStart(4, '0')}`);
    await phone.getByRole('radio', { name: 'Transferencia' }).check();
    await phone.getByRole('textbox', { name: 'Notas del pedido' }).fill(texts.notes);
    const placed = phone.waitForResponse(
      (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
      { timeout: 15_000 },
    );
    await phone.getByRole('button', { name: /^Realizar pedido/ }).click();
    const { code } = ((await (await placed).json()) as { data: { code: string } }).data;
    await phone.context().close();

    const card = orderCard(page, code);
    await expect(card).toBeVisible();
    await expectNoSideScroll(page, 'console (desktop)');
    await expectInReach(words(card, LONG.slice(0, 100)).first(), 'desktop card: name', card);
    await expectInReach(words(card, texts.itemNote), 'desktop card: item note', card);
    await expectInReach(words(card, texts.notes), 'desktop card: notes', card);
    await expectOwnDirection(words(card, texts.notes), 'desktop card: notes');
    await expectInReach(card.locator('dd').last(), 'desktop card: total', card);
    // the card stays inside its column, beside the others
    await expectInReach(card, 'desktop card', page.getByRole('region').filter({ has: card }).last());
    const accept = card.getByRole('button', { name: 'Aceptar', exact: true });
    await expectTappable(accept, 'desktop card: Aceptar', card);
    await page.screenshot({ path: shotPath('long-text-console-desktop.png'), animations: 'disabled' });

    // the board is left as found: the order is cancelled
    await card.getByRole('button', { name: 'Cancelar' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancelar pedido #${code}` });
    await cancel.getByRole('button', { name: 'Sin stock de un producto' }).click();
    await cancel.getByRole('button', { name: /^Cancelar pedido/ }).click();
    await expect(cancel).toHaveCount(0);
    expect(staffErrors).toEqual([]);
  });
});
