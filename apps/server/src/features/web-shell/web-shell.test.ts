import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { publishCatalogChange } from '../../platform/catalog-events.ts';

/** A tiny build: the real index.html (with its boot markers) and a manifest naming the menu chunk. */
function writeFakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'comanda-web-'));
  const indexHtml = readFileSync(new URL('../../../../web/index.html', import.meta.url), 'utf8');
  writeFileSync(join(dir, 'index.html'), indexHtml);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'index-1.js'), 'console.log(1)');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/features/menu/menu-page.tsx': {
        file: 'assets/menu-page-1.js',
        imports: ['index.html'],
        css: ['assets/menu-page-1.css'],
      },
      'src/features/alias/alias-page.tsx': { file: 'assets/alias-page-1.js', imports: ['index.html'] },
      'src/features/survey/survey-page.tsx': {
        file: 'assets/survey-page-1.js',
        imports: ['index.html'],
        css: ['assets/survey-page-1.css'],
      },
      'src/features/tracking/tracking-page.tsx': {
        file: 'assets/tracking-page-1.js',
        imports: ['index.html'],
        css: ['assets/tracking-page-1.css'],
      },
    }),
  );
  return dir;
}

const preloadedData = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="anonymous" href="([^"]+)"/g)].map(
    (m) => m[1],
  );

