import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { asRider, RIDER_CODE } from '../../../test/riders.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

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

  it("ends a shift with the code, after which the shift's token is refused; a new shift gives a new one", async () => {
    const sofia = (
      await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=91160000002`)
    ).body;
    const start = await send('PUT', `/api/rider/${sofia.id}/updatewithcode`, {
      active: true,
      securityCode: RIDER_CODE,
      riderUser: { branchContact: { id: contactId } },
    });
    expect(start.status).toBe(200);
    expect(start.body.active).toBe(true);
    const token = start.body.token as string;
    expect((await asRider(test.app, token, 'GET', '/api/whoami')).status).toBe(200);

    const end = await send('PUT', `/api/rider/${sofia.id}/updatewithcode`, {
      active: false,
      securityCode: RIDER_CODE,
      riderUser: { branchContact: { id: contactId } },
    });
    expect(end.body).toMatchObject({ active: false, token: null });
    expectApiError(await asRider(test.app, token, 'GET', '/api/whoami'), 401);
    expectApiError(await asRider(test.app, token, 'GET', `/api/shipments?branchContactId=${contactId}`), 401);
    const wrong = await send('PUT', `/api/rider/${sofia.id}/updatewithcode`, {
      active: true,
      securityCode: '9999',
      riderUser: { branchContact: { id: contactId } },
    });
    expectApiError(wrong, 400, 'SECURITY_CODE_WRONG');
  });

  it('limits code failures per contact whatever the address, and attempts per address', async () => {
    const other = (await idsOf(test.app, 'kenzo-nunez')).contactId;
    const body = (code: string) => ({
      active: true,
      securityCode: code,
      riderUser: { branchContact: { id: other } },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await send('PUT', '/api/rider/1/updatewithcode', body(`bad${i}`), `10.5.0.${i}`)).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
    const perAddress: number[] = [];
    for (let i = 0; i < 21; i++)
      perAddress.push(
        (await getJson(test.app, `/api/rider/bc/phone?branchContactId=${contactId}&phone=9116000000${i % 3}`))
          .status,
      );
    expect(perAddress).toContain(429);
  });
});
