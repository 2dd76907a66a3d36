import { EXTERNAL_BENEFIT_MESSAGES, type ExternalBenefit } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBenefitsPartner, startFakeBenefitsPartner } from '../../../test/fake-benefits-partner.ts';
import { expectApiError, idsOf } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext, postOrder } from '../../../test/order-payload.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import * as t from '../../db/schema.ts';
import {
  createHttpBenefitsPartner,
  createSandboxPartner,
  SANDBOX_BENEFIT,
  sandboxMemberToken,
} from '../../platform/external-benefits/index.ts';

/**
 * POST /api/external-benefits/{partner} (storefront.md sections 6 and 7) through HTTP, with the offline
 * sandbox partner and an HTTP partner on a local fake, and the placement of an order that claims a
 * benefit: priced by the server from its own grant, refused when the grant is not the order's member's.
 */

const MEMBER = 'socio-1';
let caller = 0;

async function askBenefits(
  app: FastifyInstance,
  partner: string,
  body: unknown,
  token: string | null = sandboxMemberToken(MEMBER),
) {
  caller += 1;
  const res = await app.inject({
    method: 'POST',
    url: `/api/external-benefits/${partner}`,
    payload: body as object,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
    // the call is limited to 30 a minute per address
    remoteAddress: `10.9.${Math.floor(caller / 250)}.${(caller % 250) + 1}`,
  });
  return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : null };
}

