import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectApiError, getJson } from '../../../test/http.ts';
import { oneShopBusiness } from '../../../test/one-shop-business.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { importBusiness } from '../business-import/import-business.ts';

// Don Mateo Palermo, Av. Santa Fe 3253 (the demo's location)
const SHOP = { lat: -34.588, lng: -58.411 };
/** a point `metres` due north of the shop (a degree of latitude is about 111.2 km) */
const north = (metres: number) => ({ lat: SHOP.lat + metres / 111_195, lng: SHOP.lng });
const address = (metres: number) => ({
  street: 'Av. Santa Fe',
  number: '3100',
  betweenStreets: 'Agüero y Bulnes',
  details: 'Piso 4 B',
  city: 'CABA',
  ...north(metres),
});

/** Don Mateo's delivery service fee (demo data). */
const DELIVERY_SERVICE_FEE = { userFee: 300, percentageUserFee: 0.02 };

/** A 4 km circle priced by distance, then by total, free from $40.000. */
const CIRCLE_ZONE = {
  name: 'Radio 4 km',
  shape: { type: 'CIRCLE', center: SHOP, radiusMeters: 4000 },
  cashFee: 2500,
  otherFee: 2200,
  minimumOrder: 5000,
  freeDeliveryFrom: 40000,
  acceptsCash: true,
  active: true,
  distanceTiers: [
    { upToMeters: 1000, cashFee: 600, otherFee: 500 },
    { upToMeters: 2500, cashFee: 1100, otherFee: 1000 },
  ],
  totalTiers: [{ fromTotal: 20000, cashFee: 400, otherFee: 300 }],
};
const POLYGON_ZONE = {
  name: 'Belgrano',
  shape: {
    type: 'POLYGON',
    points: [
      { lat: -34.57, lng: -58.47 },
      { lat: -34.57, lng: -58.44 },
      { lat: -34.54, lng: -58.44 },
      { lat: -34.54, lng: -58.47 },
    ],
  },
  cashFee: 3000,
  otherFee: 2800,
  minimumOrder: 8000,
  freeDeliveryFrom: null,
  acceptsCash: false,
  active: true,
  distanceTiers: [],
  totalTiers: [],
};

