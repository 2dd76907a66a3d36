/**
 * One contract for every payment provider: the same scenarios, through our HTTP API (app.inject), against
 * the built-in sandbox, Mercado Pago on its local fake and Transbank Webpay Plus on its local fake.
 * Each provider comes with a driver (how a diner, the provider and the shop act with it) and a table of
 * capabilities; where a provider cannot do something by its nature (Webpay: no card token, no webhooks,
 * no pending state), the scenario asserts what the product does instead, never nothing.
 */
import { randomBytes } from 'node:crypto';
import { cardDeclineMessage, PAYMENT_MESSAGES } from '@comanda/core';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { type FakeMercadoPago, startFakeMercadoPago } from '../../../test/fake-mercado-pago.ts';
import { FAKE_TRANSBANK_API, type FakeTransbank, startFakeTransbank } from '../../../test/fake-transbank.ts';
import { expectApiError } from '../../../test/http.ts';
import { buildOrder, type OrderContext, orderContext } from '../../../test/order-payload.ts';
import { DONMATEO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, type DatabaseKind, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import {
  defaultMercadoPagoPlatform,
  type PaymentProvider,
  type ProviderName,
  type ProviderPayment,
  type SandboxProvider,
  signWebhook,
  TRANSBANK_INTEGRATION,
} from '../../platform/payments/index.ts';
import { createStaffAccount } from '../console/staff-accounts.ts';
import { connectAccount } from '../payment-accounts/accounts.ts';
import { paymentsOf } from './payment-link.ts';

/** What a provider can do by its nature; the contract asserts the product's safe behaviour for the rest. */
interface Capabilities {
  /** TOKEN: our page hands POST /api/order/payment a card token; REDIRECT: typed on the provider's page */
  cardEntry: 'TOKEN' | 'REDIRECT';
  /** the provider reports payments to POST /api/callback/payments/{slug}, signed */
  webhooks: boolean;
  /** the provider may hold a card payment undecided (our answer 202 PROCESSING) */
  pending: boolean;
  /** a payment it held is decided later, and its webhook tells us */
  decidesHeldLater: boolean;
  /** the provider's own lookup of a payment shows a refund made through it */
  lookupShowsRefund: boolean;
  /**
   * its notifications name the shop's account (`?account=`), so a payment they record first is the
   * account's; the sandbox's name none (its payments are refunded by the provider's name)
   */
  webhookNamesAccount: boolean;
}

const CAPABILITIES: Record<ProviderName, Capabilities> = {
  // sealed, stateless payments: a held one stays held, a refunded one still reads PAID
  SANDBOX: {
    cardEntry: 'TOKEN',
    webhooks: true,
    pending: true,
    decidesHeldLater: false,
    lookupShowsRefund: false,
    webhookNamesAccount: false,
  },
  MERCADO_PAGO: {
    cardEntry: 'TOKEN',
    webhooks: true,
    pending: true,
    decidesHeldLater: true,
    lookupShowsRefund: true,
    webhookNamesAccount: true,
  },
  // Webpay: the card on its own page, decided at the commit of the diner's return; no notifications
  TRANSBANK: {
    cardEntry: 'REDIRECT',
    webhooks: false,
    pending: false,
    decidesHeldLater: false,
    lookupShowsRefund: true,
    webhookNamesAccount: false,
  },
};

const MP_SECRET = 'contract-mp-webhook-secret';
const SANDBOX_CARDS = {
  approved: '4509 9535 6623 3704',
  declined: '4000 0000 0000 0002',
  pending: '4000 0000 0000 3220',
} as const;
const MP_TOKENS = { approved: 'tok-approved', declined: 'tok-rejected', pending: 'tok-pending' } as const;
const LACASONA_OWNER = { email: 'duena@lacasona.cl', password: 'lacasona-contract-2026' };
/** Payments in a row on one shop (their latency is measured by the bench's `payments` section). */
const IN_A_ROW = 10;

type Outcome = 'approved' | 'declined' | 'pending';
type Signing = 'valid' | 'wrong-secret' | 'unsigned' | 'stale';
interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: API answers are read as JSON
  body: any;
  location: string | undefined;
}
interface Placed {
  id: number;
  code: string;
  /** units, as the diner is shown it */
  price: number;
  /** minor units, as stored */
  total: number;
  /** the placement answer's payment link (a card paid on the provider's page gets one at once) */
  paymentUrl: string | null;
}

/** The app, the shop, and calls each from another address (the per-client limits are not under test). */
class Harness {
  caller = 0;
  constructor(
    readonly test: TestApp,
    readonly ctx: OrderContext,
    readonly plate: string,
    readonly phone: string,
  ) {}

  get app() {
    return this.test.app;
  }
  get db() {
    return this.test.database.db;
  }
  get alias() {
    return this.ctx.contact;
  }
  now() {
    return this.app.deps.clock();
  }

