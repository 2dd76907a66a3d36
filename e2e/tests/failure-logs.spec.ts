/// <reference lib="dom" />
import { expect, type Page, type Request, test } from '@playwright/test';
import { openStorefront } from './support/storefront.ts';

/**
 * The spec's "only logged" failures (storefront.md section 8: menu and discounts fetch failures;
 * post-order-and-logistics.md section 8: the order follow-up fetch): each reaches POST /api/diner/log.
 */

/** The diner logs the page sends, as parsed bodies. */
function dinerLogs(page: Page): Record<string, unknown>[] {
  const logs: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/diner/log')
      logs.push(JSON.parse(request.postData() ?? '{}') as Record<string, unknown>);
  });
  return logs;
}

test('a follow-up that cannot be fetched is logged, and the page offers to try again', async ({ page }) => {
  const logs = dinerLogs(page);
  await page.route('**/api/diner/donmateo-palermo/order/DMP2LV8C5Z', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/menu/donmateo-palermo/order/DMP2LV8C5Z');
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 15_000 });
  await expect
    .poll(() => logs.find((log) => log.text === 'Order follow-up fetch failed'), { timeout: 10_000 })
    .toMatchObject({ component: 'follow-up', payload: { alias: 'donmateo-palermo', status: 500 } });
  await expect(page).toHaveURL(/DMP2LV8C5Z/);
});

test('a follow-up link to no order is not a failure to log', async ({ page }) => {
  const logs = dinerLogs(page);
  await openStorefront(page, '/menu/donmateo-palermo/order/NOPE2345');
  await expect(page.getByRole('heading', { name: 'No encontramos este pedido' })).toBeVisible();
  // the 404 answer is the page's own: nothing is logged for it
  await page.waitForTimeout(500);
  expect(logs.filter((log) => log.component === 'follow-up')).toEqual([]);
});

test('menu and discounts fetch failures are logged with the shop and the mode', async ({ page }) => {
  const logs = dinerLogs(page);
  await page.route(/\/api\/diner\/(donmateo-palermo\/menu\/\d+|\d+\/discounts)$/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/menu/donmateo-palermo/Delivery');
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 15_000 });
  for (const text of ['Menu fetch failed', 'Discounts fetch failed'])
    await expect
      .poll(() => logs.find((log) => log.text === text), { timeout: 10_000 })
      .toMatchObject({
        component: 'menu',
        bcId: expect.any(Number),
        branchId: expect.any(Number),
        payload: { orderModeId: expect.any(Number), status: 500 },
      });
});
