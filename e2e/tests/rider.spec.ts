/// <reference lib="dom" />
import { expect, type Page, test } from '@playwright/test';
import { addDish, continueButton, openCart } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import {
  failOnConsoleErrors,
  openStorefront,
  anotherPhone as phone,
  shotPath,
} from './support/storefront.ts';
import { trackingPath } from './support/tracking.ts';

const SHOP = { latitude: -34.588, longitude: -58.411 };

/**
 * The diner orders a delivery to a street east of the shop (pinned on the map's right side): no rider
 * request of the demo goes that way, so the new shipment travels alone.
 */
async function placeDeliveryEast(diner: Page): Promise<string> {
  await openStorefront(diner, '/menu/donmateo-palermo/Delivery');
  await addDish(diner, { category: 'Pizzas', dish: 'Fugazzeta' });
  await openCart(diner);
  await continueButton(diner).click();
  await diner.getByRole('textbox', { name: /^Nombre/ }).fill('Elena Este');
  await diner.getByRole('textbox', { name: /^Teléfono/ }).fill('11 15 5555 0501');
  await diner.getByRole('radio', { name: 'Transferencia' }).check();
  await diner.getByRole('button', { name: 'Agregar dirección' }).click();
  const modal = diner.getByRole('dialog', { name: 'Dirección de entrega' });
  await modal.getByRole('combobox', { name: /^Dirección/ }).fill('Calle del Este 1234');
  await modal.getByRole('textbox', { name: /^Entrecalles/ }).fill('Norte y Sur');
  const map = modal.getByTestId('pin-map');
  const box = await map.boundingBox();
  await map.click({ position: { x: (box?.width ?? 300) * 0.85, y: (box?.height ?? 200) / 2 } });
  await modal.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(modal).toHaveCount(0);
  const placed = diner.waitForResponse(
    (r) => r.url().endsWith('/api/order') && r.request().method() === 'POST',
  );
  await diner.getByRole('button', { name: /^Realizar pedido/ }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { code: string } }).data.code;
}

