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
import { asRider, registerRider } from '../../../test/riders.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const LUCIA = '+5491155550101';

describe.each(databaseKinds)('rider shipments (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let delivery: OrderContext;
  let riderA: { id: number; token: string };
  let riderB: { id: number; token: string };
  let kenzoRider: { id: number; token: string };
  let seq = 0;

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
    riderA = await registerRider(test.app, delivery.contactId, '+5491160000101', 'Ana Rider', '10.7.0.1');
    riderB = await registerRider(test.app, delivery.contactId, '+5491160000102', 'Beto Rider', '10.7.0.2');
    const kenzo = (await getJson(test.app, '/api/diner/kenzo-nunez')).body.info.id as number;
    // Kenzo has no security code of its own in the demo: its rider is made directly
    const [row] = await test.database.db
      .insert(t.riders)
      .values({ branchContactId: kenzo, name: 'Kenzo Rider', phone: '+5491160000199', active: true })
      .returning();
    const { issueRiderToken } = await import('../rider/auth.ts');
    kenzoRider = {
      id: row?.id as number,
      token: await issueRiderToken(test.database.db, row?.id as number, new Date()),
    };
  });
  afterAll(() => test.close());

  /** A delivery order accepted by the shop with a rider requested; answers its ids and delivery code. */
  async function dispatched(options: { phone?: string; lat?: number } = {}) {
    seq += 1;
    const res = await postOrder(
      test.app,
      buildOrder(delivery, {
        dishes: [{ plate: 'Muzzarella', size: 'Grande', garnishes: ['Integral', 'Jamón'], quantity: 2 }],
        payment: 'CASH',
        paysWith: 100000,
        // each order far from the others' way, so none is stacked
        destination: { ...PALERMO_ADDRESS, lat: options.lat ?? -34.5865 - seq * 0.0001 },
        deliveryFee: 1500,
        serviceFee: { userFee: 300, percentageUserFee: 0.02 },
        ...(options.phone ? { phone: options.phone, customerName: 'Lucía Fernández' } : {}),
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const orderId = res.body.data.id as number;
    await asStaff(test.app, owner, 'PUT', `/api/console/orders/${orderId}/status`, { status: 'ACCEPTED' });
    const card = await asStaff(test.app, owner, 'POST', `/api/console/orders/${orderId}/shipment`);
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const [shipment] = await test.database.db
      .select()
      .from(t.shipments)
      .where(eq(t.shipments.id, card.body.shipment.id));
    // stand alone, whatever the demo's waiting shipments
    await test.database.db
      .update(t.shipments)
      .set({ shipmentStackId: null })
      .where(eq(t.shipments.id, card.body.shipment.id));
    return {
      orderId,
      code: res.body.data.code as string,
      shipmentId: card.body.shipment.id as number,
      securityCode: shipment?.securityCode as string,
    };
  }

  const move = (token: string, shipmentId: number, status: string, extra: object = {}) =>
    asRider(test.app, token, 'PUT', `/api/shipments/${shipmentId}`, { status, id: shipmentId, ...extra });

  it("lists the contact's shipments looking for a driver, without the recipient", async () => {
    const { shipmentId, code } = await dispatched();
    const list = await asRider(
      test.app,
      riderA.token,
      'GET',
      `/api/shipments?branchContactId=${delivery.contactId}&status=LOOKING_FOR_DRIVER&providerName=OWN_FLEET`,
    );
    expect(list.status).toBe(200);
    const entry = list.body.shipments.find((s: { id: number }) => s.id === shipmentId);
    expect(entry).toMatchObject({
      status: 'LOOKING_FOR_DRIVER',
      sliderLabel: 'Aceptar envío',
      nextStatus: 'ON_ROUTE_TO_PICK_UP',
      lostAuction: false,
      logisticsOrder: { orderRef: `…${code.slice(-3)}`, recipient: null },
    });
    expect(entry.stops.map((s: { letter: string }) => s.letter)).toEqual(['A', 'B']);
    // nothing that opens the diner's tracking page (name, address, delivery code) reaches a rider
    expect(JSON.stringify(list.body)).not.toContain(code);
    expect(JSON.stringify(entry)).not.toContain('"securityCode"');
    expect(JSON.stringify(entry)).not.toContain('tracking');
  });

  it("keeps riders to their own contact's fleet (403 with the spec text)", async () => {
    const { shipmentId } = await dispatched();
    const other = await asRider(
      test.app,
      kenzoRider.token,
      'GET',
      `/api/shipments?branchContactId=${delivery.contactId}`,
    );
    expectApiError(other, 403);
    expect(other.body.message).toBe('No tienes permisos para ver los envíos');
    expectApiError(await asRider(test.app, kenzoRider.token, 'GET', `/api/shipments/${shipmentId}`), 403);
    expectApiError(await move(kenzoRider.token, shipmentId, 'ON_ROUTE_TO_PICK_UP'), 403);
    expectApiError(await asRider(test.app, 'no-such-token', 'GET', `/api/shipments/${shipmentId}`), 401);
  });

  it('gives the shipment to exactly one of 20 riders accepting at once; the others lose the auction', async () => {
    const riders = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        registerRider(
          test.app,
          delivery.contactId,
          `+54911600020${String(i).padStart(2, '0')}`,
          `Rider ${i}`,
          `10.8.${i}.1`,
        ),
      ),
    );
    for (let round = 0; round < 3; round++) {
      const { shipmentId } = await dispatched();
      const answers = await Promise.all(riders.map((r) => move(r.token, shipmentId, 'ON_ROUTE_TO_PICK_UP')));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners).toHaveLength(1);
      const losers = answers.filter((a) => a.status !== 200);
      expect(losers.every((a) => a.status === 409 && a.body.code === 'SHIPMENT_TAKEN')).toBe(true);
      expect(losers[0]?.body.message).toBe('Otro repartidor ya tomó este envío.');
      const winner = riders[answers.findIndex((a) => a.status === 200)];
      const [row] = await test.database.db.select().from(t.shipments).where(eq(t.shipments.id, shipmentId));
      expect(row?.riderId).toBe(winner?.id);
      // a loser sees the lost auction, without the details
      const loser = riders.find((r) => r.id !== winner?.id);
      const seen = await asRider(test.app, loser?.token as string, 'GET', `/api/shipments/${shipmentId}`);
      expect(seen.body).toMatchObject({ lostAuction: true, canShowDetails: false, nextStatus: null });
      expect(seen.body.logisticsOrder.recipient).toBeNull();
      // the winner gives it up so the riders are free for the next round
      expect((await move(winner?.token as string, shipmentId, 'DRIVER_CANCELED')).body.status).toBe(
        'DRIVER_CANCELED',
      );
    }
  });

  it('walks a shipment step by step to the door, checks the delivery code, and the order follows with points once', async () => {
    const before = (
      await getJson(
        test.app,
        `/api/orderingcustomer/${encodeURIComponent(LUCIA)}?branchId=${delivery.branchId}`,
        { cookie: await dinerCookie(test.database, LUCIA) },
      )
    ).body.loyaltyPointsBalance as number;
    const { shipmentId, orderId, code, securityCode } = await dispatched({ phone: LUCIA });
    const taken = await move(riderA.token, shipmentId, 'ON_ROUTE_TO_PICK_UP');
    expect(taken.body).toMatchObject({
      status: 'ON_ROUTE_TO_PICK_UP',
      sliderLabel: 'En el local',
      canCancel: true,
    });
    // the diner's first name and phone, while the rider carries it; never the code or the tracking link
    expect(taken.body.logisticsOrder.recipient).toEqual({ name: 'Lucía', phone: LUCIA });
    expect(JSON.stringify(taken.body)).not.toContain(code);
    // as a value: four random digits may well appear inside the phone or an amount
    expect(JSON.stringify(taken.body)).not.toContain(`"${securityCode}"`);
    expect(JSON.stringify(taken.body)).not.toMatch(/securityCode/i);
    expect((await asRider(test.app, riderA.token, 'GET', '/api/shipments/rider')).body.shipment.id).toBe(
      shipmentId,
    );
    // the order's shipments, for the rider who carries them only (issue 28)
    const ofOrder = await asRider(test.app, riderA.token, 'GET', `/api/shipments/order/${orderId}`);
    expect(ofOrder.status).toBe(200);
    expect(ofOrder.body.map((shipment: { id: number }) => shipment.id)).toEqual([shipmentId]);
    expect(JSON.stringify(ofOrder.body)).not.toContain(`"${securityCode}"`);
    expect(JSON.stringify(ofOrder.body)).not.toMatch(/securityCode/i);
    expectApiError(await asRider(test.app, riderB.token, 'GET', `/api/shipments/order/${orderId}`), 404);
    expectApiError(await asRider(test.app, riderA.token, 'GET', '/api/shipments/order/abc'), 400);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/shipments/order/${orderId}` })).statusCode,
    ).toBe(401);

    // another rider cannot move it, nor can its rider skip a step
    const foreign = await move(riderB.token, shipmentId, 'IN_STORE');
    expect(foreign.status, JSON.stringify(foreign.body)).toBe(403);
    const skip = await move(riderA.token, shipmentId, 'DELIVERED', { securityCode });
    expectApiError(skip, 409);
    expect(skip.body.message).toBe('Hubo un error pasando el envío de estado...');

    expect((await move(riderA.token, shipmentId, 'IN_STORE')).body.sliderLabel).toBe('En camino al cliente');
    const leaving = await move(riderA.token, shipmentId, 'ON_ROUTE_TO_DROP_OFF');
    expect(leaving.body.sliderLabel).toBe('Entregado');
    const [order] = await test.database.db.select().from(t.orders).where(eq(t.orders.id, orderId));
    expect(order?.status).toBe('READY');
    const tracking = await getJson(test.app, `/api/logisticsorder/tracking/donmateo-palermo/${code}`);
    expect(tracking.body.rider).toMatchObject({ name: 'Ana Rider' });
    expect(tracking.body.eta).toMatchObject({ minEta: expect.any(String), maxEta: expect.any(String) });

    const wrongCode = '0000' === securityCode ? '1111' : '0000';
    const wrong = await move(riderA.token, shipmentId, 'DELIVERED', { securityCode: wrongCode });
    expectApiError(wrong, 400, 'DELIVERY_CODE_WRONG');
    const both = await Promise.all([
      move(riderA.token, shipmentId, 'DELIVERED', { securityCode }),
      move(riderA.token, shipmentId, 'DELIVERED', { securityCode }),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    const followUp = await getJson(test.app, `/api/diner/donmateo-palermo/order/${code}`);
    expect(followUp.body.status).toBe('DELIVERED');
    const after = (
      await getJson(
        test.app,
        `/api/orderingcustomer/${encodeURIComponent(LUCIA)}?branchId=${delivery.branchId}`,
        { cookie: await dinerCookie(test.database, LUCIA) },
      )
    ).body.loyaltyPointsBalance as number;
    expect(after - before).toBe(followUp.body.loyaltyInfo.earnedPoints);
    expect(after).toBeGreaterThan(before);
    const events = await test.database.db
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, orderId), eq(t.statusEvents.entity, 'ORDER')));
    expect(events.filter((e) => e.actor === 'RIDER').map((e) => e.toStatus)).toEqual(['READY', 'DELIVERED']);
    expect((await asRider(test.app, riderA.token, 'GET', '/api/shipments/rider')).body).toEqual({
      shipment: null,
      stack: null,
    });
  });

  it('locks a shipment after 5 wrong delivery codes, the right one too, for 15 minutes', async () => {
    const { shipmentId, securityCode } = await dispatched();
    for (const status of ['ON_ROUTE_TO_PICK_UP', 'IN_STORE', 'ON_ROUTE_TO_DROP_OFF'])
      expect((await move(riderB.token, shipmentId, status)).status).toBe(200);
    const wrongCode = securityCode === '9999' ? '8888' : '9999';
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () =>
        move(riderB.token, shipmentId, 'DELIVERED', { securityCode: wrongCode }),
      ),
    );
    // every guess is answered 400 or 429, and no more than 5 (plus those already in flight) are judged
    expect(guesses.every((g) => g.status === 400 || g.status === 429)).toBe(true);
    const locked = await move(riderB.token, shipmentId, 'DELIVERED', { securityCode });
    expectApiError(locked, 429, 'DELIVERY_CODE_LOCKED');
    expect(locked.body.message).toBe(
      'Demasiadas claves incorrectas para este envío. Confirmá la clave con el cliente y probá de nuevo en 15 minutos, o llamá al local.',
    );
    const [row] = await test.database.db.select().from(t.shipments).where(eq(t.shipments.id, shipmentId));
    expect(row?.status).toBe('ON_ROUTE_TO_DROP_OFF');
    // the rider gives it up, free for the next test
    expect((await move(riderB.token, shipmentId, 'DRIVER_CANCELED')).status).toBe(200);
  });

  it('takes a whole stack at once and delivers its drop-offs one by one', async () => {
    const first = await dispatched({ lat: -34.5862 });
    const second = await dispatched({ lat: -34.58615 });
    const [stack] = await test.database.db
      .insert(t.shipmentStacks)
      .values({ branchContactId: delivery.contactId })
      .returning();
    for (const [i, s] of [first, second].entries())
      await test.database.db
        .update(t.shipments)
        .set({ shipmentStackId: stack?.id, stackingOrder: i + 1 })
        .where(eq(t.shipments.id, s.shipmentId));
    const stacks = await asRider(
      test.app,
      riderB.token,
      'GET',
      `/api/shipmentstacks?status=LOOKING_FOR_DRIVER&delivery_provider_name=OWN_FLEET`,
    );
    expect(stacks.body.map((s: { id: number }) => s.id)).toContain(stack?.id);
    const url = `/api/stacking/${stack?.id}`;
    const [won, lost] = await Promise.all([
      asRider(test.app, riderB.token, 'PUT', url, { status: 'ON_ROUTE_TO_PICK_UP' }),
      asRider(test.app, riderA.token, 'PUT', url, { status: 'ON_ROUTE_TO_PICK_UP' }),
    ]);
    expect([won.status, lost.status].sort()).toEqual([200, 409]);
    const holder = won.status === 200 ? riderB : riderA;
    await asRider(test.app, holder.token, 'PUT', url, { status: 'IN_STORE' });
    const out = await asRider(test.app, holder.token, 'PUT', url, { status: 'ON_ROUTE_TO_DROP_OFFS' });
    expect(out.body.shipments.every((s: { status: string }) => s.status === 'ON_ROUTE_TO_DROP_OFFS')).toBe(
      true,
    );
    expect(out.body.stops.map((s: { letter: string }) => s.letter)).toEqual(['A', 'B', 'C']);
    const one = await asRider(test.app, holder.token, 'PUT', url, {
      status: 'DELIVERED',
      id: first.shipmentId,
      securityCode: first.securityCode,
    });
    expect(one.body.shipments[0]).toMatchObject({ id: first.shipmentId, status: 'DELIVERED' });
    expect(one.body.finished).toBe(false);
    const last = await asRider(test.app, holder.token, 'PUT', url, {
      status: 'DELIVERED',
      id: second.shipmentId,
      securityCode: second.securityCode,
    });
    expect(last.body.finished).toBe(true);
  });
});
