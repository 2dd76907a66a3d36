import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mercado Pago's REST API (127.0.0.1, a free port unless `port` is given: the browser
 * journeys start one per run on a fixed port, their servers' MERCADO_PAGO_BASE_URL): card tokens named
 * `tok-approved`, `tok-rejected` and `tok-pending` decide the outcome, anything else is refused
 * like a used token. Refunds (`POST /v1/payments/{id}/refunds`) are made once per idempotency key and
 * update the stored payment as Mercado Pago does. Every request is kept for the tests to look at
 * (bodies as sent, so a marketplace's `application_fee` / `marketplace_fee` can be checked there).
 *
 * Marketplace sellers: `TEST-access-token` is the platform's own account; `issueCode(token)` stands for
 * a shop owner authorizing our application (APP-123 / app-secret) on Mercado Pago's page, and
 * `POST /oauth/token` exchanges that code for the seller's credentials. Payments answer the
 * platform's token, any issued or renewed seller token and any pasted `APP_USR-` token; a seller sees
 * only its own payments (another seller's lookup or refund is a 404, as on Mercado Pago).
 * `GET /users/me` (how pasted credentials are checked) knows any `TEST-` or `APP_USR-` token.
 */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

export interface FakeMercadoPago {
  baseUrl: string;
  requests: FakeRequest[];
  payments: Map<string, Record<string, unknown>>;
  /** every refund made, in order (a retry with the same idempotency key adds none) */
  refunds: Record<string, unknown>[];
  /** The card holder disputed the payment at the bank: its status becomes 'charged_back'. */
  chargeBack(id: string | number): void;
  /** The next request whose path ends with `suffix` is answered `status` and does nothing (an outage). */
  failNext(suffix: string, status: number): { readonly used: boolean };
  /**
   * The owner of `accessToken` authorized our application: the authorization code Mercado Pago sends
   * them back with (single use), for `POST /oauth/token`.
   */
  issueCode(accessToken?: string): string;
  /** the access token (of the Authorization header) that made a payment, undefined when unknown */
  sellerOf(paymentId: string | number): string | undefined;
  close(): Promise<void>;
}

/** Our application's credentials at the fake, for `POST /oauth/token`. */
export const FAKE_MP_CLIENT_ID = 'APP-123';
export const FAKE_MP_CLIENT_SECRET = 'app-secret';
/** a grant's lifetime: 180 days, as Mercado Pago gives */
export const FAKE_MP_EXPIRES_IN = 15_552_000;
const PLATFORM_TOKEN = 'TEST-access-token';

const OUTCOMES: Record<string, [string, string]> = {
  'tok-approved': ['approved', 'accredited'],
  'tok-rejected': ['rejected', 'cc_rejected_insufficient_amount'],
  'tok-pending': ['in_process', 'pending_contingency'],
};

/** JSON as our adapters send it; a form too, which Mercado Pago's token endpoint also takes. */
function parseBody(text: string, contentType: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  if (contentType?.startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export interface FakeMercadoPagoOptions {
  /** where to listen on 127.0.0.1; a free port when absent */
  port?: number;
}

export async function startFakeMercadoPago(options: FakeMercadoPagoOptions = {}): Promise<FakeMercadoPago> {
  const requests: FakeRequest[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  const byIdempotencyKey = new Map<string, string>();
  const refundByIdempotencyKey = new Map<string, Record<string, unknown>>();
  let nextId = 1000;
  const failures: { suffix: string; status: number; used: boolean }[] = [];
  // the Authorization header that created each payment (kept apart: `payments` holds Mercado Pago's JSON)
  const headerOf = new Map<string, string>();
  // OAuth: codes not yet exchanged, refresh tokens not yet spent, and the tokens handed out (per seller)
  const codes = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const granted = new Set<string>();
  // each token's Mercado Pago account: a renewed token opens the same account as the one it replaces
  const userIds = new Map<string, number>();
  let nextUserId = 240_000_001;
  const userIdOf = (token: string) => {
    const known = userIds.get(token);
    if (known) return known;
    const id = nextUserId++;
    userIds.set(token, id);
    return id;
  };
  const grant = (accessToken: string, seller: string) => {
    granted.add(accessToken);
    userIds.set(accessToken, userIdOf(seller));
    const refreshToken = `RT-${nextId++}-${userIdOf(seller)}`;
    refreshTokens.set(refreshToken, seller);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: FAKE_MP_EXPIRES_IN,
      scope: 'offline_access read write',
      user_id: userIdOf(seller),
      refresh_token: refreshToken,
      public_key: `APP_USR-pk-${userIdOf(seller)}`,
      live_mode: true,
    };
  };
  const bearer = (header: string | undefined) => (header?.startsWith('Bearer ') ? header.slice(7) : '');
  const paysWith = (token: string) =>
    token === PLATFORM_TOKEN || granted.has(token) || token.startsWith('APP_USR-');
  // amounts in units of ARS (two decimals), kept free of floating-point dust
  const cents = (units: number) => Math.round(units * 100);
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = parseBody(text, req.headers['content-type']);
    const path = (req.url ?? '').split('?')[0] as string;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const failure = failures.find((f) => !f.used && path.endsWith(f.suffix));
    if (failure) {
      failure.used = true;
      return send(failure.status, { message: 'service unavailable' });
    }
    if (req.method === 'POST' && path === '/oauth/token') {
      if (body?.client_id !== FAKE_MP_CLIENT_ID || body.client_secret !== FAKE_MP_CLIENT_SECRET)
        return send(401, { message: 'invalid client', error: 'invalid_client', status: 401 });
      if (body.grant_type === 'authorization_code') {
        const seller = typeof body.code === 'string' ? codes.get(body.code) : undefined;
        if (!seller || typeof body.redirect_uri !== 'string' || !body.redirect_uri)
          return send(400, { error: 'invalid_grant', message: 'invalid_grant', status: 400 });
        codes.delete(body.code as string);
        return send(200, grant(seller, seller));
      }
      if (body.grant_type === 'refresh_token') {
        const seller =
          typeof body.refresh_token === 'string' ? refreshTokens.get(body.refresh_token) : undefined;
        if (!seller) return send(400, { error: 'invalid_grant', message: 'invalid_grant', status: 400 });
        // each renewal spends the refresh token and hands out a new one with the new access token
        refreshTokens.delete(body.refresh_token as string);
        return send(200, grant(`${seller}-r${nextId++}`, seller));
      }
      return send(400, { error: 'unsupported_grant_type', status: 400 });
    }
    const token = bearer(req.headers.authorization);
    if (req.method === 'GET' && path === '/users/me') {
      if (!token.startsWith('TEST-') && !token.startsWith('APP_USR-') && !granted.has(token))
        return send(401, { message: 'invalid access token', error: 'unauthorized', status: 401 });
      const id = userIdOf(token);
      return send(200, {
        id,
        nickname: `SELLER${id}`,
        email: `seller${id}@example.com`,
        site_id: 'MLA',
        country_id: 'AR',
      });
    }
    if (!paysWith(token)) return send(401, { message: 'unauthorized' });
    const seller = userIdOf(token);
    // a seller (an account, whichever of its tokens asks) sees only its own payments
    const own = (id: string) => {
      const payment = payments.get(id);
      return payment?.collector_id === seller ? payment : undefined;
    };
    if (req.method === 'POST' && path === '/v1/payments' && body) {
      // idempotency keys are the seller's own: another seller's key makes another payment
      const key = `${seller} ${String(req.headers['x-idempotency-key'] ?? '')}`;
      const previous = byIdempotencyKey.get(key);
      if (previous) return send(200, payments.get(previous));
      const outcome = OUTCOMES[String(body.token)];
      if (!outcome) return send(400, { message: 'invalid card_token_id', status: 400 });
      const id = String(nextId++);
      const payment = {
        id: Number(id),
        status: outcome[0],
        status_detail: outcome[1],
        transaction_amount: body.transaction_amount,
        currency_id: 'ARS',
        external_reference: body.external_reference,
        collector_id: seller,
      };
      payments.set(id, payment);
      headerOf.set(id, req.headers.authorization as string);
      byIdempotencyKey.set(key, id);
      return send(201, payment);
    }
    if (req.method === 'POST' && path === '/checkout/preferences' && body) {
      const id = `pref-${nextId++}`;
      return send(201, { id, init_point: `https://www.mercadopago.test/checkout/v1/redirect?pref_id=${id}` });
    }
    const refundMatch = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (req.method === 'POST' && refundMatch) {
      const given = String(req.headers['x-idempotency-key'] ?? '');
      const key = given ? `${seller} ${given}` : '';
      const previous = key ? refundByIdempotencyKey.get(key) : undefined;
      if (previous) return send(201, previous);
      const id = decodeURIComponent(refundMatch[1] as string);
      const payment = own(id);
      if (!payment) return send(404, { message: 'Payment not found', status: 404 });
      if (payment.status !== 'approved')
        return send(400, { message: `Payment ${payment.status} cannot be refunded`, status: 400 });
      const total = cents(Number(payment.transaction_amount));
      const refunded = cents(Number(payment.transaction_amount_refunded ?? 0));
      const asked = body?.amount === undefined ? total - refunded : cents(Number(body.amount));
      if (!Number.isFinite(asked) || asked <= 0 || asked > total - refunded)
        return send(400, { message: 'Invalid refund amount', status: 400 });
      const refund = {
        id: nextId++,
        payment_id: payment.id,
        amount: asked / 100,
        status: 'approved',
      };
      refunds.push(refund);
      if (key) refundByIdempotencyKey.set(key, refund);
      payment.transaction_amount_refunded = (refunded + asked) / 100;
      if (refunded + asked === total) {
        payment.status = 'refunded';
        payment.status_detail = 'refunded';
      } else payment.status_detail = 'partially_refunded';
      return send(201, refund);
    }
    const match = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && match) {
      const payment = own(decodeURIComponent(match[1] as string));
      return payment ? send(200, payment) : send(404, { message: 'not found' });
    }
    return send(404, { message: 'no such route' });
  });
  await listen(server, options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    payments,
    refunds,
    chargeBack(id) {
      const payment = payments.get(String(id));
      if (!payment) throw new Error(`the fake Mercado Pago has no payment ${id}`);
      payment.status = 'charged_back';
      payment.status_detail = 'settled';
    },
    failNext(suffix, status) {
      const failure = { suffix, status, used: false };
      failures.push(failure);
      return failure;
    },
    issueCode(accessToken = 'APP_USR-seller-1') {
      const code = `TG-code-${nextId++}`;
      codes.set(code, accessToken);
      return code;
    },
    sellerOf: (id) => bearer(headerOf.get(String(id))) || undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Listens on 127.0.0.1; a port already taken fails the start instead of leaving it hanging. */
function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
