/**
 * The order history's reads (issue 27 item 5): a branch's orders in a period of its shops' local days,
 * filtered and searched, newest first, a page at a time by keyset (the last row's exact instant and
 * id, so a page never repeats or skips a row, whatever arrives meanwhile); the CSV of the same
 * filters; one order's detail with its full history. Only the staff member's own branch is read.
 */
import {
  fromMinor,
  localDateOf,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  type PaymentStatus,
  paymentSettlesOrder,
} from '@comanda/core';
import {
  type CsvCell,
  csvDateTime,
  csvDocument,
  csvFileName,
  decodeOrderCursor,
  encodeOrderCursor,
  escapeLike,
  ORDER_MODE_TYPE_LABELS,
  ORDER_REPORT_MESSAGES,
  PAYMENT_STATUS_LABELS,
  type Period,
  periodBounds,
  resolvePeriod,
  searchTerms,
} from '@comanda/core/back-office';
import {
  CONSOLE_MESSAGES,
  ORDER_CSV_MAX_ROWS,
  ORDER_HISTORY_PAGE_SIZE,
  type OrderHistoryDetail,
  type OrderHistoryPage,
  type OrderHistoryQuery,
  type OrderHistoryRow,
  type OrderHistoryShop,
} from '@comanda/core/contract';
import { and, asc, desc, eq, gte, ilike, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { loadConsoleOrder } from '../console/console-orders.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { loadOrderHistory } from '../lifecycle/history.ts';

type Contact = typeof t.branchContacts.$inferSelect;

export interface BranchScope {
  /** the shops searched: all the branch's, or the one asked for */
  contacts: Contact[];
  /** every shop of the branch, for the filters */
  all: Contact[];
  period: Period;
  /** the first shop's local date now */
  today: string;
  /** the branch's alias (the CSV of all its shops is named by it) */
  branchAlias: string;
}

const badRequest = (message: string) => new AppError('BAD_REQUEST', 400, message);

export const shopOf = (contact: Contact): OrderHistoryShop => ({
  id: contact.id,
  alias: contact.alias,
  name: contact.name,
  timeZone: contact.timeZone,
  currency: contact.currency,
  country: contact.country,
});

/**
 * The branch's shops a call reads and its period: `shop` must be one of the branch's (404 otherwise,
 * as for an order of another branch); dates are local to the shops, today the first shop's.
 */
export async function branchScope(
  db: Db,
  branchId: number,
  input: { from?: string | undefined; to?: string | undefined; shop?: number | undefined },
  now: Date,
): Promise<BranchScope> {
  const [all, [branch]] = await Promise.all([
    db
      .select()
      .from(t.branchContacts)
      .where(eq(t.branchContacts.branchId, branchId))
      .orderBy(asc(t.branchContacts.id)),
    db.select({ alias: t.branches.alias }).from(t.branches).where(eq(t.branches.id, branchId)),
  ]);
  const contacts = input.shop === undefined ? all : all.filter((contact) => contact.id === input.shop);
  const first = contacts[0];
  if (!first) throw notFound(CONSOLE_MESSAGES.contactNotFound);
  const today = localDateOf(now, first.timeZone);
  const resolved = resolvePeriod(input, today);
  if (!resolved.ok) throw badRequest(resolved.message);
  return { contacts, all, period: resolved.period, today, branchAlias: branch?.alias ?? 'local' };
}

/** Orders placed in the period, each shop's local days by its own time zone. */
export function inPeriod(scope: Pick<BranchScope, 'contacts' | 'period'>): SQL {
  const perShop = scope.contacts.map((contact) => {
    const { start, end } = periodBounds(scope.period, contact.timeZone);
    return and(
      eq(t.orders.branchContactId, contact.id),
      gte(t.orders.orderedAt, start),
      lt(t.orders.orderedAt, end),
    ) as SQL;
  });
  return (perShop.length === 1 ? perShop[0] : or(...perShop)) as SQL;
}

type Filters = Pick<OrderHistoryQuery, 'status' | 'mode' | 'payment' | 'q'>;

function filtersOf(scope: BranchScope, filters: Filters): SQL {
  const conditions: (SQL | undefined)[] = [inPeriod(scope)];
  if (filters.status) conditions.push(eq(t.orders.status, filters.status));
  if (filters.mode) conditions.push(eq(t.orders.type, filters.mode));
  if (filters.payment) conditions.push(eq(t.orders.paymentMethod, filters.payment));
  const terms = filters.q === undefined ? null : searchTerms(filters.q);
  if (terms) {
    const matches = [
      ilike(t.orders.code, `%${escapeLike(terms.code)}%`),
      ilike(t.orders.customerName, `%${escapeLike(terms.text)}%`),
    ];
    if (terms.digits) matches.push(like(t.orders.phone, `%${terms.digits}%`));
    conditions.push(or(...matches));
  }
  return and(...conditions) as SQL;
}

/** The row's exact instant in UTC with its microseconds: the keyset's key. */
const exactOrderedAt = sql<string>`to_char(${t.orders.orderedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const discountsSum =
  sql<number>`coalesce((select sum(d.amount) from ${t.orderDiscounts} d where d.order_id = ${t.orders.id}), 0)`.mapWith(
    Number,
  );
const surchargesSum =
  sql<number>`coalesce((select sum(s.amount) from ${t.orderSurcharges} s where s.order_id = ${t.orders.id}), 0)`.mapWith(
    Number,
  );

async function selectOrders(db: Db, where: SQL, limit: number) {
  return db
    .select({ order: t.orders, key: exactOrderedAt, discounts: discountsSum, surcharges: surchargesSum })
    .from(t.orders)
    .where(where)
    .orderBy(desc(t.orders.orderedAt), desc(t.orders.id))
    .limit(limit);
}

type Selected = Awaited<ReturnType<typeof selectOrders>>[number];

/** The names the rows show: the modes' and the payment types' of the branch, and each order's payment. */
async function namesOf(db: Db, scope: BranchScope, orders: number[] | SQL) {
  const contactIds = scope.all.map((contact) => contact.id);
  const [modes, paymentTypes, payments] = await Promise.all([
    db
      .select({ id: t.orderModes.id, type: t.orderModes.type, showName: t.orderModes.showName })
      .from(t.orderModes)
      .where(inArray(t.orderModes.branchContactId, contactIds))
      .orderBy(asc(t.orderModes.id)),
    db
      .select({
        id: t.paymentTypes.id,
        paymentMethod: t.paymentTypes.paymentMethod,
        showName: t.paymentTypes.showName,
      })
      .from(t.paymentTypes)
      .where(inArray(t.paymentTypes.branchContactId, contactIds))
      .orderBy(asc(t.paymentTypes.id)),
    Array.isArray(orders) && orders.length === 0
      ? []
      : db
          .select({
            orderId: t.orderPayments.orderId,
            status: t.orderPayments.status,
            amount: t.orderPayments.amount,
          })
          .from(t.orderPayments)
          // a page names its orders; the CSV's are the filter's (thousands of ids make no parameter list)
          .where(
            inArray(
              t.orderPayments.orderId,
              Array.isArray(orders) ? orders : db.select({ id: t.orders.id }).from(t.orders).where(orders),
            ),
          )
          .orderBy(asc(t.orderPayments.id)),
  ]);
  return { modes, paymentTypes, payments };
}

function rowsOf(
  selected: Selected[],
  names: Awaited<ReturnType<typeof namesOf>>,
  decimals: Map<number, number>,
) {
  const modeName = new Map(names.modes.map((mode) => [mode.id, mode.showName]));
  const paymentName = new Map(names.paymentTypes.map((type) => [type.id, type.showName]));
  const paymentsOf = new Map<number, (typeof names.payments)[number][]>();
  for (const payment of names.payments) {
    const list = paymentsOf.get(payment.orderId) ?? [];
    list.push(payment);
    paymentsOf.set(payment.orderId, list);
  }
  return selected.map(({ order }): OrderHistoryRow => {
    const attempts = paymentsOf.get(order.id) ?? [];
    const newest = attempts.at(-1) ?? null;
    return {
      code: order.code,
      shopId: order.branchContactId,
      orderedAt: order.orderedAt.toISOString(),
      customerName: order.customerName,
      phone: order.phone,
      type: order.type,
      orderModeName: modeName.get(order.orderModeId) ?? ORDER_MODE_TYPE_LABELS[order.type] ?? order.type,
      paymentMethod: order.paymentMethod,
      paymentTypeName: order.paymentTypeId === null ? null : (paymentName.get(order.paymentTypeId) ?? null),
      paymentStatus: (newest?.status as PaymentStatus | undefined) ?? null,
      paid: attempts.some((payment) => paymentSettlesOrder(payment, order.total)),
      status: order.status as OrderStatus,
      total: fromMinor(order.total, decimals.get(order.branchContactId) ?? 2),
      currency: order.currency,
    };
  });
}

async function decimalsOf(db: Db, contacts: Contact[]): Promise<Map<number, number>> {
  const entries = await Promise.all(
    contacts.map(async (contact) => [contact.id, await currencyDecimalsOf(db, contact.country)] as const),
  );
  return new Map(entries);
}

/** The filters' choices: the branch's shops, its modes by type, its payment methods. */
function optionsOf(
  scope: BranchScope,
  names: Awaited<ReturnType<typeof namesOf>>,
): OrderHistoryPage['options'] {
  const modes = new Map<string, string>();
  for (const mode of names.modes) if (!modes.has(mode.type)) modes.set(mode.type, mode.showName);
  const payments = new Map<string, string>();
  for (const type of names.paymentTypes)
    if (!payments.has(type.paymentMethod)) payments.set(type.paymentMethod, type.showName);
  return {
    shops: scope.all.map(shopOf),
    modes: [...modes].map(([type, name]) => ({ type, name })),
    payments: [...payments].map(([method, name]) => ({ method, name })),
  };
}

/** One page of the history, newest first. */
export async function loadHistoryPage(
  db: Db,
  scope: BranchScope,
  query: OrderHistoryQuery,
): Promise<OrderHistoryPage> {
  const limit = query.limit ?? ORDER_HISTORY_PAGE_SIZE;
  let where = filtersOf(scope, query);
  if (query.cursor !== undefined) {
    const cursor = decodeOrderCursor(query.cursor);
    if (!cursor) throw badRequest(ORDER_REPORT_MESSAGES.badCursor);
    where = and(
      where,
      sql`(${t.orders.orderedAt}, ${t.orders.id}) < (${cursor.orderedAt}::timestamptz, ${cursor.id})`,
    ) as SQL;
  }
  const selected = await selectOrders(db, where, limit + 1);
  const page = selected.slice(0, limit);
  const [names, decimals] = await Promise.all([
    namesOf(
      db,
      scope,
      page.map((row) => row.order.id),
    ),
    decimalsOf(db, scope.all),
  ]);
  const last = page.at(-1);
  return {
    period: scope.period,
    today: scope.today,
    rows: rowsOf(page, names, decimals),
    nextCursor:
      selected.length > limit && last ? encodeOrderCursor({ orderedAt: last.key, id: last.order.id }) : null,
    options: optionsOf(scope, names),
  };
}

export const CSV_HEADER = [
  'Código',
  'Local',
  'Fecha',
  'Cliente',
  'Teléfono',
  'Forma de pedido',
  'Medio de pago',
  'Pago',
  'Estado',
  'Productos',
  'Envío',
  'Cargo por servicio',
  'Recargos',
  'Descuentos',
  'Total',
  'Moneda',
  'Motivo de cancelación',
] as const;

/**
 * The CSV of the filters: at most ORDER_CSV_MAX_ROWS rows, held in memory (a few MB); more is refused
 * with a 400 before anything is written, asking for a shorter period. Dates as '18/11/2026 14:50' in
 * the order's shop's time zone.
 */
export async function historyCsv(
  db: Db,
  scope: BranchScope,
  filters: Filters,
): Promise<{ fileName: string; body: string }> {
  const where = filtersOf(scope, filters);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(t.orders)
    .where(where);
  if ((counted?.n ?? 0) > ORDER_CSV_MAX_ROWS)
    throw badRequest(ORDER_REPORT_MESSAGES.tooManyRows(ORDER_CSV_MAX_ROWS.toLocaleString('es-AR')));
  const selected = await selectOrders(db, where, ORDER_CSV_MAX_ROWS);
  const [names, decimals] = await Promise.all([namesOf(db, scope, where), decimalsOf(db, scope.all)]);
  const rows = rowsOf(selected, names, decimals);
  const contacts = new Map(scope.all.map((contact) => [contact.id, contact]));
  const lines = selected.map(({ order, discounts, surcharges }, index): CsvCell[] => {
    const row = rows[index] as OrderHistoryRow;
    const contact = contacts.get(order.branchContactId);
    const places = decimals.get(order.branchContactId) ?? 2;
    const amount = (minor: number) => ({ amount: minor, decimals: places });
    const paymentText = row.paid
      ? 'Pagado'
      : row.paymentStatus && row.paymentMethod !== 'CASH'
        ? (PAYMENT_STATUS_LABELS[row.paymentStatus] ?? row.paymentStatus)
        : 'A cobrar';
    return [
      order.code,
      contact?.name ?? null,
      csvDateTime(order.orderedAt, contact?.timeZone ?? 'UTC'),
      order.customerName,
      order.phone,
      row.orderModeName,
      row.paymentTypeName ?? order.paymentMethod,
      paymentText,
      ORDER_STATUS_LABELS[row.status] ?? row.status,
      amount(order.itemsPrice),
      amount(order.deliveryFee),
      amount(order.userServiceFee),
      amount(surcharges),
      amount(discounts),
      amount(order.total),
      order.currency,
      order.cancelReason,
    ];
  });
  // one shop's file by the shop's alias, all of them by the branch's
  const alias =
    scope.contacts.length === 1 ? (scope.contacts[0]?.alias ?? scope.branchAlias) : scope.branchAlias;
  return { fileName: csvFileName(alias, scope.period), body: csvDocument(CSV_HEADER, lines) };
}

/** One order of the branch by its code: the card, its shop, its payments with refunds, its history. */
export async function loadHistoryDetail(db: Db, branchId: number, code: string): Promise<OrderHistoryDetail> {
  const [row] = await db
    .select({ order: t.orders, contact: t.branchContacts })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(and(eq(t.orders.code, code), eq(t.branchContacts.branchId, branchId)));
  // another branch's order reads as none: codes are not probed across branches
  if (!row) throw notFound(CONSOLE_MESSAGES.orderNotFound);
  const { order, contact } = row;
  const decimals = await currencyDecimalsOf(db, contact.country);
  const money = (minor: number) => fromMinor(minor, decimals);
  const [card, payments, refunds, history] = await Promise.all([
    loadConsoleOrder(db, order.id),
    db
      .select()
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, order.id))
      .orderBy(asc(t.orderPayments.id)),
    db
      .select()
      .from(t.paymentRefunds)
      .where(eq(t.paymentRefunds.orderId, order.id))
      .orderBy(asc(t.paymentRefunds.id)),
    loadOrderHistory(db, order.id, decimals),
  ]);
  if (!card) throw notFound(CONSOLE_MESSAGES.orderNotFound);
  return {
    order: card,
    shop: shopOf(contact),
    customerEmail: order.customerEmail,
    payments: payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider,
      status: payment.status as PaymentStatus,
      amount: money(payment.amount),
      refundedAmount: money(payment.refundedAmount),
      createdAt: payment.createdAt.toISOString(),
      refunds: refunds
        .filter((refund) => refund.paymentId === payment.id)
        .map((refund) => ({
          amount: money(refund.amount),
          status: refund.status,
          reason: refund.reason,
          createdAt: refund.createdAt.toISOString(),
        })),
    })),
    history,
  };
}
