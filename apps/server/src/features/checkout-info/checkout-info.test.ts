import { MESSAGES } from '@comanda/core';
import {
  FeesSchema,
  GeneralAdjustmentSchema,
  LoyaltyHistoryRowSchema,
  LoyaltyProgramAnswerSchema,
  OrderingCustomerSchema,
} from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dinerCookie } from '../../../test/diners.ts';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';

const LUCIA = '+5491155550101';
const DAY_MS = 86_400_000;
const BAD_IDS = ['abc', '-3', '0', '1.5', '99999999999'];

describe.each(databaseKinds)('checkout information on %s', (kind) => {
  let t0: TestApp;
  let palermo: Awaited<ReturnType<typeof idsOf>>;
  let belgrano: Awaited<ReturnType<typeof idsOf>>;
  let kenzo: Awaited<ReturnType<typeof idsOf>>;
  let casona: Awaited<ReturnType<typeof idsOf>>;
  const db = () => t0.database.db;
  // Lucía's verified session: only it reads her name, addresses, points and history
  let asLucia: Record<string, string>;
  const customerPath = (phone: string, branchId: number | string) =>
    `/api/orderingcustomer/${encodeURIComponent(phone)}?branchId=${branchId}`;
  const historyPath = (branchId: number | string, phone: string, query = '') =>
    `/api/branch/${branchId}/loyalty-points/history/${encodeURIComponent(phone)}${query}`;

  beforeAll(async () => {
    t0 = await createTestApp(kind);
    palermo = await idsOf(t0.app, 'donmateo-palermo');
    belgrano = await idsOf(t0.app, 'donmateo-belgrano');
    kenzo = await idsOf(t0.app, 'kenzo-nunez');
    casona = await idsOf(t0.app, 'lacasona-providencia');
    asLucia = { cookie: await dinerCookie(t0.database, LUCIA) };
  });
  afterAll(() => t0.close());

  describe('GET /api/ordermodes/{id}/fees', () => {
    it('answers the service fee of a mode in currency units', async () => {
      const res = await getJson(t0.app, `/api/ordermodes/${palermo.modeId('Delivery')}/fees`);
      expect(res.status).toBe(200);
      expect(FeesSchema.parse(res.body)).toEqual({ userFee: 300, percentageUserFee: 0.02 });
    });

    it('answers zeros for a mode without a service fee', async () => {
      const res = await getJson(t0.app, `/api/ordermodes/${palermo.modeId('Take Away')}/fees`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userFee: 0, percentageUserFee: 0 });
    });

    it('refuses malformed ids with 400 and answers 404 for unknown modes', async () => {
      for (const id of BAD_IDS) {
        expectApiError(await getJson(t0.app, `/api/ordermodes/${id}/fees`), 400, 'BAD_REQUEST');
      }
      const unknown = await getJson(t0.app, '/api/ordermodes/424242/fees');
      expectApiError(unknown, 404, 'NOT_FOUND');
      expect(unknown.body.message).toBe('No encontramos este modo de pedido.');
    });
  });

  describe('GET /api/ordermodes/{id}/generaldiscounts and /generalsurcharges', () => {
    it('answers empty lists for a mode without general discounts or surcharges', async () => {
      const id = palermo.modeId('Take Away');
      expect((await getJson(t0.app, `/api/ordermodes/${id}/generaldiscounts`)).body).toEqual([]);
      expect((await getJson(t0.app, `/api/ordermodes/${id}/generalsurcharges`)).body).toEqual([]);
    });

    it('lists the active rows, PERCENT as a ratio and FIXED in currency units', async () => {
      const orderModeId = palermo.modeId('Delivery');
      const [percent, fixed] = await db()
        .insert(t.generalDiscounts)
        .values([
          { orderModeId, name: 'Descuento web', type: 'PERCENT', value: 0.1 },
          { orderModeId, name: 'Bonificación', type: 'FIXED', value: 50_000 },
          { orderModeId, name: 'Vencido', type: 'PERCENT', value: 0.5, active: false },
        ])
        .returning({ id: t.generalDiscounts.id });
      const [packaging] = await db()
        .insert(t.generalSurcharges)
        .values([
          { orderModeId, name: 'Packaging', type: 'FIXED', value: 25_050 },
          { orderModeId, name: 'Recargo retirado', type: 'PERCENT', value: 0.05, active: false },
        ])
        .returning({ id: t.generalSurcharges.id });

      const discounts = await getJson(t0.app, `/api/ordermodes/${orderModeId}/generaldiscounts`);
      expect(discounts.status).toBe(200);
      expect(GeneralAdjustmentSchema.array().parse(discounts.body)).toEqual([
        { id: percent?.id, name: 'Descuento web', type: 'PERCENT', value: 0.1 },
        { id: fixed?.id, name: 'Bonificación', type: 'FIXED', value: 500 },
      ]);
      const surcharges = await getJson(t0.app, `/api/ordermodes/${orderModeId}/generalsurcharges`);
      expect(surcharges.status).toBe(200);
      expect(GeneralAdjustmentSchema.array().parse(surcharges.body)).toEqual([
        { id: packaging?.id, name: 'Packaging', type: 'FIXED', value: 250.5 },
      ]);
    });

    it('converts FIXED values with the currency of the mode (Chilean pesos have no decimals)', async () => {
      const orderModeId = casona.modeId('Delivery');
      await db()
        .insert(t.generalSurcharges)
        .values({ orderModeId, name: 'Envase', type: 'FIXED', value: 1500 });
      const res = await getJson(t0.app, `/api/ordermodes/${orderModeId}/generalsurcharges`);
      expect(res.body).toEqual([expect.objectContaining({ name: 'Envase', type: 'FIXED', value: 1500 })]);
    });

    it('refuses malformed ids with 400 and answers 404 for unknown or inactive modes', async () => {
      for (const list of ['generaldiscounts', 'generalsurcharges']) {
        for (const id of BAD_IDS) {
          expectApiError(await getJson(t0.app, `/api/ordermodes/${id}/${list}`), 400, 'BAD_REQUEST');
        }
        expectApiError(await getJson(t0.app, `/api/ordermodes/424242/${list}`), 404, 'NOT_FOUND');
      }
      const orderModeId = belgrano.modeId('Take Away');
      await db().update(t.orderModes).set({ active: false }).where(eq(t.orderModes.id, orderModeId));
      for (const call of ['fees', 'generaldiscounts', 'generalsurcharges']) {
        expectApiError(await getJson(t0.app, `/api/ordermodes/${orderModeId}/${call}`), 404, 'NOT_FOUND');
      }
    });
  });

  describe('GET /api/branch/{id}/loyalty-program', () => {
    it('answers the programme of a branch, naming every contact when the table lists none', async () => {
      const res = await getJson(t0.app, `/api/branch/${palermo.branchId}/loyalty-program`);
      expect(res.status).toBe(200);
      const program = LoyaltyProgramAnswerSchema.parse(res.body);
      expect(program).toEqual({
        id: expect.any(Number),
        name: 'Puntos Mateo',
        active: true,
        orderPercentage: 0.05,
        minRedeemedPoints: 500,
        maxRedeemedPoints: 5000,
        maxRedeemedPercentage: 0.3,
        supportsDiscounts: true,
        branchContactIds: [palermo.contactId, belgrano.contactId].sort((a, b) => a - b),
      });
    });

    it('keeps an explicit contact list as stored', async () => {
      await db()
        .update(t.loyaltyPrograms)
        .set({ branchContactIds: [belgrano.contactId] })
        .where(eq(t.loyaltyPrograms.branchId, belgrano.branchId));
      const res = await getJson(t0.app, `/api/branch/${belgrano.branchId}/loyalty-program`);
      expect(res.body.branchContactIds).toEqual([belgrano.contactId]);
      await db()
        .update(t.loyaltyPrograms)
        .set({ branchContactIds: [] })
        .where(eq(t.loyaltyPrograms.branchId, belgrano.branchId));
    });

    it('answers an empty object with 200 for a branch without a programme', async () => {
      const res = await getJson(t0.app, `/api/branch/${kenzo.branchId}/loyalty-program`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      expect(LoyaltyProgramAnswerSchema.safeParse(res.body).success).toBe(true);
    });

    it('refuses malformed ids with 400 and answers 404 for unknown branches', async () => {
      for (const id of BAD_IDS) {
        expectApiError(await getJson(t0.app, `/api/branch/${id}/loyalty-program`), 400, 'BAD_REQUEST');
      }
      const unknown = await getJson(t0.app, '/api/branch/424242/loyalty-program');
      expectApiError(unknown, 404, 'NOT_FOUND');
      expect(unknown.body.message).toBe('No encontramos esta sucursal.');
    });
  });

  describe('GET /api/orderingcustomer/{phone}?branchId', () => {
    it('answers a known customer with name, opt-in, addresses and the balance at that branch', async () => {
      const [customer] = await db().select().from(t.customers).where(eq(t.customers.phone, LUCIA));
      const [address] = await db()
        .insert(t.customerAddresses)
        .values({
          customerId: customer!.id,
          branchId: palermo.branchId,
          street: 'Charcas',
          number: '3641',
          details: 'Piso 4, depto. B',
          betweenStreets: 'Scalabrini Ortiz y Araoz',
          city: 'Buenos Aires',
          lat: -34.5846,
          lng: -58.416,
        })
        .returning({ id: t.customerAddresses.id });

      const res = await getJson(t0.app, customerPath(LUCIA, palermo.branchId), asLucia);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(OrderingCustomerSchema.parse(res.body)).toEqual({
        optIn: true,
        addressesRegistered: [
          {
            id: address!.id,
            street: 'Charcas',
            number: '3641',
            details: 'Piso 4, depto. B',
            betweenStreets: 'Scalabrini Ortiz y Araoz',
            city: 'Buenos Aires',
            locality: null,
            postalCode: null,
            lat: -34.5846,
            lng: -58.416,
          },
        ],
        name: 'Lucía Fernández',
        phone: LUCIA,
        loyaltyPointsBalance: 2400,
      });
    });

    it('answers only the spec’s fallback without the phone’s own verified session', async () => {
      const fallback = {
        optIn: false,
        addressesRegistered: [],
        name: null,
        phone: LUCIA,
        loyaltyPointsBalance: 0,
      };
      expect((await getJson(t0.app, customerPath(LUCIA, palermo.branchId))).body).toEqual(fallback);
      const someoneElse = { cookie: await dinerCookie(t0.database, '+5491155550202') };
      expect((await getJson(t0.app, customerPath(LUCIA, palermo.branchId), someoneElse)).body).toEqual(
        fallback,
      );
      const forged = { cookie: 'diner_session=not-a-session' };
      expect((await getJson(t0.app, customerPath(LUCIA, palermo.branchId), forged)).body).toEqual(fallback);
    });

    it('reads a phone typed without prefix in the branch country and answers it as E.164', async () => {
      const res = await getJson(t0.app, customerPath('9 11 5555-0101', palermo.branchId), asLucia);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ phone: LUCIA, name: 'Lucía Fernández', loyaltyPointsBalance: 2400 });
      const chile = await getJson(t0.app, customerPath('9 8765 4321', casona.branchId));
      expect(chile.status).toBe(200);
      expect(chile.body.phone).toBe('+56987654321');
    });

    it('does not reveal a customer to a business she never ordered from', async () => {
      const res = await getJson(t0.app, customerPath(LUCIA, kenzo.branchId), asLucia);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        optIn: false,
        addressesRegistered: [],
        name: null,
        phone: LUCIA,
        loyaltyPointsBalance: 0,
      });
    });

    it('answers the silent fallback for an unknown phone', async () => {
      const res = await getJson(t0.app, customerPath('+54 9 11 5555-9999', palermo.branchId));
      expect(res.status).toBe(200);
      expect(OrderingCustomerSchema.parse(res.body)).toEqual({
        optIn: false,
        addressesRegistered: [],
        name: null,
        phone: '+5491155559999',
        loyaltyPointsBalance: 0,
      });
    });

    it('refuses an invalid phone with the spec message', async () => {
      for (const phone of ['hola', '1234', '+54 11 1']) {
        const res = await getJson(t0.app, customerPath(phone, palermo.branchId));
        expectApiError(res, 400, 'BAD_REQUEST');
        expect(res.body.message).toBe(MESSAGES.phoneInvalid);
      }
      const stray = await getJson(t0.app, `/api/orderingcustomer/%25zz?branchId=${palermo.branchId}`);
      expectApiError(stray, 400, 'BAD_REQUEST');
    });

    it('refuses a missing or malformed branchId with 400 and answers 404 for an unknown branch', async () => {
      expectApiError(await getJson(t0.app, `/api/orderingcustomer/${encodeURIComponent(LUCIA)}`), 400);
      for (const id of BAD_IDS) expectApiError(await getJson(t0.app, customerPath(LUCIA, id)), 400);
      expectApiError(await getJson(t0.app, customerPath(LUCIA, 424242)), 404, 'NOT_FOUND');
    });
  });

  describe('GET /api/branch/{branchId}/loyalty-points/history/{customerPhone}', () => {
    it('answers the seeded movement of a customer to her verified session', async () => {
      const res = await getJson(t0.app, historyPath(palermo.branchId, LUCIA), asLucia);
      expect(res.status).toBe(200);
      expect(LoyaltyHistoryRowSchema.array().parse(res.body)).toEqual([
        {
          orderCode: null,
          createdAt: new Date(new Date(TEST_NOW).getTime() - 30 * DAY_MS).toISOString(),
          amount: 2400,
          postBalance: 2400,
        },
      ]);
    });

    it('pages the movements newest first, 20 by default and at most 50', async () => {
      const [customer] = await db().select().from(t.customers).where(eq(t.customers.phone, LUCIA));
      const start = new Date(TEST_NOW).getTime() - 29 * DAY_MS;
      await db()
        .insert(t.loyaltyPointsLedger)
        .values(
          Array.from({ length: 24 }, (_, i) => ({
            customerId: customer!.id,
            branchId: palermo.branchId,
            orderCode: `CODE${String(i + 1).padStart(2, '0')}`,
            reason: 'EARNED',
            amount: 100,
            postBalance: 2400 + 100 * (i + 1),
            createdAt: new Date(start + i * DAY_MS),
          })),
        );

      const first = await getJson(t0.app, historyPath(palermo.branchId, LUCIA), asLucia);
      expect(first.status).toBe(200);
      expect(first.body).toHaveLength(20);
      expect(first.body[0]).toEqual({
        orderCode: 'CODE24',
        createdAt: new Date(start + 23 * DAY_MS).toISOString(),
        amount: 100,
        postBalance: 4800,
      });
      expect(first.body[19].orderCode).toBe('CODE05');

      const rest = await getJson(
        t0.app,
        historyPath(palermo.branchId, LUCIA, '?offset=20&limit=20'),
        asLucia,
      );
      expect(rest.body.map((r: { orderCode: string | null }) => r.orderCode)).toEqual([
        'CODE04',
        'CODE03',
        'CODE02',
        'CODE01',
        null,
      ]);
      const all = await getJson(t0.app, historyPath(palermo.branchId, LUCIA, '?offset=0&limit=50'), asLucia);
      expect(all.body).toHaveLength(25);
      const page = await getJson(t0.app, historyPath(palermo.branchId, LUCIA, '?offset=3&limit=2'), asLucia);
      expect(page.body.map((r: { postBalance: number }) => r.postBalance)).toEqual([4500, 4400]);
    });

    it('lists no order codes or points without the phone’s own verified session', async () => {
      const anonymous = await getJson(t0.app, historyPath(palermo.branchId, LUCIA));
      expectApiError(anonymous, 401, 'UNAUTHORIZED');
      expect(anonymous.body.message).toBe(MESSAGES.loginRequired);
      const forged = await getJson(t0.app, historyPath(palermo.branchId, LUCIA), {
        cookie: 'diner_session=not-a-session',
      });
      expectApiError(forged, 401, 'UNAUTHORIZED');
      const someoneElse = { cookie: await dinerCookie(t0.database, '+5491155550303') };
      const other = await getJson(t0.app, historyPath(palermo.branchId, LUCIA), someoneElse);
      expectApiError(other, 403, 'FORBIDDEN');
      expect(JSON.stringify(other.body)).not.toContain('CODE');
    });

    it('answers an empty list for a new diner or a branch where the customer has no points', async () => {
      const newcomer = '+5491155559999';
      const unknown = await getJson(t0.app, historyPath(palermo.branchId, newcomer), {
        cookie: await dinerCookie(t0.database, newcomer),
      });
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual([]);
      const elsewhere = await getJson(t0.app, historyPath(kenzo.branchId, LUCIA), asLucia);
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body).toEqual([]);
    });

    it('refuses bad paging, bad ids and invalid phones with 400 and unknown branches with 404', async () => {
      for (const query of ['?limit=51', '?limit=0', '?limit=abc', '?offset=-1', '?offset=1.5', '?offset=x']) {
        expectApiError(
          await getJson(t0.app, historyPath(palermo.branchId, LUCIA, query), asLucia),
          400,
          'BAD_REQUEST',
        );
      }
      for (const id of BAD_IDS) expectApiError(await getJson(t0.app, historyPath(id, LUCIA)), 400);
      const invalid = await getJson(t0.app, historyPath(palermo.branchId, 'hola'));
      expectApiError(invalid, 400, 'BAD_REQUEST');
      expect(invalid.body.message).toBe(MESSAGES.phoneInvalid);
      expectApiError(await getJson(t0.app, historyPath(424242, LUCIA)), 404, 'NOT_FOUND');
    });
  });

  it('limits how often one client may look customers up by phone', async () => {
    const lookup = () =>
      t0.app
        .inject({ method: 'GET', url: customerPath(LUCIA, palermo.branchId), remoteAddress: '10.7.7.7' })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await lookup()).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expectApiError(await lookup(), 429, 'RATE_LIMITED');
  });
});
