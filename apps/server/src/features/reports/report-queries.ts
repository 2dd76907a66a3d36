/**
 * The owner's report of a period (issue 27 item 5): every figure an SQL aggregate over the orders the
 * shops took in the period (each shop's local days), so a year of orders is summed by the database,
 * never loaded. Uses the orders' (branch_contact_id, ordered_at) index; the rest joins by order id.
 */
import { fromMinor, NOT_SOLD_STATUSES } from '@comanda/core';
import {
  averageMinutes,
  averageOf,
  averageTicket,
  npsGroupOf,
  npsOf,
  periodDates,
} from '@comanda/core/back-office';
import { type SalesReport, TOP_DISHES } from '@comanda/core/contract';
import { and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { type BranchScope, inPeriod, shopOf } from '../order-history/history-queries.ts';

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const sold = sql`${t.orders.status} not in (${list(NOT_SOLD_STATUSES)})`;
/** online orders never paid are not orders the shop took */
const placed = sql`${t.orders.status} not in ('PAY_NEEDED', 'PAYMENT_EXPIRED')`;
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const sumWhere = (value: SQL | typeof t.orders.total, condition: SQL) =>
  sql<number>`coalesce(sum(${value}) filter (where ${condition}), 0)`.mapWith(Number);
const seconds = (from: SQL | typeof t.orders.acceptedAt, to: SQL | typeof t.orders.readyAt) =>
  sql`extract(epoch from (${to} - ${from}))`;

export async function loadSalesReport(db: Db, scope: BranchScope): Promise<SalesReport> {
  const where = inPeriod(scope);
  const first = scope.contacts[0];
  if (!first) throw new Error('a report needs a shop');
  const decimals = await currencyDecimalsOf(db, first.country);
  const money = (minor: number) => fromMinor(minor, decimals);
  const localDay = sql<string>`to_char(${t.orders.orderedAt} at time zone ${t.branchContacts.timeZone}, 'YYYY-MM-DD')`;

  const shipmentTimes = db
    .select({
      onTheWay:
        sql`min(${t.statusEvents.createdAt}) filter (where ${t.statusEvents.toStatus} in ('ON_ROUTE_TO_DROP_OFF', 'ON_ROUTE_TO_DROP_OFFS'))`.as(
          'on_the_way',
        ),
      delivered:
        sql`max(${t.statusEvents.createdAt}) filter (where ${t.statusEvents.toStatus} = 'DELIVERED')`.as(
          'delivered',
        ),
    })
    .from(t.statusEvents)
    .innerJoin(t.orders, eq(t.orders.id, t.statusEvents.orderId))
    .where(and(where, eq(t.statusEvents.entity, 'SHIPMENT')))
    .groupBy(t.statusEvents.entityId)
    .as('shipment_times');

  const ratingAnswers = and(
    where,
    eq(t.surveyQuestions.type, 'RATING'),
    sql`${t.surveyAnswers.answer} ~ '^[1-5]$'`,
  );
  const [days, payments, dishes, [times], [delivery], ratings, [rated]] = await Promise.all([
    db
      .select({
        date: localDay,
        orders: countWhere(placed),
        sold: countWhere(sold),
        revenue: sumWhere(t.orders.total, sold),
        delivered: countWhere(sql`${t.orders.status} = 'DELIVERED'`),
        canceled: countWhere(sql`${t.orders.status} = 'CANCELED'`),
        expired: countWhere(sql`${t.orders.status} = 'PAYMENT_EXPIRED'`),
      })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .where(where)
      .groupBy(localDay),
    db
      .select({
        paymentMethod: t.orders.paymentMethod,
        name: t.paymentTypes.showName,
        orders: sql<number>`count(*)`.mapWith(Number),
        revenue: sql<number>`coalesce(sum(${t.orders.total}), 0)`.mapWith(Number),
      })
      .from(t.orders)
      .leftJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orders.paymentTypeId))
      .where(and(where, sold))
      .groupBy(t.orders.paymentMethod, t.paymentTypes.showName),
    db
      .select({
        name: t.orderItems.name,
        quantity: sql<number>`sum(${t.orderItems.quantity})`.mapWith(Number),
        revenue: sql<number>`sum(${t.orderItems.accPrice})`.mapWith(Number),
      })
      .from(t.orderItems)
      .innerJoin(t.orders, eq(t.orders.id, t.orderItems.orderId))
      .where(and(where, sold))
      .groupBy(t.orderItems.name)
      .orderBy(
        desc(sql`sum(${t.orderItems.quantity})`),
        desc(sql`sum(${t.orderItems.accPrice})`),
        asc(t.orderItems.name),
      )
      .limit(TOP_DISHES),
    db
      .select({
        prepared: countWhere(sql`${t.orders.readyAt} >= ${t.orders.acceptedAt}`),
        preparationSeconds:
          sql<number>`coalesce(sum(${seconds(t.orders.acceptedAt, t.orders.readyAt)}) filter (where ${t.orders.readyAt} >= ${t.orders.acceptedAt}), 0)`.mapWith(
            Number,
          ),
        delivered: countWhere(sql`${t.orders.status} = 'DELIVERED' and ${t.orders.finishedAt} is not null`),
        totalSeconds:
          sql<number>`coalesce(sum(${seconds(sql`${t.orders.orderedAt}`, sql`${t.orders.finishedAt}`)}) filter (where ${t.orders.status} = 'DELIVERED' and ${t.orders.finishedAt} is not null), 0)`.mapWith(
            Number,
          ),
      })
      .from(t.orders)
      .where(where),
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        seconds:
          sql<number>`coalesce(sum(extract(epoch from (${shipmentTimes.delivered} - ${shipmentTimes.onTheWay}))), 0)`.mapWith(
            Number,
          ),
      })
      .from(shipmentTimes)
      .where(
        and(
          isNotNull(shipmentTimes.onTheWay),
          isNotNull(shipmentTimes.delivered),
          sql`${shipmentTimes.delivered} >= ${shipmentTimes.onTheWay}`,
        ),
      ),
    db
      .select({
        questionId: t.surveyQuestions.id,
        title: t.surveyQuestions.title,
        questionType: t.surveyQuestions.questionType,
        questionOrder: t.surveyQuestions.questionOrder,
        stars: sql<number>`${t.surveyAnswers.answer}::int`.mapWith(Number),
        count: sql<number>`count(*)`.mapWith(Number),
      })
      .from(t.surveyAnswers)
      .innerJoin(t.surveyQuestions, eq(t.surveyQuestions.id, t.surveyAnswers.questionId))
      .innerJoin(t.orders, eq(t.orders.id, t.surveyAnswers.dinerOrderId))
      .where(ratingAnswers)
      .groupBy(
        t.surveyQuestions.id,
        t.surveyQuestions.title,
        t.surveyQuestions.questionType,
        t.surveyQuestions.questionOrder,
        sql`${t.surveyAnswers.answer}::int`,
      ),
    db
      .select({ count: sql<number>`count(distinct ${t.surveyAnswers.dinerOrderId})`.mapWith(Number) })
      .from(t.surveyAnswers)
      .innerJoin(t.surveyQuestions, eq(t.surveyQuestions.id, t.surveyAnswers.questionId))
      .innerJoin(t.orders, eq(t.orders.id, t.surveyAnswers.dinerOrderId))
      .where(ratingAnswers),
  ]);

  const byDay = new Map(days.map((day) => [day.date, day]));
  const sum = (pick: (day: (typeof days)[number]) => number) =>
    days.reduce((total, day) => total + pick(day), 0);
  const revenue = sum((day) => day.revenue);
  const soldOrders = sum((day) => day.sold);

  // payment types of one method with one name are one line (two shops' 'Efectivo')
  const paymentLines = new Map<string, SalesReport['payments'][number]>();
  for (const row of payments) {
    const name = row.name ?? row.paymentMethod;
    const key = `${row.paymentMethod}\u0000${name}`;
    const line = paymentLines.get(key) ?? { paymentMethod: row.paymentMethod, name, orders: 0, revenue: 0 };
    line.orders += row.orders;
    line.revenue += row.revenue;
    paymentLines.set(key, line);
  }

  return {
    period: scope.period,
    today: scope.today,
    currency: first.currency,
    shops: scope.all.map(shopOf),
    totals: {
      orders: sum((day) => day.orders),
      sold: soldOrders,
      revenue: money(revenue),
      averageTicket: money(averageTicket(revenue, soldOrders)),
      delivered: sum((day) => day.delivered),
      canceled: sum((day) => day.canceled),
      expired: sum((day) => day.expired),
    },
    days: periodDates(scope.period).map((date) => {
      const day = byDay.get(date);
      return { date, orders: day?.orders ?? 0, revenue: money(day?.revenue ?? 0) };
    }),
    payments: [...paymentLines.values()]
      .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name))
      .map((line) => ({ ...line, revenue: money(line.revenue) })),
    topDishes: dishes.map((dish) => ({
      name: dish.name,
      quantity: dish.quantity,
      revenue: money(dish.revenue),
    })),
    times: {
      preparationMinutes: averageMinutes(times?.preparationSeconds ?? 0, times?.prepared ?? 0),
      preparedOrders: times?.prepared ?? 0,
      deliveryMinutes: averageMinutes(delivery?.seconds ?? 0, delivery?.count ?? 0),
      deliveredShipments: delivery?.count ?? 0,
      totalMinutes: averageMinutes(times?.totalSeconds ?? 0, times?.delivered ?? 0),
    },
    ratings: ratingsOf(ratings, rated?.count ?? 0),
  };
}

