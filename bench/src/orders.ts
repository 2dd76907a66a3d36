/**
 * Order placement (`POST /api/order`, storefront.md "Order payload"): orders/s and p99 with distinct
 * customers, then 50 clients redeeming the points of one customer at once. Afterwards every accepted
 * order is read back and its total compared with the one computed here with @comanda/core, and the
 * customer's balance must be non-negative and add up.
 */

import { createHash, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  type CartLine,
  composeCheckout,
  type DeliveryOptions,
  type DeliveryZoneRule,
  deliveryZoneOfOptions,
  discountRulesOf,
  fromMinor,
  type LoyaltyProgramRule,
  type MoneyRounding,
  moneyRoundingOf,
  orderItemOf,
  programForContact,
  repriceCart,
  toMinor,
} from '@comanda/core';
import postgres from 'postgres';
import { config, DEMO } from './config.ts';
import { cartInput, type DiscountAnswer, demoCartInputs, type MenuAnswer } from './demo-cart.ts';
import { cpuMs, type LoadFigures, load, round } from './load.ts';
import { bareTransactionBaseline } from './orders-baseline.ts';
import { errorText, type ScenarioResult, scenario } from './report.ts';
import { type Context, getJson, must, orderEndpointAvailable } from './scenarios.ts';

// ----------------------------------------------------------------------------- what the API answers

interface PaymentTypeAnswer {
  id: number;
  showName: string;
  paymentMethod: string;
}
interface ModeAnswer {
  id: number;
  type: string;
  showName: string;
  openNow: boolean;
  canSchedule: boolean;
  paymentTypes: PaymentTypeAnswer[];
  minDelayInMinutes: number | null;
  maxDelayInMinutes: number | null;
}

export interface Fees {
  userFee: number;
  percentageUserFee: number;
}

/**
 * The order the diner must be charged, in minor units: core's checkout composition, the one the
 * storefront shows and the server re-verifies.
 */
export function expectedTotal(setup: Setup, lines: CartLine[], redeemedPoints: number) {
  const composition = composeCheckout({
    lines,
    generalDiscounts: [],
    generalSurcharges: [],
    serviceFee: {
      userFee: toMinor(setup.fees.userFee, setup.decimals),
      percentageUserFee: setup.fees.percentageUserFee,
    },
    isDelivery: setup.zone !== null,
    zone: setup.zone,
    isCash: paymentOf(setup)?.paymentMethod === 'CASH',
    code: null,
    isFirstOrder: true,
    program: setup.program,
    redeemedPoints,
    // the server holds the balance; the bench checks afterwards that it never went below zero
    balance: Number.MAX_SAFE_INTEGER,
    decimals: setup.decimals,
    rounding: setup.rounding,
    format: String,
  });
  if (composition.pointsProblem)
    throw new Error(`the bench's points are refused: ${composition.pointsProblem}`);
  return { ...composition.price, serviceFee: composition.price.userServiceFee };
}

