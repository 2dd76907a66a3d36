/**
 * Card payments against the payment providers' local fakes (issue 26: "token-to-payment p99 against the
 * fakes"): the fakes of Mercado Pago's API and of Transbank's Webpay Plus that the server's tests and the
 * e2e journeys use, started in this process before the production server (which gets their URLs as
 * MERCADO_PAGO_BASE_URL and TRANSBANK_ENVIRONMENT_URL), and the built-in sandbox. Each provider is driven
 * as the contract test drives it (apps/server/src/features/payments/provider-contract.test.ts), through
 * the HTTP API only:
 * - the sandbox at Don Mateo Palermo (its seeded account): `POST /api/payments/sandbox/tokens` with the
 *   approved test card, then `POST /api/order/payment`; both are timed (our server makes the token);
 * - Mercado Pago at Don Mateo Palermo, its owner having pasted TEST- credentials
 *   (`PUT /api/console/payments/account/mercadopago`, checked against the fake's `GET /users/me`): the
 *   token `tok-approved` comes from Mercado Pago's script in real life, so only `POST /api/order/payment`
 *   is timed;
 * - Transbank Webpay Plus at La Casona Providencia (Chile, CLP), whose owner (the demo has no staff there)
 *   is made with `npm run staff:create` before the server starts, connected to Webpay's public integration
 *   commerce (`PUT .../transbank {integration: true}`): the placement made the Webpay transaction, the
 *   diner pays on the fake's page (`fake.pay(token, 'AUTHORIZED')`, not timed) and the timed request is
 *   Webpay's form return (`POST /api/callback/transbank/{alias}/{code}`, `token_ws`), which commits the
 *   transaction at the fake and records the payment (answer: 303 to the follow-up).
 * Per provider: card orders placed first (not timed), a few payments to warm up, then PAYMENTS_PER_WAY paid
 * one at a time and as many with CONCURRENCY at once. Every payment comes from its own loopback address
 * (127.x.y.z: the payment routes allow 20 to 60 a minute per address) on a socket opened just before it
 * (`GET /api/health`), so a figure is the request, not a TCP handshake. Afterwards the database must show
 * every order paid once by its provider. Don Mateo's and La Casona's sandbox accounts are connected again
 * at the end, as the demo has them.
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import {
  type CartLine,
  discountRulesOf,
  type LoyaltyProgramRule,
  moneyRoundingOf,
  programForContact,
  repriceCart,
} from '@comanda/core';
import postgres from 'postgres';
import { type FakeMercadoPago, startFakeMercadoPago } from '../../apps/server/test/fake-mercado-pago.ts';
import { type FakeTransbank, startFakeTransbank } from '../../apps/server/test/fake-transbank.ts';
import { config, DEMO } from './config.ts';
import { cartInput, type DiscountAnswer, type MenuAnswer } from './demo-cart.ts';
import { type CallAnswer, httpCall } from './http-call.ts';
import { busyPercent, cpuMs, machineTicks } from './load.ts';
import { type Fees, firstSlotOf, type ModeSchedule, payload, type Setup } from './orders.ts';
import type { Child, ServerOptions, StaffAccount } from './processes.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, describe, must } from './scenarios.ts';
import { percentile, round1 } from './tracking.ts';

/** Orders paid one at a time, and again as many at once, per provider. */
export const PAYMENTS_PER_WAY = 200;
/** Payments in flight at once in the concurrent run. */
const CONCURRENCY = 10;
/** Payments made (and not counted) before each provider's measurement. */
const WARMUP_PAYMENTS = 5;
/** Card orders placed at once before the payments (not timed). */
const PLACEMENT_CONCURRENCY = 4;

