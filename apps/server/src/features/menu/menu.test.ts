import { MenuDiscountSchema, MenuSchema } from '@comanda/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

describe.each(databaseKinds)('menu calls on %s', (kind) => {
  let t: TestApp;
  let ids: Awaited<ReturnType<typeof idsOf>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await idsOf(t.app, 'donmateo-palermo');
  });
  afterAll(() => t.close());

  it('answers the menu of a mode: categories with plates, sizes, garnish groups, remarked and upsold', async () => {
    const res = await getJson(t.app, `/api/diner/donmateo-palermo/menu/${ids.modeId('Delivery')}`);
    expect(res.status).toBe(200);
    const menu = MenuSchema.strict().parse(res.body);
    expect(menu.categories.map((c) => c.showName)).toEqual(['Pizzas', 'Empanadas', 'Bebidas', 'Postres']);
    const muzza = menu.categories[0]?.plates.find((p) => p.name === 'Muzzarella');
    expect(muzza?.sizes.map((s) => [s.name, s.price])).toEqual([
      ['Chica', 9000],
      ['Grande', 12000],
    ]);
    const masa = muzza?.garnishGroups.find((g) => g.name === 'Masa');
    expect(masa).toMatchObject({
      mandatory: true,
      multipleSelection: false,
      minGarnishAmount: 1,
      maxGarnishAmount: 1,
    });
    expect(masa?.garnishes.map((g) => [g.name, g.price])).toEqual([
      ['Tradicional', 0],
      ['Integral', 500],
    ]);
    const extras = muzza?.garnishGroups.find((g) => g.name === 'Extras');
    expect(extras).toMatchObject({ mandatory: false, multipleSelection: true, maxGarnishAmount: 3 });
    const fugazzeta = menu.categories[0]?.plates.find((p) => p.name === 'Fugazzeta');
    expect(fugazzeta?.indicators.map((i) => i.showName)).toEqual(['Vegetariana']);
    expect(fugazzeta?.hasIndicators).toBe(true);
    expect(menu.remarkeds.map((p) => p.name)).toContain('Fugazzeta');
    expect(menu.upselleds.map((p) => p.name)).toEqual(['Coca-Cola 500 ml', 'Agua sin gas 500 ml']);
    const empanada = menu.categories[1]?.plates.find((p) => p.name === 'Empanada de carne');
    expect(empanada?.maxQuantity).toBe(24);
  });

  it('keeps CLP prices without decimals', async () => {
    const chile = await idsOf(t.app, 'lacasona-providencia');
    const res = await getJson(t.app, `/api/diner/lacasona-providencia/menu/${chile.modeId('Delivery')}`);
    const prices = MenuSchema.parse(res.body).categories.flatMap((c) =>
      c.plates.map((p) => [p.name, p.price]),
    );
    expect(prices).toContainEqual(['Completo italiano', 4500]);
    expect(prices.every(([, price]) => Number.isInteger(price))).toBe(true);
  });

  it('answers 304 to a matching If-None-Match and the same ETag on every call', async () => {
    const url = `/api/diner/donmateo-palermo/menu/${ids.modeId('Take Away')}`;
    const first = await getJson(t.app, url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await getJson(t.app, url)).headers.etag).toBe(etag);
  });

  it('answers 404 for a mode of another contact or an unknown mode, 400 for a malformed one', async () => {
    const belgrano = await idsOf(t.app, 'donmateo-belgrano');
    expectApiError(
      await getJson(t.app, `/api/diner/donmateo-palermo/menu/${belgrano.modeId('Delivery')}`),
      404,
    );
    expectApiError(await getJson(t.app, '/api/diner/donmateo-palermo/menu/999999'), 404);
    // the second time the answer comes from memory, synchronously: still the JSON 404
    expectApiError(await getJson(t.app, '/api/diner/donmateo-palermo/menu/999999'), 404);
    expectApiError(await getJson(t.app, '/api/diner/donmateo-palermo/menu/delivery'), 400);
    expectApiError(await getJson(t.app, '/api/diner/no-existe/menu/1'), 404);
  });

  it('answers the same menu hash for modes sharing a menu and another for Mesa', async () => {
    const [delivery, takeAway, mesa] = [ids.modeId('Delivery'), ids.modeId('Take Away'), ids.modeId('Mesa')];
    const res = await getJson(
      t.app,
      `/api/diner/menu/donmateo-palermo/hash?orderModeId=${delivery}&orderModeId=${takeAway}&orderModeId=${mesa}`,
    );
    expect(res.status).toBe(200);
    const hashes = res.body.menuHashes as { orderModeId: number; hash: string }[];
    expect(hashes.map((h) => h.orderModeId)).toEqual([delivery, takeAway, mesa]);
    expect(hashes[0]?.hash).toBe(hashes[1]?.hash);
    expect(hashes[2]?.hash).not.toBe(hashes[0]?.hash);
  });

  it('refuses a hash call without a valid orderModeId', async () => {
    expectApiError(await getJson(t.app, '/api/diner/menu/donmateo-palermo/hash'), 400);
    expectApiError(await getJson(t.app, '/api/diner/menu/donmateo-palermo/hash?orderModeId=x'), 400);
    expectApiError(await getJson(t.app, '/api/diner/menu/nadie/hash?orderModeId=1'), 404);
  });

  it('answers the menu discounts of the four types with their plates', async () => {
    const res = await getJson(t.app, `/api/diner/${ids.branchId}/discounts`);
    const discounts = MenuDiscountSchema.array().parse(res.body);
    const byType = Object.fromEntries(discounts.map((d) => [d.type, d]));
    expect(byType.PERCENT?.percentage).toBe(20);
    expect(byType.MULTIPLE).toMatchObject({ buy: 3, pay: 2 });
    expect(byType.FIXED?.fixedDiscount).toBe(500);
    expect(byType.FINAL_PRICE?.finalPrice).toBe(3500);
    expect(discounts.every((d) => d.plates.length > 0)).toBe(true);
    expectApiError(await getJson(t.app, '/api/diner/555555/discounts'), 404);
  });

  it('answers indicators, a plate indicators and the customisations', async () => {
    const indicators = await getJson(t.app, `/api/indicators?branchId=${ids.branchId}`);
    expect(indicators.body.map((i: { showName: string }) => i.showName)).toEqual(
      expect.arrayContaining(['Vegetariana', 'Sin TACC']),
    );
    const menu = (await getJson(t.app, `/api/diner/donmateo-palermo/menu/${ids.modeId('Delivery')}`)).body;
    const flan = menu.categories[3].plates.find((p: { name: string }) => p.name === 'Flan casero');
    const plateIndicators = await getJson(t.app, `/api/entityindicators/PLATE/${flan.id}`);
    expect(plateIndicators.body.map((i: { showName: string }) => i.showName)).toEqual(['Sin TACC']);
    expectApiError(await getJson(t.app, `/api/entityindicators/ORDER/${flan.id}`), 400);
    expectApiError(await getJson(t.app, '/api/entityindicators/PLATE/919191'), 404);

    const customisations = await getJson(t.app, `/api/menucustomization/${ids.branchId}`);
    const banner = customisations.body.find((c: { resource: string }) => c.resource === 'PROMOTIONAL_BANNER');
    expect(JSON.parse(banner.commands)).toEqual({
      text: 'Envío gratis desde $30.000',
      orderModeType: 'DELIVERY',
    });
    const notes = customisations.body.find((c: { resource: string }) => c.resource === 'NOTES_LIMIT');
    expect(JSON.parse(notes.commands)).toMatchObject({ itemNotesLimit: 120 });
    expectApiError(await getJson(t.app, '/api/menucustomization/0'), 400);
  });
});
