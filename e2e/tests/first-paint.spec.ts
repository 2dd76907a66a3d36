import { expect, test } from '@playwright/test';
import { addDish, cartLine } from './support/cart.ts';
import { openStorefront } from './support/storefront.ts';

// The server dresses index.html for the storefront page (apps/server/src/features/web-shell): the
// business's header and banner paint before any JS, and the page's data is requested at once.

test('before any JS runs, a menu link already shows the business header and banner', async ({ page }) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/menu/donmateo-palermo/Delivery');
  await expect(page).toHaveTitle('Pizzería Don Mateo | Pedí online');
  await expect(page.locator('.boot__name')).toHaveText('Pizzería Don Mateo');
  const banner = page.locator('img.boot__banner');
  await expect(banner).toHaveAttribute('src', '/demo/donmateo-banner.svg');
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('status')).toHaveText('Cargando…');
});

test("before any JS runs, an order's survey shows the shop and the order where the page draws them", async ({
  page,
}) => {
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/encuesta/donmateo-palermo/DMP4KQ7X2W');
  await expect(page).toHaveTitle('Don Mateo Palermo | Califica tu pedido');
  await expect(page.locator('.boot__survey-contact')).toHaveText('Don Mateo Palermo');
  const bootContact = await page.locator('.boot__survey-contact').boundingBox();
  const bootCode = await page.locator('.boot__survey-order').boundingBox();
  // then the page itself: the same name and code in the same places
  await page.unroute('**/*.js');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Calificar mi pedido' })).toBeVisible();
  await expect(page.locator('.boot')).toHaveCount(0);
  const contact = await page.locator('.survey-header__contact').boundingBox();
  const code = await page.getByText('Pedido #DMP4KQ7X2W').boundingBox();
  expect(bootContact && contact && Math.abs(bootContact.y - contact.y)).toBeLessThanOrEqual(1);
  expect(bootCode && code && Math.abs(bootCode.y - code.y)).toBeLessThanOrEqual(1);
});

test('the menu uses the early requests instead of asking the API twice', async ({ page }) => {
  const apiRequests: string[] = [];
  const warnings: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/diner') || url.pathname.startsWith('/api/country')) {
      apiRequests.push(url.pathname + url.search);
    }
  });
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  await page.goto('/menu/donmateo-palermo/Delivery');
  await expect(page.getByRole('heading', { name: 'Lo más destacado' })).toBeVisible();
  await expect(page.locator('.boot')).toHaveCount(0);
  // give an unused preload the time Chrome waits before it warns
  await page.waitForTimeout(3500);

  const counts = new Map<string, number>();
  for (const url of apiRequests) counts.set(url, (counts.get(url) ?? 0) + 1);
  const repeated = [...counts].filter(([url, n]) => n > 1 && !url.endsWith('manifest.webmanifest'));
  expect(repeated).toEqual([]);
  expect(counts.has('/api/diner/donmateo-palermo')).toBe(true);
  expect([...counts.keys()].some((url) => /^\/api\/diner\/donmateo-palermo\/menu\/\d+$/.test(url))).toBe(
    true,
  );
  expect(warnings.filter((text) => text.includes('preload'))).toEqual([]);
});

test('every storefront screen uses what its page announced', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('preloaded')) warnings.push(`${page.url()}: ${message.text()}`);
  });
  for (const path of [
    '/menu/sabores',
    '/menu/donmateo-palermo',
    '/menu/donmateo-palermo/preview',
    '/menu/donmateo-palermo/checkout',
    '/logistics/tracking/order/donmateo-palermo/DMP2LV8C5Z',
    '/encuesta/donmateo-palermo/DMP4KQ7X2W',
  ]) {
    await page.goto(path);
    await expect(page.locator('.boot')).toHaveCount(0);
    await page.waitForTimeout(3500); // Chrome warns about an unused preload a few seconds after load
  }
  expect(warnings).toEqual([]);
});