  async call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    this.caller += 1;
    const res = await this.app.inject({
      method,
      url,
      remoteAddress: `10.42.${Math.floor(this.caller / 250) % 250}.${(this.caller % 250) + 1}`,
      headers: {
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form
        ? { payload: new URLSearchParams(options.form).toString() }
        : options.json === undefined
          ? {}
          : { payload: options.json as object }),
    });
    let body: unknown = res.body;
    if (String(res.headers['content-type'] ?? '').includes('json') && res.body) body = JSON.parse(res.body);
    return { status: res.statusCode, body, location: res.headers.location as string | undefined };
  }

  async placeCardOrder(): Promise<Placed> {
    const payload = buildOrder(this.ctx, {
      dishes: [{ plate: this.plate }],
      payment: 'CARD',
      paysWith: null,
      phone: this.phone,
    });
    const res = await this.call('POST', '/api/order', { json: payload });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const data = res.body.data as { id: number; code: string; price: number; paymentUrl?: string };
    const [row] = await this.db.select().from(t.orders).where(eq(t.orders.id, data.id));
    return {
      id: data.id,
      code: data.code,
      price: data.price,
      total: row?.total as number,
      paymentUrl: data.paymentUrl ?? null,
    };
  }

  payWithToken(order: Placed, token: string, paymentMethodId = 'visa') {
    return this.call('POST', '/api/order/payment', {
      json: {
        token,
        paymentMethodId,
        dinerOrderId: order.id,
        orderCode: order.code,
        cardName: 'Lucía Fernández',
        identificationType: 'DNI',
        identificationNumber: '30123456',
      },
    });
  }

  paymentUrl(order: Placed, amount = order.price) {
    return this.call('POST', '/api/paymenturl', {
      json: { code: order.code, branchContactId: this.ctx.contactId, amount },
    });
  }

  returnPath(order: Placed) {
    return `/api/callback/transbank/${this.alias}/${order.code}`;
  }
  followUpPath(order: Placed) {
    return `/menu/${this.alias}/order/${order.code}`;
  }

  /**
   * The diner back from the provider: `browser`, the provider's page posting its form to our return
   * address (from its own origin); `page`, our follow-up page reporting the `token_ws` it was given (JSON).
   */
  returnFrom(order: Placed, reference: string, via: 'browser' | 'page', origin = 'https://provider.example') {
    return via === 'browser'
      ? this.call('POST', this.returnPath(order), {
          form: { token_ws: reference },
          headers: { origin, 'sec-fetch-site': 'cross-site' },
        })
      : this.call('POST', this.returnPath(order), { json: { token_ws: reference } });
  }

  /** A notification in Mercado Pago's signature scheme, as the sandbox and Mercado Pago send them. */
  signedNotice(slug: string, account: number | null, reference: string, secret: string, signing: Signing) {
    const requestId = `req-${randomBytes(4).toString('hex')}`;
    const at = this.now().getTime() - (signing === 'stale' ? 6 * 60_000 : 0);
    const query = new URLSearchParams({ 'data.id': reference, type: 'payment' });
    if (account !== null) query.set('account', String(account));
    return this.call('POST', `/api/callback/payments/${slug}?${query}`, {
      json: { action: 'payment.updated', type: 'payment', data: { id: reference } },
      headers:
        signing === 'unsigned'
          ? {}
          : {
              'x-signature': signWebhook(
                signing === 'wrong-secret' ? 'not-the-secret' : secret,
                reference,
                requestId,
                String(at),
              ),
              'x-request-id': requestId,
            },
    });
  }

  async followUp(order: Placed) {
    const res = await this.call('GET', `/api/diner/${this.alias}/order/${order.code}`);
    expect(res.status).toBe(200);
    return res.body;
  }
  async orderStatus(order: Placed) {
    return (await this.db.select().from(t.orders).where(eq(t.orders.id, order.id)))[0]?.status;
  }
  rows(order: Placed) {
    return this.db
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, order.id))
      .orderBy(asc(t.orderPayments.id));
  }
  async events(order: Placed, entity: 'ORDER' | 'PAYMENT') {
    const rows = await this.db
      .select()
      .from(t.statusEvents)
      .where(and(eq(t.statusEvents.orderId, order.id), eq(t.statusEvents.entity, entity)))
      .orderBy(asc(t.statusEvents.id));
    return rows.map((e) => [e.fromStatus, e.toStatus, e.actor]);
  }
  refunds(order: Placed) {
    return this.db.select().from(t.paymentRefunds).where(eq(t.paymentRefunds.orderId, order.id));
  }
}

/** How the diner, the provider and the shop act with one provider. */
interface Driver {
  readonly provider: ProviderName;
  readonly capabilities: Capabilities;
  h: Harness;
  /** the shop's connected account */
  accountId: number;
  start(kind: DatabaseKind): Promise<void>;
  stop(): Promise<void>;
  /** the diner pays with a card that ends so: through our page's token, or on the provider's page and back */
  payByCard(order: Placed, outcome: Outcome): Promise<{ reference: string; answer: Answer }>;
  /** what latency measures: from the diner's card to our answer that the order is paid */
  payTimed(order: Placed): Promise<{ ms: number; answer: Answer }>;
  /** the provider charged the order's total on its own site; nothing has told us yet */
  chargeOnSite(order: Placed): Promise<string>;
  /** the diner pays the payment link `url`, and the provider reports it as it does */
  payLink(order: Placed, url: string): Promise<void>;
  /** the provider decides a payment it held: approved */
  approveHeld(reference: string): void;
  /** the provider's notification of a payment (for one that sends none, a request pretending to be one) */
  notify(reference: string, signing: Signing): Promise<Answer>;
  /** a reference the provider never made */
  unknownReference(): string;
  /** commits the provider made of a payment (a provider whose payments our return commits) */
  commits?: (reference: string) => number;
  /** refunds the provider was asked for, for this payment */
  refundCalls(reference: string): number;
  /** the provider's own lookup of a payment, through the shop's adapter */
  lookup(reference: string): Promise<ProviderPayment | null>;
  staffCookie(): Promise<string>;
}

