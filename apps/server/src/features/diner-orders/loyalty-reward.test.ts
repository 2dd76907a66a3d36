import { MESSAGES, REWARD_ALREADY_CLAIMED } from '@comanda/core';
import { DINER_ACCOUNT_MESSAGES, type LoyaltySignUp } from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerIdOf, DEMO_DINER_PHONE, dinerCookie } from '../../../test/diners.ts';
import { callApi, expectApiError, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

const NEWCOMER = '+5491155559911';

describe.each(databaseKinds)('loyalty reward sign-up on %s', (kind) => {
  let test: TestApp;
  let palermo: Awaited<ReturnType<typeof idsOf>>;
  let kenzo: Awaited<ReturnType<typeof idsOf>>;
  let rewardId: number;
  let lucia: string;

  const claimPath = (phone: string, id: number | string = rewardId) =>
    `/api/diner/customer/${encodeURIComponent(phone)}/loyalty-reward/${id}`;
  const signUp = (overrides: Partial<Record<keyof LoyaltySignUp | 'points', unknown>> = {}) => ({
    name: 'Lucía Fernández',
    phone: '11 5555-0101',
    email: 'lucia.fernandez@example.com',
    branchId: palermo.branchId,
    branchContactId: palermo.contactId,
    loyaltyRewardId: rewardId,
    acquisitionChannel: null,
    ...overrides,
  });
  // claims are limited per client address (20 a minute): each case comes from a phone of its own
  let address = 0;
  beforeEach(() => {
    address += 1;
  });
  const claim = async (cookie: string | null, payload: unknown, path = claimPath(DEMO_DINER_PHONE)) => {
    const res = await test.app.inject({
      method: 'POST',
      url: path,
      headers: cookie ? { cookie } : {},
      payload: payload as object,
      remoteAddress: `10.0.0.${address}`,
    });
    return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : null };
  };

  async function pointsOf(phone: string) {
    const { db } = test.database;
    const customerId = await customerIdOf(test.database, phone);
    const [balance] = await db
      .select({ balance: t.loyaltyBalances.balance })
      .from(t.loyaltyBalances)
      .where(
        and(
          eq(t.loyaltyBalances.customerId, customerId as number),
          eq(t.loyaltyBalances.branchId, palermo.branchId),
        ),
      );
    const rewards = await db
      .select()
      .from(t.loyaltyPointsLedger)
      .where(
        and(
          eq(t.loyaltyPointsLedger.customerId, customerId as number),
          eq(t.loyaltyPointsLedger.reason, 'REWARD'),
        ),
      );
    return { balance: balance?.balance ?? 0, rewards };
  }

  beforeAll(async () => {
    test = await createTestApp(kind);
    palermo = await idsOf(test.app, 'donmateo-palermo');
    kenzo = await idsOf(test.app, 'kenzo-nunez');
    const [reward] = await test.database.db
      .select({ id: t.loyaltyRewards.id })
      .from(t.loyaltyRewards)
      .where(eq(t.loyaltyRewards.branchId, palermo.branchId));
    rewardId = reward?.id as number;
    lucia = await dinerCookie(test.database, DEMO_DINER_PHONE);
  });
  afterAll(() => test.close());

  it('answers the reward a link names, not yet done', async () => {
    const res = await callApi(test.app, 'GET', `/api/diner/loyalty-reward/${rewardId}`, {
      headers: { cookie: lucia },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: rewardId,
      reward: 1000,
      active: true,
      branchId: palermo.branchId,
      branchContactId: null,
      done: false,
      programName: 'Puntos Mateo',
    });
    expectApiError(
      await callApi(test.app, 'GET', '/api/diner/loyalty-reward/424242'),
      404,
      'REWARD_NOT_FOUND',
    );
    expectApiError(await callApi(test.app, 'GET', '/api/diner/loyalty-reward/abc'), 404, 'REWARD_NOT_FOUND');
  });

  it('asks to sign in first: 401 Inicie sesión without a session', async () => {
    const res = await claim(null, signUp());
    expectApiError(res, 401, 'UNAUTHORIZED');
    expect(res.body.message).toBe('Inicie sesión');
  });

  it.each([
    ['no name', { name: '' }, 'Debe completar todos los campos para continuar'],
    ['no e-mail', { email: undefined }, 'Debe completar todos los campos para continuar'],
    ['a blank phone', { phone: '   ' }, 'Debe completar todos los campos para continuar'],
    ['a bad phone', { phone: '1234' }, 'El número de teléfono es invalido'],
    ['letters for a phone', { phone: 'mi celular' }, 'El número de teléfono es invalido'],
    ['a bad e-mail', { email: 'lucia@' }, 'Ingrese un email valido'],
    ['an unknown field', { points: 99999 }, 'La solicitud no es válida.'],
    ['another reward in the body', { loyaltyRewardId: 424242 }, DINER_ACCOUNT_MESSAGES.rewardMismatch],
    ['no branch', { branchId: undefined }, DINER_ACCOUNT_MESSAGES.rewardMismatch],
  ])('refuses %s with 400 and its message', async (_case, overrides, message) => {
    const res = await claim(lucia, signUp(overrides));
    expectApiError(res, 400);
    expect(res.body.message).toBe(message);
    expect((await pointsOf(DEMO_DINER_PHONE)).rewards).toHaveLength(0);
  });

  it('refuses a body that is not JSON or is empty, never with a 500', async () => {
    const text = await claim(lucia, 'name=Lucía');
    expect([400, 415]).toContain(text.status);
    expect(text.body.code).toEqual(expect.any(String));
    expectApiError(await claim(lucia, {}), 400);
  });

  it('refuses a reward of another branch, and an unknown reward', async () => {
    const atKenzo = await claim(
      lucia,
      signUp({ branchId: kenzo.branchId, branchContactId: kenzo.contactId }),
    );
    expectApiError(atKenzo, 400, 'REWARD_NOT_HERE');
    const unknown = await claim(
      lucia,
      signUp({ loyaltyRewardId: 424242 }),
      claimPath(DEMO_DINER_PHONE, 424242),
    );
    expectApiError(unknown, 404, 'REWARD_NOT_FOUND');
  });

  it("never credits another phone: 403 for a phone that is not the session's", async () => {
    const inPath = await claim(lucia, signUp({ phone: NEWCOMER }), claimPath(NEWCOMER));
    expectApiError(inPath, 403, 'FORBIDDEN');
    const inBody = await claim(lucia, signUp({ phone: NEWCOMER }));
    expectApiError(inBody, 403, 'FORBIDDEN');
    const pathOnly = await claim(lucia, signUp(), claimPath(NEWCOMER));
    expectApiError(pathOnly, 403, 'FORBIDDEN');
    expect(await customerIdOf(test.database, NEWCOMER)).toBeUndefined();
  });

  it('credits the reward once when the same diner claims twice at the same time', async () => {
    const before = await pointsOf(DEMO_DINER_PHONE);
    const answers = await Promise.all([claim(lucia, signUp()), claim(lucia, signUp())]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200);
    const lost = answers.find((answer) => answer.status === 409);
    expect(won?.body).toEqual({ rewardId, points: 1000, balance: before.balance + 1000 });
    expect(lost?.body).toEqual({
      code: REWARD_ALREADY_CLAIMED,
      message: MESSAGES.loyaltyRewardAlreadyClaimed,
    });

    const after = await pointsOf(DEMO_DINER_PHONE);
    expect(after.balance).toBe(before.balance + 1000);
    expect(after.rewards).toHaveLength(1);
    expect(after.rewards[0]).toMatchObject({
      amount: 1000,
      postBalance: before.balance + 1000,
      orderId: null,
    });

    // and later, again: the same 409, nothing moves
    const again = await claim(lucia, signUp());
    expectApiError(again, 409, REWARD_ALREADY_CLAIMED);
    expect(again.body.message).toBe('Ya ha canjeado este premio');
    expect((await pointsOf(DEMO_DINER_PHONE)).balance).toBe(before.balance + 1000);

    const reward = await callApi(test.app, 'GET', `/api/diner/loyalty-reward/${rewardId}`, {
      headers: { cookie: lucia },
    });
    expect(reward.body.done).toBe(true);
  });

  it('opens a balance for a diner without points, and names the customer with the sign-up', async () => {
    const newcomer = await dinerCookie(test.database, NEWCOMER);
    const res = await claim(
      newcomer,
      signUp({ name: 'Bruno Díaz', phone: NEWCOMER, email: 'bruno@example.com' }),
      claimPath(NEWCOMER),
    );
    expect(res.status).toBe(200);
    expect(res.body.balance).toBe(1000);
    const [profile] = await test.database.db
      .select()
      .from(t.customerProfiles)
      .innerJoin(t.customers, eq(t.customers.id, t.customerProfiles.customerId))
      .where(eq(t.customers.phone, NEWCOMER));
    expect(profile?.customer_profiles).toMatchObject({ name: 'Bruno Díaz', email: 'bruno@example.com' });
  });

  it('many claims of one diner at once still credit once (PostgreSQL runs them on separate connections)', async () => {
    const racer = '+5491155559922';
    const cookie = await dinerCookie(test.database, racer);
    const payload = signUp({ name: 'Ana', phone: racer, email: 'ana@example.com' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => claim(cookie, payload, claimPath(racer))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(7);
    const points = await pointsOf(racer);
    expect(points.balance).toBe(1000);
    expect(points.rewards).toHaveLength(1);
  });

  it('refuses a reward whose programme is paused, and an inactive reward', async () => {
    const { db } = test.database;
    const other = '+5491155559933';
    const cookie = await dinerCookie(test.database, other);
    const payload = signUp({ name: 'Eva', phone: other, email: 'eva@example.com' });
    await db
      .update(t.loyaltyPrograms)
      .set({ active: false })
      .where(eq(t.loyaltyPrograms.branchId, palermo.branchId));
    expectApiError(await claim(cookie, payload, claimPath(other)), 409, 'LOYALTY_INACTIVE');
    await db
      .update(t.loyaltyPrograms)
      .set({ active: true })
      .where(eq(t.loyaltyPrograms.branchId, palermo.branchId));
    await db.update(t.loyaltyRewards).set({ active: false }).where(eq(t.loyaltyRewards.id, rewardId));
    expectApiError(await claim(cookie, payload, claimPath(other)), 404, 'REWARD_NOT_FOUND');
    await db.update(t.loyaltyRewards).set({ active: true }).where(eq(t.loyaltyRewards.id, rewardId));
    expect((await pointsOf(other)).rewards).toHaveLength(0);
  });

  it('answers no points history of another phone', async () => {
    const path = (phone: string) =>
      `/api/branch/${palermo.branchId}/loyalty-points/history/${encodeURIComponent(phone)}`;
    const own = await callApi(test.app, 'GET', path(DEMO_DINER_PHONE), { headers: { cookie: lucia } });
    expect(own.status).toBe(200);
    expect(own.body[0]).toMatchObject({ orderCode: null, amount: 1000 });
    const newcomer = await callApi(test.app, 'GET', path(NEWCOMER), { headers: { cookie: lucia } });
    expect(newcomer.status).toBeGreaterThanOrEqual(401);
    expect(newcomer.status).toBeLessThanOrEqual(403);
    const anonymous = await callApi(test.app, 'GET', path(DEMO_DINER_PHONE));
    expect(anonymous.status).toBe(401);
  });
});