describe.each(databaseKinds)('page shell on %s', (kind) => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeFakeBuild();
    t = await createTestApp(kind, { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url });

  it('dresses a menu page: title, previews, route code, its data and the branded first paint', async () => {
    const res = await page('/menu/donmateo-palermo/Delivery?utm_source=ig');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Pizzería Don Mateo | Pedí online</title>');
    // the demo's logos are SVG, which link previews do not draw: no og:image rather than a broken one
    expect(html).toContain('<meta property="og:title" content="Pizzería Don Mateo | Pedí online" />');
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="theme-color" content="#C62828" />');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/menu-page-1.js" />');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/menu-page-1.css" />');
    expect(html).toContain(
      '<link rel="preload" as="image" href="/demo/donmateo-banner.svg" fetchpriority="high" />',
    );
    expect(html).toContain('<span class="boot__name">Pizzería Don Mateo</span>');
    expect(html).toContain('class="boot__banner" src="/demo/donmateo-banner.svg"');

    const { contactId, branchId, modeId } = await idsOf(t.app, 'donmateo-palermo');
    expect(preloadedData(html)).toEqual([
      '/api/diner/donmateo-palermo',
      `/api/diner/branchordermodes/${contactId}`,
      `/api/diner/${branchId}/discounts`,
      `/api/menucustomization/${branchId}`,
      '/api/country/ar',
      `/api/diner/donmateo-palermo/menu/${modeId('Delivery')}`,
    ]);
  });

  it('announces only requests the API answers', async () => {
    for (const url of ['/menu/donmateo-palermo/Delivery', '/menu/kenzo-nunez/Take_Away', '/menu/sabores']) {
      const html = (await page(url)).body;
      for (const dataUrl of preloadedData(html)) {
        if (dataUrl) expect((await getJson(t.app, dataUrl)).status, dataUrl).toBe(200);
      }
    }
  });

  it('leaves the menu out when the mode is unknown, and paints no cover', async () => {
    const html = (await page('/menu/kenzo-nunez/Inexistente')).body;
    expect(preloadedData(html).some((url) => url?.includes('/menu/'))).toBe(false);
    expect(html).not.toContain('<div class="boot__cover');
    expect(html).toContain('<title>Kenzo Sushi | Pedí online</title>');
  });

  it('does not ask for the menu of a blocked contact', async () => {
    await t.database.db.execute(
      sql`update branch_contacts set commercial_terms_blocked = true where alias = 'aurora-centro'`,
    );
    const { contactId, modeId } = await idsOf(t.app, 'aurora-centro');
    const modes = (await getJson(t.app, `/api/diner/branchordermodes/${contactId}`)).body as {
      showName: string;
    }[];
    const first = modes[0]?.showName ?? '';
    const html = (await page(`/menu/aurora-centro/${first.replace(/\s+/g, '_')}`)).body;
    expect(preloadedData(html)).not.toContain(`/api/diner/aurora-centro/menu/${modeId(first)}`);
    expectApiError(await getJson(t.app, `/api/diner/aurora-centro/menu/${modeId(first)}`), 403);
  });

  it('asks only for the alias on screens that do not announce their requests yet', async () => {
    const html = (await page('/menu/donmateo-palermo/checkout/x')).body;
    expect(preloadedData(html)).toEqual(['/api/diner/donmateo-palermo']);
    expect(html).toContain('<title>Pizzería Don Mateo | Pedí online</title>');
  });

  it('preloads the order and the currency on a follow-up page', async () => {
    const html = (await page('/menu/donmateo-palermo/order/DMP2LV8C5Z')).body;
    expect(preloadedData(html)).toEqual([
      '/api/diner/donmateo-palermo',
      '/api/diner/donmateo-palermo/order/DMP2LV8C5Z',
      '/api/country/ar',
    ]);
    // a path that is no order code announces nothing of an order
    const odd = (await page('/menu/donmateo-palermo/order/%22%3E%3Cscript%3E')).body;
    expect(preloadedData(odd)).toEqual(['/api/diner/donmateo-palermo']);
  });

  it('preloads what the checkout reads whatever the stored cart holds', async () => {
    const { contactId, branchId } = await idsOf(t.app, 'donmateo-palermo');
    const html = (await page('/menu/donmateo-palermo/checkout')).body;
    // the boot draws the screen's title; the cart's its own, the menu's none
    expect(html).toContain('<p class="boot__title">Confirmación del pedido</p>');
    expect((await page('/menu/donmateo-palermo/preview')).body).toContain(
      '<p class="boot__title">Mi pedido</p>',
    );
    expect((await page('/menu/donmateo-palermo/Delivery')).body).not.toContain('<p class="boot__title">');
    expect(preloadedData(html)).toEqual([
      '/api/diner/donmateo-palermo',
      `/api/diner/branchordermodes/${contactId}`,
      `/api/menucustomization/${branchId}`,
      '/api/country/ar',
    ]);
  });

  it("preloads the stored cart's mode data on the cart and checkout pages, as its cookie tells", async () => {
    const { contactId, branchId, modeId } = await idsOf(t.app, 'donmateo-palermo');
    const delivery = modeId('Delivery');
    const withCart = (url: string, cookie: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: `comanda_cart_mode=${cookie}` } });

    const cart = await withCart('/menu/donmateo-palermo/preview', `${delivery}.donmateo-palermo`);
    expect(cart.headers.vary).toContain('Cookie');
    expect(preloadedData(cart.body)).toEqual([
      '/api/diner/donmateo-palermo',
      `/api/diner/branchordermodes/${contactId}`,
      `/api/diner/${branchId}/discounts`,
      `/api/menucustomization/${branchId}`,
      '/api/country/ar',
      `/api/diner/donmateo-palermo/menu/${delivery}`,
    ]);
    const checkout = await withCart('/menu/donmateo-palermo/checkout', `${delivery}.donmateo-palermo`);
    const announced = preloadedData(checkout.body);
    expect(announced).toEqual([
      '/api/diner/donmateo-palermo',
      `/api/diner/branchordermodes/${contactId}`,
      `/api/menucustomization/${branchId}`,
      '/api/country/ar',
      `/api/ordermodes/${delivery}/fees`,
      `/api/ordermodes/${delivery}/generaldiscounts`,
      `/api/ordermodes/${delivery}/generalsurcharges`,
      `/api/ordermode/schedule/${delivery}`,
      `/api/branch/${branchId}/loyalty-program`,
    ]);
    for (const url of announced) if (url) expect((await getJson(t.app, url)).status, url).toBe(200);

    // another shop's cart, a mode of another shop, junk: only what the page reads whatever the cart
    const { modeId: kenzoMode } = await idsOf(t.app, 'kenzo-nunez');
    for (const cookie of [
      `${delivery}.kenzo-nunez`,
      `${kenzoMode('Take Away')}.donmateo-palermo`,
      'x.donmateo-palermo',
      '%3Cscript%3E',
    ]) {
      const plain = preloadedData((await withCart('/menu/donmateo-palermo/checkout', cookie)).body);
      expect(plain, cookie).toEqual(announced.slice(0, 4));
    }
  });

  it('offers a raster logo as the link-preview image, absolute on PUBLIC_URL', async () => {
    await t.database.db.execute(
      sql`update files set url = '/uploads/kenzo-logo.png' where url = '/demo/kenzo.svg'`,
    );
    await publishCatalogChange(t.app.deps.bus);
    const html = (await page('/menu/kenzo-nunez/Take_Away')).body;
    expect(html).toContain(
      '<meta property="og:image" content="http://localhost:3000/uploads/kenzo-logo.png" />',
    );
  });

  it("dresses the tracking page: its title, its code, and the order's tracking info early", async () => {
    const html = (await page('/logistics/tracking/order/donmateo-palermo/DMP2LV8C5Z')).body;
    expect(html).toContain('<title>Pizzería Don Mateo | Seguimiento del pedido</title>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/tracking-page-1.js" />');
    expect(html).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/tracking-page-1.css" />',
    );
    expect(html).not.toContain('rel="manifest"');
    const urls = preloadedData(html);
    expect(urls).toEqual([
      '/api/diner/donmateo-palermo',
      '/api/logisticsorder/tracking/donmateo-palermo/DMP2LV8C5Z',
    ]);
    for (const url of urls) if (url) expect((await getJson(t.app, url)).status, url).toBe(200);
  });

  it("dresses an order's survey: the contact's title and card, its code, the survey and the order early", async () => {
    const html = (await page('/encuesta/donmateo-palermo/dmp4kq7x2w')).body;
    expect(html).toContain('<title>Don Mateo Palermo | Califica tu pedido</title>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/survey-page-1.js" />');
    expect(html).not.toContain('rel="manifest"');
    expect(html).toContain('<p class="boot__survey-contact">Don Mateo Palermo</p>');
    expect(html).toContain('<p class="boot__survey-order">Pedido #DMP4KQ7X2W</p>');
    const urls = preloadedData(html);
    // the same URLs as the page's queries (features/survey/survey-api.ts), the code as in the link
    expect(urls).toEqual([
      '/api/diner/donmateo-palermo',
      '/api/survey/order/dmp4kq7x2w?alias=donmateo-palermo',
      '/api/survey/donmateo-palermo',
    ]);
    for (const url of urls) if (url) expect((await getJson(t.app, url)).status, url).toBe(200);
    // an unknown shop: the plain page, whose survey screen says there is nothing to rate
    const unknown = await page('/encuesta/nadie/DMP4KQ7X2W');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain('rel="preload"');
    // a company has no survey: no card of a contact
    const company = (await page('/encuesta/sabores/DMP4KQ7X2W')).body;
    expect(company).not.toContain('<div class="boot__survey">');
  });

  it('titles a company page with the company and preloads only its alias', async () => {
    const html = (await page('/menu/sabores')).body;
    expect(html).toContain('<title>Grupo Sabores | Pedí online</title>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/alias-page-1.js" />');
    expect(preloadedData(html)).toEqual(['/api/diner/sabores']);
    expect(html).not.toContain('rel="manifest"');
  });

  it('serves the plain page where it has nothing to add, and keeps files and API 404s apart', async () => {
    for (const url of ['/menu', '/menu/%3Cb%3E', '/logistics/tracking/order/nadie/DMP2LV8C5Z', '/console']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<title>Pedí online</title>');
      expect(res.body, url).not.toContain('rel="preload"');
    }
    const asset = await page('/assets/index-1.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expectApiError(await getJson(t.app, '/api/no-existe'), 404, 'NOT_FOUND');
  });

  it("answers 404 with the app's page, which shows its not-found screen, for paths and shops it does not have", async () => {
    for (const url of [
      '/nada/que/ver',
      '/menu/x/y/z/w/v',
      '/menu/donmateo-palermo/order',
      '/console/otra',
      '/menu/nadie',
      '/menu/nadie/Delivery?utm_source=ig',
      '/menu/nadie/order/DMP2LV8C5Z',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
      expect(res.body, url).toContain('<title>Pedí online</title>');
    }
    // a shop's own pages are still there, whatever the case of their fixed segments
    expect((await page('/MENU/donmateo-palermo/Checkout')).statusCode).toBe(200);
  });
});