function offsetOf(timeZone: string, date: Date): string {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** A mode's schedule as `GET /api/ordermode/schedule/{modeId}` answers it. */
export interface ModeSchedule {
  timeZone: string;
  schedulerDaysInfo: { date: string; availableHours: string[] }[];
}

/** The first slot a closed mode takes orders for, with its UTC offset (an order's `scheduledAt`). */
export function firstSlotOf(schedule: ModeSchedule, what: string): string {
  const day = schedule.schedulerDaysInfo.find((d) => d.availableHours.length);
  if (!day) throw new Error(`${what} is closed and has no schedulable slot`);
  const local = `${day.date}T${day.availableHours[0]}:00`;
  return `${local}${offsetOf(schedule.timeZone, new Date(`${local}Z`))}`;
}

export interface Setup {
  mode: ModeAnswer;
  decimals: number;
  /** The contact's currency code (ARS). */
  currency: string;
  /** The shop's rounding of computed amounts, from the contact as the storefront reads it. */
  rounding: MoneyRounding;
  fees: Fees;
  linesDistinct: CartLine[];
  linesRedeem: CartLine[];
  scheduledAt: string | null;
  /** The branch's programme where this contact takes part, or null. */
  program: LoyaltyProgramRule | null;
  /** Delivery only (`delivering`): where the order goes and its zone (fees, free-delivery threshold). */
  destination: Destination | null;
  zone: DeliveryZoneRule | null;
}

export interface Destination {
  street: string;
  number: string;
  /** Some contacts ask for them (betweenStreetsRequired). */
  betweenStreets: string;
  lat: number;
  lng: number;
}

/** The order's mode: take-away (the default: no zone, no fee), or `DELIVERY` (see `delivering`). */
export async function prepare(
  ctx: Context,
  modeType: 'TAKE_AWAY' | 'DELIVERY' = 'TAKE_AWAY',
): Promise<Setup> {
  const modes = await must<ModeAnswer[]>(ctx, `/api/diner/branchordermodes/${ctx.contactId}`);
  const mode = modes.find((m) => m.type === modeType) ?? (modeType === 'TAKE_AWAY' ? modes[0] : undefined);
  if (!mode) throw new Error(`no ${modeType} order mode`);
  const country = await must<{ currency: { decimals: number } }>(ctx, '/api/country/ar');
  const decimals = country.currency.decimals;
  const contact = await must<{ info: { currency: string; branch: { generalConfig: object } } }>(
    ctx,
    `/api/diner/${DEMO.contactAlias}`,
  );
  const rounding = moneyRoundingOf(contact.info.currency, decimals, contact.info.branch.generalConfig);
  const menu = await must<MenuAnswer>(ctx, `/api/diner/${DEMO.contactAlias}/menu/${mode.id}`);
  const discounts = discountRulesOf(
    await must<DiscountAnswer[]>(ctx, `/api/diner/${ctx.branchId}/discounts`),
    decimals,
  );
  const fees = await must<Fees>(ctx, `/api/ordermodes/${mode.id}/fees`);
  // the API answers {} when the branch has no programme
  const loyalty = await must<(LoyaltyProgramRule & { branchContactIds: number[] }) | { active?: undefined }>(
    ctx,
    `/api/branch/${ctx.branchId}/loyalty-program`,
  );
  const plates = menu.categories.flatMap((c) => c.plates);
  const first = plates[0];
  if (!first) throw new Error('the menu has no plates');
  const inputsDistinct = demoCartInputs(menu, discounts, decimals);
  const linesDistinct = repriceCart(inputsDistinct, discounts);
  // small on purpose: the points an order earns stay below the points it redeems
  const linesRedeem = repriceCart([cartInput(first, decimals, 1, false)], discounts);

  const scheduledAt = mode.openNow
    ? null
    : firstSlotOf(await must<ModeSchedule>(ctx, `/api/ordermode/schedule/${mode.id}`), mode.showName);
  return {
    mode,
    decimals,
    currency: contact.info.currency,
    rounding,
    fees,
    linesDistinct,
    linesRedeem,
    scheduledAt,
    program: loyalty.active === undefined ? null : programForContact(loyalty, ctx.contactId),
    destination: null,
    zone: null,
  };
}

/**
 * A delivery setup (from `prepare(ctx, 'DELIVERY')`) sent to `destination`: its zone's fee as the API
 * states it (`/api/branch/{contact}/deliveryzones/fee`), cash or not as the payload pays, and none from
 * the zone's free-delivery threshold on (core's `deliveryFeeOf`), for the distinct-customer lines.
 */
export async function delivering(ctx: Context, setup: Setup, destination: Destination): Promise<Setup> {
  if (setup.mode.type !== 'DELIVERY') throw new Error(`${setup.mode.showName} is not a delivery mode`);
  const options = await must<DeliveryOptions>(
    ctx,
    `/api/branch/${ctx.contactId}/deliveryzones/fee?lat=${destination.lat}&lng=${destination.lng}`,
  );
  const zone = deliveryZoneOfOptions(options, setup.decimals);
  if (!zone) throw new Error(`(${destination.lat}, ${destination.lng}) is outside every delivery zone`);
  const delivering = { ...setup, destination, zone };
  const { itemsPrice } = expectedTotal(delivering, setup.linesDistinct, 0);
  if (itemsPrice < zone.minimumOrder)
    throw new Error(`the demo cart (${itemsPrice}) is below the zone's minimum order (${zone.minimumOrder})`);
  return delivering;
}

function paymentOf(s: Setup) {
  return s.mode.paymentTypes.find((p) => p.paymentMethod === 'CASH') ?? s.mode.paymentTypes[0];
}

/** The spec's order payload (storefront.md section 3, "Order payload"). */
export function payload(
  ctx: Context,
  s: Setup,
  lines: CartLine[],
  who: { phone: string; name: string },
  points: number,
) {
  const t = expectedTotal(s, lines, points);
  const units = (minor: number) => fromMinor(minor, s.decimals);
  const payment = paymentOf(s);
  return {
    orderText: '',
    items: lines.map((l) => orderItemOf(l, s.decimals)),
    type: s.mode.type,
    price: units(t.total),
    userServiceFee: units(t.serviceFee),
    paymentType: payment
      ? { id: payment.id, showName: payment.showName, paymentMethod: payment.paymentMethod }
      : null,
    branchContact: { id: ctx.contactId },
    source: 'DIRECT',
    tableUid: null,
    destination: s.destination,
    phone: who.phone,
    customerName: who.name,
    optIn: true,
    installedApp: false,
    discounts: [],
    surcharges: [],
    notes: '',
    deliveryFee: units(t.deliveryFee),
    // cash needs the amount the diner pays with: exactly the total here
    paysWith: payment?.paymentMethod === 'CASH' ? units(t.total) : null,
    orderModeId: s.mode.id,
    scheduled: s.scheduledAt !== null,
    scheduledAt: s.scheduledAt,
    customerEmail: null,
    document: null,
    acquisitionChannel: null,
    loyaltyInfo: { redeemedPoints: points },
    minDelayInMinutes: s.mode.minDelayInMinutes,
    maxDelayInMinutes: s.mode.maxDelayInMinutes,
    userExternalReference: null,
    partnerName: null,
    paymentInfo: { status: 'PENDING', paymentReferenceId: null, paymentUpload: null, amount: units(t.total) },
  };
}

// ------------------------------------------------------------------------------------ the runs

interface Placed {
  code: string;
  expectedMinor: number;
  answeredTotal: number | null;
}

const TOTAL_KEYS = ['total', 'price', 'totalPrice', 'amount'];
/** The order's total in an answer, wherever the server puts it (top level, `order` or `data`). */
export function readTotal(body: unknown): number | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const holder of [b, b.order, b.data]) {
    if (!holder || typeof holder !== 'object') continue;
    for (const key of TOTAL_KEYS) {
      const v = (holder as Record<string, unknown>)[key];
      if (typeof v === 'number') return v;
    }
  }
  return null;
}

