import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { asRider, RIDER_CODE, registerRider } from '../../../test/riders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

describe.each(databaseKinds)('rider registration and shifts (%s)', (kind) => {
  let test: TestApp;
  let contactId: number;

  beforeAll(async () => {
    test = await createTestApp(kind);
    contactId = (await idsOf(test.app, 'donmateo-palermo')).contactId;
  });
  afterAll(() => test.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: unknown, remoteAddress = '10.0.0.1') =>
    test.app
      .inject({ method, url, payload: payload as object, remoteAddress })
      .then((res) => ({ status: res.statusCode, body: res.json(), cookies: res.cookies }));

  it('finds a registered rider by phone, in any way of writing it, and 404 for an unknown one', async () => {
    const found = await getJson(
      test.app,
      `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160000002`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      name: 'Sofía Ruiz',
      phone: '+5491160000002',
      riderUser: { branchContact: { id: contactId } },
      shipmentsUrl: expect.stringMatching(/^\/logistics\/donmateo-palermo\/rider\/\d+\/shipments$/),
    });
    expect(found.body).not.toHaveProperty('securityCode');
    expectApiError(
      await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160009999`),
      404,
    );
    expectApiError(await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=12`), 400);
  });

  it('refuses a wrong security code with the spec text, and limits the failures of a contact', async () => {
    const body = {
      name: 'Nuevo Repartidor',
      phone: '+5491160001234',
      securityCode: '0000',
      active: true,
      riderUser: { branchContact: { id: contactId } },
    };
    const wrong = await send('POST', '/api/rider/createwithcode', body, '10.0.1.1');
    expectApiError(wrong, 400, 'SECURITY_CODE_WRONG');
    expect(wrong.body.message).toBe('El código de seguridad es erróneo');
    const missing = await send('POST', '/api/rider/createwithcode', { ...body, name: '' }, '10.0.1.1');
    expect(missing.body.message).toBe('Debe completar todos los campos para continuar');
  });

  it('registers a rider and starts the shift: a token in an httpOnly cookie that whoami knows', async () => {
    const res = await send('POST', '/api/rider/createwithcode', {
      name: 'Lucas Pérez',
      phone: '9 11 6000-0077',
      securityCode: RIDER_CODE,
      active: true,
      riderUser: { branchContact: { id: contactId } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Lucas Pérez', phone: '+5491160000077', active: true });
    const cookie = res.cookies.find((c) => c.name === 'rider');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.value).toBe(res.body.token);
    const whoami = await asRider(test.app, res.body.token, 'GET', '/api/whoami');
    expect(whoami.body).toEqual({ riderId: res.body.id, name: 'Lucas Pérez', phone: '+5491160000077' });
    const byCookie = await test.app.inject({
      method: 'GET',
      url: '/api/whoami',
      headers: { cookie: `rider=${res.body.token}` },
    });
    expect(byCookie.statusCode).toBe(200);
    const again = await send('POST', '/api/rider/createwithcode', {
      name: 'Lucas Pérez',
      phone: '+5491160000077',
      securityCode: RIDER_CODE,
      active: true,
      riderUser: { branchContact: { id: contactId } },
    });
    expectApiError(again, 409, 'RIDER_EXISTS');
  });

  const sofiaId = async () =>
    (await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160000002`)).body
      .id as number;
  const shift = (id: number, body: Record<string, unknown>, cookie?: string, remoteAddress = '10.0.0.1') =>
    test.app
      .inject({
        method: 'PUT',
        url: `/api/rider/${id}/updatewithcode`,
        payload: { securityCode: RIDER_CODE, riderUser: { branchContact: { id: contactId } }, ...body },
        remoteAddress,
        ...(cookie ? { headers: { cookie } } : {}),
      })
      .then((res) => ({ status: res.statusCode, body: res.json(), cookies: res.cookies }));

  it("ends a shift with the code, after which the shift's token is refused; a new shift gives a new one", async () => {
    const id = await sofiaId();
    // her phone proves itself once (below); from then on the code alone changes her shift there
    const asked = await shift(id, { active: true });
    const proved = await shift(id, { active: true, phoneCode: asked.body.sandboxCode });
    expect(proved.status).toBe(200);
    const device = proved.cookies.find((c) => c.name === 'rider_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/rider' });
    const phone = `rider_device=${device?.value}`;

    const start = await shift(id, { active: true }, phone);
    expect(start.status).toBe(200);
    expect(start.body.active).toBe(true);
    const token = start.body.token as string;
    expect((await asRider(test.app, token, 'GET', '/api/whoami')).status).toBe(200);

    const end = await shift(id, { active: false }, phone);
    expect(end.body).toMatchObject({ active: false, token: null });
    expectApiError(await asRider(test.app, token, 'GET', '/api/whoami'), 401);
    expectApiError(await asRider(test.app, token, 'GET', `/api/shipments?branchContactId=${contactId}`), 401);
    const wrong = await shift(id, { active: true, securityCode: '9999' }, phone);
    expectApiError(wrong, 400, 'SECURITY_CODE_WRONG');
  });

  it("takes a rider's shift to a new phone only with the one-time code sent to the rider's phone", async () => {
    const martin = (
      await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160000001`)
    ).body;
    const before = await asRider(test.app, 'demo-rider-martin-gomez-palermo', 'GET', '/api/whoami');
    expect(before.status).toBe(200);

    // someone who knows the shop's code, on another phone: a code goes to Martín's phone, nothing changes
    const asked = await shift(martin.id, { active: true }, undefined, '10.7.0.1');
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      phoneCodeRequired: true,
      phoneEnding: '0001',
      channel: 'SANDBOX',
      expiresInSeconds: 600,
      resendInSeconds: 60,
      sandboxCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(asked.body).not.toHaveProperty('token');
    expect(asked.cookies.find((c) => c.name === 'rider')).toBeUndefined();
    const ending = await shift(martin.id, { active: false }, undefined, '10.7.0.1');
    expect(ending.status).toBe(429); // no second code within the minute
    expect((await asRider(test.app, 'demo-rider-martin-gomez-palermo', 'GET', '/api/whoami')).status).toBe(
      200,
    );

    const wrong = await shift(martin.id, { active: true, phoneCode: '000000' }, undefined, '10.7.0.1');
    expectApiError(wrong, 400, 'CODE_WRONG');
    expect(wrong.body.message).toBe('El código no es correcto. Te quedan 4 intentos.');
    expectApiError(await shift(martin.id, { active: true, phoneCode: '12' }, undefined, '10.7.0.1'), 400);

    // Martín himself, with the code his phone received
    const taken = await shift(
      martin.id,
      { active: true, phoneCode: asked.body.sandboxCode },
      undefined,
      '10.7.0.2',
    );
    expect(taken.status).toBe(200);
    expect(taken.body.token).toEqual(expect.any(String));
    // the code is spent
    expectApiError(
      await shift(martin.id, { active: true, phoneCode: asked.body.sandboxCode }),
      400,
      'CODE_EXPIRED',
    );
  });

  it("tells the shift and the position only to the rider's own phone", async () => {
    const url = `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160000055`;
    const registered = await send('POST', '/api/rider/createwithcode', {
      name: 'Ana Paz',
      phone: '+5491160000055',
      securityCode: RIDER_CODE,
      active: true,
      riderUser: { branchContact: { id: contactId } },
    });
    const device = registered.cookies.find((c) => c.name === 'rider_device')?.value;
    expect(device).toEqual(expect.any(String));
    const stranger = await getJson(test.app, url);
    expect(stranger.body).toMatchObject({ name: 'Ana Paz', active: null, lastLat: null, lastLng: null });
    const own = await test.app.inject({ method: 'GET', url, headers: { cookie: `rider_device=${device}` } });
    expect(own.json()).toMatchObject({ active: true });
    const bySession = await asRider(test.app, registered.body.token, 'GET', url);
    expect(bySession.body).toMatchObject({ active: true });
    // another rider's session is a stranger here
    const other = await asRider(test.app, 'demo-rider-martin-gomez-palermo', 'GET', url);
    expect(other.body.active).toBeNull();
  });

  it("fills the rider's minETA and maxETA from the deliveries under way, for the rider's own phone", async () => {
    const url = `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160000088`;
    const rider = await registerRider(test.app, contactId, '+5491160000088', 'Eva Estimada', '10.0.9.1');
    const idle = await asRider(test.app, rider.token, 'GET', url);
    expect(idle.body).toMatchObject({ name: 'Eva Estimada', active: true, minETA: null, maxETA: null });

    const { db } = test.database;
    const [shipment] = await db
      .select()
      .from(t.shipments)
      .where(eq(t.shipments.status, 'LOOKING_FOR_DRIVER'));
    if (!shipment) throw new Error('demo shipment missing');
    await db
      .update(t.shipments)
      .set({
        status: 'ON_ROUTE_TO_DROP_OFF',
        riderId: rider.id,
        minEta: new Date('2026-11-18T18:12:00Z'),
        maxEta: new Date('2026-11-18T18:25:00Z'),
      })
      .where(eq(t.shipments.id, shipment.id));
    try {
      const busy = await asRider(test.app, rider.token, 'GET', url);
      expect(busy.body).toMatchObject({
        minETA: '2026-11-18T18:12:00.000Z',
        maxETA: '2026-11-18T18:25:00.000Z',
      });
      // anyone else learns no ETA of the rider
      expect((await getJson(test.app, url)).body).toMatchObject({ active: null, minETA: null, maxETA: null });
      // a cancelled-type shipment is no delivery under way
      await db.update(t.shipments).set({ status: 'STACKING' }).where(eq(t.shipments.id, shipment.id));
      expect((await asRider(test.app, rider.token, 'GET', url)).body).toMatchObject({
        minETA: null,
        maxETA: null,
      });
    } finally {
      await db
        .update(t.shipments)
        .set({
          status: shipment.status,
          riderId: shipment.riderId,
          minEta: shipment.minEta,
          maxEta: shipment.maxEta,
        })
        .where(eq(t.shipments.id, shipment.id));
    }
  });

  it("slows down the address guessing a shop's code, and lets the shop's riders in from theirs", async () => {
    const body = (code: string, phone: string) => ({
      name: 'Nuevo Repartidor',
      phone,
      securityCode: code,
      active: true,
      riderUser: { branchContact: { id: contactId } },
    });
    const stranger = '10.5.0.66';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await send('POST', '/api/rider/createwithcode', body(`99${i}`, '+5491160005555'), stranger)).status,
      );
    // three free failures, then the stranger waits (the test clock stands still)
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
    const held = await send('POST', '/api/rider/createwithcode', body('1234', '+5491160005555'), stranger);
    expect(held.body.message).toBe('Demasiados intentos. Probá de nuevo en 1 segundo.');
    // a rider of the shop, from another address, registers with the right code
    const rider = await send(
      'POST',
      '/api/rider/createwithcode',
      body(RIDER_CODE, '+5491160005556'),
      '10.5.0.7',
    );
    expect(rider.status).toBe(201);
    const perAddress: number[] = [];
    for (let i = 0; i < 21; i++)
      perAddress.push(
        (await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=9116000000${i % 3}`))
          .status,
      );
    expect(perAddress).toContain(429);
  });
});
