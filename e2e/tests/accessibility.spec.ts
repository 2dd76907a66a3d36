import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe.ts';
import { addDish } from './support/cart.ts';
import { signInToConsole } from './support/console.ts';
import { openStorefront } from './support/storefront.ts';
import { trackingPath } from './support/tracking.ts';

/** Each page with the dialog that opens on its own there (Kenzo's Delivery is scheduled only). */
const pages: [string, string | null][] = [
  ['/menu/sabores', null],
  ['/menu/donmateo', null],
  ['/menu/donmateo-palermo', null],
  ['/menu/donmateo-palermo/Delivery', null],
  ['/menu/kenzo-nunez/Delivery', 'Programa tu pedido'],
  ['/menu/lacasona-providencia/Delivery', null],
  ['/menu/donmateo-palermo/order/DMP2LV8C5Z', null],
];

for (const [path, notice] of pages) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await openStorefront(page, path);
    // audit the dialog too
    if (notice) await expect(page.getByRole('dialog', { name: notice })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('axe finds no serious or critical violation in the report modal of the follow-up', async ({ page }) => {
  // delivered two hours ago: the only demo order a problem can be reported of (nothing is sent here)
  await openStorefront(page, '/menu/donmateo-palermo/order/DMP7HV2N4D');
  await page.getByRole('button', { name: 'Reportar un problema' }).click();
  await expect(page.getByRole('dialog', { name: 'Reportar un problema' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation on the checkout and its address modal', async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Pizzas', dish: 'Fugazzeta' });
  await page.goto('/menu/donmateo-palermo/checkout');
  await expect(page.getByRole('heading', { name: 'Confirmación del pedido' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Agregar dirección' }).click();
  await expect(page.getByRole('dialog', { name: 'Dirección de entrega' })).toBeVisible();
  await page.getByTestId('pin-map').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation on the tracking page, with and without its code modal', async ({
  page,
}) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await openStorefront(page, trackingPath('DMP8QN5T4R'));
  const modal = page.getByRole('dialog', { name: 'Comparte la clave 7390' });
  await expect(modal).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await modal.getByRole('button', { name: 'Continuar' }).click();
  await expect(modal).toHaveCount(0);
  await expect(page.locator('.tracking-marker--rider')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation on the console login, board, dialogs and settings', async ({
  page,
}) => {
  await page.goto('/console/login');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await signInToConsole(page);
  expect(await seriousViolations(page)).toEqual([]);
  // the board's columns as tabs on a phone: the preparing one has the demo's accepted orders
  await page.getByRole('button', { name: /^En preparación/ }).click();
  const accepted = page.getByRole('article').first();
  await accepted.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('dialog', { name: /^Cancelar pedido/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Ajustes del local' }).click();
  await expect(page.getByRole('dialog', { name: 'Ajustes del local' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation on the owner’s pages, the payment account’s errors included', async ({
  page,
}) => {
  await signInToConsole(page);
  for (const [path, title] of [
    ['/console/tienda', 'Tu tienda'],
    ['/console/horarios', 'Horarios y cierres'],
    ['/console/marca', 'Marca'],
    ['/console/cobros', 'Cobros online'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await seriousViolations(page), path).toEqual([]);
  }
  // pasted credentials refused field by field
  await page
    .getByRole('region', { name: 'Mercado Pago' })
    .getByRole('button', { name: 'Verificar y conectar' })
    .click();
  await expect(page.getByText(/El access token de Mercado Pago empieza con/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
