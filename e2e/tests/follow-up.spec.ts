/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { demoDinerState } from './support/diner.ts';
import { DESKTOP, failOnConsoleErrors, openStorefront, shotPath } from './support/storefront.ts';

// demo orders of Don Mateo Palermo (apps/server/src/db/demo/sabores.json)
const ON_ITS_WAY = 'DMP2LV8C5Z'; // delivery, accepted, shipment looking for a rider, code 5821
const DELIVERED_DAYS_AGO = 'DMP9RT3H6N'; // take away, delivered three days ago, 1.065 points earned
const DELIVERED_TODAY = 'DMP7HV2N4D'; // take away, delivered two hours ago

test('an accepted delivery: header, progress, delivery code, tracking link and detail', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, `/menu/donmateo-palermo/order/${ON_ITS_WAY}`);

  await expect(page.getByRole('heading', { name: `Pedido #${ON_ITS_WAY}`, level: 1 })).toBeVisible();
  const header = page.getByRole('region', { name: 'Tu pedido' });
  await expect(header).toContainText('Delivery');
  await expect(header).toContainText('18/11/2026 14:50');
  await expect(header).toContainText('$20.364');
  await expect(header).toContainText('Efectivo');
  await expect(header).toContainText('Entrega en Güemes 3245');

  // received done, confirmed current, the rest still ahead
  const steps = page.getByRole('listitem').filter({ has: page.locator('.progress-track__dot') });
  await expect(steps).toHaveText([
    'Recibido (completado)',
    'Confirmado (en curso)',
    'Listo (pendiente)',
    'Entregado (pendiente)',
  ]);
  // its shipment looks for a rider: the status says so, in the tracking page's words
  await expect(page.locator('.follow-up-status')).toHaveText('Buscando repartidor');

  await expect(page.getByRole('region', { name: 'Clave de entrega' })).toContainText('5821');
  await expect(page.getByText('El repartidor te solicitará esta clave al entregar el pedido')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seguir mi envío' })).toHaveAttribute(
    'href',
    `/logistics/tracking/order/donmateo-palermo/${ON_ITS_WAY}`,
  );
  const whatsApp = page.getByRole('link', { name: 'Contactar al local' });
  await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+\?text=.*DMP2LV8C5Z/);
  // an open order cannot be reported yet
  await expect(page.getByRole('button', { name: 'Reportar un problema' })).toHaveCount(0);

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('Muzzarella (Grande)');
  await expect(rows.nth(1)).toContainText('Extras: Morrones');
  await expect(rows.nth(2)).toContainText('Empanada de humita');
  const amounts = page.getByRole('region', { name: 'Importes' });
  await expect(amounts).toContainText('Envío$1.500');
  await expect(amounts).toContainText('Tasa de Servicio$664');
  await expect(amounts).toContainText('Total$20.364');
  expect(errors).toEqual([]);
});

