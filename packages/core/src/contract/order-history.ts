/**
 * The owner console's order history (issue 27 item 5, `/console/pedidos`): every order of the staff
 * member's branch with search and filters, one order's detail and history, and the CSV export.
 * - `GET /api/console/orders?from&to&status&mode&payment&q&shop&cursor&limit`: a page, newest first;
 * - `GET /api/console/orders/{code}`: one order's detail;
 * - `GET /api/console/orders.csv?` the same filters: the file (UTF-8 with BOM, ';', decimal comma).
 * Dates are local dates of each shop ('YYYY-MM-DD'); amounts in currency units. Kitchen staff read it
 * too (their branch only).
 */
import { z } from 'zod';
import { ORDER_REPORT_MESSAGES, SEARCH_MAX_CHARS } from '../back-office/order-reports.ts';
import { ORDER_STATUSES, type OrderStatus, type PaymentStatus } from '../follow-up/follow-up.ts';
import type { HistoryEvent } from '../lifecycle/history.ts';
import type { ConsoleOrder } from './console.ts';
import { OrderModeTypeSchema } from './diner.ts';

/** A query value the form left empty counts as not given. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const date = (message: string) => z.string({ error: message }).max(10, { error: message });

/** The period and the shop, shared by the history and the reports. */
export const PeriodQueryShape = {
  from: optional(date(ORDER_REPORT_MESSAGES.badFrom)),
  to: optional(date(ORDER_REPORT_MESSAGES.badTo)),
  shop: optional(
    z.coerce
      .number({ error: ORDER_REPORT_MESSAGES.badShop })
      .int({ error: ORDER_REPORT_MESSAGES.badShop })
      .positive({ error: ORDER_REPORT_MESSAGES.badShop })
      .max(2_147_483_647, { error: ORDER_REPORT_MESSAGES.badShop }),
  ),
};

/** The filters of the list and of the CSV. */
export const OrderHistoryFiltersShape = {
  ...PeriodQueryShape,
  status: optional(z.enum(ORDER_STATUSES, { error: ORDER_REPORT_MESSAGES.badStatus })),
  mode: optional(z.enum(OrderModeTypeSchema.options, { error: ORDER_REPORT_MESSAGES.badMode })),
  payment: optional(
    z
      .string({ error: ORDER_REPORT_MESSAGES.badPayment })
      .regex(/^[A-Z_]{1,40}$/, { error: ORDER_REPORT_MESSAGES.badPayment }),
  ),
  q: optional(z.string().max(SEARCH_MAX_CHARS, { error: ORDER_REPORT_MESSAGES.badSearch })),
};

export const OrderHistoryQuerySchema = z.strictObject(
  {
    ...OrderHistoryFiltersShape,
    cursor: optional(z.string().max(60, { error: ORDER_REPORT_MESSAGES.badCursor })),
    limit: optional(z.coerce.number().int().min(1).max(100)),
  },
  { error: 'La solicitud no es válida.' },
);
export type OrderHistoryQuery = z.infer<typeof OrderHistoryQuerySchema>;

export const OrderHistoryCsvQuerySchema = z.strictObject(OrderHistoryFiltersShape, {
  error: 'La solicitud no es válida.',
});

/** Rows per page when the call names none. */
export const ORDER_HISTORY_PAGE_SIZE = 30;
/** The most rows one CSV holds: a longer export is refused, asking for a shorter period. */
export const ORDER_CSV_MAX_ROWS = 20_000;

/** A shop of the branch, as the filters and the rows name it. */
export interface OrderHistoryShop {
  id: number;
  alias: string;
  name: string;
  timeZone: string;
  currency: string;
  /** ISO country code: the currency's symbol and decimals come with it */
  country: string;
}

/** One order of the list. */
export interface OrderHistoryRow {
  code: string;
  shopId: number;
  orderedAt: string;
  customerName: string;
  phone: string;
  /** the mode's type (DELIVERY, TAKE_AWAY, TABLE, COUNTER_SELF_SERVICE) and the shop's name of it */
  type: string;
  orderModeName: string;
  paymentMethod: string;
  paymentTypeName: string | null;
  /** the newest online payment attempt's status; null for orders without one */
  paymentStatus: PaymentStatus | null;
  paid: boolean;
  status: OrderStatus;
  total: number;
  currency: string;
}

export interface OrderHistoryPage {
  /** the period searched (the default one when none was given) */
  period: { from: string; to: string };
  /** the first shop's local date on the server's clock: the quick periods count from it */
  today: string;
  rows: OrderHistoryRow[];
  /** the next page's `cursor`; null on the last page */
  nextCursor: string | null;
  /** what the filters offer: the branch's shops, modes and payment methods */
  options: {
    shops: OrderHistoryShop[];
    modes: { type: string; name: string }[];
    payments: { method: string; name: string }[];
  };
}

/** One payment attempt of an order, and the refunds asked on it. */
export interface OrderHistoryPayment {
  id: number;
  provider: string | null;
  status: PaymentStatus;
  amount: number;
  refundedAmount: number;
  createdAt: string;
  refunds: { amount: number; status: string; reason: string; createdAt: string }[];
}

/** `GET /api/console/orders/{code}`: the card's data, its shop, every payment and the full history. */
export interface OrderHistoryDetail {
  order: ConsoleOrder;
  shop: OrderHistoryShop;
  customerEmail: string | null;
  payments: OrderHistoryPayment[];
  /** every move of the order, its shipments and payments, oldest first, with who and when */
  history: HistoryEvent[];
}
