/**
 * Rules of the order follow-up page (post-order-and-logistics.md sections 2, 4 and 9): the status
 * progress, when an order is "in progress", when a problem can be reported, when it can still be paid
 * online, and the Spanish labels the page shows.
 */
import { localTime } from '../logistics/tracking.ts';
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

/** Status of an order's current payment attempt (paymentInfo.status). */
export type PaymentStatus = 'PENDING' | 'PROCESSING' | 'PAID' | 'REJECTED' | 'EXPIRED';

/** refreshAfterUpdate=true refreshes the page after this long (section 9). */
export const REFRESH_AFTER_UPDATE_MS = 5_000;

export type ProgressNodeKey = 'generated' | 'accepted' | 'ready' | 'delivered' | 'canceled';
export type ProgressNodeState = 'done' | 'current' | 'pending' | 'canceled';

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

/** The third node says what "ready" means for the order's type. */
const READY_LABEL: Record<string, string> = {
  DELIVERY: 'En camino',
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
 * order shows its reception done and its last node as canceled (how far it got before is not known).
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
    return { key, label, state: 'pending' };
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
  notAllowed: 'Solo puedes reportar un problema de un pedido entregado en las últimas 24 horas.',
  typeRequired: 'Selecciona el tipo de problema para continuar.',
} as const;

/** The spec's two statuses that exclude paying online: the order is void. */
const NOT_PAYABLE: readonly OrderStatus[] = ['CANCELED', 'PAYMENT_EXPIRED'];

/**
 * An order may be paid online when the branch contact accepts online payment, the payment is by card,
 * its payment is neither paid nor being processed, and the order is not cancelled or expired (section 4).
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
    order.paymentStatus !== 'PAID' &&
    order.paymentStatus !== 'PROCESSING' &&
    !NOT_PAYABLE.includes(order.status)
  );
}

/**
 * The problem types a diner can report, with their labels (the spec translates error types through a
 * lookup without listing them; these are the ones a delivery or pick-up can go wrong with).
 */
export const ORDER_ERROR_TYPES = {
  MISSING_ITEMS: 'Faltaron productos',
  WRONG_ITEMS: 'Recibí productos equivocados',
  BAD_CONDITION: 'El pedido llegó en mal estado',
  LATE: 'El pedido llegó tarde',
  WRONG_CHARGE: 'Me cobraron mal',
  OTHER: 'Otro problema',
} as const;
export type OrderErrorType = keyof typeof ORDER_ERROR_TYPES;

export function isOrderErrorType(value: string): value is OrderErrorType {
  return Object.hasOwn(ORDER_ERROR_TYPES, value);
}

/** The label of a stored error type; an unknown one (an older catalogue) reads as 'Otro problema'. */
export function orderErrorLabel(type: string): string {
  return isOrderErrorType(type) ? ORDER_ERROR_TYPES[type] : ORDER_ERROR_TYPES.OTHER;
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

/**
 * The line under the progress that says what the shop told the diner: when an accepted order will be
 * ready (the preparation time the staff promised), or why it was cancelled. '' when there is nothing.
 */
export function followUpStatusNote(
  order: { status: OrderStatus; readyBy: string | null; cancelReason: string | null },
  timeZone: string,
): string {
  if (order.status === 'ACCEPTED' && order.readyBy) {
    const time = localTime(order.readyBy, timeZone);
    return time ? `Estará listo aprox. a las ${time} hs` : '';
  }
  if (order.status === 'CANCELED' && order.cancelReason) return `Motivo: ${order.cancelReason}`;
  return '';
}
