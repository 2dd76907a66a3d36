import { type OrderDestination, OrderingCustomerSchema } from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerIdOf, DEMO_DINER_PHONE, dinerCookie } from '../../../test/diners.ts';
import { getJson } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const LUCIA = DEMO_DINER_PHONE;
const DELIVERY_FEES = { serviceFee: { userFee: 300, percentageUserFee: 0.02 }, deliveryFee: 1200 };

describe.each(databaseKinds)('customer profiles per business on %s', (kind) => {
  let test: TestApp;
  let palermo: OrderContext;
  let kenzo: OrderContext;
  let asLucia: Record<string, string>;

  const lookup = async (phone: string, branchId: number, headers: Record<string, string> = asLucia) => {
    const res = await getJson(
      test.app,
      `/api/orderingcustomer/${encodeURIComponent(phone)}?branchId=${branchId}`,
      headers,
    );
    expect(res.status).toBe(200);
    return OrderingCustomerSchema.parse(res.body);
  };
  const deliver = (
    options: { phone?: string; customerName?: string; destination?: OrderDestination } = {},
    headers: Record<string, string> = asLucia,
  ) =>
    postOrder(
      test.app,
      buildOrder(palermo, {
        dishes: [{ plate: 'Fugazzeta' }],
        payment: 'TRANSFER',
        phone: options.phone ?? LUCIA,
        customerName: options.customerName ?? 'Lucía Fernández',
        destination: options.destination ?? PALERMO_ADDRESS,
        ...DELIVERY_FEES,
      }),
      headers,
    );
  const addressesOf = async (phone: string) => {
    const customerId = await customerIdOf(test.database, phone);
    return test.database.db
      .select()
      .from(t.customerAddresses)
      .where(eq(t.customerAddresses.customerId, customerId ?? 0));
  };

  beforeAll(async () => {
    test = await createTestApp(kind);
    palermo = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
    kenzo = await orderContext(test.app, 'kenzo-nunez', 'Take Away');
    asLucia = { cookie: await dinerCookie(test.database, LUCIA) };
  });
  afterAll(() => test.close());

  it('keeps what one business knows of a diner when the diner orders at another under another name', async () => {
    const before = await lookup(LUCIA, palermo.branchId);
    expect(before).toMatchObject({ name: 'Lucía Fernández', optIn: true, loyaltyPointsBalance: 2400 });

    const payload = buildOrder(kenzo, { dishes: [{ plate: 'Nigiri de salmón' }], phone: LUCIA });
    const res = await postOrder(test.app, { ...payload, customerName: 'Lu', optIn: false }, asLucia);
    expect(res.status).toBe(201);

    expect(await lookup(LUCIA, kenzo.branchId)).toEqual({
      optIn: false,
      addressesRegistered: [],
      name: 'Lu',
      phone: LUCIA,
      loyaltyPointsBalance: 0,
    });
    expect(await lookup(LUCIA, palermo.branchId)).toEqual(before);
  });

  it('updates the profile at the business of the order: the latest name and consent, e-mail kept', async () => {
    const takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    const order = (name: string, extra: object) =>
      postOrder(test.app, {
        ...buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], phone: '+5491170000077' }),
        customerName: name,
        ...extra,
      });
    expect((await order('Ana', { customerEmail: 'ana@example.com' })).status).toBe(201);
    expect((await order('Ana María', { optIn: false })).status).toBe(201);
    const customerId = await customerIdOf(test.database, '+5491170000077');
    const [profile] = await test.database.db
      .select()
      .from(t.customerProfiles)
      .where(
        and(
          eq(t.customerProfiles.customerId, customerId ?? 0),
          eq(t.customerProfiles.branchId, palermo.branchId),
        ),
      );
    expect(profile).toMatchObject({ name: 'Ana María', email: 'ana@example.com', optIn: false });
    const profiles = await test.database.db
      .select()
      .from(t.customerProfiles)
      .where(eq(t.customerProfiles.customerId, customerId ?? 0));
    expect(profiles).toHaveLength(1);
  });

  it('remembers the delivery address of a signed-in diner at that business only, last used first', async () => {
    expect((await deliver()).status).toBe(201);
    const other = { ...PALERMO_ADDRESS, street: 'Charcas 3641', number: undefined, details: 'Timbre 2' };
    expect((await deliver({ destination: other })).status).toBe(201);

    const atPalermo = await lookup(LUCIA, palermo.branchId);
    expect(atPalermo.addressesRegistered).toEqual([
      {
        id: expect.any(Number),
        street: 'Charcas 3641',
        number: null,
        details: 'Timbre 2',
        betweenStreets: 'Agüero y Bulnes',
        city: 'CABA',
        locality: null,
        postalCode: null,
        lat: -34.5865,
        lng: -58.4105,
      },
      expect.objectContaining({ street: 'Av. Santa Fe', number: '3100', details: 'Piso 4 B' }),
    ]);
    // another business of the same diner knows nothing of them
    expect((await lookup(LUCIA, kenzo.branchId)).addressesRegistered).toEqual([]);
  });

  it('keeps one address per street, number and details, moved first when used again', async () => {
    const again = {
      ...PALERMO_ADDRESS,
      street: ' av. santa fe ',
      details: 'PISO 4 B',
      betweenStreets: 'Bulnes',
    };
    expect((await deliver({ destination: again })).status).toBe(201);
    const streets = (await lookup(LUCIA, palermo.branchId)).addressesRegistered.map((a) => [
      a.street,
      a.betweenStreets,
    ]);
    expect(streets).toEqual([
      ['Av. Santa Fe', 'Bulnes'],
      ['Charcas 3641', 'Agüero y Bulnes'],
    ]);
  });

  it('remembers nothing for an order without the phone’s own session', async () => {
    const stranger = '+5491170000088';
    expect((await deliver({ phone: stranger, customerName: 'Sin sesión' }, {})).status).toBe(201);
    expect(await addressesOf(stranger)).toEqual([]);
    // Lucía's session does not prove another phone
    const friend = '+5491170000099';
    expect((await deliver({ phone: friend, customerName: 'Amiga' })).status).toBe(201);
    expect(await addressesOf(friend)).toEqual([]);
    // nor does staff taking the order by phone
    const staff = await staffCookie(test.app, DONMATEO_OWNER);
    const called = await deliver(
      { destination: { ...PALERMO_ADDRESS, street: 'Paraguay 3500' } },
      {
        cookie: `${staff}; ${asLucia.cookie}`,
      },
    );
    expect(called.status).toBe(201);
    expect((await addressesOf(LUCIA)).map((a) => a.street)).not.toContain('Paraguay 3500');
  });

  it('answers the remembered addresses to the diner’s own session only', async () => {
    expect((await lookup(LUCIA, palermo.branchId)).addressesRegistered.length).toBeGreaterThan(0);
    const someoneElse = { cookie: await dinerCookie(test.database, '+5491155550202') };
    expect((await lookup(LUCIA, palermo.branchId, someoneElse)).addressesRegistered).toEqual([]);
    expect((await lookup(LUCIA, palermo.branchId, {})).addressesRegistered).toEqual([]);
  });
});
