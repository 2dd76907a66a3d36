/// <reference lib="dom" />
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { toast } from './support/cart.ts';
import { DEMO_DINER, demoDinerState, openSideMenu, type StorageState } from './support/diner.ts';
import { failOnConsoleErrors, openStorefront } from './support/storefront.ts';

// Lucía's demo orders at Don Mateo Palermo (apps/server/src/db/demo/sabores.json), newest first
const TAKE_AWAY_ORDER = 'DMP9RT3H6N'; // Muzzarella Chica, 3 empanadas de humita, a tiramisú
const DELIVERY_ORDER = 'DMP4KQ7X2W';
const OWNER = { email: 'encargado@donmateo.com.ar', password: 'donmateo2026' };

/** The demo's loyalty reward (1.000 Puntos Mateo); its id is the import's, so it is looked up. */
async function demoRewardId(request: APIRequestContext): Promise<number> {
  for (let id = 1; id <= 5; id += 1) {
    const res = await request.get(`/api/diner/loyalty-reward/${id}`);
    if (res.ok() && (await res.json()).programName === 'Puntos Mateo') return id;
  }
  throw new Error('no demo reward');
}

/** Puts a plate of Don Mateo Palermo out of stock (or back) through the console's API, as the staff would. */
async function setStock(request: APIRequestContext, plateName: string, outOfStock: boolean): Promise<void> {
  expect((await request.post('/api/console/login', { data: OWNER })).ok()).toBe(true);
  const contact = await (await request.get('/api/diner/donmateo-palermo')).json();
  const stock = await (await request.get(`/api/console/contacts/${contact.info.id}/plates`)).json();
  const plates = (stock.categories as { plates: { id: number; showName: string }[] }[])
    .flatMap((category) => category.plates)
    .filter((plate) => plate.showName === plateName);
  expect(plates.length).toBeGreaterThan(0);
  for (const plate of plates) {
    const res = await request.put(`/api/console/plates/${plate.id}`, { data: { outOfStock } });
    expect(res.ok()).toBe(true);
  }
}

/** Lucía signed in once for the run: her session cookie is reused by each journey. */
let signedIn: StorageState;

test.beforeAll(async ({ browser }, testInfo) => {
  signedIn = await demoDinerState(browser, testInfo);
});

async function asLucia(browser: Browser): Promise<Page> {
  const { baseURL, viewport, locale, timezoneId } = test.info().project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale,
    timezoneId,
    isMobile: true,
    hasTouch: true,
    storageState: signedIn,
  });
  return context.newPage();
}

async function openMyOrders(page: Page) {
  const drawer = await openSideMenu(page);
  await drawer.getByRole('button', { name: 'Mis pedidos' }).click();
  const modal = page.getByRole('dialog', { name: 'Mis pedidos' });
  await expect(modal).toBeVisible();
  return modal;
}

async function openMyPoints(page: Page) {
  const drawer = await openSideMenu(page);
  await drawer.getByRole('button', { name: 'Mis Puntos Mateo' }).click();
  const modal = page.getByRole('dialog', { name: 'Mis Puntos Mateo' });
  await expect(modal).toBeVisible();
  await expect(modal.locator('.skeleton')).toHaveCount(0);
  return modal;
}

