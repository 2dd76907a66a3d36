/**
 * The owner connects the shop's own payment account (`/api/console/payments/...`): who may, what the
 * answer shows (never a credential), pasted Mercado Pago credentials checked against a fake Mercado Pago,
 * its OAuth authorization for marketplaces (and the platform's fee on what that account charges),
 * Transbank's integration commerce on a fake Webpay, the sandbox where it is off, and disconnecting.
 */
import { ERROR_MESSAGES, MESSAGES, marketplaceFeeOf } from '@comanda/core';
import { PAYMENT_ACCOUNT_MESSAGES as M, PAYMENT_ACCOUNT_NAMES } from '@comanda/core/back-office';
import type { PaymentAccountView } from '@comanda/core/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_MP_CLIENT_ID,
  FAKE_MP_CLIENT_SECRET,
  FAKE_MP_EXPIRES_IN,
  type FakeMercadoPago,
  startFakeMercadoPago,
} from '../../../test/fake-mercado-pago.ts';
import { type FakeTransbank, startFakeTransbank } from '../../../test/fake-transbank.ts';
import { expectApiError, getJson } from '../../../test/http.ts';
import { buildOrder, orderContext, postOrder } from '../../../test/order-payload.ts';
import { DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { JSON_ONLY_MESSAGE, OWNER_ONLY_MESSAGE } from '../../platform/auth/face-guard.ts';
import {
  defaultMercadoPagoPlatform,
  type MercadoPagoCredentials,
  TRANSBANK_INTEGRATION,
  type TransbankCredentials,
} from '../../platform/payments/index.ts';
import { sha256 } from '../../platform/secrets.ts';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

const ACCOUNT = '/api/console/payments/account';
const SANDBOX = `${ACCOUNT}/sandbox`;
const MERCADO_PAGO = `${ACCOUNT}/mercadopago`;
const AUTHORIZE = `${ACCOUNT}/mercadopago/authorize`;
const TRANSBANK = `${ACCOUNT}/transbank`;
const RETURN = '/api/console/payments/mercadopago/return';
const REDIRECT_URI = `http://localhost:3000${RETURN}`;

/** Test credentials as an owner copies them from Mercado Pago's "Credenciales" page. */
const PASTED = {
  accessToken: 'TEST-5551234567-donmateo-access-token',
  publicKey: 'TEST-pk-donmateo-0001',
  webhookSecret: 'whsec-donmateo-0001',
};

/** Bodies no connecting route takes: not an object, a field it does not know, neither Transbank form. */
const WRONG_SHAPES: [string, unknown][] = [
  ...[[], 42, null, 'TEST-123'].flatMap((body): [string, unknown][] => [
    [MERCADO_PAGO, body],
    [TRANSBANK, body],
  ]),
  [MERCADO_PAGO, { ...PASTED, clientSecret: 'x' }],
  [TRANSBANK, { commerceCode: '597055555532', apiKey: 'A'.repeat(64), x: 1 }],
  [TRANSBANK, { integration: false }],
  [TRANSBANK, { integration: true, commerceCode: '597055555532' }],
  [TRANSBANK, { commerceCode: 597055555532, apiKey: 'A'.repeat(64) }],
  [TRANSBANK, {}],
];

/** An answer in Spanish: none of zod's or Fastify's English texts reached the owner. */
function expectSpanish(message: unknown) {
  expect(typeof message).toBe('string');
  expect(message).not.toMatch(/invalid|expected|received|unrecognized|required|must|body/i);
  expect(message).toMatch(/[áéíóúñ¿¡]|\b(la|el|los|las|de|tu|este|esta|no)\b/i);
}

/**
 * Calls the app, each call from an address of its own: the connecting routes are rate limited per
 * address and this file calls them far more often than an owner would.
 */
function callerOf(test: () => TestApp) {
  let n = 0;
  return async (
    method: Method,
    url: string,
    options: { cookie?: string | null; payload?: unknown; headers?: Record<string, string> } = {},
  ) => {
    n += 1;
    const res = await test().app.inject({
      method,
      url,
      remoteAddress: `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    let body: unknown = null;
    try {
      body = res.body ? JSON.parse(res.body) : null;
    } catch {
      body = res.body;
    }
    // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field below
    return { status: res.statusCode, headers: res.headers, body: body as any, text: res.body };
  };
}

/** The Mercado Pago account behind a token, as the fake knows it (the id it answered our check with). */
async function fakeUserOf(
  fake: FakeMercadoPago,
  accessToken: string,
): Promise<{ id: number; nickname: string }> {
  const res = await fetch(`${fake.baseUrl}/users/me`, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; nickname: string };
}

async function branchOf(test: TestApp, email: string): Promise<number> {
  const [row] = await test.database.db
    .select({ branchId: t.staffAccounts.branchId })
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.email, email));
  if (!row) throw new Error(`no staff ${email}`);
  return row.branchId;
}

async function staffNameOf(test: TestApp, email: string): Promise<string> {
  const [row] = await test.database.db
    .select({ name: t.staffAccounts.name })
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.email, email));
  return row?.name as string;
}

const accountRows = (test: TestApp, branchId: number) =>
  test.database.db
    .select()
    .from(t.paymentAccounts)
    .where(eq(t.paymentAccounts.branchId, branchId))
    .orderBy(t.paymentAccounts.id);

const connectedRows = (test: TestApp, branchId: number) =>
  test.database.db
    .select()
    .from(t.paymentAccounts)
    .where(and(eq(t.paymentAccounts.branchId, branchId), isNull(t.paymentAccounts.disconnectedAt)));

/** What the storefront reads of a shop (`GET /api/diner/{alias}`). */
async function storefrontOf(test: TestApp, alias: string) {
  const res = await getJson(test.app, `/api/diner/${alias}`);
  expect(res.status).toBe(200);
  return res.body.info as {
    acceptsOnlinePayment: boolean;
    cardPayment: { provider: string; publicKey: string | null } | null;
  };
}

/** Places a card order paid online at Don Mateo Palermo's Take Away. */
async function placeCardOrder(test: TestApp) {
  const ctx = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
  return postOrder(
    test.app,
    buildOrder(ctx, { dishes: [{ plate: 'Fugazzeta' }], payment: 'CARD', paysWith: null }),
  );
}

describe.each(databaseKinds)('the shop’s own payment account (%s)', (kind) => {
  let mp: FakeMercadoPago;
  let tb: FakeTransbank;
  beforeAll(async () => {
    mp = await startFakeMercadoPago();
    tb = await startFakeTransbank();
  });
  afterAll(async () => {
    await mp?.close();
    await tb?.close();
  });

  describe('pasted credentials, Transbank and disconnecting (sandbox on, no OAuth application)', () => {
    let test: TestApp;
    let owner: string;
    let cook: string;
    let kenzo: string;
    let donMateoBranch: number;
    let kenzoBranch: number;
    let kenzoView: PaymentAccountView;
    const call = callerOf(() => test);

    beforeAll(async () => {
      test = await createTestApp(kind, {
        payments: {
          mercadoPago: { ...defaultMercadoPagoPlatform(), baseUrl: mp.baseUrl },
          transbank: { environmentUrl: tb.baseUrl },
        },
      });
      owner = await staffCookie(test.app, DONMATEO_OWNER);
      cook = await staffCookie(test.app, DONMATEO_COOK);
      kenzo = await staffCookie(test.app, KENZO_OWNER);
      donMateoBranch = await branchOf(test, DONMATEO_OWNER.email);
      kenzoBranch = await branchOf(test, KENZO_OWNER.email);
    });
    afterAll(async () => {
      await test?.close();
    });

    const changes = async () =>
      (await call('GET', '/api/console/changes', { cookie: owner })).body as {
        area: string;
        summary: string;
        staffName: string | null;
      }[];

    it('asks for a session (401) and the OWNER role (403) on every route, and changes nothing', async () => {
      const routes: [Method, string, unknown][] = [
        ['GET', ACCOUNT, undefined],
        ['DELETE', ACCOUNT, undefined],
        ['PUT', SANDBOX, undefined],
        ['PUT', MERCADO_PAGO, PASTED],
        ['POST', AUTHORIZE, undefined],
        ['GET', `${RETURN}?code=TG-x&state=abc`, undefined],
        ['PUT', TRANSBANK, { integration: true }],
      ];
      for (const [method, url, payload] of routes) {
        const anonymous = await call(method, url, { payload });
        expectApiError(anonymous, 401, 'UNAUTHORIZED');
        const staff = await call(method, url, { cookie: cook, payload });
        expectApiError(staff, 403, 'FORBIDDEN');
        expect(staff.body.message, `${method} ${url}`).toBe(OWNER_ONLY_MESSAGE);
      }
      // nothing reached a provider, and the shop still pays into the sandbox
      expect(mp.requests.filter((r) => r.path === '/users/me')).toHaveLength(0);
      expect(tb.requests).toHaveLength(0);
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.provider)).toEqual(['SANDBOX']);
      expect((await changes()).filter((c) => c.area === 'PAYMENTS')).toEqual([]);
    });

    it('shows Don Mateo’s owner the seeded sandbox account and the ways this server offers', async () => {
      const res = await call('GET', ACCOUNT, { cookie: owner });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        account: {
          provider: 'SANDBOX',
          name: PAYMENT_ACCOUNT_NAMES.SANDBOX,
          connectedVia: 'SANDBOX',
          externalAccountId: 'sandbox',
          label: null,
          live: false,
          connectedAt: expect.any(String),
          connectedBy: null,
        },
        available: { sandbox: true, mercadoPagoOAuth: false, transbankIntegration: true },
        marketplaceFeePercent: 0,
      });
      kenzoView = (await call('GET', ACCOUNT, { cookie: kenzo })).body;
      expect(kenzoView.account).toMatchObject({ provider: 'SANDBOX', live: false });
      expect(kenzoBranch).not.toBe(donMateoBranch);
    });

    it('refuses Mercado Pago’s OAuth where the platform has no application (409), and a return without a connection under way', async () => {
      const res = await call('POST', AUTHORIZE, { cookie: owner });
      expectApiError(res, 409, 'OAUTH_OFF');
      expect(res.body.message).toBe(M.oauthNotConfigured);
      expect(await test.database.db.select().from(t.paymentOauthStates)).toEqual([]);
      const back = await call('GET', `${RETURN}?code=${mp.issueCode()}&state=made-up`, { cookie: owner });
      expect(back.status).toBe(303);
      expect(back.headers.location).toBe('/console/cobros?cuenta=vencida');
      expect(mp.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(0);
    });

    it('refuses malformed pasted Mercado Pago credentials field by field (400), before asking Mercado Pago', async () => {
      const checks = () => mp.requests.filter((r) => r.path === '/users/me').length;
      const before = checks();
      const bad = await call('PUT', MERCADO_PAGO, {
        cookie: owner,
        payload: { accessToken: 'abc123', publicKey: 'pk_live_123', webhookSecret: 'short' },
      });
      expectApiError(bad, 400, 'BAD_REQUEST');
      expect(bad.body).toEqual({
        code: 'BAD_REQUEST',
        message: M.accessTokenInvalid,
        errors: [
          { field: 'accessToken', message: M.accessTokenInvalid },
          { field: 'publicKey', message: M.publicKeyInvalid },
          { field: 'webhookSecret', message: M.webhookSecretInvalid },
        ],
      });
      // a production token with a test key: one of the two was copied from the wrong tab
      const mixed = await call('PUT', MERCADO_PAGO, {
        cookie: owner,
        payload: { ...PASTED, accessToken: 'APP_USR-5551234567-production' },
      });
      expectApiError(mixed, 400, 'BAD_REQUEST');
      expect(mixed.body).toEqual({
        code: 'BAD_REQUEST',
        message: M.mixedModes,
        errors: [{ field: 'publicKey', message: M.mixedModes }],
      });
      const blank = await call('PUT', MERCADO_PAGO, {
        cookie: owner,
        payload: { accessToken: '   ', publicKey: PASTED.publicKey, webhookSecret: PASTED.webhookSecret },
      });
      expect(blank.body.errors).toEqual([{ field: 'accessToken', message: M.accessTokenInvalid }]);
      expect(checks()).toBe(before);
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.provider)).toEqual(['SANDBOX']);
    });

    it('answers 422 when Mercado Pago refuses the token and 502 when it cannot be reached; nothing is connected', async () => {
      const refusal = mp.failNext('/users/me', 401);
      const refused = await call('PUT', MERCADO_PAGO, { cookie: owner, payload: PASTED });
      expect(refusal.used).toBe(true);
      expectApiError(refused, 422, 'PAYMENT_CREDENTIALS_REFUSED');
      expect(refused.body.message).toBe(M.credentialsRefused);
      const outage = mp.failNext('/users/me', 503);
      const down = await call('PUT', MERCADO_PAGO, { cookie: owner, payload: PASTED });
      expect(outage.used).toBe(true);
      expectApiError(down, 502, 'PAYMENT_PROVIDER_FAILED');
      expect(down.body.message).toBe(M.providerUnavailable);
      for (const res of [refused, down]) {
        expect(res.text).not.toContain(PASTED.accessToken);
        expect(res.text).not.toContain(PASTED.webhookSecret);
      }
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.provider)).toEqual(['SANDBOX']);
      expect((await changes()).filter((c) => c.area === 'PAYMENTS')).toEqual([]);
    });

    it('connects pasted Mercado Pago credentials: checked with the token, sealed at rest, never answered', async () => {
      const res = await call('PUT', MERCADO_PAGO, {
        cookie: owner,
        // pasted with the spaces a copy brings along
        payload: {
          ...PASTED,
          accessToken: ` ${PASTED.accessToken} `,
          webhookSecret: `${PASTED.webhookSecret}\n`,
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const check = mp.requests.findLast((r) => r.path === '/users/me');
      expect(check?.headers.authorization).toBe(`Bearer ${PASTED.accessToken}`);
      const seller = await fakeUserOf(mp, PASTED.accessToken);
      expect(res.body).toEqual({
        account: {
          provider: 'MERCADO_PAGO',
          name: 'Mercado Pago',
          connectedVia: 'PASTED',
          externalAccountId: String(seller.id),
          label: seller.nickname,
          live: false,
          connectedAt: expect.any(String),
          connectedBy: await staffNameOf(test, DONMATEO_OWNER.email),
        },
        available: { sandbox: true, mercadoPagoOAuth: false, transbankIntegration: true },
        marketplaceFeePercent: 0,
      });
      const read = await call('GET', ACCOUNT, { cookie: owner });
      expect(read.body).toEqual(res.body);
      for (const answer of [res, read]) {
        const text = JSON.stringify(answer.body);
        expect(text).not.toContain(PASTED.accessToken);
        expect(text).not.toContain(PASTED.webhookSecret);
        expect(text).not.toContain('v1.');
      }
      // at rest: sealed with the server's key, the token nowhere in clear text
      const [row] = await connectedRows(test, donMateoBranch);
      expect(row).toMatchObject({
        provider: 'MERCADO_PAGO',
        connectedVia: 'PASTED',
        publicKey: PASTED.publicKey,
        externalAccountId: String(seller.id),
        expiresAt: null,
      });
      expect(row?.credentials?.startsWith('v1.')).toBe(true);
      expect(row?.credentials).not.toContain(PASTED.accessToken);
      expect(row?.credentials).not.toContain(PASTED.webhookSecret);
      expect(
        test.app.deps.payments.gateway.options.vault.open<MercadoPagoCredentials>(row?.credentials as string),
      ).toEqual({ accessToken: PASTED.accessToken, refreshToken: null, webhookSecret: PASTED.webhookSecret });
      // both of the branch's storefronts now take cards with the shop's public key
      for (const alias of ['donmateo-palermo', 'donmateo-belgrano']) {
        const contact = await storefrontOf(test, alias);
        expect(contact.acceptsOnlinePayment).toBe(true);
        expect(contact.cardPayment).toEqual({ provider: 'MERCADO_PAGO', publicKey: PASTED.publicKey });
        expect(JSON.stringify(contact)).not.toContain(PASTED.accessToken);
      }
      expect(await changes()).toContainEqual(
        expect.objectContaining({
          area: 'PAYMENTS',
          // Belgrano had no online card yet: connecting the account gave it one
          summary: `Conectó Mercado Pago (${seller.id}); 'Tarjeta online' en 1 tienda`,
          staffName: await staffNameOf(test, DONMATEO_OWNER.email),
        }),
      );
    });

    it('shows Kenzo’s owner Kenzo’s own account, never Don Mateo’s', async () => {
      const res = await call('GET', ACCOUNT, { cookie: kenzo });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(kenzoView);
      expect(res.body.account.provider).toBe('SANDBOX');
      expect(JSON.stringify(res.body)).not.toContain('Mercado Pago');
      expect((await storefrontOf(test, 'kenzo-nunez')).cardPayment).toEqual({
        provider: 'SANDBOX',
        publicKey: null,
      });
      expect((await connectedRows(test, kenzoBranch)).map((r) => r.provider)).toEqual(['SANDBOX']);
      // Kenzo's log knows nothing of Don Mateo's connection
      const log = (await call('GET', '/api/console/changes', { cookie: kenzo })).body as { area: string }[];
      expect(log.filter((c) => c.area === 'PAYMENTS')).toEqual([]);
    });

    it('retires the first account when the owner connects another: one connected account per branch', async () => {
      const second = {
        accessToken: 'TEST-5559876543-donmateo-second',
        publicKey: 'TEST-pk-donmateo-0002',
        webhookSecret: 'whsec-donmateo-0002',
      };
      const res = await call('PUT', MERCADO_PAGO, { cookie: owner, payload: second });
      expect(res.status, res.text).toBe(200);
      const seller = await fakeUserOf(mp, second.accessToken);
      expect(res.body.account).toMatchObject({
        externalAccountId: String(seller.id),
        connectedVia: 'PASTED',
      });
      const connected = await connectedRows(test, donMateoBranch);
      expect(connected.map((r) => [r.provider, r.externalAccountId])).toEqual([
        ['MERCADO_PAGO', String(seller.id)],
      ]);
      // the old rows stay (their payments are still looked up and refunded), disconnected
      const all = await accountRows(test, donMateoBranch);
      expect(all.map((r) => [r.provider, r.disconnectedAt !== null])).toEqual([
        ['SANDBOX', true],
        ['MERCADO_PAGO', true],
        ['MERCADO_PAGO', false],
      ]);
      expect((await storefrontOf(test, 'donmateo-palermo')).cardPayment).toEqual({
        provider: 'MERCADO_PAGO',
        publicKey: second.publicKey,
      });
    });

    it('keeps one connected account when two connections arrive at once', async () => {
      const pastes = ['0003', '0004'].map((n) => ({
        accessToken: `TEST-5550000${n}-donmateo-race`,
        publicKey: `TEST-pk-donmateo-${n}`,
        webhookSecret: `whsec-donmateo-${n}`,
      }));
      const answers = await Promise.all(
        pastes.map((payload) => call('PUT', MERCADO_PAGO, { cookie: owner, payload })),
      );
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      const connected = await connectedRows(test, donMateoBranch);
      expect(connected).toHaveLength(1);
      expect(pastes.map((p) => p.publicKey)).toContain(connected[0]?.publicKey);
      const read = (await call('GET', ACCOUNT, { cookie: owner })).body;
      expect(read.account.externalAccountId).toBe(connected[0]?.externalAccountId);
    });

    it('connects Transbank’s public integration commerce, checked against Webpay', async () => {
      const res = await call('PUT', TRANSBANK, { cookie: owner, payload: { integration: true } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.account).toEqual({
        provider: 'TRANSBANK',
        name: PAYMENT_ACCOUNT_NAMES.TRANSBANK,
        connectedVia: 'PASTED',
        externalAccountId: TRANSBANK_INTEGRATION.commerceCode,
        label: 'Comercio de integración (pruebas)',
        live: false,
        connectedAt: expect.any(String),
        connectedBy: await staffNameOf(test, DONMATEO_OWNER.email),
      });
      expect(JSON.stringify(res.body)).not.toContain(TRANSBANK_INTEGRATION.apiKey);
      // the check was a status query with the integration commerce's headers
      const check = tb.requests.at(-1);
      expect(check?.method).toBe('GET');
      expect(check?.headers['tbk-api-key-id']).toBe(TRANSBANK_INTEGRATION.commerceCode);
      const [row] = await connectedRows(test, donMateoBranch);
      expect(row?.credentials?.startsWith('v1.')).toBe(true);
      expect(row?.credentials).not.toContain(TRANSBANK_INTEGRATION.apiKey);
      expect(
        test.app.deps.payments.gateway.options.vault.open<TransbankCredentials>(row?.credentials as string),
      ).toEqual({ commerceCode: TRANSBANK_INTEGRATION.commerceCode, apiKey: TRANSBANK_INTEGRATION.apiKey });
      expect((await storefrontOf(test, 'donmateo-palermo')).cardPayment).toEqual({
        provider: 'TRANSBANK',
        publicKey: null,
      });
      expect(await changes()).toContainEqual(
        expect.objectContaining({
          area: 'PAYMENTS',
          summary: `Conectó ${PAYMENT_ACCOUNT_NAMES.TRANSBANK} (${TRANSBANK_INTEGRATION.commerceCode})`,
        }),
      );
    });

    it('refuses Transbank credentials Webpay does not know (422), Webpay away (502) and malformed ones (400)', async () => {
      const unknown = { commerceCode: '597000000000', apiKey: 'A'.repeat(64) };
      const refused = await call('PUT', TRANSBANK, { cookie: owner, payload: unknown });
      expectApiError(refused, 422, 'PAYMENT_CREDENTIALS_REFUSED');
      expect(refused.body.message).toBe(M.credentialsRefused);
      expect(tb.requests.at(-1)?.headers['tbk-api-key-id']).toBe(unknown.commerceCode);
      expect(refused.text).not.toContain(unknown.apiKey);

      // the check's status query is for a random token: the next request, whatever its path
      const outage = tb.failNext('', 503);
      const away = await call('PUT', TRANSBANK, { cookie: owner, payload: { integration: true } });
      expect(outage.used).toBe(true);
      expectApiError(away, 502, 'PAYMENT_PROVIDER_FAILED');
      expect(away.body.message).toBe(M.providerUnavailable);

      const asked = tb.requests.length;
      const bad = await call('PUT', TRANSBANK, {
        cookie: owner,
        payload: { commerceCode: '5970-0000', apiKey: 'not a key!' },
      });
      expect(bad.body).toEqual({
        code: 'BAD_REQUEST',
        message: M.commerceCodeInvalid,
        errors: [
          { field: 'commerceCode', message: M.commerceCodeInvalid },
          { field: 'apiKey', message: M.apiKeyInvalid },
        ],
      });
      const shortKey = await call('PUT', TRANSBANK, {
        cookie: owner,
        payload: { commerceCode: '597000000000', apiKey: 'A'.repeat(31) },
      });
      expect(shortKey.status).toBe(400);
      expect(shortKey.body.errors).toEqual([{ field: 'apiKey', message: M.apiKeyInvalid }]);
      expect(tb.requests.length).toBe(asked);
      // still the integration commerce connected before
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.externalAccountId)).toEqual([
        TRANSBANK_INTEGRATION.commerceCode,
      ]);
    });

    /** Sends `payload` as the JSON text it is (null, a bare number and an array included). */
    const putJson = (url: string, payload: unknown) =>
      call('PUT', url, {
        cookie: owner,
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });

    it('answers a wrong field with the 400 naming it in Spanish, never a 500', async () => {
      const cases: [string, unknown, string][] = [
        [MERCADO_PAGO, { accessToken: PASTED.accessToken }, 'Completá este campo.'],
        [MERCADO_PAGO, { ...PASTED, accessToken: 123456789 }, 'Completá este campo.'],
        [MERCADO_PAGO, { ...PASTED, publicKey: { key: 'x' } }, 'Completá este campo.'],
        [MERCADO_PAGO, { ...PASTED, webhookSecret: null }, 'Completá este campo.'],
        [MERCADO_PAGO, { ...PASTED, accessToken: `TEST-${'a'.repeat(400)}` }, 'El texto es demasiado largo.'],
      ];
      for (const [url, payload, message] of cases) {
        const res = await putJson(url, payload);
        expectApiError(res, 400, 'BAD_REQUEST');
        expect(res.body.message, JSON.stringify(payload)).toBe(message);
      }
    });

    it('answers a body of the wrong shape (not an object, unknown fields, neither Transbank form) with a 400, never a 500', async () => {
      for (const [url, payload] of WRONG_SHAPES) {
        const res = await putJson(url, payload);
        expectApiError(res, 400, 'BAD_REQUEST');
      }
      for (const url of [MERCADO_PAGO, TRANSBANK])
        expectApiError(await call('PUT', url, { cookie: owner }), 400);
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.provider)).toEqual(['TRANSBANK']);
    });

    it('names a body of the wrong shape in Spanish', async () => {
      const english: string[] = [];
      const answers = [
        ...(await Promise.all(WRONG_SHAPES.map(([url, payload]) => putJson(url, payload)))),
        await call('PUT', MERCADO_PAGO, { cookie: owner }),
        await call('PUT', TRANSBANK, { cookie: owner }),
      ];
      for (const res of answers) {
        try {
          expectSpanish(res.body.message);
        } catch {
          english.push(res.body.message);
        }
      }
      expect(english).toEqual([]);
    });

    it('answers broken JSON with the Spanish 400 and text or a form with the Spanish 415, on every PUT', async () => {
      for (const url of [SANDBOX, MERCADO_PAGO, TRANSBANK]) {
        const broken = await call('PUT', url, {
          cookie: owner,
          payload: '{"accessToken": "TEST-',
          headers: { 'content-type': 'application/json' },
        });
        expectApiError(broken, 400, 'BAD_REQUEST');
        expect(broken.body.message, url).toBe(ERROR_MESSAGES.badRequest);
        const emptyJson = await call('PUT', url, {
          cookie: owner,
          payload: '',
          headers: { 'content-type': 'application/json' },
        });
        expectApiError(emptyJson, 400, 'BAD_REQUEST');
        expect(emptyJson.body.message, url).toBe(ERROR_MESSAGES.badRequest);
        for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
          const text = await call('PUT', url, {
            cookie: owner,
            payload: 'accessToken=TEST-123',
            headers: { 'content-type': type },
          });
          expectApiError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
          expect(text.body.message, `${url} ${type}`).toBe(JSON_ONLY_MESSAGE);
        }
      }
      // none of it changed the account
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.provider)).toEqual(['TRANSBANK']);
    });

    it('disconnects: the shop stops offering card payments and online card orders are refused', async () => {
      const res = await call('DELETE', ACCOUNT, { cookie: owner });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        account: null,
        available: { sandbox: true, mercadoPagoOAuth: false, transbankIntegration: true },
        marketplaceFeePercent: 0,
      });
      expect((await call('GET', ACCOUNT, { cookie: owner })).body.account).toBeNull();
      const again = await call('DELETE', ACCOUNT, { cookie: owner });
      expectApiError(again, 404, 'NO_PAYMENT_ACCOUNT');
      expect(again.body.message).toBe(M.noAccount);
      expect(await connectedRows(test, donMateoBranch)).toEqual([]);
      for (const alias of ['donmateo-palermo', 'donmateo-belgrano']) {
        const contact = await storefrontOf(test, alias);
        expect(contact.acceptsOnlinePayment).toBe(false);
        expect(contact.cardPayment).toBeNull();
      }
      const order = await placeCardOrder(test);
      expectApiError(order, 409, 'PAYMENT_TYPE_UNAVAILABLE');
      expect(order.body.message).toBe(MESSAGES.paymentTypeUnavailable);
      const log = await changes();
      expect(log[0]).toMatchObject({
        area: 'PAYMENTS',
        summary: `Desconectó ${PAYMENT_ACCOUNT_NAMES.TRANSBANK} (${TRANSBANK_INTEGRATION.commerceCode})`,
        staffName: await staffNameOf(test, DONMATEO_OWNER.email),
      });
      expect(log.filter((c) => c.summary.startsWith('Desconectó'))).toHaveLength(1);
      // Kenzo's shop still takes cards
      expect((await storefrontOf(test, 'kenzo-nunez')).acceptsOnlinePayment).toBe(true);
    });

    it('connects the sandbox again where it is on, and the shop takes card orders again', async () => {
      const res = await call('PUT', SANDBOX, { cookie: owner });
      expect(res.status, res.text).toBe(200);
      expect(res.body.account).toMatchObject({
        provider: 'SANDBOX',
        connectedVia: 'SANDBOX',
        externalAccountId: 'sandbox',
        live: false,
        connectedBy: await staffNameOf(test, DONMATEO_OWNER.email),
      });
      expect((await storefrontOf(test, 'donmateo-palermo')).cardPayment).toEqual({
        provider: 'SANDBOX',
        publicKey: null,
      });
      const order = await placeCardOrder(test);
      expect(order.status, JSON.stringify(order.body)).toBe(201);
      const [row] = await test.database.db
        .select({ status: t.orders.status })
        .from(t.orders)
        .where(eq(t.orders.id, order.body.data.id));
      expect(row?.status).toBe('PAY_NEEDED');
    });
  });

  describe('Mercado Pago’s OAuth for marketplaces (the platform’s application, a 2.5 % fee)', () => {
    const SELLER = 'APP_USR-oauth-seller-donmateo';
    let test: TestApp;
    let owner: string;
    let kenzo: string;
    let donMateoBranch: number;
    const call = callerOf(() => test);

    beforeAll(async () => {
      test = await createTestApp(kind, {
        payments: {
          mercadoPago: {
            ...defaultMercadoPagoPlatform(),
            baseUrl: mp.baseUrl,
            authUrl: 'https://auth.example',
            clientId: FAKE_MP_CLIENT_ID,
            clientSecret: FAKE_MP_CLIENT_SECRET,
            webhookSecret: 'platform-secret',
            marketplaceFeePercent: 2.5,
          },
        },
      });
      owner = await staffCookie(test.app, DONMATEO_OWNER);
      kenzo = await staffCookie(test.app, KENZO_OWNER);
      donMateoBranch = await branchOf(test, DONMATEO_OWNER.email);
    });
    afterAll(async () => {
      await test?.close();
    });

    const authorize = async (cookie = owner) => {
      const res = await call('POST', AUTHORIZE, { cookie });
      expect(res.status, res.text).toBe(200);
      const url = new URL(res.body.url as string);
      return { url, state: url.searchParams.get('state') as string };
    };
    const comeBack = async (query: Record<string, string>, cookie = owner) => {
      const res = await call('GET', `${RETURN}?${new URLSearchParams(query)}`, { cookie });
      expect(res.status, res.text).toBe(303);
      return res.headers.location;
    };

    it('offers the connection and the platform’s fee', async () => {
      const res = await call('GET', ACCOUNT, { cookie: owner });
      expect(res.body).toMatchObject({
        account: { provider: 'SANDBOX' },
        available: { sandbox: true, mercadoPagoOAuth: true, transbankIntegration: true },
        marketplaceFeePercent: 2.5,
      });
    });

    it('sends the owner to Mercado Pago’s authorization page with a state kept only as its hash', async () => {
      const { url, state } = await authorize();
      expect(url.origin).toBe('https://auth.example');
      expect(url.pathname).toBe('/authorization');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: FAKE_MP_CLIENT_ID,
        response_type: 'code',
        platform_id: 'mp',
        state,
        redirect_uri: REDIRECT_URI,
      });
      expect(state.length).toBeGreaterThanOrEqual(32);
      const states = await test.database.db.select().from(t.paymentOauthStates);
      expect(states.map((s) => s.stateHash)).toContain(sha256(state));
      expect(JSON.stringify(states)).not.toContain(state);
      // each connection gets a state of its own
      expect((await authorize()).state).not.toBe(state);
    });

    it('connects the account Mercado Pago hands over for the code; the same state cannot be spent twice', async () => {
      const { state } = await authorize();
      const code = mp.issueCode(SELLER);
      expect(await comeBack({ code, state })).toBe('/console/cobros?cuenta=conectada');
      const exchange = mp.requests.findLast((r) => r.path === '/oauth/token');
      expect(exchange?.body).toMatchObject({
        client_id: FAKE_MP_CLIENT_ID,
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
      });
      const seller = await fakeUserOf(mp, SELLER);
      const view = (await call('GET', ACCOUNT, { cookie: owner })).body;
      expect(view.account).toEqual({
        provider: 'MERCADO_PAGO',
        name: 'Mercado Pago',
        connectedVia: 'OAUTH',
        externalAccountId: String(seller.id),
        label: null,
        live: true,
        connectedAt: expect.any(String),
        connectedBy: await staffNameOf(test, DONMATEO_OWNER.email),
      });
      expect(JSON.stringify(view)).not.toContain(SELLER);
      const [row] = await connectedRows(test, donMateoBranch);
      expect(row).toMatchObject({ connectedVia: 'OAUTH', publicKey: `APP_USR-pk-${seller.id}` });
      expect(row?.expiresAt?.getTime()).toBe(test.app.deps.clock().getTime() + FAKE_MP_EXPIRES_IN * 1000);
      expect(row?.credentials?.startsWith('v1.')).toBe(true);
      expect(row?.credentials).not.toContain(SELLER);
      const sealed = test.app.deps.payments.gateway.options.vault.open<MercadoPagoCredentials>(
        row?.credentials as string,
      );
      expect(sealed).toMatchObject({ accessToken: SELLER, webhookSecret: null });
      expect(sealed.refreshToken).toMatch(/^RT-/);
      expect(row?.credentials).not.toContain(sealed.refreshToken as string);
      expect((await storefrontOf(test, 'donmateo-palermo')).cardPayment).toEqual({
        provider: 'MERCADO_PAGO',
        publicKey: `APP_USR-pk-${seller.id}`,
      });
      // the state was spent: coming back with it again (another code even) connects nothing
      const tokenCalls = mp.requests.filter((r) => r.path === '/oauth/token').length;
      expect(await comeBack({ code: mp.issueCode('APP_USR-someone-else'), state })).toBe(
        '/console/cobros?cuenta=vencida',
      );
      expect(mp.requests.filter((r) => r.path === '/oauth/token')).toHaveLength(tokenCalls);
      expect((await connectedRows(test, donMateoBranch)).map((r) => r.externalAccountId)).toEqual([
        String(seller.id),
      ]);
    });

    it('answers vencida, rechazada or error for a return it cannot complete, connecting nothing', async () => {
      const before = await connectedRows(test, donMateoBranch);
      // another owner's session cannot spend Don Mateo's state, which stays Don Mateo's
      const { state } = await authorize();
      expect(await comeBack({ code: mp.issueCode('APP_USR-kenzo-steals'), state }, kenzo)).toBe(
        '/console/cobros?cuenta=vencida',
      );
      // the owner said no on Mercado Pago's page
      expect(await comeBack({ error: 'access_denied', state })).toBe('/console/cobros?cuenta=rechazada');
      // a code Mercado Pago never issued, or one already exchanged
      expect(await comeBack({ code: 'TG-never-issued', state: (await authorize()).state })).toBe(
        '/console/cobros?cuenta=rechazada',
      );
      const spent = mp.issueCode('APP_USR-spent-code');
      const exchanged = await fetch(`${mp.baseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: FAKE_MP_CLIENT_ID,
          client_secret: FAKE_MP_CLIENT_SECRET,
          grant_type: 'authorization_code',
          code: spent,
          redirect_uri: REDIRECT_URI,
        }),
      });
      expect(exchanged.status).toBe(200);
      expect(await comeBack({ code: spent, state: (await authorize()).state })).toBe(
        '/console/cobros?cuenta=rechazada',
      );
      // a code but no state, a state without a code
      expect(await comeBack({ code: mp.issueCode('APP_USR-no-state') })).toBe(
        '/console/cobros?cuenta=vencida',
      );
      expect(await comeBack({ state: (await authorize()).state })).toBe('/console/cobros?cuenta=rechazada');
      // a state past its 15 minutes
      const old = (await authorize()).state;
      await test.database.db
        .update(t.paymentOauthStates)
        .set({ expiresAt: new Date(test.app.deps.clock().getTime() - 1) })
        .where(eq(t.paymentOauthStates.stateHash, sha256(old)));
      expect(await comeBack({ code: mp.issueCode('APP_USR-late'), state: old })).toBe(
        '/console/cobros?cuenta=vencida',
      );
      // Mercado Pago away during the exchange
      const outage = mp.failNext('/oauth/token', 503);
      expect(await comeBack({ code: mp.issueCode('APP_USR-outage'), state: (await authorize()).state })).toBe(
        '/console/cobros?cuenta=error',
      );
      expect(outage.used).toBe(true);
      expect(await connectedRows(test, donMateoBranch)).toEqual(before);
    });

    it('charges a card with the shop’s OAuth token and keeps the platform’s 2.5 % (application_fee)', async () => {
      const placed = await placeCardOrder(test);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = placed.body.data as { id: number; code: string; price: number };
      const paid = await call('POST', '/api/order/payment', {
        payload: {
          token: 'tok-approved',
          paymentMethodId: 'visa',
          dinerOrderId: order.id,
          orderCode: order.code,
          cardName: 'Lucía Fernández',
          identificationType: 'DNI',
          identificationNumber: '30123456',
        },
      });
      expect(paid.status, paid.text).toBe(200);
      expect(paid.body).toMatchObject({ status: 'PAID' });
      const charge = mp.requests.findLast((r) => r.path === '/v1/payments');
      expect(charge?.headers.authorization).toBe(`Bearer ${SELLER}`);
      const totalMinor = Math.round(order.price * 100);
      const fee = marketplaceFeeOf(totalMinor, 2.5);
      expect(fee).toBeGreaterThan(0);
      expect(charge?.body).toMatchObject({
        transaction_amount: order.price,
        external_reference: order.code,
        application_fee: fee / 100,
      });
      expect(mp.sellerOf(paid.body.paymentReferenceId)).toBe(SELLER);
    });

    it('keeps no fee on what a pasted account charges (only the platform’s own application’s payments)', async () => {
      const pasted = {
        accessToken: 'APP_USR-5550001111-pasted-production',
        publicKey: 'APP_USR-pk-pasted-0001',
        webhookSecret: 'whsec-pasted-0001',
      };
      const res = await call('PUT', MERCADO_PAGO, { cookie: owner, payload: pasted });
      expect(res.status, res.text).toBe(200);
      expect(res.body.account).toMatchObject({ connectedVia: 'PASTED', live: true });
      const placed = await placeCardOrder(test);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = placed.body.data as { id: number; code: string };
      const paid = await call('POST', '/api/order/payment', {
        payload: {
          token: 'tok-approved',
          paymentMethodId: 'visa',
          dinerOrderId: order.id,
          orderCode: order.code,
          cardName: 'Lucía Fernández',
          identificationType: 'DNI',
          identificationNumber: '30123456',
        },
      });
      expect(paid.status, paid.text).toBe(200);
      const charge = mp.requests.findLast((r) => r.path === '/v1/payments');
      expect(charge?.headers.authorization).toBe(`Bearer ${pasted.accessToken}`);
      expect(charge?.body).not.toHaveProperty('application_fee');
    });
  });

  describe('where the sandbox is off (production)', () => {
    let test: TestApp;
    let owner: string;
    let kenzo: string;
    const call = callerOf(() => test);

    beforeAll(async () => {
      test = await createTestApp(kind, { payments: { sandbox: null } });
      owner = await staffCookie(test.app, DONMATEO_OWNER);
      kenzo = await staffCookie(test.app, KENZO_OWNER);
    });
    afterAll(async () => {
      await test?.close();
    });

    it('retired the seeded sandbox accounts at start: no shop offers card payments until it connects one', async () => {
      for (const cookie of [owner, kenzo]) {
        const res = await call('GET', ACCOUNT, { cookie });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          account: null,
          available: { sandbox: false, mercadoPagoOAuth: false, transbankIntegration: true },
          marketplaceFeePercent: 0,
        });
      }
      const sandboxes = await test.database.db
        .select()
        .from(t.paymentAccounts)
        .where(eq(t.paymentAccounts.provider, 'SANDBOX'));
      expect(sandboxes.length).toBeGreaterThan(0);
      expect(sandboxes.filter((r) => r.disconnectedAt === null)).toEqual([]);
      for (const alias of ['donmateo-palermo', 'kenzo-nunez']) {
        const contact = await storefrontOf(test, alias);
        expect(contact.acceptsOnlinePayment).toBe(false);
        expect(contact.cardPayment).toBeNull();
      }
      const order = await placeCardOrder(test);
      expectApiError(order, 409, 'PAYMENT_TYPE_UNAVAILABLE');
      const gone = await call('DELETE', ACCOUNT, { cookie: owner });
      expectApiError(gone, 404, 'NO_PAYMENT_ACCOUNT');
    });

    it('refuses to connect the sandbox (409)', async () => {
      const res = await call('PUT', SANDBOX, { cookie: owner });
      expectApiError(res, 409, 'SANDBOX_OFF');
      expect(res.body.message).toBe(M.sandboxOff);
      expect((await call('GET', ACCOUNT, { cookie: owner })).body.account).toBeNull();
    });
  });
});