export function readCode(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  for (const holder of [b, b.data, b.order]) {
    const code = (holder as Record<string, unknown> | undefined)?.code;
    if (typeof code === 'string' || typeof code === 'number') return String(code);
  }
  return null;
}

async function placeOrders(
  ctx: Context,
  connections: number,
  makeBody: () => string,
  expectedMinor: number,
  duration: number,
  headers: Record<string, string> = {},
  pid?: number,
): Promise<{
  figures: LoadFigures;
  placed: Placed[];
  rejections: Record<string, number>;
  samples: string[];
}> {
  const placed: Placed[] = [];
  const rejections: Record<string, number> = {};
  const samples: string[] = [];
  const figures = await load({
    url: ctx.baseUrl,
    pid,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        headers: { 'content-type': 'application/json', ...headers },
        setupRequest: (req) => ({ ...req, body: makeBody() }),
        onResponse: (status, body) => {
          let parsed: unknown = body;
          try {
            parsed = JSON.parse(body);
          } catch {}
          const code = status < 300 ? readCode(parsed) : null;
          if (code) placed.push({ code, expectedMinor, answeredTotal: readTotal(parsed) });
          else {
            const key = `${status} ${(parsed as { code?: string } | null)?.code ?? ''}`.trim();
            rejections[key] = (rejections[key] ?? 0) + 1;
            if (samples.length < 3) samples.push(`${status}: ${String(body).slice(0, 300)}`);
          }
        },
      },
    ],
  });
  return { figures, placed, rejections, samples };
}

/**
 * Reads every accepted order back from the database (the follow-up API is not built yet) and compares
 * its stored total, and the total the POST answered, with core's.
 */
/** How many placed orders are also read back through the follow-up API (it is rate-limited per client). */
const READ_BACK_SAMPLE = 50;

