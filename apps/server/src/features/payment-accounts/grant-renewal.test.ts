/**
 * A Mercado Pago authorization (180 days) is renewed before it ends, on the next payment of the shop:
 * the payment goes out with the new token and the new refresh token is kept (the old one is spent). If
 * Mercado Pago cannot renew it now, the payment still goes out with the current token.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_MP_CLIENT_ID,
  FAKE_MP_CLIENT_SECRET,
  type FakeMercadoPago,
  startFakeMercadoPago,
} from '../../../test/fake-mercado-pago.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { defaultMercadoPagoPlatform, type MercadoPagoCredentials } from '../../platform/payments/index.ts';

describe.each(databaseKinds)('renewing a shop’s Mercado Pago authorization (%s)', (kind) => {
  let fake: FakeMercadoPago;
  let test: TestApp;
  let takeAway: OrderContext;
  let caller = 0;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    test = await createTestApp(kind, {
      payments: {
        sandbox: null,
        mercadoPago: {
          ...defaultMercadoPagoPlatform(),
          baseUrl: fake.baseUrl,
          authUrl: 'https://auth.example',
          clientId: FAKE_MP_CLIENT_ID,
          clientSecret: FAKE_MP_CLIENT_SECRET,
          webhookSecret: 'platform-secret',
        },
      },
    });
    // the owner authorizes the platform on Mercado Pago and comes back with a code
    const owner = await staffCookie(test.app, DONMATEO_OWNER);
    const started = await asStaff(
      test.app,
      owner,
      'POST',
      '/api/console/payments/account/mercadopago/authorize',
      {},
    );
    const state = new URL(started.body.url).searchParams.get('state') as string;
    const back = await test.app.inject({
      method: 'GET',
      url: `/api/console/payments/mercadopago/return?code=${fake.issueCode('APP_USR-seller-7')}&state=${state}`,
      headers: { cookie: owner },
    });
    expect(back.headers.location).toBe('/console/cobros?cuenta=conectada');
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const account = async () => {
    const [row] = await test.database.db
      .select()
      .from(t.paymentAccounts)
      .where(and(eq(t.paymentAccounts.connectedVia, 'OAUTH'), isNull(t.paymentAccounts.disconnectedAt)));
    if (!row) throw new Error('no OAuth account');
    return {
      row,
      credentials: test.app.deps.payments.gateway.options.vault.open<MercadoPagoCredentials>(
        row.credentials as string,
      ),
    };
  };
  /** The authorization ends in `days` days. */
  const endsIn = async (days: number) => {
    const { row } = await account();
    await test.database.db
      .update(t.paymentAccounts)
      .set({
        expiresAt: new Date(test.app.deps.clock().getTime() + days * 86_400_000),
        updatedAt: new Date(),
      })
      .where(eq(t.paymentAccounts.id, row.id));
  };
  const placeAndPay = async () => {
    const placed = await postOrder(
      test.app,
      buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CARD', paysWith: null }),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    caller += 1;
    const paid = await test.app.inject({
      method: 'POST',
      url: '/api/order/payment',
      remoteAddress: `10.9.0.${caller}`,
      payload: {
        token: 'tok-approved',
        paymentMethodId: 'visa',
        dinerOrderId: placed.body.data.id,
        orderCode: placed.body.data.code,
        cardName: 'Lucía Fernández',
        identificationType: 'DNI',
        identificationNumber: '30123456',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return fake.requests.findLast((r) => r.path === '/v1/payments');
  };

  it('leaves an authorization with months ahead alone', async () => {
    const before = await account();
    const charge = await placeAndPay();
    expect(charge?.headers.authorization).toBe(`Bearer ${before.credentials.accessToken}`);
    expect(fake.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(1); // the connection's own
  });

  it('renews one that ends within 30 days, pays with the new token and keeps the new refresh token', async () => {
    await endsIn(5);
    const before = await account();
    const charge = await placeAndPay();
    const renewal = fake.requests.findLast((r) => r.path === '/oauth/token');
    expect(renewal?.body).toMatchObject({
      grant_type: 'refresh_token',
      refresh_token: before.credentials.refreshToken,
    });
    const after = await account();
    expect(after.credentials.accessToken).not.toBe(before.credentials.accessToken);
    expect(after.credentials.refreshToken).not.toBe(before.credentials.refreshToken);
    expect(charge?.headers.authorization).toBe(`Bearer ${after.credentials.accessToken}`);
    expect(after.row.expiresAt?.getTime()).toBeGreaterThan(
      test.app.deps.clock().getTime() + 170 * 86_400_000,
    );
  });

  it('still pays with the current token when Mercado Pago cannot renew it now', async () => {
    await endsIn(2);
    const before = await account();
    // placing the order, its link check and its payment each look the account up: away for all of them
    const away = Array.from({ length: 3 }, () => fake.failNext('/oauth/token', 503));
    const charge = await placeAndPay();
    expect(away.every((failure) => failure.used)).toBe(true);
    expect(charge?.headers.authorization).toBe(`Bearer ${before.credentials.accessToken}`);
    // nothing was spent: the next payment renews it
    expect((await account()).credentials.refreshToken).toBe(before.credentials.refreshToken);
  });
});