test('a direct visit to the cart draws the whole cart at once, without a skeleton first', async ({
  page,
}) => {
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita', quantity: 2 });
  // from here on, every DOM change of the page is checked for a skeleton
  await page.addInitScript(() => {
    const win = window as unknown as { sawSkeleton?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('.skeleton')) win.sawSkeleton = true;
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/menu/donmateo-palermo/preview');
  await expect(page.getByRole('heading', { name: 'Mi pedido', level: 1 })).toBeVisible();
  await expect(cartLine(page, 'Empanada de humita')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sawSkeleton?: boolean }).sawSkeleton)).toBe(
    undefined,
  );
  // the price row's styles come with the cart too, not only with the menu (the Coca-Cola is -$500)
  const pill = page.locator('.upsell .discount-pill').first();
  await expect(pill).toBeVisible();
  expect(await pill.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
});

test("with a cart, its cart and checkout pages ask for the cart mode's data with the HTML, and use it", async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('preload')) warnings.push(`${page.url()}: ${message.text()}`);
  });
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Empanadas', dish: 'Empanada de humita', quantity: 2 });
  // the cart told the server its mode (a cookie); the pages' HTML announces that mode's requests
  const checkoutHtml = await (await page.request.get('/menu/donmateo-palermo/checkout')).text();
  expect(checkoutHtml).toMatch(/<link rel="preload" as="fetch"[^>]*href="\/api\/ordermodes\/\d+\/fees"/);
  const cartHtml = await (await page.request.get('/menu/donmateo-palermo/preview')).text();
  expect(cartHtml).toMatch(
    /<link rel="preload" as="fetch"[^>]*href="\/api\/diner\/donmateo-palermo\/menu\/\d+"/,
  );

  // the data the pages read (GET): telemetry the page sends (analytics batches) may well go out twice
  const apiRequests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (
      request.method() === 'GET' &&
      url.pathname.startsWith('/api/') &&
      !url.pathname.endsWith('manifest.webmanifest')
    )
      apiRequests.push(url.pathname);
  });
  for (const path of ['/menu/donmateo-palermo/preview', '/menu/donmateo-palermo/checkout']) {
    apiRequests.length = 0;
    await page.goto(path);
    await expect(page.locator('.boot')).toHaveCount(0);
    await page.waitForTimeout(3500); // Chrome warns about an unused preload a few seconds after load
    const repeated = apiRequests.filter((url, index) => apiRequests.indexOf(url) !== index);
    expect(repeated, path).toEqual([]);
  }
  expect(warnings).toEqual([]);

  // an emptied cart takes its cookie with it: the checkout announces only what it always reads
  await page.goto('/menu/donmateo-palermo/preview');
  await page.getByRole('button', { name: 'Quitar una unidad de Empanada de humita' }).click();
  await page.getByRole('button', { name: 'Eliminar Empanada de humita' }).click();
  await expect(page.getByText('Volver al Menú')).toBeVisible();
  const emptied = await (await page.request.get('/menu/donmateo-palermo/checkout')).text();
  expect(emptied).not.toContain('/fees');
});

test('before any JS runs, the cart and the checkout show their title exactly where the screen draws it', async ({
  page,
  context,
}) => {
  await openStorefront(page, '/menu/donmateo-palermo/Delivery');
  await addDish(page, { category: 'Postres', dish: 'Tiramisú' });
  const textBox = (selector: string) =>
    page.evaluate((s) => {
      const element = document.querySelector(s);
      if (!element) return null;
      const range = document.createRange();
      range.selectNodeContents(element);
      const { x, y, width, height } = range.getBoundingClientRect();
      return [x, y, width, height].map(Math.round);
    }, selector);
  for (const [path, title] of [
    ['/menu/donmateo-palermo/preview', 'Mi pedido'],
    ['/menu/donmateo-palermo/checkout', 'Confirmación del pedido'],
  ] as const) {
    await context.route('**/*.js', (route) => route.abort());
    await page.goto(path);
    await expect(page.locator('.boot__title')).toHaveText(title);
    const boot = await textBox('.boot__title');
    await context.unroute('**/*.js');
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // the same box: no jump when the screen replaces the boot (and no second, larger paint of it)
    expect(await textBox('h1.cart-page__title'), path).toEqual(boot);
  }
});