async function verifyTotals(ctx: Context, placed: Placed[], decimals: number) {
  const mismatches: string[] = [];
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  const stored = new Map<string, number>();
  try {
    for (let i = 0; i < placed.length; i += 5000) {
      const codes = placed.slice(i, i + 5000).map((p) => p.code);
      const rows = await sql<
        { code: string; total: number }[]
      >`select code, total from orders where code in ${sql(codes)}`;
      for (const row of rows) stored.set(row.code, Number(row.total));
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  let unreadable = 0;
  for (const order of placed) {
    const expected = fromMinor(order.expectedMinor, decimals);
    if (order.answeredTotal !== null && Math.abs(order.answeredTotal - expected) > 1e-9)
      mismatches.push(`${order.code}: POST answered ${order.answeredTotal}, core says ${expected}`);
    const total = stored.get(order.code);
    if (total === undefined) unreadable++;
    else if (total !== order.expectedMinor)
      mismatches.push(`${order.code}: stored ${fromMinor(total, decimals)}, core says ${expected}`);
  }
  // what the diner is shown: a sample read back through the follow-up page's API, its parts adding up
  const step = Math.max(1, Math.floor(placed.length / READ_BACK_SAMPLE));
  let readBack = 0;
  for (let i = 0; i < placed.length && readBack < READ_BACK_SAMPLE; i += step) {
    const order = placed[i];
    if (!order) continue;
    readBack++;
    const problem = await followUpMismatch(ctx, order, decimals);
    if (problem) mismatches.push(problem);
  }
  return { checked: placed.length, readBack, mismatches, unreadable };
}

interface FollowUpAmounts {
  total: number;
  itemsPrice: number;
  deliveryFee: number;
  userServiceFee: number;
  surcharges: { amount: number }[];
  discounts: { amount: number }[];
  loyaltyInfo: { redeemedAmount: number };
}

/** The follow-up answer of an order: its total is core's, and its parts add up to it. */
async function followUpMismatch(ctx: Context, order: Placed, decimals: number): Promise<string | null> {
  const path = `/api/diner/${DEMO.contactAlias}/order/${order.code}`;
  const { status, body } = await getJson<FollowUpAmounts>(`${ctx.baseUrl}${path}`);
  if (status !== 200) return `${order.code}: GET ${path} answered ${status}`;
  const toMinor = (amount: number) => Math.round(amount * 10 ** decimals);
  const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + toMinor(row.amount), 0);
  if (toMinor(body.total) !== order.expectedMinor)
    return `${order.code}: follow-up shows ${body.total}, core says ${fromMinor(order.expectedMinor, decimals)}`;
  const parts =
    toMinor(body.itemsPrice) +
    sum(body.surcharges) -
    sum(body.discounts) -
    toMinor(body.loyaltyInfo.redeemedAmount) +
    toMinor(body.deliveryFee) +
    toMinor(body.userServiceFee);
  return parts === order.expectedMinor
    ? null
    : `${order.code}: follow-up parts add up to ${fromMinor(parts, decimals)}`;
}

/** The customer's points ledger at the branch adds up to the balance and never went below zero. */
async function ledgerCheck(branchId: number): Promise<{ sum: number; lowest: number } | null> {
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ sum: number | null; lowest: number | null }[]>`
      select sum(l.amount)::int as sum, min(l.post_balance)::int as lowest
      from loyalty_points_ledger l join customers c on c.id = l.customer_id
      where c.phone = ${DEMO.loyaltyPhone} and l.branch_id = ${branchId}`;
    return row?.sum === null || row?.sum === undefined ? null : { sum: row.sum, lowest: row.lowest ?? 0 };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The Cookie header of a verified session of the demo diner: points are spent only by the diner who
 * proved the phone. The bench opens it in the database (as the one-time code would), so the run does
 * not depend on the messaging sandbox.
 */
async function demoDinerSession(): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [customer] = await sql<{ id: number }[]>`
      select id from customers where phone = ${DEMO.loyaltyPhone}`;
    if (!customer) throw new Error(`no demo diner ${DEMO.loyaltyPhone}`);
    await sql`
      insert into auth_sessions (token_hash, face, subject_id, expires_at)
      values (${tokenHash}, 'DINER', ${customer.id}, now() + interval '1 day')`;
    return `diner_session=${token}`;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function pointsBalance(ctx: Context, cookie: string): Promise<number | null> {
  const { status, body } = await getJson<{ loyaltyPointsBalance?: number }>(
    `${ctx.baseUrl}/api/orderingcustomer/${encodeURIComponent(DEMO.loyaltyPhone)}?branchId=${ctx.branchId}`,
    { headers: { cookie } },
  );
  return status === 200 && typeof body?.loyaltyPointsBalance === 'number' ? body.loyaltyPointsBalance : null;
}

function loadMetrics(f: LoadFigures, accepted: number) {
  return {
    ordersPerSec: f.durationSeconds > 0 ? round(accepted / f.durationSeconds) : 0,
    requestsPerSec: f.requestsPerSec,
    p50Ms: f.p50Ms,
    p99Ms: f.p99Ms,
    accepted,
    rejected: f.total - accepted,
  };
}

/** The server's database connections (PostgreSQL backends of the bench database), to time their CPU. */
async function databaseBackends(): Promise<number[]> {
  const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ pid: number }[]>`
      select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    return rows.map((r) => r.pid);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

const cpuOf = (pids: number[]) => pids.reduce((total, pid) => total + (cpuMs(pid) ?? 0), 0);

export async function orderPlacement(ctx: Context, serverPid?: number): Promise<ScenarioResult[]> {
  const distinctBase = {
    id: 'orders:distinct',
    section: 'orders' as const,
    title: 'POST /api/order, distinct customers',
  };
  const redeemBase = {
    id: 'orders:redeem',
    section: 'orders' as const,
    title: `POST /api/order, ${config.redeemConnections} clients redeeming one customer's points`,
  };
  let probe: { available: boolean; reason?: string };
  try {
    probe = await orderEndpointAvailable(ctx);
  } catch (error) {
    const reason = `probing POST /api/order: ${errorText(error)}`;
    return [distinctBase, redeemBase].map((b) => scenario({ ...b, status: 'error', reason }));
  }
  if (!probe.available) {
    return [distinctBase, redeemBase].map((b) =>
      scenario({ ...b, status: 'not-available', reason: probe.reason }),
    );
  }
  let setup: Setup;
  try {
    setup = await prepare(ctx);
  } catch (error) {
    return [distinctBase, redeemBase].map((b) =>
      scenario({ ...b, status: 'error', reason: `preparing the order: ${errorText(error)}` }),
    );
  }
  const results: ScenarioResult[] = [];

  // 1. distinct customers: a new phone per order (+54 9 11 7xxx-xxxx, clear of the demo's numbers)
  try {
    const expected = expectedTotal(setup, setup.linesDistinct, 0).total;
    let n = 0;
    const body = () => {
      n++;
      const who = { phone: `+549117${String(n).padStart(7, '0')}`, name: `Cliente Bench ${n}` };
      return JSON.stringify(payload(ctx, setup, setup.linesDistinct, who, 0));
    };
    // warm-up (its orders are verified too), then the measurement
    const warm = await placeOrders(ctx, config.connections, body, expected, config.warmup);
    // the pool is open after the warm-up: the CPU its backends spend on the run is the database's share
    const backends = await databaseBackends();
    const databaseCpuBefore = cpuOf(backends);
    const load1m = loadavg()[0] ?? null;
    const run = await placeOrders(ctx, config.connections, body, expected, config.duration, {}, serverPid);
    const databaseCpuMs = cpuOf(backends) - databaseCpuBefore;
    const placed = [...warm.placed, ...run.placed];
    // the database's floor, in the same run: the same order by a bare transaction (orders-baseline.ts)
    const baseline = await bareTransactionBaseline(
      {
        contactId: ctx.contactId,
        modeId: setup.mode.id,
        modeType: setup.mode.type,
        currency: setup.currency,
        paymentMethod: paymentOf(setup)?.paymentMethod ?? 'CASH',
        total: expected,
        itemsPrice: expectedTotal(setup, setup.linesDistinct, 0).itemsPrice,
        lines: setup.linesDistinct,
      },
      config.connections,
      config.duration,
    );
    const check = await verifyTotals(ctx, placed, setup.decimals);
    const accepted = run.placed.length;
    const problems = [
      run.figures.total - accepted ? `${run.figures.total - accepted} orders refused` : '',
      check.mismatches.length ? `${check.mismatches.length} totals differ from core's` : '',
      check.unreadable ? `${check.unreadable} orders could not be read back` : '',
    ].filter(Boolean);
    results.push(
      scenario({
        ...distinctBase,
        metrics: {
          ...loadMetrics(run.figures, accepted),
          amountsVerified: problems.length === 0 && accepted > 0,
          ordersChecked: check.checked,
          ordersReadBack: check.readBack,
          // what an order costs, whatever else the machine does: CPU of the server and of its backends
          serverCpuMsPerOrder:
            run.figures.cpuUsPerRequest === null ? null : round(run.figures.cpuUsPerRequest / 1000),
          databaseCpuMsPerOrder: accepted > 0 ? round(databaseCpuMs / accepted) : null,
          baselineOrdersPerSec: baseline.ordersPerSec,
          baselineP99Ms: baseline.p99Ms,
          // our orders/s over the bare transaction's: 1 would be the database's floor
          throughputOfBaseline:
            baseline.ordersPerSec > 0
              ? round(loadMetrics(run.figures, accepted).ordersPerSec / baseline.ordersPerSec, 3)
              : null,
          load1m,
        },
        ...(problems.length ? { reason: problems.join('; ') } : {}),
        details: {
          expectedTotal: fromMinor(expected, setup.decimals),
          scheduledAt: setup.scheduledAt,
          rejections: run.rejections,
          rejectionSamples: run.samples,
          mismatches: check.mismatches.slice(0, 10),
          load: run.figures,
          baseline,
          databaseBackends: backends.length,
        },
      }),
    );
  } catch (error) {
    results.push(scenario({ ...distinctBase, status: 'error', reason: errorText(error) }));
  }

  // 2. one customer's points, many clients at once: the balance must never go below zero
  try {
    const program = setup.program;
    if (!program) throw new Error('the demo contact takes part in no loyalty programme');
    const points = program.minRedeemedPoints;
    const expected = expectedTotal(setup, setup.linesRedeem, points).total;
    const cookie = await demoDinerSession();
    const before = await pointsBalance(ctx, cookie);
    const body = () =>
      JSON.stringify(
        payload(ctx, setup, setup.linesRedeem, { phone: DEMO.loyaltyPhone, name: 'Lucía Fernández' }, points),
      );
    const run = await placeOrders(ctx, config.redeemConnections, body, expected, config.duration, {
      cookie,
    });
    const after = await pointsBalance(ctx, cookie);
    const check = await verifyTotals(ctx, run.placed, setup.decimals);
    const ledger = await ledgerCheck(ctx.branchId);
    const accepted = run.placed.length;
    const serverErrors = Object.entries(run.rejections)
      .filter(([k]) => k.startsWith('5'))
      .reduce((s, [, n]) => s + n, 0);
    // points are redeemed at placement; what an order earns is credited on its delivery, later
    const expectedAfter = before === null ? null : before - accepted * points;
    const balanceAddsUp = after !== null && expectedAfter !== null && after === expectedAfter;
    const problems = [
      after === null ? 'the balance could not be read (GET /api/orderingcustomer/{phone})' : '',
      after !== null && after < 0 ? `negative balance ${after}` : '',
      after !== null && before !== null && !balanceAddsUp
        ? `balance ${after} does not add up (expected ${expectedAfter})`
        : '',
      ledger && after !== null && ledger.sum !== after
        ? `ledger sums to ${ledger.sum}, balance is ${after}`
        : '',
      ledger && ledger.lowest < 0 ? `the ledger went down to ${ledger.lowest}` : '',
      serverErrors ? `${serverErrors} server errors` : '',
      accepted === 0 ? 'no order was accepted' : '',
      check.mismatches.length ? `${check.mismatches.length} totals differ from core's` : '',
      check.unreadable ? `${check.unreadable} orders could not be read back` : '',
    ].filter(Boolean);
    results.push(
      scenario({
        ...redeemBase,
        metrics: {
          ...loadMetrics(run.figures, accepted),
          balanceBefore: before,
          balanceAfter: after,
          amountsVerified: problems.length === 0,
          ordersChecked: check.checked,
          ordersReadBack: check.readBack,
        },
        ...(problems.length ? { reason: problems.join('; ') } : {}),
        details: {
          pointsPerOrder: points,
          expectedTotal: fromMinor(expected, setup.decimals),
          rejections: run.rejections,
          rejectionSamples: run.samples,
          mismatches: check.mismatches.slice(0, 10),
          load: run.figures,
        },
      }),
    );
  } catch (error) {
    results.push(scenario({ ...redeemBase, status: 'error', reason: errorText(error) }));
  }
  return results;
}
