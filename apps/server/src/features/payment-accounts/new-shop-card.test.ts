/**
 * A shop opened at /console/registro offers an online card as soon as its owner connects a payment
 * account: 'Tarjeta online' joins its payment types in every mode, and leaves the storefront again when
 * the account is disconnected (the type stays for the owner; the storefront offers it only with an account).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const NEW_SHOP = {
  businessName: 'Café Lumbre',
  alias: 'cafe-lumbre',
  shopName: 'Café Lumbre Almagro',
  country: 'ar',
  whatsAppPhone: '11 5555-0177',
  address: { street: 'Av. Rivadavia', number: '3900', city: 'CABA' },
  location: { lat: -34.6105, lng: -58.4203 },
  owner: { name: 'Julia Paz', email: 'julia@cafelumbre.com.ar', password: 'cortado2026' },
};

describe.each(databaseKinds)('a new shop’s online card (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let contactId: number;

  beforeAll(async () => {
    test = await createTestApp(kind);
    const res = await test.app.inject({ method: 'POST', url: '/api/console/signup', payload: NEW_SHOP });
    expect(res.statusCode, res.body).toBe(201);
    owner = `staff_session=${res.cookies.find((c) => c.name === 'staff_session')?.value}`;
    contactId = res.json().contactId;
  });
  afterAll(() => test.close());

  const call = async (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await test.app.inject({
      method,
      url,
      headers: { cookie: owner },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.body ? res.json() : null };
  };
  const shop = async () => (await call('GET', '/api/console/shop')).body[0];

  it('has no account and no online card after signing up', async () => {
    expect((await call('GET', '/api/console/payments/account')).body.account).toBeNull();
    expect((await shop()).paymentTypes.map((p: { paymentMethod: string }) => p.paymentMethod)).not.toContain(
      'CARD',
    );
  });

  it('offers "Tarjeta online" in every mode once an account is connected, and logs it', async () => {
    expect(
      (await call('PUT', `/api/console/shop/${contactId}/modes`, { types: ['TAKE_AWAY', 'TABLE'] })).status,
    ).toBe(200);
    const connected = await call('PUT', '/api/console/payments/account/sandbox', {});
    expect(connected.status).toBe(200);
    expect(connected.body.account).toMatchObject({ provider: 'SANDBOX' });
    expect((await shop()).paymentTypes).toContainEqual({
      paymentMethod: 'CARD',
      showName: 'Tarjeta online',
      active: true,
    });
    // in both of its modes
    const links = await test.database.db
      .select({ mode: t.orderModes.type })
      .from(t.orderModePaymentTypes)
      .innerJoin(t.orderModes, eq(t.orderModes.id, t.orderModePaymentTypes.orderModeId))
      .innerJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orderModePaymentTypes.paymentTypeId))
      .where(and(eq(t.orderModes.branchContactId, contactId), eq(t.paymentTypes.paymentMethod, 'CARD')));
    expect(links.map((l) => l.mode).sort()).toEqual(['TABLE', 'TAKE_AWAY']);
    const log = (await call('GET', '/api/console/changes')).body;
    expect(log[0]).toMatchObject({
      area: 'PAYMENTS',
      summary: "Conectó Pagos de prueba (sandbox) (sandbox); 'Tarjeta online' en 1 tienda",
    });
  });

  it('connecting again adds no second card', async () => {
    await call('DELETE', '/api/console/payments/account');
    await call('PUT', '/api/console/payments/account/sandbox', {});
    const cards = (await shop()).paymentTypes.filter(
      (p: { paymentMethod: string }) => p.paymentMethod === 'CARD',
    );
    expect(cards).toHaveLength(1);
  });
});
