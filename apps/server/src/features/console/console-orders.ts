/**
 * The console's order cards (contract/console.ts ConsoleOrder), read for a whole board or for the
 * orders that just changed with one query whatever the number of orders: each order row with its
 * contact's currency and fleet, its mode's and payment type's names, and its parts (items with their
 * extras, discount and surcharge totals, payments with the refunds under way, shipments with their
 * riders, survey ratings) aggregated as JSON by correlated subqueries on indexed foreign keys.
 */
import {
  canRequestRider,
  cashChange,
  consoleDayTotals,
  fromMinor,
  isMoneyHeld,
  isShipmentInFlight,
  nextOrderStatuses,
  paymentSettlesOrder,
  type ShipmentStatus,
  startOfLocalDay,
} from '@comanda/core';
import type { ConsoleBoard, ConsoleOrder } from '@comanda/core/contract';
import { and, desc, eq, gte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { type RatingAnswer, ratingOfAnswers } from '../survey/queries.ts';

const FINAL_STATUSES = ['DELIVERED', 'CANCELED', 'PAYMENT_EXPIRED'] as const;

/** What the query aggregates of each order's other tables (JSON: numbers, strings, booleans). */
interface CardParts {
  items: {
    name: string;
    sizeName: string | null;
    quantity: number;
    notes: string | null;
    accPrice: number;
    extras: { groupName: string; name: string; quantity: number }[];
  }[];
  discountsTotal: number;
  surchargesTotal: number;
  payments: {
    status: (typeof t.orderPayments.$inferSelect)['status'];
    amount: number;
    refundedAmount: number;
    refunding: number;
  }[];
  shipments: {
    id: number;
    status: string;
    shipmentStackId: number | null;
    returnShipment: boolean;
    returnReason: string | null;
    /** timestamptz as JSON text */
    updatedAt: string;
    riderName: string | null;
    riderPhone: string | null;
  }[];
  ratings: RatingAnswer[];
}

/**
 * The parts of the order of the row being read (`orders` of the outer query). Orders as the separate
 * reads had them: items by position, extras by group and garnish, payments and shipments by id.
 */
const cardParts = sql<CardParts | string>`json_build_object(
  'items', (
    select coalesce(json_agg(json_build_object(
      'name', i.name, 'sizeName', i.size_name, 'quantity', i.quantity, 'notes', i.notes,
      'accPrice', i.acc_price,
      'extras', (
        select coalesce(json_agg(json_build_object(
          'groupName', e.group_name, 'name', e.name, 'quantity', e.quantity
        ) order by e.group_id, e.garnish_id, e.id), '[]'::json)
        from ${t.orderItemExtras} e where e.order_item_id = i.id
      )
    ) order by i.position, i.id), '[]'::json)
    from ${t.orderItems} i where i.order_id = ${t.orders.id}
  ),
  'discountsTotal', (select coalesce(sum(d.amount), 0) from ${t.orderDiscounts} d where d.order_id = ${t.orders.id}),
  'surchargesTotal', (select coalesce(sum(x.amount), 0) from ${t.orderSurcharges} x where x.order_id = ${t.orders.id}),
  'payments', (
    select coalesce(json_agg(json_build_object(
      'status', p.status, 'amount', p.amount, 'refundedAmount', p.refunded_amount,
      -- refunds asked for and not yet confirmed by the provider
      'refunding', (
        select coalesce(sum(r.amount), 0) from ${t.paymentRefunds} r
        where r.payment_id = p.id and r.status in ('REQUESTED', 'PENDING')
      )
    ) order by p.id), '[]'::json)
    from ${t.orderPayments} p where p.order_id = ${t.orders.id}
  ),
  'shipments', (
    select coalesce(json_agg(json_build_object(
      'id', sh.id, 'status', sh.status, 'shipmentStackId', sh.shipment_stack_id,
      'returnShipment', sh.return_shipment, 'returnReason', sh.return_reason, 'updatedAt', sh.updated_at,
      'riderName', rd.name, 'riderPhone', rd.phone
    ) order by sh.id), '[]'::json)
    from ${t.shipments} sh
    join ${t.logisticsOrders} lo on lo.id = sh.logistics_order_id
    left join ${t.riders} rd on rd.id = sh.rider_id
    where lo.order_id = ${t.orders.id}
  ),
  'ratings', (
    select coalesce(json_agg(json_build_object(
      'answer', a.answer, 'id', q.id, 'title', q.title, 'questionOrder', q.question_order,
      'mandatory', q.mandatory, 'priority', q.priority
    ) order by a.id), '[]'::json)
    from ${t.surveyAnswers} a join ${t.surveyQuestions} q on q.id = a.question_id
    where a.diner_order_id = ${t.orders.id} and q.type = 'RATING'
  )
)`;

/** The cards query of the orders `where` selects, each row with its card's parts. */
function cardRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      order: t.orders,
      ownFleet: t.branchContacts.ownFleet,
      decimals: t.countries.currencyDecimals,
      modeName: t.orderModes.showName,
      paymentTypeName: t.paymentTypes.showName,
      parts: cardParts,
    })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .leftJoin(t.countries, eq(t.countries.code, t.branchContacts.country))
    .leftJoin(
      t.orderModes,
      and(
        eq(t.orderModes.id, t.orders.orderModeId),
        eq(t.orderModes.branchContactId, t.orders.branchContactId),
      ),
    )
    .leftJoin(
      t.paymentTypes,
      and(
        eq(t.paymentTypes.id, t.orders.paymentTypeId),
        eq(t.paymentTypes.branchContactId, t.orders.branchContactId),
      ),
    )
    .where(where);
}