test('a rider registers, takes the shipment the console asked for and delivers it; tracking and console follow live', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  const staffErrors = failOnConsoleErrors(page);
  const diner = await phone(browser);
  const code = await placeDeliveryEast(diner);

  // the shop accepts it and asks for a rider
  const card = page.getByRole('article', { name: `Pedido #${code}` });
  await card.getByRole('button', { name: 'Aceptar' }).click();
  await page
    .getByRole('dialog', { name: `Aceptar pedido #${code}` })
    .getByRole('button', { name: /^Aceptar · / })
    .click();
  // a new rider signs up with the shop's security code and starts a shift
  const rider = await phone(browser, { geolocation: { ...SHOP }, permissions: ['geolocation'] });
  await rider.goto('/logistics/donmateo-palermo/rider/phoneIntake');
  await expect(rider.getByRole('heading', { name: 'Repartidores' })).toBeVisible();
  await rider.getByLabel('Ingresa con tu teléfono').fill('9 11 6000-0555');
  await rider.getByRole('button', { name: 'Siguiente' }).click();
  await expect(rider).toHaveURL(/\/rider\/register$/);
  await rider.getByLabel('Confirma tu teléfono').fill('9 11 6000-0555');
  await rider.getByLabel('Nombre y Apellido').fill('Rita Reparto');
  await rider.getByLabel('Código de seguridad').fill('4321');
  await rider.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(rider.getByText('Turno iniciado con éxito')).toBeVisible();
  // the phone look-up's 404 (not registered yet) is the spec's way to the register page: errors count from here
  const riderErrors = failOnConsoleErrors(rider);
  await rider.getByRole('link', { name: 'Ver envíos' }).click();
  await expect(rider.getByRole('heading', { name: 'Envíos disponibles' })).toBeVisible();

  // the rider's list is open when the shop asks for a rider: the job appears by itself, with a notice
  await page.getByRole('button', { name: /^En preparación/ }).click();
  await card.getByRole('button', { name: 'Pedir repartidor' }).click();
  await expect(rider.getByRole('link').filter({ hasText: 'Calle del Este 1234' })).toBeVisible();
  await expect(rider.getByText('Nuevo envío disponible')).toBeVisible();
  await expect(card).toContainText('Buscando repartidor');

  // the diner follows it on the tracking page, which shares the delivery code
  await diner.goto(trackingPath(code));
  const share = diner.getByRole('dialog', { name: /^Comparte la clave \d{4}$/ });
  await expect(share).toBeVisible();
  const codeFromPage = /Comparte la clave (\d{4})/.exec(await share.innerText())?.[1] ?? '';
  expect(codeFromPage).toMatch(/^\d{4}$/);
  await share.getByRole('button', { name: 'Cerrar' }).click();
  await expect(diner.getByTestId('tracking-status')).toHaveText('Buscando repartidor');
  await expect(diner.getByText('Sin repartidor')).toBeVisible();

  // the shipment is on the list; the rider takes it and walks it step by step
  await rider.getByRole('link').filter({ hasText: 'Calle del Este 1234' }).click();
  await rider.getByRole('slider', { name: 'Aceptar envío' }).press('Enter');
  await expect(rider.getByRole('slider', { name: 'En el local' })).toBeVisible();
  await expect(diner.getByTestId('tracking-status')).toHaveText('Repartidor en camino al local');
  // the diner learns who brings the order only once it is on its way (the spec's "shipment details only
  // on route to drop-off"): no name, phone nor position before; nor 'Sin repartidor', the status says it
  await expect(diner.getByText('Rita Reparto')).toHaveCount(0);
  await expect(diner.getByText('Sin repartidor')).toHaveCount(0);
  await expect(diner.locator('.tracking-marker--rider')).toHaveCount(0);
  // the shop's staff see who took it
  await expect(card).toContainText('Rita Reparto');

  // the follow-up page says the same: the shipment's status (not 'En camino' while at the shop), no
  // rider's name yet, and the window whose end the tracking page shows
  const followUp = await diner.context().newPage();
  await followUp.goto(`/menu/donmateo-palermo/order/${code}`);
  await expect(followUp.locator('.follow-up-status')).toHaveText('Repartidor en camino al local');
  await expect(followUp.getByText(/^Repartidor:/)).toHaveCount(0);
  const etaLine = (await diner.getByText(/^Entrega estimada: \d{2}:\d{2} hs$/).innerText()).trim();
  const etaTime = /(\d{2}:\d{2})/.exec(etaLine)?.[1] ?? 'none';
  await expect(followUp.locator('.follow-up-status__note')).toHaveText(
    new RegExp(`^Llega aprox\\. (entre las \\d{2}:\\d{2} y las|a las) ${etaTime} hs$`),
  );

  await rider.getByRole('slider', { name: 'En el local' }).press('Enter');
  await rider.getByRole('slider', { name: 'En camino al cliente' }).press('Enter');
  await expect(rider.getByRole('slider', { name: 'Entregado' })).toBeVisible();
  // one action per step: the slide is its own keyboard and screen-reader alternative
  await expect(rider.getByRole('button', { name: 'Entregado' })).toHaveCount(0);
  // and the dock never covers what to collect: scrolled to the end, the payment line is in sight
  await rider.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const paymentLine = rider.locator('.payment-line').first();
  const uncovered = await paymentLine.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && el.contains(hit);
  });
  expect(uncovered).toBe(true);
  await expect(diner.getByTestId('tracking-status')).toHaveText('En camino');
  await expect(diner.getByText('Rita Reparto')).toBeVisible();
  // on its way: the follow-up names the rider too
  await followUp.reload();
  await expect(followUp.getByText('Repartidor: Rita Reparto')).toBeVisible();
  await followUp.close();
  await page.getByRole('button', { name: /^Listos/ }).click();
  await expect(card).toContainText('En camino');

  // the rider's phone reports where it is; the diner's map follows
  const moved = await rider
    .context()
    .request.put('/api/rider/location', { data: { lat: -34.5878, lng: -58.405 } });
  expect(moved.status()).toBe(200);
  await expect(diner.locator('.tracking-marker--rider')).toHaveCount(1);

  // at the door: the code the diner shares
  await rider.getByRole('slider', { name: 'Entregado' }).press('Enter');
  const codeDialog = rider.getByRole('dialog', { name: 'Clave de entrega' });
  await codeDialog.getByLabel('Clave de entrega').fill(codeFromPage);
  await codeDialog.getByRole('button', { name: 'Entregado' }).click();
  await expect(codeDialog).toHaveCount(0);
  await expect(diner.getByTestId('tracking-status')).toHaveText('Entregado');
  await expect(diner.getByText('Rita Reparto')).toHaveCount(0);
  await page.getByRole('button', { name: /^Entregados/ }).click();
  await expect(card).toContainText('Entregado');

  expect(staffErrors).toEqual([]);
  expect(riderErrors).toEqual([]);
  await rider.context().close();
  await diner.context().close();
});