describe.each(databaseKinds)('delivery zones of the owner (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let delivery: OrderContext;
  const zonesUrl = () => `/api/console/shop/${delivery.contactId}/zones`;
  const putZones = (zones: unknown, cookie = owner, url = zonesUrl()) =>
    asStaff(test.app, cookie, 'PUT', url, { zones });
  const storedZones = () =>
    test.database.db
      .select()
      .from(t.deliveryZones)
      .where(eq(t.deliveryZones.branchContactId, delivery.contactId))
      .orderBy(t.deliveryZones.priority);
  const feeAt = async (metres: number) =>
    (
      await getJson(
        test.app,
        `/api/branch/${delivery.contactId}/deliveryzones/fee?lat=${north(metres).lat}&lng=${SHOP.lng}`,
      )
    ).body;

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  it("answers the shop's zones in order, in currency units, with where the shop is", async () => {
    const res = await asStaff(test.app, owner, 'GET', zonesUrl());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      shopId: delivery.contactId,
      shopName: 'Don Mateo Palermo',
      origin: SHOP,
      currency: 'ARS',
      deliveryActive: true,
    });
    expect(res.body.zones.map((z: { name: string }) => z.name)).toEqual(['Palermo', 'Alrededores']);
    expect(res.body.zones[0]).toMatchObject({
      shape: { type: 'POLYGON' },
      cashFee: 1500,
      otherFee: 1200,
      minimumOrder: 8000,
      freeDeliveryFrom: 30000,
      distanceTiers: [],
      totalTiers: [],
    });
  });

  describe('after saving a circle with tiers and a polygon', () => {
    beforeAll(async () => {
      const res = await putZones([CIRCLE_ZONE, POLYGON_ZONE]);
      expect(res.status).toBe(200);
      expect(res.body.zones.map((z: { name: string }) => z.name)).toEqual(['Radio 4 km', 'Belgrano']);
      expect(res.body.zones[0]).toMatchObject({ ...CIRCLE_ZONE, id: expect.any(Number) });
    });

    it('stores them in minor units in the order given, and logs who changed what', async () => {
      const rows = await storedZones();
      expect(rows.map((row) => [row.name, row.priority, row.circle?.radiusMeters ?? null])).toEqual([
        ['Radio 4 km', 0, 4000],
        ['Belgrano', 1, null],
      ]);
      expect(rows[0]?.distanceTiers).toEqual([
        { upToMeters: 1000, cashFee: 60000, otherFee: 50000 },
        { upToMeters: 2500, cashFee: 110000, otherFee: 100000 },
      ]);
      expect(rows[0]?.totalTiers).toEqual([{ fromTotal: 2000000, cashFee: 40000, otherFee: 30000 }]);
      const [change] = await test.database.db
        .select()
        .from(t.backOfficeChanges)
        .where(eq(t.backOfficeChanges.area, 'DELIVERY'))
        .orderBy(desc(t.backOfficeChanges.id))
        .limit(1);
      expect(change?.summary).toBe(
        'Zonas de envío de Don Mateo Palermo: Radio 4 km (círculo de 4 km, 3 escalones), Belgrano (polígono)',
      );
      expect(change?.staffId).not.toBeNull();
    });

    it("gives the diner the distance tier's fees and the total tiers to price the cart", async () => {
      expect(await feeAt(700)).toMatchObject({
        inArea: true,
        zoneName: 'Radio 4 km',
        deliveryFee: 500,
        cashFee: 600,
        minimumOrderPrice: 5000,
        freeDeliveryFrom: 40000,
        totalTiers: [{ fromTotal: 20000, deliveryFee: 300, cashFee: 400 }],
      });
      expect(await feeAt(2000)).toMatchObject({ deliveryFee: 1000, cashFee: 1100 });
      expect(await feeAt(3500)).toMatchObject({ deliveryFee: 2200, cashFee: 2500 });
      expect(await feeAt(4500)).toMatchObject({ inArea: false, zoneName: null });
      // the polygon, where the circle does not reach
      const belgrano = await getJson(
        test.app,
        `/api/branch/${delivery.contactId}/deliveryzones/fee?lat=-34.555&lng=-58.455`,
      );
      expect(belgrano.body).toMatchObject({
        inArea: true,
        zoneName: 'Belgrano',
        acceptsCash: false,
        totalTiers: [],
      });
    });

    it("shows the mode card's fee range from the tiers too", async () => {
      const modes = (await getJson(test.app, `/api/diner/branchordermodes/${delivery.contactId}`)).body as {
        id: number;
        deliveryInfo: { minFee: number; maxFee: number; minimumOrder: number } | null;
      }[];
      expect(modes.find((mode) => mode.id === delivery.modeId)?.deliveryInfo).toEqual({
        minimumOrder: 5000,
        minFee: 300,
        maxFee: 3000,
        freeDeliveryFrom: 40000,
      });
    });

    it('verifies an order at the fee of its distance, and refuses the zone fee there', async () => {
      const near = (deliveryFee: number) =>
        buildOrder(delivery, {
          dishes: [{ plate: 'Fugazzeta' }],
          payment: 'CASH',
          destination: address(800),
          deliveryFee,
          serviceFee: DELIVERY_SERVICE_FEE,
          phone: '+5491170004001',
        });
      const refused = await postOrder(test.app, near(2500));
      expectApiError(refused, 409, 'PRICE_MISMATCH');
      const placed = await postOrder(test.app, near(600));
      expect(placed.status).toBe(201);
      const [order] = await test.database.db
        .select()
        .from(t.orders)
        .where(eq(t.orders.code, placed.body.data.code));
      expect(order?.deliveryFee).toBe(60000);
    });

    it('verifies the lower fee of a total tier, never the dearer one', async () => {
      // 3 km: distance fee 2.500 cash; two Fugazzetas ($27.000) pass $20.000, and it drops to 400
      const big = (deliveryFee: number) =>
        buildOrder(delivery, {
          dishes: [{ plate: 'Fugazzeta', quantity: 2 }],
          payment: 'CASH',
          destination: address(3000),
          deliveryFee,
          serviceFee: DELIVERY_SERVICE_FEE,
          phone: '+5491170004002',
        });
      expectApiError(await postOrder(test.app, big(2500)), 409, 'PRICE_MISMATCH');
      expect((await postOrder(test.app, big(400))).status).toBe(201);
    });

    it('tests an address against the saved zones, with the fee for a cart total', async () => {
      const check = (query: string) => asStaff(test.app, owner, 'GET', `${zonesUrl()}/check?${query}`);
      const near = await check(`lat=${north(700).lat}&lng=${SHOP.lng}&total=1000`);
      expect(near.status).toBe(200);
      expect(near.body).toMatchObject({
        inArea: true,
        zoneName: 'Radio 4 km',
        cashFee: 600,
        otherFee: 500,
        minimumOrder: 5000,
        freeDeliveryFrom: 40000,
        acceptsCash: true,
      });
      expect(near.body.distanceMeters).toBeGreaterThan(680);
      expect(near.body.distanceMeters).toBeLessThan(720);
      const big = await check(`lat=${north(3000).lat}&lng=${SHOP.lng}&total=25000`);
      expect(big.body).toMatchObject({ cashFee: 400, otherFee: 300 });
      const free = await check(`lat=${north(3000).lat}&lng=${SHOP.lng}&total=40000`);
      expect(free.body).toMatchObject({ cashFee: 0, otherFee: 0 });
      const out = await check('lat=-34.7&lng=-58.6');
      expect(out.body).toMatchObject({ inArea: false, zoneName: null, cashFee: null });
      expectApiError(await check('lat=abc&lng=-58.4'), 400);
      expectApiError(await check(`lat=${SHOP.lat}&lng=${SHOP.lng}&total=-5`), 400);
    });
  });

  describe('refuses', () => {
    let before: unknown;
    beforeEach(async () => {
      before = await storedZones();
    });
    const unchanged = async () => expect(await storedZones()).toEqual(before);

    it("a zone the owner's rules refuse, with its path, writing nothing", async () => {
      const res = await putZones([CIRCLE_ZONE, { ...POLYGON_ZONE, name: 'radio 4 KM' }]);
      expectApiError(res, 400);
      expect(res.body.message).toBe('Ya hay una zona llamada "radio 4 KM". Usá otro nombre.');
      expect(res.body.errors).toEqual([
        { path: 'zones.1.name', message: 'Ya hay una zona llamada "radio 4 KM". Usá otro nombre.' },
      ]);
      const crossing = await putZones([
        {
          ...POLYGON_ZONE,
          shape: {
            type: 'POLYGON',
            points: [SHOP, north(1000), { ...SHOP, lng: -58.4 }, { ...north(1000), lng: -58.4 }],
          },
        },
      ]);
      expect(crossing.body.message).toBe('El borde de la zona Belgrano se cruza consigo mismo. Redibujala.');
      const tiny = await putZones([{ ...CIRCLE_ZONE, shape: { ...CIRCLE_ZONE.shape, radiusMeters: 50 } }]);
      expect(tiny.body.message).toBe('El radio de la zona Radio 4 km tiene que estar entre 100 m y 50 km.');
      await unchanged();
    });

    it('a request that is not a list of zones, in Spanish', async () => {
      for (const zones of [null, 'x', [{ name: 'x' }], [{ ...CIRCLE_ZONE, shape: { type: 'HEXAGON' } }]]) {
        const res = await putZones(zones);
        expectApiError(res, 400);
        expect(res.body.message).toMatch(/zona|Revisá/);
      }
      const negative = await putZones([{ ...CIRCLE_ZONE, cashFee: -1 }]);
      expect(negative.body.message).toBe('Usá montos de 0 o más.');
      await unchanged();
    });

    it('to leave an active delivery mode without an active zone', async () => {
      const res = await putZones([{ ...CIRCLE_ZONE, active: false }]);
      expectApiError(res, 400);
      expect(res.body.message).toBe(
        'Tu tienda tiene el delivery activo: dejá al menos una zona activa o apagá el delivery en Tu tienda.',
      );
      expectApiError(await putZones([]), 400);
      await unchanged();
    });

    it("another business's owner, the kitchen staff and a stranger", async () => {
      const kenzo = await staffCookie(test.app, KENZO_OWNER);
      expectApiError(await asStaff(test.app, kenzo, 'GET', zonesUrl()), 403);
      expectApiError(await putZones([CIRCLE_ZONE], kenzo), 403);
      expectApiError(await asStaff(test.app, kenzo, 'GET', `${zonesUrl()}/check?lat=-34.6&lng=-58.4`), 403);
      const cook = await staffCookie(test.app, DONMATEO_COOK);
      expectApiError(await asStaff(test.app, cook, 'GET', zonesUrl()), 403);
      expectApiError(await putZones([CIRCLE_ZONE], cook), 403);
      const stranger = await test.app.inject({ method: 'GET', url: zonesUrl() });
      expect(stranger.statusCode).toBe(401);
      expectApiError(await asStaff(test.app, owner, 'GET', '/api/console/shop/999999/zones'), 404);
      await unchanged();
    });
  });
});

