import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Mercado Pago's REST API (127.0.0.1, a free port): card tokens named
 * `tok-approved`, `tok-rejected` and `tok-pending` decide the outcome, anything else is refused
 * like a used token. Refunds (`POST /v1/payments/{id}/refunds`) are made once per idempotency key and
 * update the stored payment as Mercado Pago does. Every request is kept for the tests to look at.
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
  close(): Promise<void>;
}

const OUTCOMES: Record<string, [string, string]> = {
  'tok-approved': ['approved', 'accredited'],
  'tok-rejected': ['rejected', 'cc_rejected_insufficient_amount'],
  'tok-pending': ['in_process', 'pending_contingency'],
};

export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const requests: FakeRequest[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  const refunds: Record<string, unknown>[] = [];
  const byIdempotencyKey = new Map<string, string>();
  const refundByIdempotencyKey = new Map<string, Record<string, unknown>>();
  let nextId = 1000;
  const failures: { suffix: string; status: number; used: boolean }[] = [];
  // amounts in units of ARS (two decimals), kept free of floating-point dust
  const cents = (units: number) => Math.round(units * 100);
  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
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
    if (req.headers.authorization !== 'Bearer TEST-access-token')
      return send(401, { message: 'unauthorized' });
    if (req.method === 'POST' && path === '/v1/payments' && body) {
      const key = String(req.headers['x-idempotency-key'] ?? '');
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
      };
      payments.set(id, payment);
      byIdempotencyKey.set(key, id);
      return send(201, payment);
    }
    if (req.method === 'POST' && path === '/checkout/preferences' && body) {
      const id = `pref-${nextId++}`;
      return send(201, { id, init_point: `https://www.mercadopago.test/checkout/v1/redirect?pref_id=${id}` });
    }
    const refundMatch = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path);
    if (req.method === 'POST' && refundMatch) {
      const key = String(req.headers['x-idempotency-key'] ?? '');
      const previous = key ? refundByIdempotencyKey.get(key) : undefined;
      if (previous) return send(201, previous);
      const id = decodeURIComponent(refundMatch[1] as string);
      const payment = payments.get(id);
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
      const payment = payments.get(decodeURIComponent(match[1] as string));
      return payment ? send(200, payment) : send(404, { message: 'not found' });
    }
    return send(404, { message: 'no such route' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