/**
 * The card and board queries as named prepared statements, made once per database: PostgreSQL takes
 * some 10 ms to plan this query, which an unnamed statement pays at every card (more than its run).
 */
function preparedCards(db: Db) {
  return {
    card: cardRows(db, eq(t.orders.id, sql.placeholder('orderId'))).prepare('console_card'),
    board: cardRows(
      db,
      and(
        eq(t.orders.branchContactId, sql.placeholder('contactId')),
        or(
          gte(t.orders.orderedAt, sql`${sql.placeholder('dayStart')}::timestamptz`),
          notInArray(t.orders.status, [...FINAL_STATUSES]),
        ),
      ),
    )
      // of the orders of one instant, the last placed first (the read without cards left them in any order)
      .orderBy(desc(t.orders.orderedAt), desc(t.orders.id))
      .limit(500)
      .prepare('console_board'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof preparedCards>>();
function cardQueries(db: Db) {
  let queries = prepared.get(db);
  if (!queries) {
    queries = preparedCards(db);
    prepared.set(db, queries);
  }
  return queries;
}

type CardRow = Awaited<ReturnType<typeof cardRows>>[number];

/** A row of cardRows as the card the board shows (money in currency units, the next moves, ...). */
function toCard(row: CardRow): ConsoleOrder {
  const { order } = row;
  // the driver hands JSON over parsed (postgres.js, PGlite); text is parsed here should one not
  const parts: CardParts = typeof row.parts === 'string' ? JSON.parse(row.parts) : row.parts;
  const decimals = row.decimals ?? 2;
  const money = (minor: number) => fromMinor(minor, decimals);
  const shipments = parts.shipments;
  const shipment = shipments.at(-1) ?? null;
  const destination = order.destination;
  const payments = parts.payments;
  // the attempt that took money (the newest such), if any: what the card shows and a cancel gives back
  const payment =
    payments.findLast(
      (row) => isMoneyHeld(row.status) || row.refundedAmount > 0 || row.status === 'CHARGED_BACK',
    ) ?? null;
  // what a cancel now gives back: every attempt still holding money, less what is already on its way back
  const refundOnCancel = payments
    .filter((row) => isMoneyHeld(row.status))
    .reduce((sum, row) => sum + Math.max(0, row.amount - row.refundedAmount - row.refunding), 0);
  const rating = ratingOfAnswers(parts.ratings);
  return {
    id: order.id,
    code: order.code,
    branchContactId: order.branchContactId,
    status: order.status,
    type: order.type,
    orderModeName: row.modeName ?? order.type,
    customerName: order.customerName,
    phone: order.phone,
    tableUid: order.tableUid,
    destination: destination
      ? {
          street: destination.street,
          number: destination.number,
          details: destination.details,
          betweenStreets: destination.betweenStreets,
          city: destination.city,
        }
      : null,
    orderedAt: order.orderedAt.toISOString(),
    source: order.source,
    scheduled: order.scheduled,
    scheduledAt: order.scheduledAt?.toISOString() ?? null,
    acceptedAt: order.acceptedAt?.toISOString() ?? null,
    readyAt: order.readyAt?.toISOString() ?? null,
    finishedAt: order.finishedAt?.toISOString() ?? null,
    preparationMinutes: order.preparationMinutes,
    cancelReason: order.cancelReason,
    problem: order.errorType ? { errorType: order.errorType, errorDetail: order.errorDetail } : null,
    items: parts.items.map((item) => ({
      name: item.name,
      sizeName: item.sizeName,
      quantity: item.quantity,
      notes: item.notes,
      accPrice: money(item.accPrice),
      extras: groupExtras(item.extras),
    })),
    notes: order.notes,
    paymentMethod: order.paymentMethod,
    paymentTypeName: order.paymentTypeId === null ? null : (row.paymentTypeName ?? null),
    paid: payments.some((row) => paymentSettlesOrder(row, order.total)),
    paysWith: order.paysWith === null ? null : money(order.paysWith),
    change: ((change) => (change === null ? null : money(change)))(
      cashChange(order.paymentMethod, order.paysWith, order.total),
    ),
    itemsPrice: money(order.itemsPrice),
    deliveryFee: money(order.deliveryFee),
    userServiceFee: money(order.userServiceFee),
    discountsTotal: money(parts.discountsTotal),
    surchargesTotal: money(parts.surchargesTotal),
    total: money(order.total),
    currency: order.currency,
    shipment: shipment
      ? {
          id: shipment.id,
          status: shipment.status,
          shipmentStackId: shipment.shipmentStackId,
          riderName: shipment.riderName,
          riderPhone: shipment.riderPhone,
          updatedAt: new Date(shipment.updatedAt).toISOString(),
          returnShipment: shipment.returnShipment,
          returnReason: shipment.returnReason,
        }
      : null,
    payment: payment
      ? {
          status: payment.status,
          amount: money(payment.amount),
          refundedAmount: money(payment.refundedAmount),
          refundPending: payment.refunding > 0,
        }
      : null,
    refundOnCancel: money(refundOnCancel),
    // a rider on the way delivers it, with the customer's code: the card offers no 'Entregado' then
    nextStatuses: nextOrderStatuses('STAFF', order.status, {
      shipmentInFlight: shipments.some((row) =>
        isShipmentInFlight(row.status as ShipmentStatus, row.returnShipment),
      ),
    }),
    canRequestRider: canRequestRider({
      type: order.type,
      status: order.status,
      ownFleet: row.ownFleet,
      hasDestinationLocation: Boolean(destination?.lat && destination?.lng),
      shipments: shipments.map((row) => ({
        status: row.status as ShipmentStatus,
        returnShipment: row.returnShipment,
      })),
    }),
    surveyRating: rating,
  };
}

function groupExtras(extras: CardParts['items'][number]['extras']): ConsoleOrder['items'][number]['extras'] {
  const groups = new Map<string, { groupName: string; groupItems: { name: string; quantity: number }[] }>();
  for (const extra of extras) {
    const group = groups.get(extra.groupName) ?? { groupName: extra.groupName, groupItems: [] };
    group.groupItems.push({ name: extra.name, quantity: extra.quantity });
    groups.set(extra.groupName, group);
  }
  return [...groups.values()];
}

/**
 * The board of one contact (one query): every order of its local day so far, and every order still
 * open whatever its day (a scheduled order of tomorrow, an order left open overnight), newest first.
 */
export async function loadConsoleBoard(
  db: Db,
  contact: typeof t.branchContacts.$inferSelect,
  now: Date,
): Promise<ConsoleBoard> {
  const dayStart = startOfLocalDay(now, contact.timeZone);
  const rows = await cardQueries(db).board.execute({
    contactId: contact.id,
    dayStart: dayStart.toISOString(),
  });
  const orders = rows.map(toCard);
  const today = rows.filter((row) => row.order.orderedAt >= dayStart);
  const names = new Map(orders.map((order) => [order.id, order.paymentTypeName]));
  const totals = consoleDayTotals(
    today.map(({ order }) => ({
      status: order.status,
      total: order.total,
      paymentMethod: order.paymentMethod,
      paymentTypeName: names.get(order.id) ?? null,
      orderedAt: order.orderedAt,
      readyAt: order.readyAt,
    })),
  );
  // an empty board's totals are zeros, whatever the currency
  const decimals = rows[0]?.decimals ?? 2;
  return {
    contactId: contact.id,
    orders,
    totals: {
      ...totals,
      revenue: fromMinor(totals.revenue, decimals),
      revenueByPayment: totals.revenueByPayment.map((row) => ({
        ...row,
        total: fromMinor(row.total, decimals),
      })),
    },
    now: now.toISOString(),
  };
}

/** One card, by order id (after a change), with one query; null when it is gone. */
export async function loadConsoleOrder(db: Db, orderId: number): Promise<ConsoleOrder | null> {
  const [row] = await cardQueries(db).card.execute({ orderId });
  return row ? toCard(row) : null;
}
