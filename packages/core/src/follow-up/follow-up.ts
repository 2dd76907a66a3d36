/**
 * Rules of the order follow-up page (post-order-and-logistics.md sections 2, 4 and 9): the status
 * progress, when an order is "in progress", when a problem can be reported, when it can still be paid
 * online, and the Spanish labels the page shows.
 */
import { localTime } from '../local-time.ts';
import { FOLLOW_UP_WINDOW_MS, isWithinFollowUpWindow } from './window.ts';

/** Order statuses (section 4). PAYMENT_EXPIRED is the spec's "over-time-to-pay" state. */
export const ORDER_STATUSES = [
  'UNCONFIRMED',
  'GENERATED',
  'ACCEPTED',
  'READY',
  'DELIVERED',
  'CANCELED',
  'PAY_NEEDED',
  'PAYMENT_EXPIRED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * Status of an order's current payment attempt (paymentInfo.status); the money going back (REFUNDED,
 * PARTIALLY_REFUNDED, CHARGED_BACK) is ours, not the spec's.
 */
export const PAYMENT_STATUSES = [
  'PENDING',
  'PROCESSING',
  'PAID',
  'REJECTED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'CHARGED_BACK',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** refreshAfterUpdate=true refreshes the page after this long (section 9). */
export const REFRESH_AFTER_UPDATE_MS = 5_000;

export type ProgressNodeKey = 'generated' | 'accepted' | 'ready' | 'delivered' | 'canceled';
/** 'skipped': a step a cancelled order never went through (never 'pending': nothing is coming). */
export type ProgressNodeState = 'done' | 'current' | 'pending' | 'skipped' | 'canceled';

export interface ProgressNode {
  key: ProgressNodeKey;
  label: string;
  state: ProgressNodeState;
}

export interface FollowUpProgress {
  nodes: ProgressNode[];
  /** 'Esperando el pago' while a card order is unpaid: every node then stays grey. */
  awaitingPaymentLabel: string | null;
}

export const AWAITING_PAYMENT_LABEL = 'Esperando el pago';

/**
 * The third node says what "ready" means for the order's type. A delivery ready at the shop is not on
 * its way yet: the status line says where its shipment is (diner-delivery.ts).
 */
const READY_LABEL: Record<string, string> = {
  DELIVERY: 'Listo',
  TAKE_AWAY: 'Listo para retirar',
  COUNTER_SELF_SERVICE: 'Listo para retirar',
  TABLE: 'Listo',
};

/** How many nodes an active status has reached (0: none yet, the order is not confirmed or not paid). */
const REACHED: Record<OrderStatus, number> = {
  UNCONFIRMED: 0,
  PAY_NEEDED: 0,
  PAYMENT_EXPIRED: 0,
  GENERATED: 1,
  ACCEPTED: 2,
  READY: 3,
  DELIVERED: 4,
  CANCELED: 1,
};

/**
 * The four progress nodes: generated, accepted, ready, then delivered or canceled. Nodes the order has
 * passed are done and the one it is at is current; a delivered order is done throughout. A cancelled
 * order shows its reception done, the steps between as skipped (nothing more is coming) and its last
 * node as canceled.
 * An order still waiting for its card payment shows every node grey with the awaiting-payment label.
 */
export function followUpProgress(order: {
  status: OrderStatus;
  type: string;
  awaitingPayment: boolean;
}): FollowUpProgress {
  const canceled = order.status === 'CANCELED';
  const labels: [ProgressNodeKey, string][] = [
    ['generated', 'Recibido'],
    ['accepted', 'Confirmado'],
    ['ready', READY_LABEL[order.type] ?? 'Listo'],
    canceled ? ['canceled', 'Cancelado'] : ['delivered', 'Entregado'],
  ];
  const reached = order.awaitingPayment ? 0 : REACHED[order.status];
  const nodes = labels.map(([key, label], index): ProgressNode => {
    const position = index + 1;
    if (canceled && !order.awaitingPayment && key === 'canceled') return { key, label, state: 'canceled' };
    if (position < reached || (position === reached && order.status === 'DELIVERED'))
      return { key, label, state: 'done' };
    if (position === reached) return { key, label, state: canceled ? 'done' : 'current' };
    return { key, label, state: canceled && !order.awaitingPayment ? 'skipped' : 'pending' };
  });
  return { nodes, awaitingPaymentLabel: order.awaitingPayment ? AWAITING_PAYMENT_LABEL : null };
}

/** The date an order is about: its scheduled time if scheduled, otherwise when it was ordered. */
function referenceDate(order: { orderedAt: Date; scheduled: boolean; scheduledAt: Date | null }): Date {
  return order.scheduled && order.scheduledAt ? order.scheduledAt : order.orderedAt;
}

/** In progress: the order's date (scheduled or ordered) is within 24 hours of now (section 4). */
export function isOrderInProgress(
  order: { orderedAt: Date; scheduled: boolean; scheduledAt: Date | null; status: OrderStatus },
  now: Date,
): boolean {
  if (order.status === 'CANCELED' || order.status === 'PAYMENT_EXPIRED') return false;
  return isWithinFollowUpWindow(referenceDate(order), now);
}

/** A problem can be reported of a completed order with no error yet, ordered in the last 24 hours. */
export function canReportOrderError(
  order: { status: OrderStatus; errorType: string | null; orderedAt: Date },
  now: Date,
): boolean {
  const age = now.getTime() - order.orderedAt.getTime();
  return order.status === 'DELIVERED' && !order.errorType && age >= 0 && age <= FOLLOW_UP_WINDOW_MS;
}

/** Why a report is refused, for the server's 409 (texts of ours: the spec quotes none). */
export const ORDER_ERROR_REPORT_MESSAGES = {
  alreadyReported: 'Ya reportaste un problema con este pedido.',
  notAllowed: 'Solo podés reportar un problema de un pedido entregado en las últimas 24 horas.',
  typeRequired: 'Seleccioná el tipo de problema para continuar.',
} as const;

/** The spec's two statuses that exclude paying online: the order is void. */
const NOT_PAYABLE: readonly OrderStatus[] = ['CANCELED', 'PAYMENT_EXPIRED'];

/** Payment states that hold (or held, and the bank took back) the diner's money: nothing more to pay. */
const MONEY_TAKEN: readonly (PaymentStatus | null)[] = [
  'PAID',
  'PROCESSING',
  'PARTIALLY_REFUNDED',
  'CHARGED_BACK',
];

/**
 * An order may be paid online when the branch contact accepts online payment, the payment is by card,
 * its payment is neither paid nor being processed, and the order is not cancelled or expired (section 4).
 * A payment given back (REFUNDED) leaves an order still waiting for its payment payable again: an
 * approval for the wrong amount is refunded and never counts.
 */
export function canPayOrderOnline(order: {
  status: OrderStatus;
  paymentMethod: string;
  paymentStatus: PaymentStatus | null;
  contactAcceptsOnlinePayment: boolean;
}): boolean {
  return (
    order.contactAcceptsOnlinePayment &&
    order.paymentMethod === 'CARD' &&
    !MONEY_TAKEN.includes(order.paymentStatus) &&
    (order.paymentStatus !== 'REFUNDED' || order.status === 'PAY_NEEDED') &&
    !NOT_PAYABLE.includes(order.status)
  );
}

/**
 * The problem types a diner can report, with their labels (the spec translates error types through a
 * lookup without listing them). Each label reads right for the modes it is offered in (see
 * ORDER_ERROR_TYPES_BY_MODE): what "arrived late" or "arrived in bad shape" means needs a trip.
 */
export const ORDER_ERROR_TYPES = {
  MISSING_ITEMS: 'Faltaron productos',
  WRONG_ITEMS: 'Recibí productos equivocados',
  BAD_CONDITION: 'El pedido llegó en mal estado',
  LATE: 'El pedido llegó tarde',
  POOR_CONDITION: 'Los productos no estaban en buen estado',
  DELAYED: 'El pedido tardó más de lo esperado',
  WRONG_CHARGE: 'Me cobraron mal',
  OTHER: 'Otro problema',
} as const;
export type OrderErrorType = keyof typeof ORDER_ERROR_TYPES;

/** The choices a pick-up, a counter or a table order offers: nothing travelled, nothing "arrived". */
const ON_SITE_ERROR_TYPES: readonly OrderErrorType[] = [
  'MISSING_ITEMS',
  'WRONG_ITEMS',
  'POOR_CONDITION',
  'DELAYED',
  'WRONG_CHARGE',
  'OTHER',
];

/** The problem choices per order type, in the order the modal lists them ('Otro problema' last). */
export const ORDER_ERROR_TYPES_BY_MODE: Record<string, readonly OrderErrorType[]> = {
  DELIVERY: ['MISSING_ITEMS', 'WRONG_ITEMS', 'BAD_CONDITION', 'LATE', 'WRONG_CHARGE', 'OTHER'],
  TAKE_AWAY: ON_SITE_ERROR_TYPES,
  COUNTER_SELF_SERVICE: ON_SITE_ERROR_TYPES,
  TABLE: ON_SITE_ERROR_TYPES,
};

/** Choices that fit any order, for a type this catalogue does not know. */
const ANY_MODE_ERROR_TYPES: readonly OrderErrorType[] = [
  'MISSING_ITEMS',
  'WRONG_ITEMS',
  'WRONG_CHARGE',
  'OTHER',
];

/** The problem types an order of this type may be reported with. */
export function orderErrorTypesFor(orderType: string): readonly OrderErrorType[] {
  return Object.hasOwn(ORDER_ERROR_TYPES_BY_MODE, orderType)
    ? (ORDER_ERROR_TYPES_BY_MODE[orderType] as readonly OrderErrorType[])
    : ANY_MODE_ERROR_TYPES;
}

/** The type is one an order of this type may be reported with (the server refuses the others). */
export function isOrderErrorTypeFor(orderType: string, errorType: string): boolean {
  return isOrderErrorType(errorType) && orderErrorTypesFor(orderType).includes(errorType);
}

export function isOrderErrorType(value: string): value is OrderErrorType {
  return Object.hasOwn(ORDER_ERROR_TYPES, value);
}

/** The label of a stored error type; an unknown one (an older catalogue) reads as 'Otro problema'. */
export function orderErrorLabel(type: string): string {
  return isOrderErrorType(type) ? ORDER_ERROR_TYPES[type] : ORDER_ERROR_TYPES.OTHER;
}

/** What the diner writes under 'Otro problema': required there, and short enough for a card. */
export const ORDER_ERROR_DETAIL_MAX = 300;

export const ORDER_ERROR_DETAIL_MESSAGES = {
  required: 'Contanos qué pasó para continuar.',
  tooLong: `Contanos qué pasó en ${ORDER_ERROR_DETAIL_MAX} caracteres como máximo.`,
  notForMode: 'Ese problema no corresponde a este pedido. Elegí otro.',
} as const;

/**
 * Why a report's detail is refused, or null: 'Otro problema' needs a few words, and no detail may pass
 * the limit (counted after trimming, as stored). The other types need none.
 */
export function orderErrorDetailProblem(errorType: string, detail: string | null | undefined): string | null {
  const text = detail?.trim() ?? '';
  if (text.length > ORDER_ERROR_DETAIL_MAX) return ORDER_ERROR_DETAIL_MESSAGES.tooLong;
  if (errorType === 'OTHER' && text === '') return ORDER_ERROR_DETAIL_MESSAGES.required;
  return null;
}

/** The detail stored with a report: only 'Otro problema' keeps one, trimmed; null otherwise. */
export function storedOrderErrorDetail(errorType: string, detail: string | null | undefined): string | null {
  const text = detail?.trim() ?? '';
  return errorType === 'OTHER' && text !== '' ? text : null;
}

/**
 * The header's place line: the delivery address, the table, or where to pick the order up
 * (section 2: "the address, table, or counter pickup text").
 */
export function orderPlaceLine(order: {
  type: string;
  tableUid: string | null;
  destination: { street: string; number?: string | null | undefined } | null;
  branchAddress: string;
}): string {
  switch (order.type) {
    case 'DELIVERY':
      return order.destination
        ? `Entrega en ${[order.destination.street, order.destination.number].filter(Boolean).join(' ')}`
        : 'Entrega a domicilio';
    case 'TABLE':
      return order.tableUid ? `Mesa ${order.tableUid}` : 'Pedido en mesa';
    case 'COUNTER_SELF_SERVICE':
      return 'Retira tu pedido en el mostrador';
    default:
      return `Retira tu pedido en ${order.branchAddress}`;
  }
}

/** When an accepted order should be ready: its acceptance plus the preparation the staff promised (ISO). */
export function orderReadyBy(acceptedAt: Date | null, preparationMinutes: number | null): string | null {
  return acceptedAt && preparationMinutes
    ? new Date(acceptedAt.getTime() + preparationMinutes * 60_000).toISOString()
    : null;
}

/**
 * When a delivery order should reach the diner, once the shop accepted it: the shop's delivery time
 * (the order's delay range, what the menu showed as 'Tiempo de entrega') counted from the acceptance.
 * A preparation promised longer than the quickest delivery pushes the whole window later by the
 * difference, so the earliest arrival is never before the order is ready. Null for a scheduled order
 * (the diner chose its time), without the shop's preparation time, or without a delay range.
 */
export function deliveryEstimate(order: {
  type: string;
  scheduled?: boolean | undefined;
  readyBy: string | null;
  preparationMinutes?: number | null | undefined;
  minDelayInMinutes?: number | null | undefined;
  maxDelayInMinutes?: number | null | undefined;
}): { from: Date; to: Date } | null {
  if (order.type !== 'DELIVERY' || order.scheduled || !order.readyBy) return null;
  const preparation = order.preparationMinutes ?? null;
  const ready = new Date(order.readyBy).getTime();
  if (preparation === null || !Number.isFinite(ready)) return null;
  const low = order.minDelayInMinutes ?? order.maxDelayInMinutes ?? null;
  const high = order.maxDelayInMinutes ?? order.minDelayInMinutes ?? null;
  if (low === null || high === null) return null;
  const min = Math.min(low, high);
  const max = Math.max(low, high);
  const acceptedAt = ready - preparation * 60_000;
  const push = Math.max(0, preparation - min);
  return {
    from: new Date(acceptedAt + (min + push) * 60_000),
    to: new Date(acceptedAt + (max + push) * 60_000),
  };
}

/**
 * The line under the progress that says what the shop told the diner: when an accepted order will be
 * ready (the preparation time the staff promised), for a delivery when it should arrive (also while on
 * its way), or why it was cancelled. '' when there is nothing.
 */
export function followUpStatusNote(
  order: {
    status: OrderStatus;
    type?: string | undefined;
    scheduled?: boolean | undefined;
    readyBy: string | null;
    preparationMinutes?: number | null | undefined;
    minDelayInMinutes?: number | null | undefined;
    maxDelayInMinutes?: number | null | undefined;
    cancelReason: string | null;
  },
  timeZone: string,
  /** The window both diner pages show (diner-delivery.ts): the shipment's estimate when it has one. */
  arrival?: { from: Date; to: Date } | null,
): string {
  if (order.status === 'ACCEPTED' || order.status === 'READY') {
    const estimate = arrival !== undefined ? arrival : deliveryEstimate({ ...order, type: order.type ?? '' });
    if (estimate) {
      const from = localTime(estimate.from.toISOString(), timeZone);
      const to = localTime(estimate.to.toISOString(), timeZone);
      if (from && to)
        return from === to
          ? `Llega aprox. a las ${from} hs`
          : `Llega aprox. entre las ${from} y las ${to} hs`;
    }
  }
  if (order.status === 'ACCEPTED' && order.readyBy) {
    const time = localTime(order.readyBy, timeZone);
    return time ? `Estará listo aprox. a las ${time} hs` : '';
  }
  if (order.status === 'CANCELED' && order.cancelReason) return `Motivo: ${order.cancelReason}`;
  return '';
}