test("a rider's shift moves to a new phone only with the one-time code sent to the rider's phone", async ({
  browser,
}) => {
  const first = await phone(browser);
  const created = await first.context().request.post('/api/rider/createwithcode', {
    data: {
      name: 'Tomás Traspaso',
      phone: '+5491160000666',
      securityCode: '4321',
      active: true,
      riderUser: { branchContact: { id: await contactId(first) } },
    },
  });
  expect(created.status()).toBe(201);
  expect((await first.context().request.get('/api/whoami')).status()).toBe(200);

  // another phone knows the shop's code: it is not told the shift, and the code alone changes nothing
  const second = await phone(browser);
  await second.goto('/logistics/donmateo-palermo/rider/phoneIntake');
  await second.getByLabel('Ingresa con tu teléfono').fill('9 11 6000-0666');
  await second.getByRole('button', { name: 'Siguiente' }).click();
  await expect(second).toHaveURL(/\/rider\/logIn$/);
  await expect(second.getByText('¡Hola Tomás Traspaso!')).toBeVisible();
  await second.getByLabel('Código de seguridad').fill('4321');
  await second.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(
    second.getByText(
      'Es la primera vez que usás este teléfono. Te enviamos un código al número terminado en 0666.',
    ),
  ).toBeVisible();
  expect((await first.context().request.get('/api/whoami')).status()).toBe(200);

  // a wrong one-time code is refused in the server's words
  const codeField = second.getByLabel('Código que te enviamos');
  await expect(codeField).toBeFocused();
  await second.screenshot({ path: shotPath('rider-phone-code.png') });
  await codeField.fill('000000');
  await second.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(second.getByRole('alert')).toHaveText('El código no es correcto. Te quedan 4 intentos.');

  // the code the rider's phone received (the sandbox shows it) takes the shift here
  const code = (await second.getByTestId('sandbox-code').innerText()).trim();
  await codeField.fill(code);
  await second.getByRole('button', { name: 'Iniciar turno' }).click();
  await expect(second.getByText('Turno iniciado con éxito')).toBeVisible();
  expect((await second.context().request.get('/api/whoami')).status()).toBe(200);
  expect((await first.context().request.get('/api/whoami')).status()).toBe(401);

  // from now on this phone is the rider's: it is told the shift and ends it with the shop's code alone
  await second.goto('/logistics/donmateo-palermo/rider/phoneIntake');
  await second.getByLabel('Ingresa con tu teléfono').fill('9 11 6000-0666');
  await second.getByRole('button', { name: 'Siguiente' }).click();
  await expect(second).toHaveURL(/\/rider\/logOut$/);
  await second.getByLabel('Código de seguridad').fill('4321');
  await second.getByRole('button', { name: 'Finalizar turno' }).click();
  await expect(second.getByText('Turno finalizado con éxito')).toBeVisible();
  await first.context().close();
  await second.context().close();
});

async function contactId(page: Page): Promise<number> {
  const answer = await page.context().request.get('/api/diner/donmateo-palermo');
  return ((await answer.json()) as { info: { id: number } }).info.id;
}