/** The demo's Don Mateo owner (apps/server/src/db/demo/sabores.json). */
const DONMATEO_OWNER = { email: 'encargado@donmateo.com.ar', password: 'donmateo2026' };
/** La Casona has no demo staff: this owner is made before the server starts (`staff:create`). */
const LACASONA_OWNER: StaffAccount = {
  branch: 'lacasona',
  role: 'OWNER',
  email: 'duena@lacasona.cl',
  name: 'Dueña La Casona',
  password: 'lacasona-bench-2026',
};
const LACASONA_ALIAS = 'lacasona-providencia';
/** The sandbox's approved test card (core's sandbox cards; the contract test's SANDBOX_CARDS.approved). */
const SANDBOX_CARD = {
  cardNumber: '4509 9535 6623 3704',
  cardName: 'Lucía Fernández',
  cardExpiry: '11/30',
  cardSecurityCode: '123',
  cardDocument: '30123456',
};
/** Pasted TEST- credentials the fake's `GET /users/me` knows and its payments take. */
const MP_CREDENTIALS = {
  accessToken: 'TEST-access-token',
  publicKey: 'TEST-public-key-bench',
  webhookSecret: 'bench-mp-webhook-secret',
};
const MP_APPROVED_TOKEN = 'tok-approved';
/** Where the staff sign in from (the sign-in allows 20 per 5 minutes per address). */
const STAFF_ADDRESS = '127.0.0.41';

const now = () => Number(process.hrtime.bigint()) / 1e6;

// -------------------------------------------------------------------------------------------- the fakes

export interface PaymentFakes {
  mercadoPago: FakeMercadoPago;
  transbank: FakeTransbank;
  /** What the production server needs: the fakes' URLs, and La Casona's owner. */
  serverOptions: ServerOptions;
  close(): Promise<void>;
}

/** Starts both fakes on free ports of 127.0.0.1 (before the production server, which is given their URLs). */
export async function startPaymentFakes(): Promise<PaymentFakes> {
  const mercadoPago = await startFakeMercadoPago();
  let transbank: FakeTransbank;
  try {
    transbank = await startFakeTransbank();
  } catch (error) {
    await mercadoPago.close();
    throw error;
  }
  return {
    mercadoPago,
    transbank,
    serverOptions: {
      env: { MERCADO_PAGO_BASE_URL: mercadoPago.baseUrl, TRANSBANK_ENVIRONMENT_URL: transbank.baseUrl },
      staff: [LACASONA_OWNER],
    },
    close: async () => {
      await Promise.all([mercadoPago.close(), transbank.close()]);
    },
  };
}

// ----------------------------------------------------------------------------------------------- HTTP

type Answer = CallAnswer;

/** A client of its own address with one keep-alive socket (a diner's browser, already on the site). */
interface Caller {
  agent: http.Agent;
  localAddress: string;
}

function call(
  url: string,
  method: string,
  options: {
    caller?: Caller;
    json?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const { caller, ...rest } = options;
  return httpCall(url, method, { ...rest, agent: caller?.agent, localAddress: caller?.localAddress });
}

/** A staff session of the given owner (`POST /api/console/login`): its cookie. */
async function ownerCookie(baseUrl: string, owner: { email: string; password: string }): Promise<string> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    const res = await new Promise<{ status: number; cookies: string[]; text: string }>((resolve, reject) => {
      const request = http.request(
        `${baseUrl}/api/console/login`,
        {
          method: 'POST',
          agent,
          localAddress: STAFF_ADDRESS,
          headers: { 'content-type': 'application/json' },
          timeout: 15_000,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              cookies: response.headers['set-cookie'] ?? [],
              text,
            }),
          );
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end(JSON.stringify({ email: owner.email, password: owner.password }));
    });
    if (res.status !== 200)
      throw new Error(`signing in as ${owner.email}: ${res.status} ${res.text.slice(0, 200)}`);
    const cookie = res.cookies.map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('staff_session='));
    if (!cookie) throw new Error(`signing in as ${owner.email} set no staff_session cookie`);
    return cookie;
  } finally {
    agent.destroy();
  }
}

/** The owner connects the branch's payment account (`PUT /api/console/payments/account/{kind}`). */
async function connectAccount(baseUrl: string, cookie: string, kind: string, body: unknown): Promise<void> {
  const res = await call(`${baseUrl}/api/console/payments/account/${kind}`, 'PUT', {
    json: body,
    headers: { cookie },
  });
  const provider = (res.body as { account?: { provider?: string } } | null)?.account?.provider;
  if (res.status !== 200)
    throw new Error(`connecting the ${kind} account: ${res.status} (${describe(res.body)})`);
  if (provider === undefined) return;
  const wanted = { sandbox: 'SANDBOX', mercadopago: 'MERCADO_PAGO', transbank: 'TRANSBANK' }[kind];
  if (wanted && provider !== wanted)
    throw new Error(`connecting the ${kind} account left ${provider} connected`);
}