describe.each(databaseKinds)('delivery zones in a business file (%s)', (kind) => {
  let test: TestApp;
  const now = new Date('2026-11-18T15:00:00-03:00');
  beforeAll(async () => {
    test = await createTestApp(kind);
  });
  afterAll(() => test.close());

  // El Horno Centro, Rosario (oneShopBusiness)
  const HORNO = { lat: -32.95, lng: -60.64 };
  const business = (alias: string, deliveryZones: unknown[]) =>
    oneShopBusiness(alias, {
      orderModes: [{ type: 'DELIVERY', showName: 'Delivery', menu: 'carta', paymentTypes: ['efectivo'] }],
      contact: { deliveryZones },
    });
  const fileZone = {
    name: 'Centro',
    circle: { center: HORNO, radiusMeters: 3000 },
    cashFee: 2000,
    otherFee: 2000,
    distanceTiers: [{ upToMeters: 1000, cashFee: 700, otherFee: 700 }],
    totalTiers: [{ fromTotal: 15000, cashFee: 300, otherFee: 300 }],
  };

  it('imports circle zones and fee tiers, and the storefront honours them', async () => {
    await importBusiness(test.database.db, business('horno', [fileZone]), now);
    const [contact] = await test.database.db
      .select({ id: t.branchContacts.id })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.alias, 'horno-centro'));
    const fee = async (lat: number) =>
      (await getJson(test.app, `/api/branch/${contact?.id}/deliveryzones/fee?lat=${lat}&lng=${HORNO.lng}`))
        .body;
    expect(await fee(HORNO.lat + 0.005)).toMatchObject({
      inArea: true,
      zoneName: 'Centro',
      cashFee: 700,
      totalTiers: [{ fromTotal: 15000, cashFee: 300, deliveryFee: 300 }],
    });
    expect(await fee(HORNO.lat + 0.02)).toMatchObject({ inArea: true, cashFee: 2000 });
    expect(await fee(HORNO.lat + 0.05)).toMatchObject({ inArea: false });
  });

  it('refuses a zone with both shapes, or that the owner rules refuse, writing nothing', async () => {
    const [before] = await test.database.db
      .select({ id: t.deliveryZones.id })
      .from(t.deliveryZones)
      .orderBy(desc(t.deliveryZones.id))
      .limit(1);
    const both = await importBusiness(
      test.database.db,
      business('horno2', [{ ...fileZone, polygon: [HORNO, HORNO, HORNO] }]),
      now,
    ).catch((error: unknown) => error);
    expect(both).toBeInstanceOf(AppError);
    expect((both as AppError).errors).toEqual([
      'branches.0.contacts.0.deliveryZones.0.polygon: una zona lleva polygon o circle, uno de los dos',
    ]);
    const rising = await importBusiness(
      test.database.db,
      business('horno3', [
        {
          ...fileZone,
          totalTiers: [
            { fromTotal: 15000, cashFee: 300, otherFee: 300 },
            { fromTotal: 20000, cashFee: 900, otherFee: 900 },
          ],
        },
      ]),
      now,
    ).catch((error: unknown) => error);
    expect((rising as AppError).errors).toEqual([
      'branches.0.contacts.0.deliveryZones.0.totalTiers.1.cashFee: En la zona Centro, cada escalón por total tiene que costar igual o menos que el anterior.',
    ]);
    const [after] = await test.database.db
      .select({ id: t.deliveryZones.id })
      .from(t.deliveryZones)
      .orderBy(desc(t.deliveryZones.id))
      .limit(1);
    expect(after).toEqual(before);
    expect(
      await test.database.db
        .select()
        .from(t.branches)
        .where(and(eq(t.branches.alias, 'horno2'))),
    ).toEqual([]);
  });
});