test('a delivered order shows every step done and the points it earned', async ({ page }) => {
  await openStorefront(page, `/menu/donmateo-palermo/order/${DELIVERED_DAYS_AGO}`);
  await expect(page.getByRole('status').filter({ hasText: 'Pedido entregado' })).toBeVisible();
  await expect(page.locator('.progress-track__node--done')).toHaveCount(4);
  await expect(page.getByText('Retira tu pedido en Av. Santa Fe 3253')).toBeVisible();
  await expect(page.getByText('Sumaste 1.065 Puntos Mateo con este pedido')).toBeVisible();
  // delivered three days ago: past the 24-hour window for reports
  await expect(page.getByRole('button', { name: 'Reportar un problema' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Seguir mi envío' })).toHaveCount(0);
});

test('a diner reports a problem with an order delivered today, once; another open page sees it live', async ({
  page,
  context,
}) => {
  const errors = failOnConsoleErrors(page);
  // the same order open in a second tab, which will not be reloaded
  const other = await context.newPage();
  await openStorefront(other, `/menu/donmateo-palermo/order/${DELIVERED_TODAY}`);
  await expect(other.getByRole('button', { name: 'Reportar un problema' })).toBeVisible();
  let otherFetches = 0;
  other.on('request', (request) => {
    if (request.url().endsWith(`/api/diner/donmateo-palermo/order/${DELIVERED_TODAY}`)) otherFetches++;
  });

  await openStorefront(page, `/menu/donmateo-palermo/order/${DELIVERED_TODAY}`);
  await page.getByRole('button', { name: 'Reportar un problema' }).click();
  const modal = page.getByRole('dialog', { name: 'Reportar un problema' });
  // a type must be chosen before confirming
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Seleccioná el tipo de problema para continuar.');
  await modal.getByRole('radio', { name: 'Faltaron productos' }).check();
  // the spec's order details update; when it fails, the spec's text, and the diner may try again
  let failOnce = true;
  await page.route('**/api/diner/order/details', (route) => {
    if (!failOnce) return route.fallback();
    failOnce = false;
    return route.fulfill({ status: 503, contentType: 'application/json', body: '{}' });
  });
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Hubo un error actualizando el pedido');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/diner/order/details') && r.request().method() === 'POST',
  );
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  expect((await sent).status()).toBe(200);
  await expect(modal).toHaveCount(0);
  await expect(page.getByText('Recibimos tu reporte. El local se va a comunicar con vos.')).toBeVisible();
  await expect(page.getByText('Reportaste un problema: Faltaron productos')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reportar un problema' })).toHaveCount(0);

  // the other tab hears it on the order's channel, well before its 30 s refresh
  await expect(other.getByText('Reportaste un problema: Faltaron productos')).toBeVisible({
    timeout: 15_000,
  });
  await expect(other.getByRole('button', { name: 'Reportar un problema' })).toHaveCount(0);
  expect(otherFetches).toBe(0);

  // it stays reported after a reload
  await page.reload();
  await expect(page.getByText('Reportaste un problema: Faltaron productos')).toBeVisible();
  // the one failure is the update the test refused
  expect(errors).toEqual([
    'console: Failed to load resource: the server responded with a status of 503 (Service Unavailable)',
  ]);
});

test('refreshAfterUpdate asks for the order again after five seconds', async ({ page }) => {
  const fetches: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/diner/donmateo-palermo/order/${ON_ITS_WAY}`)) fetches.push(Date.now());
  });
  await openStorefront(page, `/menu/donmateo-palermo/order/${ON_ITS_WAY}?refreshAfterUpdate=true`);
  await expect(page.getByRole('heading', { name: `Pedido #${ON_ITS_WAY}` })).toBeVisible();
  const first = fetches.length;
  await expect.poll(() => fetches.length, { timeout: 15_000 }).toBeGreaterThan(first);
  const gap = (fetches.at(-1) ?? 0) - (fetches[0] ?? 0);
  expect(gap).toBeGreaterThanOrEqual(4_500);
});

test('an unknown order code says so and leads back to the menu', async ({ page }) => {
  await openStorefront(page, '/menu/donmateo-palermo/order/NOPE2345');
  await expect(page.getByRole('heading', { name: 'No encontramos este pedido' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir al menú' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo$/);
});

test("the loyalty-info modal: the order's points, the programme, and the balance once signed in", async ({
  page,
}) => {
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, `/menu/donmateo-palermo/order/${DELIVERED_DAYS_AGO}`);
  await page.getByRole('button', { name: 'Más sobre Puntos Mateo' }).click();
  const modal = page.getByRole('dialog', { name: 'Puntos Mateo' });
  await expect(modal.getByRole('region', { name: 'Este pedido' })).toHaveText(
    /Sumaste 1\.065 Puntos Mateo con este pedido/,
  );
  await expect(modal).toContainText('Cada pedido entregado te suma el 5% de lo que pagás en productos.');
  await expect(modal).toContainText('Podés canjear desde 500 puntos.');
  await expect(modal).toContainText('Iniciá sesión con tu teléfono para ver tu saldo y tus movimientos.');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath('follow-up-loyalty-info.png') });

  // signing in from the modal shows that diner's balance and movements (a new phone: none yet). A phone
  // of its own: diner-sign-in.spec's phone may have a code pending on this worker's server, and then no
  // new code is sent for a minute
  await modal.getByRole('button', { name: 'Iniciar sesión' }).click();
  const signIn = page.getByRole('dialog', { name: 'Iniciar sesión' });
  await signIn.getByRole('textbox', { name: 'Teléfono' }).fill('11 5555-0193');
  await signIn.getByRole('button', { name: 'Recibir código' }).click();
  const code = (await signIn.getByTestId('sandbox-code').textContent())?.trim() ?? '';
  await signIn.getByRole('textbox', { name: 'Código' }).fill(code);
  await signIn.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(signIn).toBeHidden();
  await expect(modal.getByRole('region', { name: 'Tu saldo' })).toContainText('0 Puntos Mateo');
  await expect(modal).toContainText('Todavía no tenés movimientos de puntos.');
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the loyalty-info modal shows a signed-in diner's balance and movements, on a desktop too", async ({
  browser,
}, testInfo) => {
  const { baseURL, locale, timezoneId } = testInfo.project.use;
  const context = await browser.newContext({
    ...DESKTOP,
    baseURL,
    locale,
    timezoneId,
    storageState: await demoDinerState(browser, testInfo),
  });
  const page = await context.newPage();
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, `/menu/donmateo-palermo/order/${DELIVERED_DAYS_AGO}`);
  await page.getByRole('button', { name: 'Más sobre Puntos Mateo' }).click();
  const modal = page.getByRole('dialog', { name: 'Puntos Mateo' });
  await expect(modal.getByRole('region', { name: 'Este pedido' })).toContainText(
    'Sumaste 1.065 Puntos Mateo',
  );
  await expect(modal.getByRole('region', { name: 'Tu saldo' })).toContainText('Puntos Mateo');
  // her movements (other journeys of the run may add some: any row will do)
  await expect(modal.getByRole('list', { name: 'Movimientos' }).getByRole('listitem').first()).toContainText(
    'Saldo',
  );
  await expect(modal.getByRole('button', { name: 'Iniciar sesión' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath('follow-up-loyalty-info-desktop.png') });
  expect(errors).toEqual([]);
  await context.close();
});