type WorkingDays = { dayOfWeek: string; workingHours: { startAt: string; endAt: string }[] }[];
const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

/**
 * The owner opens the shop all day (`PUT /api/console/shop/{contact}/hours`, which sets its order modes'
 * hours too): La Casona takes orders for now only (no scheduling) from 12:00 in Santiago. Answers what
 * puts its hours back.
 */
async function openAllDay(baseUrl: string, cookie: string, contactId: number): Promise<() => Promise<void>> {
  const shops = await call(`${baseUrl}/api/console/shop`, 'GET', { headers: { cookie } });
  const shop = (shops.body as { id: number; workingDays: WorkingDays }[] | null)?.find?.(
    (s) => s.id === contactId,
  );
  if (shops.status !== 200 || !shop)
    throw new Error(`reading the owner's shop ${contactId}: ${shops.status} (${describe(shops.body)})`);
  const setHours = async (workingDays: WorkingDays) => {
    const res = await call(`${baseUrl}/api/console/shop/${contactId}/hours`, 'PUT', {
      json: { workingDays },
      headers: { cookie },
    });
    if (res.status !== 200)
      throw new Error(`setting shop ${contactId}'s hours: ${res.status} (${describe(res.body)})`);
  };
  await setHours(
    DAYS.map((dayOfWeek) => ({ dayOfWeek, workingHours: [{ startAt: '00:00', endAt: '23:59' }] })),
  );
  return () => setHours(shop.workingDays);
}

/** The branch's seeded sandbox account is the one connected (`GET /api/console/payments/account`), or is again. */
async function ensureSandbox(baseUrl: string, cookie: string): Promise<void> {
  const res = await call(`${baseUrl}/api/console/payments/account`, 'GET', { headers: { cookie } });
  if (res.status !== 200)
    throw new Error(`reading the payment account: ${res.status} (${describe(res.body)})`);
  const provider = (res.body as { account?: { provider?: string } | null } | null)?.account?.provider;
  if (provider !== 'SANDBOX') await connectAccount(baseUrl, cookie, 'sandbox', {});
}

// ------------------------------------------------------------------------------------------- the shops

interface Shop {
  alias: string;
  ctx: Context;
  /** The take-away mode paid by card online (its only payment type here: the payload picks it). */
  setup: Setup;
  lines: CartLine[];
  /** +54 9 11 9xxx-xxxx, +56 9 91xx xxxx: clear of the demo's and the other sections' numbers */
  phone(n: number): string;
  /** its owner opened it all day for the run (it was closed, with no scheduling) */
  openedAllDay: boolean;
}

/**
 * A contact's take-away order paid by card online, as the storefront prices it with @comanda/core (one
 * unit of its menu's first plate), scheduled at the first slot when the mode is closed.
 */