/** The built-in sandbox at Don Mateo Palermo (the demo's SANDBOX account). */
function sandboxDriver(): Driver {
  let sandbox: SandboxProvider;
  let refundSpy: MockInstance<SandboxProvider['refundPayment']>;
  const driver: Driver = {
    provider: 'SANDBOX',
    capabilities: CAPABILITIES.SANDBOX,
    h: undefined as unknown as Harness,
    accountId: 0,
    async start(kind) {
      const test = await createTestApp(kind);
      driver.h = new Harness(test, await orderContext(test.app), 'Fugazzeta', '+5491170000001');
      sandbox = paymentsOf(test.app).gateway.sandbox as SandboxProvider;
      refundSpy = vi.spyOn(sandbox, 'refundPayment');
      driver.accountId = (await paymentsOf(test.app).gateway.forBranch(driver.h.ctx.branchId))
        ?.accountId as number;
    },
    async stop() {
      refundSpy?.mockRestore();
      await driver.h?.test.close();
    },
    async payByCard(order, outcome) {
      const token = await driver.h.call('POST', '/api/payments/sandbox/tokens', {
        json: {
          cardNumber: SANDBOX_CARDS[outcome],
          cardName: 'Lucía Fernández',
          cardExpiry: '11/30',
          cardSecurityCode: '123',
          cardDocument: '30123456',
        },
      });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      const answer = await driver.h.payWithToken(order, token.body.token, token.body.paymentMethodId);
      // a declined card's answer names no reference: the recorded attempt has it
      const reference =
        answer.body?.paymentReferenceId ?? (await driver.h.rows(order)).at(-1)?.paymentReferenceId;
      return { reference, answer };
    },
    async payTimed(order) {
      const started = performance.now();
      const { answer } = await driver.payByCard(order, 'approved');
      return { ms: performance.now() - started, answer };
    },
    async chargeOnSite(order) {
      const payment = sandbox.payLink({
        a: order.total,
        c: 'ARS',
        x: 2,
        r: order.code,
        u: driver.h.alias,
        e: driver.h.now().getTime() + 15 * 60_000,
        n: randomBytes(9).toString('base64url'),
      });
      return payment.referenceId;
    },
    async payLink(order, url) {
      expect(url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/sandbox\/checkout\/sbxlnk_/);
      const path = new URL(url).pathname;
      const page = await driver.h.call('GET', path);
      expect(page.status).toBe(200);
      expect(page.body).toContain(order.code);
      // 'Pagar' on the hosted page: the sandbox notifies our webhook, then sends the diner back with token_ws
      const paid = await driver.h.call('POST', path, { form: { action: 'pay' } });
      expect(paid.status).toBe(303);
      const back = new URL(paid.location as string, 'http://localhost:3000');
      expect(back.pathname).toBe(driver.h.followUpPath(order));
      const token = back.searchParams.get('token_ws') as string;
      expect(token).toMatch(/^sbxpay_/);
      // the follow-up page reports the return: already recorded by the webhook
      const returned = await driver.h.returnFrom(order, token, 'page');
      expect(returned.status).toBe(200);
    },
    approveHeld() {
      throw new Error('the sandbox decides nothing later');
    },
    notify(reference, signing) {
      // the sandbox signs with its own secret: a valid notice is its own
      if (signing === 'valid' || signing === 'stale') {
        const at = new Date(driver.h.now().getTime() - (signing === 'stale' ? 6 * 60_000 : 0));
        const notice = sandbox.notice(reference, at);
        return driver.h.call('POST', `/api/callback/payments/sandbox?${new URLSearchParams(notice.query)}`, {
          json: notice.body,
          headers: notice.headers,
        });
      }
      return driver.h.signedNotice('sandbox', null, reference, 'unused', signing);
    },
    unknownReference: () =>
      `sbxpay_${randomBytes(12).toString('base64url')}.${randomBytes(8).toString('base64url')}`,
    refundCalls: (reference) =>
      refundSpy.mock.calls.filter(([input]) => input.referenceId === reference).length,
    lookup: (reference) => sandbox.getPayment(reference),
    staffCookie: () => staffCookie(driver.h.app, DONMATEO_OWNER),
  };
  return driver;
}

