import { STOREFRONT_CHANGE_EVENT, storefrontChannel } from '@comanda/core';
import type { ShopSettings } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const PALERMO_CBU = '0170099200000123456784';
const NEW_CBU = '2850590940090418135201';
const CVU = '0000003110001234567898';

interface StorefrontMode {
  id: number;
  showName: string;
  paymentTypes: {
    id: number;
    showName: string;
    paymentMethod: string;
    bankTransfer: { alias: string | null; cbu: string | null; holder: string | null } | null;
  }[];
}

/** The settings' payment types as a PUT body (what the editor sends back, changed where a test says). */
const typesBody = (settings: ShopSettings) =>
  settings.paymentTypes.map(
    ({ id, paymentMethod, online, showName, active, bankAlias, bankCbu, bankHolder }) => ({
      id,
      paymentMethod,
      online,
      showName,
      active,
      bankAlias,
      bankCbu,
      bankHolder,
    }),
  );

describe.each(databaseKinds)('shop settings on /console/cobros (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let takeAway: OrderContext;

  const settingsOf = async (contactId = takeAway.contactId) =>
    (await asStaff(test.app, owner, 'GET', `/api/console/shop/${contactId}/settings`)).body as ShopSettings;
  const put = (path: string, body: unknown, cookie = owner, contactId = takeAway.contactId) =>
    asStaff(test.app, cookie, 'PUT', `/api/console/shop/${contactId}/${path}`, body);
  const storefrontModes = async () =>
    (await getJson(test.app, `/api/diner/branchordermodes/${takeAway.contactId}`)).body as StorefrontMode[];
  const lastChange = async () => (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body[0];

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(() => test.close());

  it('shows the owner the shop’s payment types, modes, fees and how orders arrive', async () => {
    const res = await asStaff(test.app, owner, 'GET', `/api/console/shop/${takeAway.contactId}/settings`);
    expect(res.status).toBe(200);
    const settings = res.body as ShopSettings;
    expect(settings).toMatchObject({
      shopId: takeAway.contactId,
      name: 'Don Mateo Palermo',
      country: 'ar',
      decimals: 2,
      account: { connected: true },
      ordersFlow: {
        autoAccept: false,
        confirmOrderBeforePlacing: false,
        whatsAppOnly: false,
        whatsAppPhone: '+5491133214567',
      },
    });
    const byMethod = (method: string) => settings.paymentTypes.find((p) => p.paymentMethod === method);
    expect(byMethod('CASH')).toMatchObject({ showName: 'Efectivo', active: true, online: false });
    expect(byMethod('CARD')).toMatchObject({ showName: 'Tarjeta online', online: true });
    expect(byMethod('TRANSFER')).toMatchObject({ bankAlias: 'donmateo.palermo', bankCbu: PALERMO_CBU });
    const delivery = settings.modes.find((m) => m.showName === 'Delivery');
    expect(delivery?.serviceFee).toEqual({ userFee: 300, percentage: 2 });
    expect(delivery?.paymentTypeIds).toHaveLength(3);
    expect(settings.modes.find((m) => m.showName === 'Take Away')?.serviceFee).toEqual({
      userFee: 0,
      percentage: 0,
    });
  });

  it('is the owner’s alone: no session 401, the kitchen 403, another business 403, no shop 404', async () => {
    const url = `/api/console/shop/${takeAway.contactId}/settings`;
    expectApiError(await callApi(test.app, 'GET', url), 401);
    const cook = await staffCookie(test.app, DONMATEO_COOK);
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    expectApiError(await asStaff(test.app, cook, 'GET', url), 403, 'FORBIDDEN');
    expectApiError(await asStaff(test.app, kenzo, 'GET', url), 403, 'FORBIDDEN');
    const settings = await settingsOf();
    for (const [cookie, status] of [
      [cook, 403],
      [kenzo, 403],
    ] as const) {
      expectApiError(await put('payment-types', { paymentTypes: typesBody(settings) }, cookie), status);
      expectApiError(await put('orders-flow', { ...settings.ordersFlow }, cookie), status);
      expectApiError(
        await put(
          `modes/${takeAway.modeId}/fees`,
          { serviceFee: { userFee: 1, percentage: 0 }, surcharges: [] },
          cookie,
        ),
        status,
      );
    }
    expectApiError(await asStaff(test.app, owner, 'GET', '/api/console/shop/999999/settings'), 404);
    // Kenzo's own shop is not Don Mateo's owner's
    const kenzoShop = (await getJson(test.app, '/api/diner/kenzo-nunez')).body.info.id;
    expectApiError(await asStaff(test.app, owner, 'GET', `/api/console/shop/${kenzoShop}/settings`), 403);
  });

  it('refuses a wrong CBU, a short alias and a transfer without holder in Spanish, writing nothing', async () => {
    const settings = await settingsOf();
    const index = settings.paymentTypes.findIndex((p) => p.paymentMethod === 'TRANSFER');
    const body = (change: Record<string, unknown>) => ({
      paymentTypes: typesBody(settings).map((p, i) => (i === index ? { ...p, ...change } : p)),
    });
    const badCbu = await put('payment-types', body({ bankCbu: '0170099200000123456785' }));
    expectApiError(badCbu, 400, 'BAD_REQUEST');
    expect(badCbu.body.message).toBe(
      'El CBU no es válido: revisá los números (los dígitos verificadores no coinciden).',
    );
    expect(badCbu.body.errors).toEqual([
      {
        path: `paymentTypes.${index}.bankCbu`,
        message: 'El CBU no es válido: revisá los números (los dígitos verificadores no coinciden).',
      },
    ]);
    const shortAlias = await put('payment-types', body({ bankAlias: 'abc', bankHolder: '' }));
    expectApiError(shortAlias, 400);
    expect(shortAlias.body.errors).toEqual([
      {
        path: `paymentTypes.${index}.bankAlias`,
        message: 'El alias tiene de 6 a 20 letras, números, puntos o guiones, sin espacios.',
      },
      { path: `paymentTypes.${index}.bankHolder`, message: 'Ingresá el nombre del titular de la cuenta.' },
    ]);
    const unknownKey = await put('payment-types', { paymentTypes: [], extra: true });
    expectApiError(unknownKey, 400, 'BAD_REQUEST');
    expect((await settingsOf()).paymentTypes[index]).toEqual(settings.paymentTypes[index]);
  });

  it('sets the transfer account and the storefront’s checkout shows it', async () => {
    const settings = await settingsOf();
    const pings: unknown[] = [];
    const stop = await test.app.deps.bus.subscribe(storefrontChannel(takeAway.contactId), (message) => {
      if (message.event === STOREFRONT_CHANGE_EVENT) pings.push(message.payload);
    });
    const res = await put('payment-types', {
      paymentTypes: typesBody(settings).map((p) =>
        p.paymentMethod === 'TRANSFER'
          ? {
              ...p,
              bankAlias: ' pizza.mateo ',
              bankCbu: '2850 5909 4009 0418 1352 01',
              bankHolder: 'Don Mateo SRL',
            }
          : p,
      ),
    });
    expect(res.status).toBe(200);
    const transfer = (res.body as ShopSettings).paymentTypes.find((p) => p.paymentMethod === 'TRANSFER');
    expect(transfer).toMatchObject({
      bankAlias: 'pizza.mateo',
      bankCbu: NEW_CBU,
      bankHolder: 'Don Mateo SRL',
    });
    const offered = (await storefrontModes())
      .find((m) => m.id === takeAway.modeId)
      ?.paymentTypes.find((p) => p.paymentMethod === 'TRANSFER');
    expect(offered?.bankTransfer).toEqual({ alias: 'pizza.mateo', cbu: NEW_CBU, holder: 'Don Mateo SRL' });
    expect(await lastChange()).toMatchObject({
      area: 'PAYMENTS',
      summary: 'Medios de pago de Don Mateo Palermo: Efectivo, Tarjeta online, Transferencia',
      staffName: expect.any(String),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(pings).toEqual([{ branchContactId: takeAway.contactId }]);
  });

  it('adds a transfer by CVU as a new type, offered in every mode', async () => {
    const settings = await settingsOf();
    const res = await put('payment-types', {
      paymentTypes: [
        ...typesBody(settings),
        {
          id: null,
          paymentMethod: 'TRANSFER',
          online: false,
          showName: 'Mercado Pago (CVU)',
          active: true,
          bankAlias: null,
          bankCbu: CVU,
          bankHolder: 'Mateo Pérez',
        },
      ],
    });
    expect(res.status).toBe(200);
    const added = (res.body as ShopSettings).paymentTypes.find((p) => p.showName === 'Mercado Pago (CVU)');
    expect(added).toMatchObject({ paymentMethod: 'TRANSFER', bankCbu: CVU, active: true });
    for (const mode of (res.body as ShopSettings).modes) expect(mode.paymentTypeIds).toContain(added?.id);
    expect(
      (await storefrontModes()).find((m) => m.id === takeAway.modeId)?.paymentTypes.map((p) => p.showName),
    ).toContain('Mercado Pago (CVU)');
  });

  it('keeps a payment type in every active mode: turning all of them off is refused', async () => {
    const settings = await settingsOf();
    const res = await put('payment-types', {
      paymentTypes: typesBody(settings).map((p) => ({ ...p, active: false })),
    });
    expectApiError(res, 400);
    expect(res.body.message).toBe('Delivery necesita al menos un medio de pago activo.');
    expect((await settingsOf()).paymentTypes.filter((p) => p.active).length).toBeGreaterThan(0);
  });

  it('switches modes and the payment types each offers; the storefront follows', async () => {
    const settings = await settingsOf();
    const transfer = settings.paymentTypes.find((p) => p.showName === 'Transferencia');
    const cash = settings.paymentTypes.find((p) => p.paymentMethod === 'CASH');
    const mesa = settings.modes.find((m) => m.showName === 'Mesa');
    if (!transfer || !cash || !mesa) throw new Error('demo data changed');
    const body = (change: (m: (typeof settings.modes)[number]) => Record<string, unknown>) => ({
      modes: settings.modes.map((m) => ({
        id: m.id,
        active: m.active,
        paymentTypeIds: m.paymentTypeIds,
        ...change(m),
      })),
    });
    const empty = await put(
      'order-modes',
      body((m) => (m.id === mesa.id ? { paymentTypeIds: [] } : {})),
    );
    expectApiError(empty, 400);
    expect(empty.body.errors).toEqual([
      {
        path: `modes.${settings.modes.indexOf(mesa)}.paymentTypeIds`,
        message: 'Mesa necesita al menos un medio de pago activo.',
      },
    ]);
    const allOff = await put(
      'order-modes',
      body(() => ({ active: false })),
    );
    expect(allOff.body.message).toBe('Dejá al menos una forma de pedido activa.');
    const otherShops = await put(
      'order-modes',
      body((m) => (m.id === mesa.id ? { paymentTypeIds: [999999] } : {})),
    );
    expectApiError(otherShops, 404);

    const res = await put(
      'order-modes',
      body((m) =>
        m.id === mesa.id
          ? { paymentTypeIds: [cash.id] }
          : m.showName === 'Mostrador'
            ? { active: false }
            : {},
      ),
    );
    expect(res.status).toBe(200);
    const modes = await storefrontModes();
    expect(modes.find((m) => m.id === mesa.id)?.paymentTypes.map((p) => p.showName)).toEqual(['Efectivo']);
    expect(modes.some((m) => m.showName === 'Mostrador')).toBe(false);
    expect(await lastChange()).toMatchObject({
      area: 'SHOP',
      summary: 'Formas de pedido y medios de pago de Don Mateo Palermo: Delivery, Take Away, Mesa',
    });
    // back as the demo had it
    expect(
      (
        await put(
          'order-modes',
          body(() => ({})),
        )
      ).status,
    ).toBe(200);
  });

  it('sets a service fee that the checkout shows and POST /api/order charges', async () => {
    const fees = `modes/${takeAway.modeId}/fees`;
    const bad = await put(fees, { serviceFee: { userFee: -5, percentage: 150 }, surcharges: [] });
    expectApiError(bad, 400);
    expect(bad.body.errors).toEqual([
      { path: 'serviceFee.userFee', message: 'La tasa de servicio fija tiene que ser un monto de 0 o más.' },
      { path: 'serviceFee.percentage', message: 'El porcentaje de la tasa de servicio va de 0 a 100 %.' },
    ]);
    const res = await put(fees, { serviceFee: { userFee: 250, percentage: 3 }, surcharges: [] });
    expect(res.status).toBe(200);
    expect((res.body as ShopSettings).modes.find((m) => m.id === takeAway.modeId)?.serviceFee).toEqual({
      userFee: 250,
      percentage: 3,
    });
    expect((await getJson(test.app, `/api/ordermodes/${takeAway.modeId}/fees`)).body).toEqual({
      userFee: 250,
      percentageUserFee: 0.03,
    });
    expect(await lastChange()).toMatchObject({
      area: 'PAYMENTS',
      summary: 'Tasa de servicio de Take Away en Don Mateo Palermo: $250 + 3 %; sin recargos',
    });
    const order = (serviceFee: { userFee: number; percentageUserFee: number } | null) =>
      buildOrder(takeAway, {
        dishes: [{ plate: 'Fugazzeta' }],
        payment: 'CASH',
        serviceFee,
        phone: '+5491170003101',
      });
    expectApiError(await postOrder(test.app, order(null)), 409, 'PRICE_MISMATCH');
    const placed = await postOrder(test.app, order({ userFee: 250, percentageUserFee: 0.03 }));
    expect(placed.status).toBe(201);
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, placed.body.data.id));
    // 13.500 × 3 % = 405, plus 250
    expect(row?.userServiceFee).toBe(65_500);

    // nothing again: the mode has no fee row, as one that never had a fee
    expect((await put(fees, { serviceFee: { userFee: 0, percentage: 0 }, surcharges: [] })).status).toBe(200);
    const feeRows = await test.database.db
      .select()
      .from(t.serviceFees)
      .where(eq(t.serviceFees.orderModeId, takeAway.modeId));
    expect(feeRows).toEqual([]);
    expect((await postOrder(test.app, order(null))).status).toBe(201);
  });

  it('replaces a mode’s surcharges, which the checkout lists', async () => {
    const fees = `modes/${takeAway.modeId}/fees`;
    const bad = await put(fees, {
      serviceFee: { userFee: 0, percentage: 0 },
      surcharges: [{ id: null, name: ' ', type: 'PERCENT', value: 0, active: true }],
    });
    expect(bad.body.errors).toEqual([
      {
        path: 'surcharges.0.name',
        message: 'Ingresá el nombre del recargo (tus clientes lo ven en el pedido).',
      },
      { path: 'surcharges.0.value', message: 'El porcentaje del recargo va de más de 0 a 100 %.' },
    ]);
    const res = await put(fees, {
      serviceFee: { userFee: 0, percentage: 0 },
      surcharges: [
        { id: null, name: 'Packaging', type: 'FIXED', value: 150, active: true },
        { id: null, name: 'Feriado', type: 'PERCENT', value: 10, active: false },
      ],
    });
    expect(res.status).toBe(200);
    const saved = (res.body as ShopSettings).modes.find((m) => m.id === takeAway.modeId)?.surcharges ?? [];
    expect(saved.map(({ name, type, value, active }) => ({ name, type, value, active }))).toEqual([
      { name: 'Packaging', type: 'FIXED', value: 150, active: true },
      { name: 'Feriado', type: 'PERCENT', value: 10, active: false },
    ]);
    expect((await getJson(test.app, `/api/ordermodes/${takeAway.modeId}/generalsurcharges`)).body).toEqual([
      { id: saved[0]?.id, name: 'Packaging', type: 'FIXED', value: 150 },
    ]);
    // a surcharge of another mode is not this one's
    const delivery = (await settingsOf()).modes.find((m) => m.showName === 'Delivery');
    const foreign = await put(`modes/${delivery?.id}/fees`, {
      serviceFee: { userFee: 300, percentage: 2 },
      surcharges: [{ id: saved[0]?.id, name: 'Packaging', type: 'FIXED', value: 150, active: true }],
    });
    expectApiError(foreign, 404);
    // all gone again
    expect((await put(fees, { serviceFee: { userFee: 0, percentage: 0 }, surcharges: [] })).status).toBe(200);
    expect((await getJson(test.app, `/api/ordermodes/${takeAway.modeId}/generalsurcharges`)).body).toEqual(
      [],
    );
  });

  it('turns auto-accept, the confirmation modal and WhatsApp-only on, and the storefront says so', async () => {
    const required = await put('orders-flow', {
      autoAccept: false,
      confirmOrderBeforePlacing: false,
      whatsAppOnly: true,
      whatsAppPhone: ' ',
    });
    expectApiError(required, 400);
    expect(required.body.message).toBe(
      'Para recibir los pedidos por WhatsApp, ingresá el número de WhatsApp del local.',
    );
    const invalid = await put('orders-flow', {
      autoAccept: false,
      confirmOrderBeforePlacing: false,
      whatsAppOnly: true,
      whatsAppPhone: '1234',
    });
    expect(invalid.body.errors).toEqual([
      { path: 'whatsAppPhone', message: 'Ingresá un número de WhatsApp válido para el país del local.' },
    ]);

    const res = await put('orders-flow', {
      autoAccept: true,
      confirmOrderBeforePlacing: true,
      whatsAppOnly: true,
      whatsAppPhone: '11 4444-5555',
    });
    expect(res.status).toBe(200);
    expect((res.body as ShopSettings).ordersFlow).toEqual({
      autoAccept: true,
      confirmOrderBeforePlacing: true,
      whatsAppOnly: true,
      whatsAppPhone: '+5491144445555',
    });
    const contact = (await getJson(test.app, '/api/diner/donmateo-palermo')).body.info;
    expect(contact).toMatchObject({
      ordersConsoleActive: false,
      whatsAppPhone: '+5491144445555',
      confirmOrderBeforePlacing: true,
    });
    expect(await lastChange()).toMatchObject({
      area: 'SHOP',
      summary:
        'Recepción de pedidos de Don Mateo Palermo: pedidos por WhatsApp al +5491144445555, se aceptan solos, con confirmación antes de enviar',
    });
    // auto-accept: the order placed now is accepted by itself
    const placed = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CASH', phone: '+5491170003102' }),
    );
    expect(placed.status).toBe(201);
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, placed.body.data.id));
    expect(row?.status).toBe('ACCEPTED');

    const back = await put('orders-flow', {
      autoAccept: false,
      confirmOrderBeforePlacing: false,
      whatsAppOnly: false,
      whatsAppPhone: '+5491133214567',
    });
    expect(back.status).toBe(200);
    expect((await getJson(test.app, '/api/diner/donmateo-palermo')).body.info.ordersConsoleActive).toBe(true);
  });

  it('offers the online card only with a payment account connected', async () => {
    expect((await asStaff(test.app, owner, 'DELETE', '/api/console/payments/account')).status).toBe(200);
    const settings = await settingsOf();
    expect(settings.account).toEqual({ connected: false, name: null });
    const body = typesBody(settings);
    const card = body.findIndex((p) => p.paymentMethod === 'CARD' && p.online);
    const res = await put('payment-types', {
      paymentTypes: body.map((p, i) => (i === card ? { ...p, active: true } : p)),
    });
    expectApiError(res, 400);
    expect(res.body.errors).toEqual([
      {
        path: `paymentTypes.${card}.active`,
        message:
          'Para ofrecer tarjeta online o link de pago, primero conectá tu cuenta de pagos (Mercado Pago o Webpay).',
      },
    ]);
    const link = await put('payment-types', {
      paymentTypes: [
        ...body.map((p, i) => (i === card ? { ...p, active: false } : p)),
        { id: null, paymentMethod: 'PAYMENT_LINK', online: true, showName: 'Link de pago', active: true },
      ],
    });
    expectApiError(link, 400);
    const off = await put('payment-types', {
      paymentTypes: body.map((p, i) => (i === card ? { ...p, active: false } : p)),
    });
    expect(off.status).toBe(200);
  });
});