async function cardShop(
  baseUrl: string,
  alias: string,
  phone: (n: number) => string,
  whenClosed?: (contactId: number) => Promise<void>,
): Promise<Shop> {
  const server = { baseUrl };
  const contact = await must<{
    type: string;
    info: { id: number; country: string; currency: string; branch: { id: number; generalConfig: object } };
  }>(server, `/api/diner/${alias}`);
  if (contact.type !== 'branchContact') throw new Error(`${alias} is a ${contact.type}, not a contact`);
  const { info } = contact;
  const takeAway = async () => {
    const modes = await must<Setup['mode'][]>(server, `/api/diner/branchordermodes/${info.id}`);
    const mode = modes.find((m) => m.type === 'TAKE_AWAY');
    if (!mode) throw new Error(`${alias} has no take-away mode`);
    return { modes, mode };
  };
  let { modes, mode } = await takeAway();
  const openedAllDay = !mode.openNow && !mode.canSchedule && whenClosed !== undefined;
  if (openedAllDay && whenClosed) {
    await whenClosed(info.id);
    ({ modes, mode } = await takeAway());
    if (!mode.openNow)
      throw new Error(`${alias}'s ${mode.showName} is still closed after opening it all day`);
  }
  const card = mode.paymentTypes.find((p) => p.paymentMethod === 'CARD');
  if (!card) throw new Error(`${alias}'s ${mode.showName} takes no card payment`);
  const country = await must<{ currency: { decimals: number } }>(server, `/api/country/${info.country}`);
  const decimals = country.currency.decimals;
  const rounding = moneyRoundingOf(info.currency, decimals, info.branch.generalConfig);
  const menu = await must<MenuAnswer>(server, `/api/diner/${alias}/menu/${mode.id}`);
  const discounts = discountRulesOf(
    await must<DiscountAnswer[]>(server, `/api/diner/${info.branch.id}/discounts`),
    decimals,
  );
  const fees = await must<Fees>(server, `/api/ordermodes/${mode.id}/fees`);
  const loyalty = await must<(LoyaltyProgramRule & { branchContactIds: number[] }) | { active?: undefined }>(
    server,
    `/api/branch/${info.branch.id}/loyalty-program`,
  );
  const first = menu.categories.flatMap((c) => c.plates)[0];
  if (!first) throw new Error(`${alias}'s menu has no plates`);
  const lines = repriceCart([cartInput(first, decimals, 1, false)], discounts);
  const scheduledAt = mode.openNow
    ? null
    : firstSlotOf(
        await must<ModeSchedule>(server, `/api/ordermode/schedule/${mode.id}`),
        `${alias}'s ${mode.showName}`,
      );
  const ctx: Context = {
    baseUrl,
    contactId: info.id,
    branchId: info.branch.id,
    modes: modes.map((m) => ({
      id: m.id,
      type: m.type,
      showName: m.showName,
      openNow: m.openNow,
      canSchedule: m.canSchedule,
    })),
    deliveryModeId: mode.id,
    demoOrderCode: null,
  };
  return {
    alias,
    ctx,
    setup: {
      mode: { ...mode, paymentTypes: [card] },
      decimals,
      currency: info.currency,
      rounding,
      fees,
      linesDistinct: lines,
      linesRedeem: lines,
      scheduledAt,
      program: loyalty.active === undefined ? null : programForContact(loyalty, info.id),
      destination: null,
      zone: null,
    },
    lines,
    phone,
    openedAllDay,
  };
}

interface CardOrder {
  id: number;
  code: string;
  /** the placement's payment link (Webpay: our page that posts the transaction's token to Webpay) */
  paymentUrl: string | null;
}