/** Mercado Pago on its local fake, Don Mateo Palermo's own account connected with pasted credentials. */
function mercadoPagoDriver(): Driver {
  let fake: FakeMercadoPago;
  let adapter: PaymentProvider;
  const driver: Driver = {
    provider: 'MERCADO_PAGO',
    capabilities: CAPABILITIES.MERCADO_PAGO,
    h: undefined as unknown as Harness,
    accountId: 0,
    async start(kind) {
      fake = await startFakeMercadoPago();
      const test = await createTestApp(kind, {
        payments: { sandbox: null, mercadoPago: { ...defaultMercadoPagoPlatform(), baseUrl: fake.baseUrl } },
      });
      const ctx = await orderContext(test.app);
      driver.h = new Harness(test, ctx, 'Fugazzeta', '+5491170000001');
      const { gateway } = paymentsOf(test.app);
      driver.accountId = await connectAccount(test.database.db, gateway, {
        branchId: ctx.branchId,
        staffId: null,
        provider: 'MERCADO_PAGO',
        connectedVia: 'PASTED',
        credentials: { accessToken: 'TEST-access-token', webhookSecret: MP_SECRET },
        publicKey: 'TEST-pk',
        externalAccountId: '1',
        label: null,
        expiresAt: null,
        now: test.app.deps.clock(),
      });
      adapter = (await gateway.forAccount(driver.accountId))?.provider as PaymentProvider;
    },
    async stop() {
      await driver.h?.test.close();
      await fake?.close();
    },
    async payByCard(order, outcome) {
      const answer = await driver.h.payWithToken(order, MP_TOKENS[outcome]);
      const reference =
        answer.body?.paymentReferenceId ?? (await driver.h.rows(order)).at(-1)?.paymentReferenceId;
      return { reference, answer };
    },
    async payTimed(order) {
      // Mercado Pago's browser script makes the token on its own servers: ours starts at the payment call
      const started = performance.now();
      const answer = await driver.h.payWithToken(order, MP_TOKENS.approved);
      return { ms: performance.now() - started, answer };
    },
    async chargeOnSite(order) {
      const payment = await adapter.createCardPayment({
        token: MP_TOKENS.approved,
        paymentMethodId: 'visa',
        amount: order.total,
        currency: 'ARS',
        decimals: 2,
        description: `site ${order.code}`,
        externalReference: order.code,
        idempotencyKey: `site-${order.code}-${randomBytes(4).toString('hex')}`,
        payer: { name: 'Lucía', email: null, identificationType: 'DNI', identificationNumber: '1' },
      });
      return payment.referenceId;
    },
    async payLink(order, url) {
      expect(url).toMatch(/^https:\/\/www\.mercadopago\.test\/checkout\//);
      const preference = fake.requests.findLast((r) => r.path === '/checkout/preferences');
      expect(preference?.body).toMatchObject({
        external_reference: order.code,
        notification_url: `http://localhost:3000/api/callback/payments/mercadopago?account=${driver.accountId}`,
        back_urls: { success: `http://localhost:3000${driver.h.followUpPath(order)}` },
      });
      // the diner pays on Mercado Pago's site; Mercado Pago notifies us
      const reference = await driver.chargeOnSite(order);
      const notice = await driver.notify(reference, 'valid');
      expect(notice.status, JSON.stringify(notice.body)).toBe(200);
    },
    approveHeld(reference) {
      const payment = fake.payments.get(reference);
      if (!payment) throw new Error(`no payment ${reference}`);
      payment.status = 'approved';
      payment.status_detail = 'accredited';
    },
    notify: (reference, signing) =>
      driver.h.signedNotice('mercadopago', driver.accountId, reference, MP_SECRET, signing),
    unknownReference: () => String(90_000_000 + Math.floor(Math.random() * 1_000_000)),
    refundCalls: (reference) =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payments/${reference}/refunds`)
        .length,
    lookup: (reference) => adapter.getPayment(reference),
    staffCookie: () => staffCookie(driver.h.app, DONMATEO_OWNER),
  };
  return driver;
}

/** Transbank Webpay Plus on its local fake, at La Casona Providencia (CLP), with the integration commerce. */
function transbankDriver(): Driver {
  // orders whose placement link the diner already used: Webpay tokens serve one visit
  const visited = new Set<string>();
  let fake: FakeTransbank;
  let adapter: PaymentProvider;
  const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;
  /** Our page hands the diner to Webpay: a form posting token_ws to Webpay's page, submitted by the browser. */
  async function toWebpay(url: string): Promise<string> {
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/payments\/webpay\/[0-9a-f]{64}$/);
    const res = await driver.h.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-security-policy']).toContain(`form-action ${fake.baseUrl}`);
    const action = /<form id="webpay" method="post" action="([^"]+)">/.exec(res.body)?.[1];
    const token = /<input type="hidden" name="token_ws" value="([^"]+)">/.exec(res.body)?.[1];
    expect(action).toBe(fake.formUrl);
    expect(token).toBe(tokenOf(url));
    const posted = await fetch(action as string, {
      method: 'POST',
      body: new URLSearchParams({ token_ws: token as string }),
    });
    expect(posted.status).toBe(200);
    expect(fake.formPosts.at(-1)).toBe(token);
    return token as string;
  }
  /** Webpay sends the browser back to the return URL our create gave it. */
  function webpayReturn(order: Placed, token: string) {
    const returnUrl = fake.transactions.get(token)?.return_url as string;
    expect(returnUrl).toBe(`http://localhost:3000${driver.h.returnPath(order)}`);
    return driver.h.returnFrom(order, token, 'browser', fake.baseUrl);
  }
  const driver: Driver = {
    provider: 'TRANSBANK',
    capabilities: CAPABILITIES.TRANSBANK,
    h: undefined as unknown as Harness,
    accountId: 0,
    async start(kind) {
      fake = await startFakeTransbank();
      const test = await createTestApp(kind, {
        payments: { sandbox: null, transbank: { environmentUrl: fake.baseUrl } },
      });
      const ctx = await orderContext(test.app, 'lacasona-providencia', 'Take Away');
      driver.h = new Harness(test, ctx, 'Churrasco italiano', '+56987650001');
      const { gateway } = paymentsOf(test.app);
      driver.accountId = await connectAccount(test.database.db, gateway, {
        branchId: ctx.branchId,
        staffId: null,
        provider: 'TRANSBANK',
        connectedVia: 'PASTED',
        credentials: {
          commerceCode: TRANSBANK_INTEGRATION.commerceCode,
          apiKey: TRANSBANK_INTEGRATION.apiKey,
        },
        publicKey: null,
        externalAccountId: TRANSBANK_INTEGRATION.commerceCode,
        label: null,
        expiresAt: null,
        now: test.app.deps.clock(),
      });
      adapter = (await gateway.forAccount(driver.accountId))?.provider as PaymentProvider;
      // La Casona has no demo staff: its owner's console account
      await createStaffAccount(test.database.db, { branch: 'lacasona', role: 'OWNER', ...LACASONA_OWNER });
    },
    async stop() {
      await driver.h?.test.close();
      await fake?.close();
    },
    async payByCard(order, outcome) {
      if (outcome === 'pending') throw new Error('Webpay holds no payment pending');
      // the checkout sends the diner to the link made at placement; after that, 'Pagar' asks a new one
      let url = order.paymentUrl as string;
      if (visited.has(order.code)) {
        const link = await driver.h.paymentUrl(order);
        expect(link.status, JSON.stringify(link.body)).toBe(200);
        url = link.body.url;
      }
      visited.add(order.code);
      const token = await toWebpay(url);
      fake.pay(token, outcome === 'approved' ? 'AUTHORIZED' : 'FAILED');
      return { reference: token, answer: await webpayReturn(order, token) };
    },
    async payTimed(order) {
      // the diner paid on Webpay's page; ours starts with the return that commits it
      const token = tokenOf(order.paymentUrl as string);
      fake.pay(token, 'AUTHORIZED');
      const started = performance.now();
      const answer = await driver.h.returnFrom(order, token, 'browser', fake.baseUrl);
      return { ms: performance.now() - started, answer };
    },
    async chargeOnSite(order) {
      // authorized on Webpay's page; only our commit (at the return) settles it
      const token = tokenOf(order.paymentUrl as string);
      fake.pay(token, 'AUTHORIZED');
      return token;
    },
    async payLink(order, url) {
      const token = await toWebpay(url);
      fake.pay(token, 'AUTHORIZED');
      const back = await webpayReturn(order, token);
      expect(back.status).toBe(303);
      expect(back.location).toBe(driver.h.followUpPath(order));
    },
    approveHeld() {
      throw new Error('Webpay holds nothing to decide later');
    },
    notify: (reference, signing) =>
      driver.h.signedNotice('transbank', driver.accountId, reference, 'any-secret', signing),
    unknownReference: () => randomBytes(32).toString('hex'),
    // a return that loses the race asks too and is refused (422): Transbank commits once
    commits: (reference) => fake.transactions.get(reference)?.commits ?? 0,
    refundCalls: (reference) =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `${FAKE_TRANSBANK_API}/transactions/${reference}/refunds`,
      ).length,
    lookup: (reference) => adapter.getPayment(reference),
    staffCookie: () => staffCookie(driver.h.app, LACASONA_OWNER),
  };
  return driver;
}

