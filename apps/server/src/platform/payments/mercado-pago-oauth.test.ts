import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_MP_CLIENT_ID,
  FAKE_MP_CLIENT_SECRET,
  FAKE_MP_EXPIRES_IN,
  type FakeMercadoPago,
  startFakeMercadoPago,
} from '../../../test/fake-mercado-pago.ts';
import {
  checkMercadoPagoCredentials,
  exchangeMercadoPagoCode,
  MERCADO_PAGO_AUTH_URL,
  MercadoPagoCredentialsRefusedError,
  mercadoPagoAuthorizationUrl,
  refreshMercadoPagoGrant,
} from './mercado-pago-oauth.ts';
import { createMercadoPagoProvider } from './mercado-pago-provider.ts';
import { PaymentProviderUnavailableError, RefundRefusedError } from './provider.ts';

const NOW = new Date('2026-03-01T12:00:00Z');
const REDIRECT_URI = 'https://comanda.example/api/admin/payments/mercadopago/callback';

/** The error a promise rejects with (the test fails if it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('Mercado Pago authorization URL', () => {
  it('sends the owner to Mercado Pago with our app, the state and where to come back, encoded', () => {
    const url = new URL(
      mercadoPagoAuthorizationUrl({
        clientId: 'APP-123',
        redirectUri: `${REDIRECT_URI}?shop=don mateo&x=1`,
        state: 'st/ate+1=2&3',
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${MERCADO_PAGO_AUTH_URL}/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'APP-123',
      response_type: 'code',
      platform_id: 'mp',
      state: 'st/ate+1=2&3',
      redirect_uri: `${REDIRECT_URI}?shop=don mateo&x=1`,
    });
    // nothing of the state or the redirect URI leaks into the query as its own parameter
    expect(url.search).not.toContain('&3');
    expect(url.search).toContain('redirect_uri=https%3A%2F%2Fcomanda.example');
  });

  it('takes a country’s authorization site, and refuses what Mercado Pago would only refuse later', () => {
    expect(
      mercadoPagoAuthorizationUrl({
        clientId: 'APP-123',
        redirectUri: REDIRECT_URI,
        state: 's',
        authBaseUrl: 'https://auth.mercadopago.com.ar/',
      }),
    ).toMatch(/^https:\/\/auth\.mercadopago\.com\.ar\/authorization\?client_id=APP-123&/);
    expect(() =>
      mercadoPagoAuthorizationUrl({ clientId: 'APP-123', redirectUri: '/callback', state: 's' }),
    ).toThrow();
    expect(() =>
      mercadoPagoAuthorizationUrl({ clientId: 'APP-123', redirectUri: REDIRECT_URI, state: '' }),
    ).toThrow();
  });
});

describe('Mercado Pago OAuth and pasted credentials (against a local fake API)', () => {
  let fake: FakeMercadoPago;
  const app = () => ({
    clientId: FAKE_MP_CLIENT_ID,
    clientSecret: FAKE_MP_CLIENT_SECRET,
    baseUrl: fake.baseUrl,
  });
  beforeAll(async () => {
    fake = await startFakeMercadoPago();
  });
  afterAll(() => fake.close());

  it('exchanges the code for the shop’s credentials, expiring 180 days from now', async () => {
    const code = fake.issueCode('APP_USR-shop-1');
    const grant = await exchangeMercadoPagoCode({ ...app(), code, redirectUri: REDIRECT_URI, now: NOW });
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/oauth/token' });
    expect(request?.headers['content-type']).toBe('application/json');
    // our application's credentials are in the body, never a seller's token in a header
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.body).toEqual({
      client_id: 'APP-123',
      client_secret: 'app-secret',
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    });
    expect(grant).toEqual({
      accessToken: 'APP_USR-shop-1',
      refreshToken: expect.stringMatching(/^RT-/),
      publicKey: expect.stringMatching(/^APP_USR-pk-/),
      userId: expect.stringMatching(/^\d+$/),
      expiresAt: new Date(NOW.getTime() + FAKE_MP_EXPIRES_IN * 1000),
      liveMode: true,
    });
    expect(grant.expiresAt?.toISOString()).toBe('2026-08-28T12:00:00.000Z');
    // the same account opens with the token it was given
    expect(
      (await checkMercadoPagoCredentials({ accessToken: grant.accessToken, baseUrl: fake.baseUrl })).userId,
    ).toBe(grant.userId);
  });

  it('refuses a used or unknown code, and our app’s wrong secret', async () => {
    const code = fake.issueCode('APP_USR-shop-2');
    await exchangeMercadoPagoCode({ ...app(), code, redirectUri: REDIRECT_URI, now: NOW });
    const used = await failure(
      exchangeMercadoPagoCode({ ...app(), code, redirectUri: REDIRECT_URI, now: NOW }),
    );
    expect(used).toBeInstanceOf(MercadoPagoCredentialsRefusedError);
    expect(used).toMatchObject({ status: 400, error: 'invalid_grant' });
    await expect(
      exchangeMercadoPagoCode({ ...app(), code: 'TG-forged', redirectUri: REDIRECT_URI, now: NOW }),
    ).rejects.toBeInstanceOf(MercadoPagoCredentialsRefusedError);

    const fresh = fake.issueCode('APP_USR-shop-3');
    const wrong = await failure(
      exchangeMercadoPagoCode({
        ...app(),
        clientSecret: 'not-the-secret',
        code: fresh,
        redirectUri: REDIRECT_URI,
        now: NOW,
      }),
    );
    expect(wrong).toBeInstanceOf(MercadoPagoCredentialsRefusedError);
    expect(wrong).toMatchObject({ status: 401, error: 'invalid_client' });
    // a refused client spends no code: the right secret still exchanges it
    await expect(
      exchangeMercadoPagoCode({ ...app(), code: fresh, redirectUri: REDIRECT_URI, now: NOW }),
    ).resolves.toMatchObject({ accessToken: 'APP_USR-shop-3' });
  });

  it('renews the grant with its refresh token, which is then spent', async () => {
    const code = fake.issueCode('APP_USR-shop-4');
    const first = await exchangeMercadoPagoCode({ ...app(), code, redirectUri: REDIRECT_URI, now: NOW });
    const later = new Date(NOW.getTime() + 170 * 86_400_000);
    const renewed = await refreshMercadoPagoGrant({
      ...app(),
      refreshToken: first.refreshToken as string,
      now: later,
    });
    expect(fake.requests.at(-1)?.body).toEqual({
      client_id: 'APP-123',
      client_secret: 'app-secret',
      grant_type: 'refresh_token',
      refresh_token: first.refreshToken,
    });
    expect(renewed.accessToken).not.toBe(first.accessToken);
    expect(renewed.refreshToken).toMatch(/^RT-/);
    expect(renewed.refreshToken).not.toBe(first.refreshToken);
    expect(renewed).toMatchObject({ userId: first.userId, publicKey: first.publicKey, liveMode: true });
    expect(renewed.expiresAt).toEqual(new Date(later.getTime() + FAKE_MP_EXPIRES_IN * 1000));
    await expect(
      refreshMercadoPagoGrant({ ...app(), refreshToken: first.refreshToken as string, now: later }),
    ).rejects.toBeInstanceOf(MercadoPagoCredentialsRefusedError);
    // the renewed token opens the same account
    expect(
      (await checkMercadoPagoCredentials({ accessToken: renewed.accessToken, baseUrl: fake.baseUrl })).userId,
    ).toBe(first.userId);
  });

  it('checks pasted credentials with GET /users/me', async () => {
    const account = await checkMercadoPagoCredentials({
      accessToken: 'APP_USR-pasted-1',
      baseUrl: fake.baseUrl,
    });
    expect(account).toEqual({
      userId: expect.stringMatching(/^\d+$/),
      nickname: expect.any(String),
      siteId: 'MLA',
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/users/me' });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer APP_USR-pasted-1');

    const refused = await failure(
      checkMercadoPagoCredentials({ accessToken: 'garbage', baseUrl: fake.baseUrl }),
    );
    expect(refused).toBeInstanceOf(MercadoPagoCredentialsRefusedError);
    expect(refused).toMatchObject({ status: 401 });
  });

  it('says Mercado Pago is unavailable on 5xx, 429 or no answer, never that the credentials are bad', async () => {
    fake.failNext('/users/me', 503);
    await expect(
      checkMercadoPagoCredentials({ accessToken: 'APP_USR-pasted-2', baseUrl: fake.baseUrl }),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    fake.failNext('/users/me', 429);
    await expect(
      checkMercadoPagoCredentials({ accessToken: 'APP_USR-pasted-2', baseUrl: fake.baseUrl }),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    const code = fake.issueCode('APP_USR-shop-5');
    fake.failNext('/oauth/token', 500);
    await expect(
      exchangeMercadoPagoCode({ ...app(), code, redirectUri: REDIRECT_URI, now: NOW }),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
    // the outage spent nothing: the owner's code still works
    await expect(
      exchangeMercadoPagoCode({ ...app(), code, redirectUri: REDIRECT_URI, now: NOW }),
    ).resolves.toMatchObject({ accessToken: 'APP_USR-shop-5' });

    await expect(
      checkMercadoPagoCredentials({
        accessToken: 'APP_USR-x',
        baseUrl: 'http://127.0.0.1:1',
        timeoutMs: 2000,
      }),
    ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });

  it('gives up on a server that never answers after timeoutMs', async () => {
    // one route answers nothing, the other starts an answer and never ends it
    const hanging: Server = createServer((req, res) => {
      if (req.url === '/oauth/token')
        res.writeHead(200, { 'content-type': 'application/json' }).write('{"acc');
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      await expect(
        checkMercadoPagoCredentials({ accessToken: 'APP_USR-x', baseUrl, timeoutMs: 150 }),
      ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
      await expect(
        exchangeMercadoPagoCode({
          ...app(),
          baseUrl,
          code: 'c',
          redirectUri: REDIRECT_URI,
          now: NOW,
          timeoutMs: 150,
        }),
      ).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('reads answers strictly: a user id may be a number or a string, anything odd is unreadable', async () => {
    const answering = (status: number, body: unknown) => async () =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
    const token = {
      access_token: 'APP_USR-odd',
      token_type: 'bearer',
      expires_in: 60,
      user_id: '777',
      refresh_token: 'RT-1',
      public_key: 'APP_USR-pk',
      live_mode: false,
    };
    const exchange = (fetch: typeof globalThis.fetch) =>
      exchangeMercadoPagoCode({ ...app(), fetch, code: 'c', redirectUri: REDIRECT_URI, now: NOW });
    expect(await exchange(answering(200, token))).toEqual({
      accessToken: 'APP_USR-odd',
      refreshToken: 'RT-1',
      publicKey: 'APP_USR-pk',
      userId: '777',
      expiresAt: new Date(NOW.getTime() + 60_000),
      liveMode: false,
    });
    // what Mercado Pago may leave out
    expect(
      await exchange(answering(200, { access_token: 'TEST-only', user_id: 5, refresh_token: null })),
    ).toEqual({
      accessToken: 'TEST-only',
      refreshToken: null,
      publicKey: null,
      userId: '5',
      expiresAt: null,
      liveMode: false,
    });
    for (const odd of [
      'not json',
      '',
      [token],
      { ...token, access_token: '' },
      { ...token, access_token: 42 },
      { ...token, user_id: undefined },
      { ...token, user_id: { id: 1 } },
      { ...token, user_id: 1.5 },
      { ...token, expires_in: '15552000' },
      { ...token, live_mode: 'true' },
      { ...token, refresh_token: 7 },
      { ...token, token_type: 'mac' },
    ])
      await expect(exchange(answering(200, odd))).rejects.toBeInstanceOf(PaymentProviderUnavailableError);

    const check = (fetch: typeof globalThis.fetch) =>
      checkMercadoPagoCredentials({ accessToken: 'APP_USR-x', fetch });
    expect(await check(answering(200, { id: 9, site_id: 'MLC' }))).toEqual({
      userId: '9',
      nickname: null,
      siteId: 'MLC',
    });
    for (const odd of ['', 'nope', {}, { id: null }, { id: 9, site_id: 3 }, { id: 9, nickname: ['x'] }])
      await expect(check(answering(200, odd))).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });

  it('never puts a token, a secret or a code in an error message', async () => {
    const secrets = ['APP_USR-secret-token', 'super-secret', 'TG-secret-code', 'RT-secret-refresh'];
    // a transport, or Mercado Pago itself, quoting everything it was given
    const echo: typeof fetch = async (url, init) =>
      new Response(
        JSON.stringify({ message: `${String(url)} ${JSON.stringify(init)}`, error: secrets.join(' ') }),
        {
          status: 400,
        },
      );
    const throwing: typeof fetch = async (url, init) => {
      throw new Error(`${String(url)} ${JSON.stringify(init)}`, { cause: { code: secrets[0] } });
    };
    const errors: Error[] = [];
    for (const fetch of [echo, throwing]) {
      const base = { clientId: 'APP-123', clientSecret: 'super-secret', fetch, now: NOW };
      errors.push(
        await failure(checkMercadoPagoCredentials({ accessToken: 'APP_USR-secret-token', fetch })),
        await failure(
          exchangeMercadoPagoCode({ ...base, code: 'TG-secret-code', redirectUri: REDIRECT_URI }),
        ),
        await failure(refreshMercadoPagoGrant({ ...base, refreshToken: 'RT-secret-refresh' })),
      );
    }
    errors.push(
      await failure(
        checkMercadoPagoCredentials({ accessToken: 'APP_USR-secret-token', baseUrl: 'http://127.0.0.1:1' }),
      ),
    );
    for (const error of errors) {
      const told = `${error.message} ${JSON.stringify(error)} ${String(error.cause ?? '')}`;
      for (const secret of secrets) expect(told).not.toContain(secret);
    }
    expect(errors.filter((e) => e instanceof MercadoPagoCredentialsRefusedError)).toHaveLength(3);
  });
});

describe('the fake Mercado Pago’s sellers', () => {
  let fake: FakeMercadoPago;
  beforeAll(async () => {
    fake = await startFakeMercadoPago();
  });
  afterAll(() => fake.close());

  it('shows a seller only its own payments, whichever of its tokens asks', async () => {
    const provider = (accessToken: string) =>
      createMercadoPagoProvider({
        accessToken,
        webhookSecret: 's',
        baseUrl: fake.baseUrl,
        publicUrl: 'https://comanda.example',
      });
    const grant = await exchangeMercadoPagoCode({
      clientId: FAKE_MP_CLIENT_ID,
      clientSecret: FAKE_MP_CLIENT_SECRET,
      baseUrl: fake.baseUrl,
      code: fake.issueCode('APP_USR-seller-a'),
      redirectUri: REDIRECT_URI,
      now: NOW,
    });
    const shopA = provider(grant.accessToken);
    const payment = await shopA.createCardPayment({
      token: 'tok-approved',
      paymentMethodId: 'visa',
      amount: 100_000,
      currency: 'ARS',
      decimals: 2,
      description: 'Pedido',
      externalReference: 'ABCDEFGH23',
      idempotencyKey: 'same-key',
      payer: { name: 'Ana', email: null, identificationType: 'DNI', identificationNumber: '1' },
    });
    expect(fake.sellerOf(payment.referenceId)).toBe('APP_USR-seller-a');
    expect(fake.payments.get(payment.referenceId)?.collector_id).toBe(Number(grant.userId));

    const shopB = provider('APP_USR-seller-b');
    const platform = provider('TEST-access-token');
    for (const other of [shopB, platform]) {
      expect(await other.getPayment(payment.referenceId)).toBeNull();
      await expect(
        other.refundPayment({
          referenceId: payment.referenceId,
          amount: 100_000,
          paymentAmount: 100_000,
          currency: 'ARS',
          decimals: 2,
          idempotencyKey: 'refund-1',
        }),
      ).rejects.toBeInstanceOf(RefundRefusedError);
    }
    expect(fake.refunds).toHaveLength(0);

    // the renewed token is the same seller
    const renewed = await refreshMercadoPagoGrant({
      clientId: FAKE_MP_CLIENT_ID,
      clientSecret: FAKE_MP_CLIENT_SECRET,
      baseUrl: fake.baseUrl,
      refreshToken: grant.refreshToken as string,
      now: NOW,
    });
    expect(await provider(renewed.accessToken).getPayment(payment.referenceId)).toEqual(payment);
  });
});
