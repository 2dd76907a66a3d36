import { expect, type Request, test } from '@playwright/test';
import { addDish } from './support/cart.ts';
import { openStorefront } from './support/storefront.ts';

const TAG_HOSTS = /connect\.facebook\.net|googletagmanager\.com/;

test('storefront events reach the analytics endpoint under a 10-minute session cookie', async ({
  page,
  context,
}) => {
  const batches: { session: string | undefined; types: string[] }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().endsWith('/api/analytics/events')) return;
    const body = request.postDataJSON() as { events: { type: string }[] };
    batches.push({ session: request.headers()['x-session-id'], types: body.events.map((e) => e.type) });
  });
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita', total: '$1.800' });
  await expect
    .poll(() => batches.flatMap((b) => b.types))
    .toEqual(expect.arrayContaining(['ITEM_VIEW', 'ADD_ITEM']));
  const cookie = (await context.cookies()).find((c) => c.name === 'comanda_sid');
  expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  // a 10-minute cookie: it expires between 9 and 10 minutes from now
  const minutesLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 60_000;
  expect(minutesLeft).toBeGreaterThan(9);
  expect(minutesLeft).toBeLessThanOrEqual(10);
  expect(batches.every((b) => b.session === cookie?.value)).toBe(true);
});

test('no marketing tag loads when the branch has none configured', async ({ page }) => {
  const tagRequests: string[] = [];
  await page.route(TAG_HOSTS, (route) => {
    tagRequests.push(route.request().url());
    return route.abort();
  });
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await page.waitForTimeout(3000); // tags load when the page is idle, about 2 s in
  expect(tagRequests).toEqual([]);
});

test('the pixel, Tag Manager and Analytics load once each when the branch configures them', async ({
  page,
}) => {
  const tagRequests: string[] = [];
  await page.route(TAG_HOSTS, (route) => {
    tagRequests.push(new URL(route.request().url()).pathname);
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  // the demo has no tag ids: give the branch some, as its configuration would
  await page.route('**/api/diner/donmateo-palermo', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    Object.assign(body.info.branch, {
      fbPixelId: '123456789',
      googleTagManagerId: 'GTM-ABC123',
      googleAnalyticsId: 'G-XYZ789',
    });
    await route.fulfill({ response, json: body });
  });
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await expect
    .poll(() => [...tagRequests].sort(), { timeout: 10_000 })
    .toEqual(['/en_US/fbevents.js', '/gtag/js', '/gtm.js']);
});