const DRIVERS = [sandboxDriver, mercadoPagoDriver, transbankDriver];

describe.each(databaseKinds)('payment provider contract (%s)', (kind) => {
  describe.each(DRIVERS.map((make) => ({ make, name: make().provider })))('$name', ({ make }) => {
    const d = make();
    const caps = d.capabilities;
    let h: Harness;

    beforeAll(async () => {
      await d.start(kind);
      h = d.h;
    });
    afterAll(() => d.stop());

    /** The order was paid once, by `reference`, through the shop's account, and went to the kitchen once. */
    async function expectPaidOnce(order: Placed, reference: string) {
      expect(await h.orderStatus(order)).toBe('GENERATED');
      const paid = (await h.rows(order)).filter((r) => r.status === 'PAID');
      expect(paid).toEqual([
        expect.objectContaining({
          provider: d.provider,
          paymentReferenceId: reference,
          amount: order.total,
          paymentAccountId:
            caps.webhooks && !caps.webhookNamesAccount ? expect.toBeOneOf([d.accountId, null]) : d.accountId,
        }),
      ]);
      expect((await h.events(order, 'ORDER')).filter(([, to]) => to === 'GENERATED')).toEqual([
        ['PAY_NEEDED', 'GENERATED', 'PAYMENT_PROVIDER'],
      ]);
      expect(await h.followUp(order)).toMatchObject({
        status: 'GENERATED',
        canPayOnline: false,
        paymentInfo: { status: 'PAID' },
      });
    }

    it('declares its capabilities as the adapter does', async () => {
      const account = await paymentsOf(h.app).gateway.forBranch(h.ctx.branchId);
      expect(account).toMatchObject({ accountId: d.accountId, provider: { name: d.provider } });
      expect(account?.provider.cardEntry).toBe(caps.cardEntry);
      // an order placed to pay by card: a link at once only when the card is typed on the provider's page
      const order = await h.placeCardOrder();
      expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
      if (caps.cardEntry === 'REDIRECT')
        expect(order.paymentUrl).toMatch(/^http:\/\/localhost:3000\/api\/payments\/webpay\//);
      else expect(order.paymentUrl).toBeNull();
    });

    it(
      caps.cardEntry === 'TOKEN'
        ? '(a) approves a card token: 200 PAID, the order goes to the kitchen once'
        : '(a) takes no card token (409 ORDER_NOT_PAYABLE); the card approved on its page and the return pay the order',
      async () => {
        const order = await h.placeCardOrder();
        if (caps.cardEntry === 'REDIRECT') {
          const token = await h.payWithToken(order, 'tok-approved');
          expectApiError(token, 409, 'ORDER_NOT_PAYABLE');
          expect(token.body.message).toBe(PAYMENT_MESSAGES.notPayableOnline);
          expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
          expect((await h.rows(order)).map((r) => [r.status, r.paymentReferenceId])).toEqual([
            ['PENDING', null],
          ]);
        }
        const { reference, answer } = await d.payByCard(order, 'approved');
        if (caps.cardEntry === 'TOKEN') {
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          expect(answer.body).toMatchObject({
            status: 'PAID',
            paymentReferenceId: reference,
            message: PAYMENT_MESSAGES.approved,
            order: { code: order.code, status: 'GENERATED' },
          });
        } else {
          expect(answer.status).toBe(303);
          expect(answer.location).toBe(h.followUpPath(order));
          // the link made at placement took the payment
          expect((await h.rows(order)).map((r) => r.paymentUrl)).toEqual([order.paymentUrl]);
        }
        await expectPaidOnce(order, reference);
        // paid: nothing more is taken for it
        expectApiError(await h.paymentUrl(order), 409, 'ORDER_ALREADY_PAID');
      },
    );

    it('(b) a declined card leaves the order waiting and payable; another card pays it', async () => {
      const order = await h.placeCardOrder();
      const declined = await d.payByCard(order, 'declined');
      if (caps.cardEntry === 'TOKEN') {
        expectApiError(declined.answer, 402, 'PAYMENT_REJECTED');
        const detail = declined.answer.body.errors[0].statusDetail;
        expect(declined.answer.body.message).toBe(cardDeclineMessage(detail));
      } else {
        expect(declined.answer.status).toBe(303);
        expect(declined.answer.location).toBe(`${h.followUpPath(order)}?pago=error`);
      }
      expect(declined.reference).toEqual(expect.any(String));
      expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
      expect((await h.rows(order)).map((r) => [r.status, r.provider, r.paymentReferenceId])).toEqual([
        ['REJECTED', d.provider, declined.reference],
      ]);
      // a card typed in our page may be tried again there; Webpay's is typed on its page (not 'card here')
      expect(await h.followUp(order)).toMatchObject({
        status: 'PAY_NEEDED',
        canPayOnline: caps.cardEntry === 'TOKEN',
        paymentInfo: { status: 'REJECTED' },
      });
      if (caps.cardEntry === 'REDIRECT') {
        // the next try is a new link (a new Webpay transaction), made when asked for
        const next = await h.paymentUrl(order);
        expect(next.status).toBe(200);
        expect(next.body.url).not.toBe(order.paymentUrl);
        expect((await h.followUp(order)).paymentInfo).toMatchObject({
          status: 'PENDING',
          paymentUrl: next.body.url,
        });
      }
      const approved = await d.payByCard(order, 'approved');
      expect(approved.answer.status).toBe(caps.cardEntry === 'TOKEN' ? 200 : 303);
      expect((await h.rows(order)).map((r) => r.status)).toEqual(['REJECTED', 'PAID']);
      await expectPaidOnce(order, approved.reference);
    });

    it(
      !caps.pending
        ? '(c) holds nothing pending: no webhook is taken, the return decides at once (never PROCESSING)'
        : caps.decidesHeldLater
          ? '(c) holds a pending card (202), then the signed webhook of its approval pays the order'
          : '(c) holds a pending card (202); its webhook repeats it pending and the order keeps waiting',
      async () => {
        const order = await h.placeCardOrder();
        if (!caps.pending) {
          const token = await d.chargeOnSite(order);
          // nobody may report it but the diner's return: no notification arrives in Webpay's name
          for (const signing of ['valid', 'unsigned'] as const)
            expectApiError(await d.notify(token, signing), 404);
          const noAccount = await h.call(
            'POST',
            `/api/callback/payments/transbank?data.id=${token}&type=payment`,
            {
              json: { data: { id: token } },
            },
          );
          expectApiError(noAccount, 404);
          expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
          expect((await h.rows(order)).map((r) => [r.status, r.paymentReferenceId])).toEqual([
            ['PENDING', null],
          ]);
          const back = await h.returnFrom(order, token, 'browser');
          expect(back).toMatchObject({ status: 303, location: h.followUpPath(order) });
          await expectPaidOnce(order, token);
          expect((await h.events(order, 'PAYMENT')).map(([, to]) => to)).toEqual(['PENDING', 'PAID']);
          return;
        }
        const held = await d.payByCard(order, 'pending');
        expect(held.answer.status, JSON.stringify(held.answer.body)).toBe(202);
        expect(held.answer.body).toMatchObject({ status: 'PROCESSING', message: PAYMENT_MESSAGES.pending });
        expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
        expect(await h.followUp(order)).toMatchObject({
          canPayOnline: false,
          paymentInfo: { status: 'PROCESSING' },
        });
        if (caps.decidesHeldLater) {
          d.approveHeld(held.reference);
          const notice = await d.notify(held.reference, 'valid');
          expect(notice.status, JSON.stringify(notice.body)).toBe(200);
          expect(notice.body).toMatchObject({ received: true, status: 'PAID' });
          await expectPaidOnce(order, held.reference);
          expect((await h.rows(order)).map((r) => r.status)).toEqual(['PAID']);
          expect((await h.events(order, 'PAYMENT')).map(([, to]) => to).slice(-2)).toEqual([
            'PROCESSING',
            'PAID',
          ]);
        } else {
          const notice = await d.notify(held.reference, 'valid');
          expect(notice).toMatchObject({ status: 200, body: { received: true, status: 'PROCESSING' } });
          expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
          expect((await h.rows(order)).map((r) => [r.status, r.paymentReferenceId])).toEqual([
            ['PROCESSING', held.reference],
          ]);
          // the held card never blocks the diner: another card pays the order
          const other = await d.payByCard(order, 'approved');
          expect(other.answer.status).toBe(200);
          await expectPaidOnce(order, other.reference);
        }
      },
    );

    it(
      caps.webhooks
        ? '(d) the webhook and the return of one payment, at the same time and twice, record it once'
        : '(d) two browser returns and a page return of one payment, at the same time, record it (and commit it) once',
      async () => {
        const order = await h.placeCardOrder();
        const reference = await d.chargeOnSite(order);
        const reports = caps.webhooks
          ? [
              () => d.notify(reference, 'valid'),
              () => h.returnFrom(order, reference, 'page'),
              () => d.notify(reference, 'valid'),
              () => h.returnFrom(order, reference, 'page'),
            ]
          : [
              () => h.returnFrom(order, reference, 'browser'),
              () => h.returnFrom(order, reference, 'browser'),
              () => h.returnFrom(order, reference, 'page'),
            ];
        const answers = await Promise.all(reports.map((report) => report()));
        const expected = caps.webhooks ? [200, 200, 200, 200] : [303, 303, 200];
        expect(answers.map((a) => a.status)).toEqual(expected);
        for (const answer of answers.filter((a) => a.status === 303))
          expect(answer.location).toBe(h.followUpPath(order));
        const pageAnswer = answers.find((a) => a.body?.code === order.code);
        expect(pageAnswer?.body).toMatchObject({ status: 'GENERATED', paymentInfo: { status: 'PAID' } });
        await expectPaidOnce(order, reference);
        expect(await h.rows(order)).toHaveLength(1);
        // a provider whose payment our return commits (Webpay) committed it once
        if (d.commits) expect(d.commits(reference)).toBe(1);
        expect((await d.lookup(reference))?.status).toBe('PAID');
        // a report again later changes nothing
        const late = caps.webhooks
          ? await d.notify(reference, 'valid')
          : await h.returnFrom(order, reference, 'browser');
        expect(late.status).toBe(caps.webhooks ? 200 : 303);
        expect((await h.rows(order)).map((r) => r.status)).toEqual(['PAID']);
        expect((await h.events(order, 'PAYMENT')).filter(([, to]) => to === 'PAID')).toHaveLength(1);
      },
    );

    it('(e) the order’s payment link, paid on the provider’s page, pays the order on the link’s attempt', async () => {
      const order = await h.placeCardOrder();
      const first = await h.paymentUrl(order);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const link = await h.paymentUrl(order);
      if (caps.cardEntry === 'TOKEN') {
        // asked again, the same hosted link
        expect(link.body).toEqual(first.body);
      } else {
        // a Webpay transaction serves one visit: asked again, a new one, on the same attempt
        expect(link.body.url).not.toBe(first.body.url);
        expect(order.paymentUrl).not.toBe(link.body.url);
      }
      if (order.paymentUrl && caps.cardEntry === 'TOKEN') expect(link.body.url).toBe(order.paymentUrl);
      // the follow-up carries the latest; another amount is refused
      expect((await h.followUp(order)).paymentInfo).toMatchObject({
        status: 'PENDING',
        paymentUrl: link.body.url,
      });
      expectApiError(await h.paymentUrl(order, order.price + 1), 409, 'PRICE_MISMATCH');
      await d.payLink(order, link.body.url);
      const [row] = await h.rows(order);
      expect(row).toMatchObject({ status: 'PAID', paymentUrl: link.body.url, token: link.body.token });
      await expectPaidOnce(order, row?.paymentReferenceId as string);
      expect(await h.rows(order)).toHaveLength(1);
    });

    it('(f) the shop cancels the paid order: refunded through the provider once, the payment REFUNDED', async () => {
      const order = await h.placeCardOrder();
      const { reference } = await d.payByCard(order, 'approved');
      await expectPaidOnce(order, reference);
      const cookie = await d.staffCookie();
      const cancel = () =>
        h.call('PUT', `/api/console/orders/${order.id}/status`, {
          json: { status: 'CANCELED', reason: 'Sin stock de un producto' },
          headers: { cookie },
        });
      const answers = await Promise.all([cancel(), cancel()]);
      expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body))).toEqual([
        200, 409,
      ]);
      expect(await h.orderStatus(order)).toBe('CANCELED');
      expect(d.refundCalls(reference)).toBe(1);
      expect((await h.rows(order)).map((r) => [r.status, r.refundedAmount, r.paymentReferenceId])).toEqual([
        ['REFUNDED', order.total, reference],
      ]);
      expect((await h.refunds(order)).map((r) => [r.reason, r.status, r.amount])).toEqual([
        ['ORDER_CANCELED', 'DONE', order.total],
      ]);
      expect(await h.followUp(order)).toMatchObject({
        status: 'CANCELED',
        paymentInfo: { status: 'REFUNDED' },
        refund: { amount: order.price, done: true },
      });
      const lookup = await d.lookup(reference);
      // the sandbox keeps no state: its lookup still reads the payment as it was made
      expect(lookup?.status).toBe(caps.lookupShowsRefund ? 'REFUNDED' : 'PAID');
      // a late report of the payment (the provider's notice, the diner's back button) moves nothing back
      const late = caps.webhooks
        ? await d.notify(reference, 'valid')
        : await h.returnFrom(order, reference, 'browser');
      expect(late.status).toBe(caps.webhooks ? 200 : 303);
      expect((await h.rows(order)).map((r) => r.status)).toEqual(['REFUNDED']);
      expect(await h.orderStatus(order)).toBe('CANCELED');
      expect(d.refundCalls(reference)).toBe(1);
    });

    it(
      caps.webhooks
        ? '(g) refuses a badly signed, unsigned or stale notification (401) of a real payment; the signed one counts'
        : '(g) takes no notification at all (404, with its account or without); only a genuine return counts',
      async () => {
        const order = await h.placeCardOrder();
        const reference = await d.chargeOnSite(order);
        const untouched = async () => {
          expect(await h.orderStatus(order)).toBe('PAY_NEEDED');
          expect((await h.rows(order)).map((r) => [r.status, r.paymentReferenceId])).toEqual([
            ['PENDING', null],
          ]);
        };
        for (const signing of ['wrong-secret', 'unsigned', 'stale'] as const) {
          const refused = await d.notify(reference, signing);
          if (caps.webhooks) expectApiError(refused, 401, 'WEBHOOK_SIGNATURE_INVALID');
          else expectApiError(refused, 404);
        }
        if (!caps.webhooks) {
          // even a notification the sandbox's or Mercado Pago's scheme would take
          expectApiError(await d.notify(reference, 'valid'), 404);
          const noAccount = await h.call('POST', `/api/callback/payments/transbank?data.id=${reference}`, {
            json: { data: { id: reference } },
          });
          expectApiError(noAccount, 404);
        }
        await untouched();
        // a return naming a payment the provider never made is refused too
        const forged = d.unknownReference();
        expectApiError(await h.returnFrom(order, forged, 'page'), 409, 'BANK_PAYMENT_FAILED');
        const browser = await h.returnFrom(order, forged, 'browser');
        expect(browser).toMatchObject({ status: 303, location: `${h.followUpPath(order)}?pago=error` });
        await untouched();
        // the genuine report of the same payment counts: the refusals were about the signature
        const genuine = caps.webhooks
          ? await d.notify(reference, 'valid')
          : await h.returnFrom(order, reference, 'browser');
        expect(genuine.status, JSON.stringify(genuine.body)).toBe(caps.webhooks ? 200 : 303);
        await expectPaidOnce(order, reference);
      },
    );

    it(`pays ${IN_A_ROW} orders in a row, each from the card to the paid answer`, async () => {
      const orders: Placed[] = [];
      for (let i = 0; i < IN_A_ROW; i++) orders.push(await h.placeCardOrder());
      for (const order of orders) {
        const { answer } = await d.payTimed(order);
        expect(answer.status, JSON.stringify(answer.body)).toBe(caps.cardEntry === 'TOKEN' ? 200 : 303);
      }
      const paid = await Promise.all(orders.map(async (order) => (await h.rows(order)).map((r) => r.status)));
      expect(paid).toEqual(orders.map(() => ['PAID']));
      const statuses = await Promise.all(orders.map((order) => h.orderStatus(order)));
      expect(statuses).toEqual(orders.map(() => 'GENERATED'));
    });
  });
});
