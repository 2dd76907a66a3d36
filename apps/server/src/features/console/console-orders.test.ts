import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerCookie } from '../../../test/diners.ts';
import { expectApiError, getJson } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { SseClient } from '../../../test/sse-client.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, createTestBus, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const LUCIA = '+5491155550101';

describe.each(databaseKinds)('order console (%s)', (kind) => {
  let test: TestApp;
  let base: string;
  let owner: string;
  let cook: string;
  let kenzo: string;
  let takeAway: OrderContext;
  let delivery: OrderContext;

  beforeAll(async () => {
    test = await createTestApp(kind, { bus: await createTestBus(kind), sseHeartbeatMs: 100 });
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    cook = await staffCookie(test.app, DONMATEO_COOK);
    kenzo = await staffCookie(test.app, KENZO_OWNER);
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  async function placeTakeAway(options: { phone?: string; redeemedPoints?: number } = {}) {
    const res = await postOrder(
      test.app,
      buildOrder(takeAway, {
        dishes: [
          { plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], notes: 'Bien cocida' },
        ],
        payment: 'CASH',
        paysWith: 50000,
        ...(options.phone ? { phone: options.phone, customerName: 'Lucía Fernández' } : {}),
        ...(options.redeemedPoints ? { redeemedPoints: options.redeemedPoints } : {}),
      }),
      // points are spent by the diner's own verified session
      options.redeemedPoints && options.phone
        ? { cookie: await dinerCookie(test.database, options.phone) }
        : {},
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data as { id: number; code: string };
  }

  const move = (cookie: string, orderId: number, body: unknown) =>
    asStaff(test.app, cookie, 'PUT', `/api/console/orders/${orderId}/status`, body);

  const balanceOf = async (phone: string) =>
    (
      await getJson(
        test.app,
        `/api/orderingcustomer/${encodeURIComponent(phone)}?branchId=${takeAway.branchId}`,
        { cookie: await dinerCookie(test.database, phone) },
      )
    ).body.loyaltyPointsBalance as number;

  it('shows a new order on its contact board with everything the kitchen needs', async () => {
    const placed = await placeTakeAway();
    const board = await asStaff(test.app, cook, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`);
    expect(board.status).toBe(200);
    const card = board.body.orders.find((o: { id: number }) => o.id === placed.id);
    expect(card).toMatchObject({
      code: placed.code,
      status: 'GENERATED',
      orderModeName: 'Take Away',
      paymentMethod: 'CASH',
      paid: false,
      paysWith: 50000,
      nextStatuses: ['ACCEPTED', 'CANCELED'],
      canRequestRider: false,
    });
    expect(card.change).toBe(50000 - card.total);
    expect(card.items[0]).toMatchObject({
      name: 'Muzzarella',
      sizeName: 'Grande',
      notes: 'Bien cocida',
      extras: expect.arrayContaining([
        expect.objectContaining({ groupItems: [{ name: 'Jamón', quantity: 1 }] }),
      ]),
    });
    expect(board.body.totals.orders).toBeGreaterThan(0);
  });

  it("keeps other branches' staff out of the board and the orders (403)", async () => {
    const placed = await placeTakeAway();
    const board = await asStaff(test.app, kenzo, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`);
    expectApiError(board, 403, 'FORBIDDEN');
    expect(board.body.message).toBe('No tenés permisos para ver los pedidos de este local.');
    expectApiError(await move(kenzo, placed.id, { status: 'ACCEPTED' }), 403);
    expectApiError(await asStaff(test.app, kenzo, 'POST', `/api/console/orders/${placed.id}/shipment`), 403);
    const stream = await SseClient.open(`${base}/api/events/console/${takeAway.contactId}`, {
      cookie: kenzo,
    });
    expect(stream.status).toBe(403);
    const [row] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, placed.id));
    expect(row?.status).toBe('GENERATED');
  });

  it('accepts, readies and delivers an order, recording each move and telling the follow-up', async () => {
    const placed = await placeTakeAway();
    const accepted = await move(owner, placed.id, {
      status: 'ACCEPTED',
      expectedStatus: 'GENERATED',
      preparationMinutes: 25,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'ACCEPTED',
      preparationMinutes: 25,
      nextStatuses: ['READY', 'CANCELED'],
    });
    expect((await move(cook, placed.id, { status: 'READY' })).body.status).toBe('READY');
    expect((await move(cook, placed.id, { status: 'DELIVERED' })).body.status).toBe('DELIVERED');
    const followUp = await getJson(test.app, `/api/diner/donmateo-palermo/order/${placed.code}`);
    expect(followUp.body.status).toBe('DELIVERED');
    const events = await test.database.db
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, placed.id), eq(t.statusEvents.entity, 'ORDER')))
      .orderBy(t.statusEvents.id);
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actor])).toEqual([
      [null, 'GENERATED', 'DINER'],
      ['GENERATED', 'ACCEPTED', 'STAFF'],
      ['ACCEPTED', 'READY', 'STAFF'],
      ['READY', 'DELIVERED', 'STAFF'],
    ]);
    expect(events[1]?.staffId).not.toBeNull();
  });

  it('answers 409 in Spanish for an illegal move, a stale status, or a finished order', async () => {
    const placed = await placeTakeAway();
    const skip = await move(owner, placed.id, { status: 'DELIVERED' });
    expectApiError(skip, 409, 'TRANSITION_NOT_ALLOWED');
    expect(skip.body.message).toBe('Un pedido en estado "Nuevo" no puede pasar a "Entregado".');
    const stale = await move(owner, placed.id, { status: 'READY', expectedStatus: 'ACCEPTED' });
    expectApiError(stale, 409, 'ORDER_STATUS_CHANGED');
    await move(owner, placed.id, { status: 'CANCELED', reason: 'Sin stock de un producto' });
    const again = await move(owner, placed.id, { status: 'ACCEPTED' });
    expect(again.body.message).toBe('Este pedido ya está terminado y no puede cambiar de estado.');
  });

  it('refuses bad bodies with 400: unknown status, no cancel reason, a preparation time out of range', async () => {
    const placed = await placeTakeAway();
    for (const body of [
      { status: 'FLYING' },
      { status: 'CANCELED' },
      { status: 'ACCEPTED', preparationMinutes: 0 },
      { status: 'ACCEPTED', extra: 1 },
    ]) {
      expectApiError(await move(owner, placed.id, body), 400);
    }
    expect((await move(owner, placed.id, { status: 'CANCELED' })).body.message).toBe(
      'Indica el motivo de la cancelación.',
    );
    expectApiError(await move(owner, 999999, { status: 'ACCEPTED' }), 404);
    expectApiError(
      await asStaff(test.app, owner, 'PUT', '/api/console/orders/abc/status', { status: 'ACCEPTED' }),
      400,
    );
  });

  it('lets exactly one of two staff accepting at once move the order; the other gets 409', async () => {
    for (let round = 0; round < 5; round++) {
      const placed = await placeTakeAway();
      const answers = await Promise.all([
        move(owner, placed.id, { status: 'ACCEPTED', expectedStatus: 'GENERATED' }),
        move(cook, placed.id, { status: 'ACCEPTED', expectedStatus: 'GENERATED' }),
        move(owner, placed.id, { status: 'ACCEPTED' }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const accepts = await test.database.db
        .select()
        .from(t.statusEvents)
        .where(
          and(
            and(eq(t.statusEvents.orderId, placed.id), eq(t.statusEvents.entity, 'ORDER')),
            eq(t.statusEvents.toStatus, 'ACCEPTED'),
          ),
        );
      expect(accepts).toHaveLength(1);
    }
  });

  it('credits the points on delivery exactly once, even when delivered twice at once', async () => {
    const before = await balanceOf(LUCIA);
    const placed = await placeTakeAway({ phone: LUCIA });
    const [order] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, placed.id));
    const earned = order?.earnedPoints ?? 0;
    expect(earned).toBeGreaterThan(0);
    expect(await balanceOf(LUCIA)).toBe(before);
    await move(owner, placed.id, { status: 'ACCEPTED' });
    await move(owner, placed.id, { status: 'READY' });
    const answers = await Promise.all([
      move(owner, placed.id, { status: 'DELIVERED', expectedStatus: 'READY' }),
      move(cook, placed.id, { status: 'DELIVERED', expectedStatus: 'READY' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(LUCIA)).toBe(before + earned);
    const ledger = await test.database.db
      .select()
      .from(t.loyaltyPointsLedger)
      .where(eq(t.loyaltyPointsLedger.orderId, placed.id));
    expect(ledger.map((row) => [row.reason, row.amount, row.postBalance])).toEqual([
      ['EARNED', earned, before + earned],
    ]);
    const followUp = await getJson(test.app, `/api/diner/donmateo-palermo/order/${placed.code}`);
    expect(followUp.body.loyaltyInfo.earnedPoints).toBe(earned);
  });

  it('gives a cancelled order its redeemed points back once, and earns nothing for it', async () => {
    const before = await balanceOf(LUCIA);
    const placed = await placeTakeAway({ phone: LUCIA, redeemedPoints: 500 });
    expect(await balanceOf(LUCIA)).toBe(before - 500);
    const answers = await Promise.all([
      move(owner, placed.id, {
        status: 'CANCELED',
        reason: 'El local está por cerrar',
        expectedStatus: 'GENERATED',
      }),
      move(cook, placed.id, { status: 'CANCELED', reason: 'Pedido duplicado', expectedStatus: 'GENERATED' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(LUCIA)).toBe(before);
    const reasons = (
      await test.database.db
        .select()
        .from(t.loyaltyPointsLedger)
        .where(eq(t.loyaltyPointsLedger.orderId, placed.id))
    ).map((row) => [row.reason, row.amount]);
    expect(reasons).toEqual([
      ['REDEEMED', -500],
      ['REDEMPTION_RETURNED', 500],
    ]);
    const card = answers.find((a) => a.status === 200)?.body;
    expect(card.cancelReason).toMatch(/El local está por cerrar|Pedido duplicado/);
  });

  it('asks for a rider for an accepted delivery once, and the tracking page sees it looking for one', async () => {
    const res = await postOrder(
      test.app,
      buildOrder(delivery, {
        dishes: [{ plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], quantity: 2 }],
        payment: 'CASH',
        paysWith: 100000,
        destination: PALERMO_ADDRESS,
        deliveryFee: 1500,
        serviceFee: { userFee: 300, percentageUserFee: 0.02 },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, code } = res.body.data;
    const early = await asStaff(test.app, owner, 'POST', `/api/console/orders/${id}/shipment`);
    expectApiError(early, 409);
    expect(early.body.message).toBe('Acepta el pedido antes de pedir un repartidor.');
    const accepted = await move(owner, id, { status: 'ACCEPTED' });
    expect(accepted.body.canRequestRider).toBe(true);
    const [first, second] = await Promise.all([
      asStaff(test.app, owner, 'POST', `/api/console/orders/${id}/shipment`),
      asStaff(test.app, cook, 'POST', `/api/console/orders/${id}/shipment`),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const card = first.status === 201 ? first.body : second.body;
    expect(card.shipment).toMatchObject({ status: 'LOOKING_FOR_DRIVER', riderName: null });
    expect(card.canRequestRider).toBe(false);
    const tracking = await getJson(test.app, `/api/logisticsorder/tracking/donmateo-palermo/${code}`);
    expect(tracking.status).toBe(200);
    expect(tracking.body.status).toBe('LOOKING_FOR_DRIVER');

    // cancelling the order withdraws its shipment
    await move(owner, id, { status: 'CANCELED', reason: 'El cliente pidió cancelar' });
    const shipments = await test.database.db
      .select({ status: t.shipments.status })
      .from(t.shipments)
      .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
      .where(eq(t.logisticsOrders.orderId, id));
    expect(shipments).toEqual([{ status: 'DRIVER_CANCELED' }]);

    const placed = await placeTakeAway();
    await move(owner, placed.id, { status: 'ACCEPTED' });
    const takeAwayRider = await asStaff(test.app, owner, 'POST', `/api/console/orders/${placed.id}/shipment`);
    expect(takeAwayRider.body.message).toBe('Solo los pedidos con envío a domicilio necesitan repartidor.');
  });

  it('pauses a mode so the storefront takes no orders in it, and resumes it', async () => {
    const pause = await asStaff(test.app, owner, 'PUT', `/api/console/ordermodes/${takeAway.modeId}`, {
      orderEnabled: false,
    });
    expect(pause.body).toMatchObject({ id: takeAway.modeId, orderEnabled: false });
    const modes = (await getJson(test.app, `/api/diner/branchordermodes/${takeAway.contactId}`)).body as {
      id: number;
      orderEnabled: boolean;
    }[];
    expect(modes.find((m) => m.id === takeAway.modeId)?.orderEnabled).toBe(false);
    const refused = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }] }));
    expectApiError(refused, 409, 'ORDERING_DISABLED');
    expectApiError(
      await asStaff(test.app, kenzo, 'PUT', `/api/console/ordermodes/${takeAway.modeId}`, {
        orderEnabled: true,
      }),
      403,
    );
    expectApiError(
      await asStaff(test.app, owner, 'PUT', `/api/console/ordermodes/${takeAway.modeId}`, {
        orderEnabled: 'no',
      }),
      400,
    );
    await asStaff(test.app, owner, 'PUT', `/api/console/ordermodes/${takeAway.modeId}`, {
      orderEnabled: true,
    });
    const resumed = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }] }));
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(201);
  });

  it('streams the board first, then each new or changed order, and accepts by itself when set to', async () => {
    const stream = await SseClient.open(`${base}/api/events/console/${takeAway.contactId}`, {
      cookie: owner,
    });
    expect(stream.status).toBe(200);
    const first = await stream.event(0);
    expect(first.event).toBe('console-board');
    expect(first.data).toMatchObject({ contactId: takeAway.contactId });

    // the card of an order, whatever earlier tests' late events arrive before it
    const cardOf = async (id: number) => {
      const isIt = (e: { event: string; data: unknown }) =>
        e.event === 'console-order' && (e.data as { id: number }).id === id;
      await stream.until(() => stream.events.some(isIt));
      return stream.events.find(isIt)?.data;
    };
    const placed = await placeTakeAway();
    expect(await cardOf(placed.id)).toMatchObject({ id: placed.id, status: 'GENERATED' });

    const settings = await asStaff(
      test.app,
      owner,
      'PUT',
      `/api/console/contacts/${takeAway.contactId}/settings`,
      {
        autoAccept: true,
      },
    );
    expect(settings.body.autoAccept).toBe(true);
    const auto = await placeTakeAway();
    expect(await cardOf(auto.id)).toMatchObject({ id: auto.id, status: 'ACCEPTED' });
    const events = await test.database.db
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, auto.id), eq(t.statusEvents.entity, 'ORDER')));
    expect(events.map((e) => [e.toStatus, e.actor])).toEqual([
      ['GENERATED', 'DINER'],
      ['ACCEPTED', 'SYSTEM'],
    ]);
    await asStaff(test.app, owner, 'PUT', `/api/console/contacts/${takeAway.contactId}/settings`, {
      autoAccept: false,
    });
    stream.close();
  });

  it('marks a plate out of stock: the menu drops it and changes its hash, an order holding it is refused, and back', async () => {
    const menuUrl = `/api/diner/donmateo-palermo/menu/${takeAway.modeId}`;
    const before = (await getJson(test.app, menuUrl)).body;
    const stock = await asStaff(test.app, cook, 'GET', `/api/console/contacts/${takeAway.contactId}/plates`);
    expect(stock.status).toBe(200);
    const flan = stock.body.categories
      .flatMap((c: { plates: { id: number; showName: string }[] }) => c.plates)
      .find((p: { showName: string }) => p.showName === 'Flan casero');
    expect(flan).toMatchObject({ outOfStock: false });

    expectApiError(
      await asStaff(test.app, kenzo, 'PUT', `/api/console/plates/${flan.id}`, { outOfStock: true }),
      403,
    );
    expectApiError(
      await asStaff(test.app, cook, 'PUT', `/api/console/plates/${flan.id}`, { outOfStock: 1 }),
      400,
    );
    const out = await asStaff(test.app, cook, 'PUT', `/api/console/plates/${flan.id}`, { outOfStock: true });
    expect(out.body).toMatchObject({ id: flan.id, outOfStock: true });

    const after = (await getJson(test.app, menuUrl)).body;
    expect(after.hash).not.toBe(before.hash);
    const names = after.categories.flatMap((c: { plates: { showName: string }[] }) =>
      c.plates.map((p) => p.showName),
    );
    expect(names).not.toContain('Flan casero');
    const refused = await postOrder(test.app, buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }] }));
    expectApiError(refused, 409, 'ITEM_UNAVAILABLE');
    expect(refused.body.message).toBe(
      'Flan casero ya no está disponible. Quitalo del pedido para continuar.',
    );

    await asStaff(test.app, cook, 'PUT', `/api/console/plates/${flan.id}`, { outOfStock: false });
    expect((await getJson(test.app, menuUrl)).body.hash).toBe(before.hash);
  });

  it('stacks a rider request with a waiting one going the same way, so one rider takes both', async () => {
    const placeDelivery = async (destination: typeof PALERMO_ADDRESS) => {
      const res = await postOrder(
        test.app,
        buildOrder(delivery, {
          dishes: [{ plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], quantity: 2 }],
          payment: 'CASH',
          paysWith: 100000,
          destination,
          deliveryFee: 1500,
          serviceFee: { userFee: 300, percentageUserFee: 0.02 },
        }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await move(owner, res.body.data.id, { status: 'ACCEPTED' });
      return res.body.data.id as number;
    };
    const first = await placeDelivery(PALERMO_ADDRESS);
    const second = await placeDelivery({ ...PALERMO_ADDRESS, number: '3150', lat: -34.5861, lng: -58.4109 });
    await asStaff(test.app, owner, 'POST', `/api/console/orders/${first}/shipment`);
    const stacked = await asStaff(test.app, owner, 'POST', `/api/console/orders/${second}/shipment`);
    expect(stacked.status).toBe(201);
    const stackId = stacked.body.shipment.shipmentStackId;
    expect(stackId).toEqual(expect.any(Number));
    const board = await asStaff(test.app, owner, 'GET', `/api/console/contacts/${delivery.contactId}/orders`);
    const firstCard = board.body.orders.find((o: { id: number }) => o.id === first);
    expect(firstCard.shipment.shipmentStackId).toBe(stackId);
    const inStack = await test.database.db
      .select()
      .from(t.shipments)
      .where(eq(t.shipments.shipmentStackId, stackId));
    expect(inStack.length).toBeLessThanOrEqual(4);
    expect(new Set(inStack.map((row) => row.stackingOrder)).size).toBe(inStack.length);
    expect(inStack.every((row) => row.status === 'LOOKING_FOR_DRIVER')).toBe(true);
  });

  it("records who took an order by phone through the storefront, only for the staff of the order's branch", async () => {
    const payload = buildOrder(takeAway, { dishes: [{ plate: 'Flan casero' }], phone: '+5491155550999' });
    const byPhone = await test.app.inject({
      method: 'POST',
      url: '/api/order',
      payload,
      headers: { cookie: cook },
    });
    expect(byPhone.statusCode).toBe(201);
    const id = byPhone.json().data.id as number;
    const card = (
      await asStaff(test.app, owner, 'GET', `/api/console/contacts/${takeAway.contactId}/orders`)
    ).body.orders.find((o: { id: number }) => o.id === id);
    expect(card.source).toBe('STAFF');
    const [created] = await test.database.db
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, id), eq(t.statusEvents.entity, 'ORDER')));
    expect(created).toMatchObject({ actor: 'STAFF', toStatus: 'GENERATED' });
    expect(created?.staffId).not.toBeNull();

    // another branch's session, or a forged one, is just a diner
    for (const cookie of [kenzo, 'staff_session=forged']) {
      const res = await test.app.inject({ method: 'POST', url: '/api/order', payload, headers: { cookie } });
      expect(res.statusCode).toBe(201);
      const [event] = await test.database.db
        .select()
        .from(t.statusEvents)
        .where(
          and(eq(t.statusEvents.orderId, res.json().data.id as number), eq(t.statusEvents.entity, 'ORDER')),
        );
      expect(event).toMatchObject({ actor: 'DINER', staffId: null });
    }
  });
});