describe.each(databaseKinds)('external benefits (%s)', (kind) => {
  let test: TestApp;
  let fake: FakeBenefitsPartner;
  let takeAway: OrderContext;
  let body: { branchId: number; branchContactId: number; externalUserId: string; orderModeType: string };

  beforeAll(async () => {
    fake = await startFakeBenefitsPartner();
    const sandbox = createSandboxPartner();
    test = await createTestApp(kind, {
      benefitPartners: new Map([
        [sandbox.name, sandbox],
        ['club', createHttpBenefitsPartner({ name: 'club', url: fake.url, timeoutMs: 15_000 })],
      ]),
    });
    takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    body = {
      branchId: takeAway.branchId,
      branchContactId: takeAway.contactId,
      externalUserId: MEMBER,
      orderModeType: 'TAKE_AWAY',
    };
    // Don Mateo takes part in the sandbox (the demo); the club is added for these tests
    const [branch] = await test.database.db
      .select({ config: t.branches.generalConfig })
      .from(t.branches)
      .where(eq(t.branches.id, takeAway.branchId));
    await test.database.db
      .update(t.branches)
      .set({ generalConfig: { ...branch?.config, externalBenefitPartners: ['sandbox', 'club'] } })
      .where(eq(t.branches.id, takeAway.branchId));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  it('answers the member’s benefits as general discounts with their externalBenefitType, granted for 30 minutes', async () => {
    const res = await askBenefits(test.app, 'sandbox', body);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      generalDiscounts: [
        {
          id: expect.any(Number),
          name: SANDBOX_BENEFIT.name,
          type: 'PERCENT',
          value: 0.1,
          externalBenefitType: 'PARTNER_DISCOUNT',
        },
      ],
    });
    const [grant] = await test.database.db
      .select()
      .from(t.externalBenefitGrants)
      .where(eq(t.externalBenefitGrants.id, res.body.generalDiscounts[0].id));
    expect(grant).toMatchObject({
      partner: 'sandbox',
      externalUserId: MEMBER,
      branchContactId: takeAway.contactId,
      orderModeType: 'TAKE_AWAY',
    });
    expect(grant?.expiresAt.getTime()).toBe(new Date(TEST_NOW).getTime() + 30 * 60_000);
  });

  it('answers no benefits at a branch that does not take part in the partner', async () => {
    const kenzo = await idsOf(test.app, 'kenzo-nunez');
    const res = await askBenefits(test.app, 'sandbox', {
      ...body,
      branchId: kenzo.branchId,
      branchContactId: kenzo.contactId,
    });
    expect(res).toMatchObject({ status: 200, body: { generalDiscounts: [] } });
  });

  it('refuses an unknown partner, a missing or refused token, bad bodies and another branch’s shop, in Spanish', async () => {
    const unknown = await askBenefits(test.app, 'otro', body);
    expectApiError(unknown, 404, 'NOT_FOUND');
    expect(unknown.body.message).toBe(EXTERNAL_BENEFIT_MESSAGES.partnerUnknown);
    expectApiError(await askBenefits(test.app, 'NO%20VALE', body), 404, 'NOT_FOUND');

    const noToken = await askBenefits(test.app, 'sandbox', body, null);
    expectApiError(noToken, 401, 'UNAUTHORIZED');
    expect(noToken.body.message).toBe(EXTERNAL_BENEFIT_MESSAGES.tokenMissing);
    const refused = await askBenefits(test.app, 'sandbox', body, 'sandbox-otro');
    expectApiError(refused, 401, 'EXTERNAL_USER_REFUSED');
    expect(refused.body.message).toBe(EXTERNAL_BENEFIT_MESSAGES.refused);

    for (const bad of [
      null,
      { ...body, externalUserId: '' },
      { ...body, externalUserId: 'x'.repeat(201) },
      { ...body, orderModeType: 'DRONE' },
      { ...body, branchId: 'uno' },
      { ...body, extra: true },
    ]) {
      const res = await askBenefits(test.app, 'sandbox', bad);
      expectApiError(res, 400);
      expect(res.body.message).toMatch(/no es válid/);
    }
    const kenzo = await idsOf(test.app, 'kenzo-nunez');
    const elsewhere = await askBenefits(test.app, 'sandbox', { ...body, branchContactId: kenzo.contactId });
    expectApiError(elsewhere, 404, 'NOT_FOUND');
    expect(elsewhere.body.message).toBe(EXTERNAL_BENEFIT_MESSAGES.contactNotFound);
  });

  it('answers 502 in Spanish when a partner fails, never 500', async () => {
    fake.mode = 'error';
    const res = await askBenefits(test.app, 'club', body, 'token-club');
    fake.mode = 'ok';
    expectApiError(res, 502, 'BENEFITS_PARTNER_FAILED');
    expect(res.body.message).toBe(EXTERNAL_BENEFIT_MESSAGES.unavailable);
  });

  async function grantOf(partner = 'sandbox', token = sandboxMemberToken(MEMBER), externalUserId = MEMBER) {
    const res = await askBenefits(test.app, partner, { ...body, externalUserId }, token);
    expect(res.status).toBe(200);
    return res.body.generalDiscounts as ExternalBenefit[];
  }

  it('places an order priced with the member’s benefit, and stores the entry, partner and member', async () => {
    const benefits = await grantOf();
    const payload = buildOrder(takeAway, {
      dishes: [{ plate: 'Fugazzeta' }],
      externalUser: { partner: 'sandbox', externalUserId: MEMBER },
      benefits,
    });
    // $13.500 less 10%
    expect(payload.price).toBe(12_150);
    const placed = await postOrder(test.app, payload);
    expect(placed.status).toBe(201);
    expect(placed.body.data.price).toBe(12_150);
    const [order] = await test.database.db
      .select({ partnerName: t.orders.partnerName, member: t.orders.userExternalReference })
      .from(t.orders)
      .where(eq(t.orders.id, placed.body.data.id));
    expect(order).toEqual({ partnerName: 'sandbox', member: MEMBER });
    const entries = await test.database.db
      .select()
      .from(t.orderDiscounts)
      .where(eq(t.orderDiscounts.orderId, placed.body.data.id));
    expect(entries).toEqual([
      expect.objectContaining({
        name: SANDBOX_BENEFIT.name,
        type: 'PERCENT',
        amount: 135_000,
        discountReferenceId: benefits[0]?.id,
        externalBenefitType: 'PARTNER_DISCOUNT',
        code: null,
      }),
    ]);
  });

  it('prices a partner’s fixed benefit from the grant, whatever value the client claims', async () => {
    fake.members = {
      'token-club': [{ name: 'Club $2.000', type: 'FIXED', value: 2000, externalBenefitType: 'CLUB' }],
    };
    const benefits = await grantOf('club', 'token-club', 'club-9');
    expect(benefits).toEqual([expect.objectContaining({ type: 'FIXED', value: 2000 })]);
    const externalUser = { partner: 'club', externalUserId: 'club-9' };
    const honest = buildOrder(takeAway, { dishes: [{ plate: 'Fugazzeta' }], externalUser, benefits });
    expect(honest.price).toBe(11_500);
    const inflated = buildOrder(takeAway, {
      dishes: [{ plate: 'Fugazzeta' }],
      externalUser,
      benefits: benefits.map((b) => ({ ...b, value: 5000 })),
    });
    const refused = await postOrder(test.app, inflated);
    expectApiError(refused, 409, 'PRICE_MISMATCH');
    expect(refused.body.errors).toContainEqual(
      expect.objectContaining({
        field: `discounts.benefit.${benefits[0]?.id}`,
        expected: 2000,
        received: 5000,
      }),
    );
    expect((await postOrder(test.app, honest)).status).toBe(201);
  });

  it('refuses a benefit granted to another member, at another mode, without its partner, or past its time', async () => {
    const benefits = await grantOf();
    const dishes = [{ plate: 'Fugazzeta' }];
    const claims = [
      buildOrder(takeAway, {
        dishes,
        externalUser: { partner: 'sandbox', externalUserId: 'socio-2' },
        benefits,
      }),
      buildOrder(takeAway, { dishes, externalUser: { partner: 'club', externalUserId: MEMBER }, benefits }),
      buildOrder(takeAway, { dishes, benefits }),
      buildOrder(await orderContext(test.app, 'donmateo-palermo', 'Mostrador'), {
        dishes,
        externalUser: { partner: 'sandbox', externalUserId: MEMBER },
        benefits,
      }),
    ];
    for (const payload of claims) {
      const res = await postOrder(test.app, payload);
      expectApiError(res, 409, 'EXTERNAL_BENEFIT_INVALID');
      expect(res.body.message).toBe(EXTERNAL_BENEFIT_MESSAGES.invalidAtPlacement);
    }
    // a grant whose 30 minutes are over
    await test.database.db
      .update(t.externalBenefitGrants)
      .set({ expiresAt: new Date(new Date(TEST_NOW).getTime() - 1) })
      .where(eq(t.externalBenefitGrants.id, benefits[0]?.id ?? 0));
    const late = await postOrder(
      test.app,
      buildOrder(takeAway, {
        dishes,
        externalUser: { partner: 'sandbox', externalUserId: MEMBER },
        benefits,
      }),
    );
    expectApiError(late, 409, 'EXTERNAL_BENEFIT_INVALID');
  });
});
