/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { failOnConsoleErrors } from './support/storefront.ts';
import { reportRiderPosition, serveBlankTiles, trackingPath } from './support/tracking.ts';

// The public tracking page of an order (post-order-and-logistics.md section 2): the demo order
// DMP8QN5T4R is on its way with Martín Gómez; DMP2LV8C5Z is still looking for a rider.

test.beforeEach(async ({ page }) => {
  await serveBlankTiles(page);
});

test('an order on its way: the delivery code first, then status and rider, and the rider moving live', async ({
  page,
  request,
}) => {
  const errors = failOnConsoleErrors(page);
  await page.goto(trackingPath('DMP8QN5T4R'));

  // a valid delivery code opens its modal by itself
  const modal = page.getByRole('dialog', { name: 'Comparte la clave 7390' });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText(
    'El repartidor confirmará la entrega del pedido con la clave de entrega. ¡Espera a recibir el pedido para compartirla!',
  );
  await expect(modal.getByRole('button', { name: 'Continuar' })).toBeVisible();
  await modal.getByRole('button', { name: 'Cerrar' }).click();
  await expect(modal).toHaveCount(0);

  await expect(page.getByRole('heading', { level: 1, name: 'Pedido DMP8QN5T4R' })).toBeVisible();
  await expect(page.getByTestId('tracking-status')).toHaveText('En camino');
  await expect(page.getByText('Martín Gómez')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escribir a Martín Gómez por WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/5491160000001',
  );
  await expect(page.getByRole('link', { name: 'Llamar a Martín Gómez' })).toHaveAttribute(
    'href',
    'tel:+5491160000001',
  );
  await expect(page.getByText(/^Entrega estimada: \d{2}:\d{2} hs$/)).toBeVisible();
  const code = page.getByRole('region', { name: 'Clave de entrega' });
  await expect(code).toContainText('7390');
  await expect(code).toContainText('El repartidor te solicitará esta clave al entregar el pedido');
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeEnabled();

  // rider, branch and destination on the map, 36 x 36
  const rider = page.locator('.tracking-marker--rider');
  await expect(rider).toHaveCount(1);
  await expect(page.locator('.tracking-marker--branch')).toHaveCount(1);
  await expect(page.locator('.tracking-marker--destination')).toHaveCount(1);
  expect(await rider.boundingBox()).toMatchObject({ width: 36, height: 36 });

  // live: the rider's phone reports a position 250 m further north, and the marker follows
  await expect(page.getByTestId('tracking-live')).toHaveText('En vivo');
  await page.evaluate(() => {
    (window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true;
  });
  const info = await (await request.get('/api/logisticsorder/tracking/donmateo-palermo/DMP8QN5T4R')).json();
  const before = await rider.boundingBox();
  const moved = await reportRiderPosition(request, info.rider.lat + 0.00225, info.rider.lng);
  expect(moved.status()).toBe(200);
  expect((await moved.json()).shipmentIds).toEqual([info.id]);
  await expect
    .poll(async () => (before?.y ?? 0) - ((await rider.boundingBox())?.y ?? 0), { timeout: 15_000 })
    .toBeGreaterThan(20);
  expect(
    await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
  ).toBe(true);

  // 'Actualizar' fetches again and centres the map on the rider again
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
  await expect(page.getByTestId('tracking-status')).toHaveText('En camino');
  await expect(page.getByTestId('tracking-live')).toHaveText('En vivo');
  const map = await page.getByTestId('tracking-map').boundingBox();
  const centred = await rider.boundingBox();
  expect(Math.abs((centred?.y ?? 0) + 18 - ((map?.y ?? 0) + (map?.height ?? 0) / 2))).toBeLessThan(4);
  expect(errors).toEqual([]);
});

test("an order still looking for a rider: 'Sin repartidor', no rider on the map", async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await page.goto(trackingPath('DMP2LV8C5Z'));
  await page
    .getByRole('dialog', { name: 'Comparte la clave 5821' })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page.getByTestId('tracking-status')).toHaveText('Buscando repartidor');
  await expect(page.getByText('Sin repartidor')).toBeVisible();
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveCount(0);
  await expect(page.locator('.tracking-marker--rider')).toHaveCount(0);
  await expect(page.locator('.tracking-marker--branch')).toHaveCount(1);
  await expect(page.locator('.tracking-marker--destination')).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Clave de entrega' })).toContainText('5821');
  expect(errors).toEqual([]);
});

test("an unknown order shows 'Acceso denegado o link expirado'", async ({ page }) => {
  await page.goto(trackingPath('NOEXISTE42'));
  await expect(
    page.getByRole('heading', { level: 1, name: 'Acceso denegado o link expirado' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