interface RatingRow {
  questionId: number;
  title: string;
  questionType: string | null;
  questionOrder: number;
  stars: number;
  count: number;
}

/** Each rating question's average and stars, the orders rated, and the NPS of the recommendation question. */
function ratingsOf(rows: RatingRow[], ratedOrders: number): SalesReport['ratings'] {
  const questions = new Map<number, { title: string; order: number; nps: boolean; stars: number[] }>();
  for (const row of rows) {
    const question = questions.get(row.questionId) ?? {
      title: row.title,
      order: row.questionOrder,
      nps: row.questionType === 'NPS',
      stars: [0, 0, 0, 0, 0],
    };
    question.stars[row.stars - 1] = (question.stars[row.stars - 1] ?? 0) + row.count;
    questions.set(row.questionId, question);
  }
  const ordered = [...questions.entries()].sort(([idA, a], [idB, b]) => a.order - b.order || idA - idB);
  const counts = { promoters: 0, passives: 0, detractors: 0 };
  for (const [, question] of ordered)
    if (question.nps)
      question.stars.forEach((count, index) => {
        counts[npsGroupOf(index + 1)] += count;
      });
  const score = npsOf(counts);
  return {
    ratedOrders,
    questions: ordered.map(([, question]) => {
      const count = question.stars.reduce((total, n) => total + n, 0);
      const total = question.stars.reduce((acc, n, index) => acc + n * (index + 1), 0);
      return { title: question.title, average: averageOf(total, count), count, stars: question.stars };
    }),
    nps:
      score === null
        ? null
        : { score, ...counts, count: counts.promoters + counts.passives + counts.detractors },
  };
}