/** The balance the loyalty modal shows, as a number ('2.400' → 2400). */
async function balanceIn(modal: Locator): Promise<number> {
  const text = (await modal.locator('.account-points__balance strong').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

test('a signed-in diner sees her orders and repeats one, a plate out of stock skipped', async ({
  browser,
  request,
}) => {
  const page = await asLucia(browser);
  const errors = failOnConsoleErrors(page);
  await setStock(request, 'Tiramisú', true);
  try {
    await openStorefront(page, '/menu/donmateo-palermo/Take_Away');
    const modal = await openMyOrders(page);
    // her two demo orders (other journeys of the run may have placed newer ones with her phone)
    const rows = modal.getByRole('listitem');
    const takeAway = rows.filter({ hasText: `Pedido #${TAKE_AWAY_ORDER}` });
    const delivery = rows.filter({ hasText: `Pedido #${DELIVERY_ORDER}` });
    await expect(takeAway).toContainText('Take Away');
    await expect(takeAway).toContainText('Entregado');
    await expect(takeAway).toContainText('Pagado');
    await expect(delivery).toContainText('Delivery · Charcas 3641');
    await expect(delivery).toContainText('Efectivo');
    await expect(takeAway.getByRole('link', { name: 'Ver pedido' })).toHaveAttribute(
      'href',
      `/menu/donmateo-palermo/order/${TAKE_AWAY_ORDER}`,
    );
    await page.screenshot({ path: test.info().outputPath('mis-pedidos.png') });

    await takeAway.getByRole('button', { name: 'Repetir pedido' }).click();
    await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/preview$/);
    await expect(toast(page, 'Algunos productos ya no están disponibles')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const cart = page.locator('main');
    await expect(cart.getByText('Muzzarella', { exact: false }).first()).toBeVisible();
    await expect(cart.getByText('Empanada de humita').first()).toBeVisible();
    await expect(cart.getByText('Tiramisú')).toHaveCount(0);
  } finally {
    await setStock(request, 'Tiramisú', false);
  }

  // the row links to the order's follow-up page
  const modal = await openMyOrders(page);
  await modal
    .getByRole('listitem')
    .filter({ hasText: `Pedido #${DELIVERY_ORDER}` })
    .getByRole('link', { name: 'Ver pedido' })
    .click();
  await expect(page.getByRole('heading', { name: `Pedido #${DELIVERY_ORDER}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a signed-in diner sees her points, claims the reward once and the page reloads without the link', async ({
  browser,
  request,
}) => {
  const rewardId = await demoRewardId(request);
  const page = await asLucia(browser);
  const errors = failOnConsoleErrors(page);
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');

  let points = await openMyPoints(page);
  const before = await balanceIn(points);
  await expect(points).toContainText('Puntos Mateo');
  await expect(points).toContainText('el 5% de lo que pagás en productos');
  await expect(points).toContainText('Podés canjear desde 500 puntos');
  await expect(points).toContainText('Hasta 5.000 puntos por pedido');
  await expect(points).toContainText('hasta el 30% del pedido');
  const history = points.getByRole('list', { name: 'Movimientos' }).getByRole('listitem');
  await expect(history.first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('mis-puntos.png') });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  await openStorefront(page, `/menu/donmateo-palermo/Delivery?loyaltyReward=${rewardId}`);
  const reward = page.getByRole('dialog', { name: 'Suma 1.000 Puntos Mateo' });
  await expect(reward).toBeVisible();
  await expect(reward.getByLabel('Nombre y Apellido')).toHaveValue(DEMO_DINER.name);
  // the spec's messages: every field first, then the phone
  await reward.getByLabel('Email').fill('');
  await reward.getByRole('button', { name: 'Obtener premio' }).click();
  await expect(reward.getByRole('alert')).toHaveText('Debe completar todos los campos para continuar');
  await reward.getByLabel('Email').fill('lucia.fernandez@example.com');
  await reward.getByLabel('Teléfono').fill('1234');
  await reward.getByRole('button', { name: 'Obtener premio' }).click();
  await expect(reward.getByRole('alert')).toHaveText('El número de teléfono es invalido');
  await reward.getByLabel('Teléfono').fill(DEMO_DINER.phone);
  await page.screenshot({ path: test.info().outputPath('premio.png') });
  await reward.getByRole('button', { name: 'Obtener premio' }).click();

  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
  await expect(toast(page, '¡Listo! Sumaste 1.000 Puntos Mateo.')).toBeVisible();
  points = await openMyPoints(page);
  expect(await balanceIn(points)).toBe(before + 1000);
  await expect(points.getByRole('list', { name: 'Movimientos' }).getByRole('listitem').first()).toContainText(
    '+1.000',
  );
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');

  // the same link again: credited once only
  await openStorefront(page, `/menu/donmateo-palermo/Delivery?loyaltyReward=${rewardId}`);
  await expect(page.getByRole('dialog', { name: 'Suma 1.000 Puntos Mateo' })).toContainText(
    'Ya ha canjeado este premio',
  );
  expect(errors).toEqual([]);
});

test('the reward link asks a diner who is not signed in to sign in first', async ({ page, request }) => {
  const rewardId = await demoRewardId(request);
  await openStorefront(page, `/menu/donmateo-palermo/Delivery?loyaltyReward=${rewardId}`);
  const reward = page.getByRole('dialog', { name: 'Suma 1.000 Puntos Mateo' });
  await expect(reward.getByRole('alert')).toHaveText('Inicie sesión');
  await reward.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('dialog', { name: 'Iniciar sesión' })).toBeVisible();
  // closing the reward drops the link from the address
  await page.keyboard.press('Escape');
  await reward.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page).toHaveURL(/\/menu\/donmateo-palermo\/Delivery$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
