/**
 * The owner's reports (issue 27 item 5, `/console/reportes`): `GET /api/console/reports?from&to&shop`,
 * OWNER only. Sales per day and per payment method, top dishes, average preparation and delivery
 * times, cancellations and the survey's ratings of the orders placed in the period (local dates of
 * each shop). Amounts in currency units; minutes to one decimal.
 */
import { z } from 'zod';
import type { OrderHistoryShop } from './order-history.ts';
import { PeriodQueryShape } from './order-history.ts';

export const ReportsQuerySchema = z.strictObject(PeriodQueryShape, { error: 'La solicitud no es válida.' });
export type ReportsQuery = z.infer<typeof ReportsQuerySchema>;

/** How many dishes the top list names. */
export const TOP_DISHES = 10;

export interface SalesReport {
  period: { from: string; to: string };
  /** the first shop's local date on the server's clock: the quick periods count from it */
  today: string;
  currency: string;
  shops: OrderHistoryShop[];
  totals: {
    /** every order placed (unpaid online ones aside: PAY_NEEDED, PAYMENT_EXPIRED) */
    orders: number;
    /** orders not cancelled, expired, unpaid or unconfirmed: what the revenue counts */
    sold: number;
    revenue: number;
    averageTicket: number;
    delivered: number;
    canceled: number;
    /** online payments that never came (PAYMENT_EXPIRED) */
    expired: number;
  };
  /** every date of the period, days without orders included */
  days: { date: string; orders: number; revenue: number }[];
  /** sold orders per payment method, most revenue first */
  payments: { paymentMethod: string; name: string; orders: number; revenue: number }[];
  /** the sold orders' dishes by units, most first */
  topDishes: { name: string; quantity: number; revenue: number }[];
  times: {
    /** accepted → ready, over the orders that got ready */
    preparationMinutes: number | null;
    preparedOrders: number;
    /** the rider on the way to the diner → delivered, from the shipments' events */
    deliveryMinutes: number | null;
    deliveredShipments: number;
    /** placed → delivered, over the delivered orders */
    totalMinutes: number | null;
  };
  ratings: {
    /** orders with at least one rating */
    ratedOrders: number;
    /** each rating question (1 to 5): its average and how many gave each star, 1 first */
    questions: { title: string; average: number | null; count: number; stars: number[] }[];
    /** the recommendation question (questionType NPS) on its 1–5 scale; null without answers */
    nps: { score: number; promoters: number; passives: number; detractors: number; count: number } | null;
  };
}