/** Places `count` card orders (new customers), a few at once; each is PAY_NEEDED until paid. */
async function placeCardOrders(shop: Shop, count: number, firstPhone: number): Promise<CardOrder[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: PLACEMENT_CONCURRENCY });
  const orders: CardOrder[] = new Array(count);
  let next = 0;
  try {
    const worker = async () => {
      while (next < count) {
        const i = next++;
        const n = firstPhone + i;
        const body = payload(
          shop.ctx,
          shop.setup,
          shop.lines,
          { phone: shop.phone(n), name: `Pago Bench ${n}` },
          0,
        );
        const placed = await call(`${shop.ctx.baseUrl}/api/order`, 'POST', {
          caller: { agent, localAddress: '127.0.0.1' },
          json: body,
        });
        const data = (placed.body as { data?: { id?: unknown; code?: unknown; paymentUrl?: unknown } } | null)
          ?.data;
        if (placed.status !== 201 || typeof data?.id !== 'number' || typeof data.code !== 'string')
          throw new Error(
            `placing a card order at ${shop.alias}: ${placed.status} (${describe(placed.body)})`,
          );
        orders[i] = {
          id: data.id,
          code: data.code,
          paymentUrl: typeof data.paymentUrl === 'string' ? data.paymentUrl : null,
        };
      }
    };
    await Promise.all(Array.from({ length: PLACEMENT_CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return orders;
}

// ---------------------------------------------------------------------------------------- the providers

type ProviderKey = 'sandbox' | 'mercadopago' | 'transbank';

interface Attempt {
  ok: boolean;
  /** what the figure covers (the provider's `timed`) */
  ms: number;
  /** the sandbox: its token request and its payment request apart */
  tokenMs?: number;
  paymentMs?: number;
  /** status (and error code) of the timed request that decided, for the counts */
  outcome: string;
  problem?: string;
}

interface Provider {
  key: ProviderKey;
  /** order_payments.provider */
  recordedAs: 'SANDBOX' | 'MERCADO_PAGO' | 'TRANSBANK';
  name: string;
  shop: Shop;
  /** what a figure is timed from and to */
  timed: string;
  pay(order: CardOrder, caller: Caller): Promise<Attempt>;
}

const codeOf = (body: unknown) => (body as { code?: unknown } | null)?.code;
const outcomeOf = (answer: Answer) =>
  `${answer.status}${codeOf(answer.body) ? ` ${String(codeOf(answer.body))}` : ''}`;

/** The spec's card payment (`POST /api/order/payment`); a PAID answer (200) is a success. */
async function payWithToken(
  shop: Shop,
  order: CardOrder,
  caller: Caller,
  token: string,
  paymentMethodId: string,
): Promise<{ answer: Answer; ok: boolean }> {
  const answer = await call(`${shop.ctx.baseUrl}/api/order/payment`, 'POST', {
    caller,
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
  const status = (answer.body as { status?: unknown } | null)?.status;
  return { answer, ok: answer.status === 200 && status === 'PAID' };
}

function sandboxProvider(shop: Shop): Provider {
  return {
    key: 'sandbox',
    recordedAs: 'SANDBOX',
    name: 'Sandbox',
    shop,
    timed:
      'POST /api/payments/sandbox/tokens (the approved test card) + POST /api/order/payment, to its 200 PAID',
    async pay(order, caller) {
      const started = now();
      const token = await call(`${shop.ctx.baseUrl}/api/payments/sandbox/tokens`, 'POST', {
        caller,
        json: SANDBOX_CARD,
      });
      const made = token.body as { token?: unknown; paymentMethodId?: unknown } | null;
      if (token.status !== 200 || typeof made?.token !== 'string')
        return {
          ok: false,
          ms: now() - started,
          tokenMs: token.ms,
          outcome: `token ${outcomeOf(token)}`,
          problem: `token: ${token.status} ${describe(token.body)}`,
        };
      const paid = await payWithToken(
        shop,
        order,
        caller,
        made.token,
        String(made.paymentMethodId ?? 'visa'),
      );
      return {
        ok: paid.ok,
        ms: now() - started,
        tokenMs: token.ms,
        paymentMs: paid.answer.ms,
        outcome: outcomeOf(paid.answer),
        ...(paid.ok ? {} : { problem: `${paid.answer.status} ${describe(paid.answer.body)}` }),
      };
    },
  };
}

function mercadoPagoProvider(shop: Shop): Provider {
  return {
    key: 'mercadopago',
    recordedAs: 'MERCADO_PAGO',
    name: 'Mercado Pago (fake)',
    shop,
    timed: `POST /api/order/payment with the token ${MP_APPROVED_TOKEN} (made by Mercado Pago's script in real life), to its 200 PAID`,
    async pay(order, caller) {
      const paid = await payWithToken(shop, order, caller, MP_APPROVED_TOKEN, 'visa');
      return {
        ok: paid.ok,
        ms: paid.answer.ms,
        outcome: outcomeOf(paid.answer),
        ...(paid.ok ? {} : { problem: `${paid.answer.status} ${describe(paid.answer.body)}` }),
      };
    },
  };
}

function transbankProvider(shop: Shop, fake: FakeTransbank): Provider {
  return {
    key: 'transbank',
    recordedAs: 'TRANSBANK',
    name: 'Transbank Webpay Plus (fake)',
    shop,
    timed:
      "Webpay's form return POST /api/callback/transbank/{alias}/{code} (token_ws; commits at Webpay), to its 303 to the follow-up",
    async pay(order, caller) {
      const token = order.paymentUrl ? new URL(order.paymentUrl).pathname.split('/').at(-1) : undefined;
      if (!token || !fake.transactions.has(token))
        return {
          ok: false,
          ms: Number.NaN,
          outcome: 'no transaction',
          problem: `no Webpay transaction for ${order.code}`,
        };
      // the diner pays on Webpay's page (not ours: not timed); Webpay sends the browser back with a form
      fake.pay(token, 'AUTHORIZED');
      const followUp = `/menu/${shop.alias}/order/${order.code}`;
      const back = await call(
        `${shop.ctx.baseUrl}/api/callback/transbank/${shop.alias}/${order.code}`,
        'POST',
        {
          caller,
          form: { token_ws: token },
          headers: { origin: fake.baseUrl, 'sec-fetch-site': 'cross-site' },
        },
      );
      const ok = back.status === 303 && back.location === followUp;
      return {
        ok,
        ms: back.ms,
        outcome:
          back.status === 303
            ? `303${back.location === followUp ? '' : ` ${back.location}`}`
            : outcomeOf(back),
        ...(ok ? {} : { problem: `${back.status} ${back.location ?? describe(back.body)}` }),
      };
    },
  };
}

// ------------------------------------------------------------------------------------------------ runs

/** One loopback address per payment: 127.{20 + provider}.{1..}.{1..250}. */
function addressOf(providerIndex: number, n: number): string {
  return `127.${20 + providerIndex}.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/** A caller of its own address whose socket is open (`GET /api/health`), so the timed request reuses it. */
async function openCaller(baseUrl: string, localAddress: string): Promise<Caller> {
  const caller = { agent: new http.Agent({ keepAlive: true, maxSockets: 1 }), localAddress };
  const health = await call(`${baseUrl}/api/health`, 'GET', { caller });
  if (health.status !== 200) {
    caller.agent.destroy();
    throw new Error(`GET /api/health from ${localAddress} answered ${health.status}`);
  }
  return caller;
}

interface Run {
  attempts: Attempt[];
  seconds: number;
  load1m: number | null;
  machineBusyPct: number | null;
  serverCpuMs: number | null;
}

/** Pays the orders with `concurrency` in flight, each from its own address (numbered from `firstAddress`). */
async function payAll(
  provider: Provider,
  providerIndex: number,
  orders: CardOrder[],
  concurrency: number,
  firstAddress: number,
  serverPid: number | undefined,
): Promise<Run> {
  const attempts: Attempt[] = new Array(orders.length);
  let next = 0;
  const load1m = loadavg()[0] ?? null;
  const ticks = machineTicks();
  const cpuBefore = cpuMs(serverPid);
  const started = now();
  const worker = async () => {
    while (next < orders.length) {
      const i = next++;
      const order = orders[i] as CardOrder;
      let caller: Caller | null = null;
      try {
        caller = await openCaller(provider.shop.ctx.baseUrl, addressOf(providerIndex, firstAddress + i));
        attempts[i] = await provider.pay(order, caller);
      } catch (error) {
        attempts[i] = { ok: false, ms: Number.NaN, outcome: 'exception', problem: errorText(error) };
      } finally {
        caller?.agent.destroy();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const cpuAfter = cpuMs(serverPid);
  return {
    attempts,
    seconds: (now() - started) / 1000,
    load1m,
    machineBusyPct: busyPercent(ticks, machineTicks()),
    serverCpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null,
  };
}

/** Orders of these codes not paid exactly once by the provider (order_payments), or still waiting. */
async function unpaid(codes: string[], recordedAs: string): Promise<string[]> {
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ code: string; status: string; paid: number }[]>`
      select o.code, o.status,
        (select count(*)::int from order_payments p
          where p.order_id = o.id and p.status = 'PAID' and p.provider = ${recordedAs}) as paid
      from orders o where o.code in ${sql(codes)}`;
    const found = new Map(rows.map((r) => [r.code, r]));
    return codes.flatMap((code) => {
      const row = found.get(code);
      if (!row) return [`${code}: not found`];
      if (row.paid !== 1 || row.status === 'PAY_NEEDED')
        return [`${code}: order ${row.status}, ${row.paid} PAID payments by ${recordedAs}`];
      return [];
    });
  } finally {
    await sql.end({ timeout: 5 });
  }
}

function figures(values: number[]) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return {
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? Number.NaN),
  };
}

const WAYS = [
  { key: 'sequential', concurrency: 1, title: 'one at a time' },
  { key: 'concurrent', concurrency: CONCURRENCY, title: `${CONCURRENCY} at once` },
] as const;

function idsOf(provider: { key: ProviderKey; name: string }, alias: string) {
  return WAYS.map((way) => ({
    id: `payments:${provider.key}-${way.key}`,
    section: 'payments' as const,
    title: `${provider.name} at ${alias}: ${PAYMENTS_PER_WAY} card payments, ${way.title}`,
  }));
}

/** Connects the provider (`connect`), places its orders, warms up, then measures both ways. */
async function measure(
  provider: Provider,
  providerIndex: number,
  server: Child,
  connect: () => Promise<void>,
): Promise<ScenarioResult[]> {
  await connect();
  const count = WARMUP_PAYMENTS + 2 * PAYMENTS_PER_WAY;
  const placedAt = now();
  const orders = await placeCardOrders(provider.shop, count, 1);
  const placementSeconds = (now() - placedAt) / 1000;
  const warmup = orders.slice(0, WARMUP_PAYMENTS);
  const warm = await payAll(provider, providerIndex, warmup, 1, 0, server.process.pid);
  const results: ScenarioResult[] = [];
  for (const [w, way] of WAYS.entries()) {
    const ids = idsOf(provider, provider.shop.alias)[w] as ReturnType<typeof idsOf>[number];
    const from = WARMUP_PAYMENTS + w * PAYMENTS_PER_WAY;
    const batch = orders.slice(from, from + PAYMENTS_PER_WAY);
    const run = await payAll(provider, providerIndex, batch, way.concurrency, from, server.process.pid);
    const notPaid = await unpaid(
      batch.map((o) => o.code),
      provider.recordedAs,
    );
    const failed = run.attempts.filter((a) => !a.ok);
    const outcomes: Record<string, number> = {};
    for (const a of run.attempts) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
    const all = figures(run.attempts.map((a) => a.ms));
    const tokens = figures(run.attempts.flatMap((a) => (a.tokenMs === undefined ? [] : [a.tokenMs])));
    const calls = figures(run.attempts.flatMap((a) => (a.paymentMs === undefined ? [] : [a.paymentMs])));
    const problems = [
      failed.length ? `${failed.length} payments failed` : '',
      notPaid.length ? `${notPaid.length} orders not recorded as paid once by ${provider.recordedAs}` : '',
    ].filter(Boolean);
    results.push(
      scenario({
        ...ids,
        status: problems.length ? 'error' : 'ok',
        ...(problems.length ? { reason: problems.join('; ') } : {}),
        metrics: {
          payments: run.attempts.length,
          paid: run.attempts.length - failed.length,
          errors: failed.length,
          notRecordedPaid: notPaid.length,
          concurrency: way.concurrency,
          p50Ms: all.p50,
          p95Ms: all.p95,
          p99Ms: all.p99,
          maxMs: all.max,
          paymentsPerSec: run.seconds > 0 ? round1(run.attempts.length / run.seconds) : null,
          ...(provider.key === 'sandbox'
            ? {
                tokenP50Ms: tokens.p50,
                tokenP99Ms: tokens.p99,
                paymentCallP50Ms: calls.p50,
                paymentCallP99Ms: calls.p99,
              }
            : {}),
          serverCpuMsPerPayment:
            run.serverCpuMs === null ? null : round1(run.serverCpuMs / Math.max(1, run.attempts.length)),
        },
        details: {
          provider: provider.recordedAs,
          contact: provider.shop.alias,
          timed: provider.timed,
          scheduledAt: provider.shop.setup.scheduledAt,
          openedAllDayForTheRun: provider.shop.openedAllDay,
          outcomes,
          samples: [...new Set(failed.map((a) => a.problem ?? a.outcome))].slice(0, 5),
          notRecordedPaid: notPaid.slice(0, 5),
          seconds: round1(run.seconds),
          // the shared machine: 1-minute load average at the start, share of its CPUs busy over the run
          loadAverage1m: run.load1m === null ? null : round1(run.load1m),
          machineBusyPct: run.machineBusyPct,
          addresses: `${addressOf(providerIndex, from)} to ${addressOf(providerIndex, from + batch.length - 1)}`,
          ordersPlaced: count,
          placementSeconds: round1(placementSeconds),
          warmupMs: warm.attempts.map((a) => round1(a.ms)),
          warmupErrors: warm.attempts.filter((a) => !a.ok).length,
        },
      }),
    );
  }
  return results;
}

/**
 * The section: the sandbox, then Mercado Pago and Transbank on their fakes, each in its own scenarios
 * (one at a time, and CONCURRENCY at once); the demo's sandbox accounts are connected again at the end.
 */
export async function cardPayments(
  baseCtx: Context,
  server: Child,
  fakes: PaymentFakes | null,
): Promise<ScenarioResult[]> {
  const baseUrl = baseCtx.baseUrl;
  const plan: { key: ProviderKey; name: string; alias: string }[] = [
    { key: 'sandbox', name: 'Sandbox', alias: DEMO.contactAlias },
    { key: 'mercadopago', name: 'Mercado Pago (fake)', alias: DEMO.contactAlias },
    { key: 'transbank', name: 'Transbank Webpay Plus (fake)', alias: LACASONA_ALIAS },
  ];
  const results: ScenarioResult[] = [];
  const failAll = (entry: (typeof plan)[number], reason: string, status: 'error' | 'not-available') => {
    for (const ids of idsOf(entry, entry.alias))
      if (!results.some((r) => r.id === ids.id)) results.push(scenario({ ...ids, status, reason }));
  };
  if (!fakes) {
    for (const entry of plan) failAll(entry, "the providers' fakes were not started", 'error');
    return results;
  }
  let donMateo: string | null = null;
  let laCasona: string | null = null;
  let restoreHours: (() => Promise<void>) | null = null;
  try {
    donMateo = await ownerCookie(baseUrl, DONMATEO_OWNER);
    laCasona = await ownerCookie(baseUrl, LACASONA_OWNER);
    const argentina = await cardShop(
      baseUrl,
      DEMO.contactAlias,
      (n) => `+549119${String(n).padStart(7, '0')}`,
    );
    // closed for now and no scheduling (before noon in Santiago): its owner opens it all day for the run
    const chile = await cardShop(
      baseUrl,
      LACASONA_ALIAS,
      (n) => `+56991${String(n).padStart(6, '0')}`,
      async (contactId) => {
        restoreHours = await openAllDay(baseUrl, laCasona as string, contactId);
      },
    );
    const providers: { provider: Provider; connect: () => Promise<void> }[] = [
      {
        provider: sandboxProvider(argentina),
        // the demo's own account, connected again only if something before changed it
        connect: () => ensureSandbox(baseUrl, donMateo as string),
      },
      {
        provider: mercadoPagoProvider(argentina),
        connect: () => connectAccount(baseUrl, donMateo as string, 'mercadopago', MP_CREDENTIALS),
      },
      {
        provider: transbankProvider(chile, fakes.transbank),
        connect: () => connectAccount(baseUrl, laCasona as string, 'transbank', { integration: true }),
      },
    ];
    for (const [index, { provider, connect }] of providers.entries()) {
      try {
        results.push(...(await measure(provider, index, server, connect)));
      } catch (error) {
        failAll(plan[index] as (typeof plan)[number], errorText(error), 'error');
      }
    }
  } catch (error) {
    for (const entry of plan) failAll(entry, errorText(error), 'error');
  } finally {
    // as the demo has them, for whatever runs after
    try {
      await (restoreHours as (() => Promise<void>) | null)?.();
    } catch (error) {
      console.warn(`  (La Casona's hours could not be put back: ${errorText(error)})`);
    }
    for (const cookie of [donMateo, laCasona]) {
      if (!cookie) continue;
      try {
        await connectAccount(baseUrl, cookie, 'sandbox', {});
      } catch (error) {
        console.warn(`  (the sandbox account could not be connected again: ${errorText(error)})`);
      }
    }
  }
  return results;
}
