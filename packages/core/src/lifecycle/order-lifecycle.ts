/**
 * The order's lifecycle (post-order-and-logistics.md section 4) as a table of allowed moves, in the
 * manner of CoopCycle: for each status, which actor may move the order to which next status, and what
 * the move sets off. Handlers ask `checkOrderTransition` and never decide a move themselves.
 */
import type { OrderStatus } from '../follow-up/follow-up.ts';
import {
  checkTransition,
  isFinal,
  type LifecycleActor,
  type TransitionCheck,
  type TransitionTable,
} from './transition-table.ts';

export type { LifecycleActor, TransitionCheck } from './transition-table.ts';

/** What a move sets off, carried out by the server in the same transaction (or, for notices, after commit). */
export type OrderEffect =
  /** loyalty points of the order are credited (once: a ledger row keyed by order and kind) */
  | 'EARN_POINTS'
  /** points the order redeemed go back to the customer (once) */
  | 'RETURN_REDEEMED_POINTS'
  /** a limited discount code's use is given back */
  | 'RELEASE_DISCOUNT_CODE'
  /** shipments still waiting or on their way are cancelled */
  | 'CANCEL_SHIPMENTS'
  /** paid online payments are given back to the diner (a refund the provider makes after commit) */
  | 'REFUND_PAYMENTS'
  /** the order reaches the kitchen's board (it was not shown before: unconfirmed or unpaid) */
  | 'SHOW_ON_BOARD';

const CANCEL_EFFECTS: readonly OrderEffect[] = [
  'RETURN_REDEEMED_POINTS',
  'RELEASE_DISCOUNT_CODE',
  'CANCEL_SHIPMENTS',
  'REFUND_PAYMENTS',
];

/**
 * The table. Final statuses (DELIVERED, CANCELED, PAYMENT_EXPIRED) have no moves. A rider moves the
 * order only as a consequence of their shipment: picking it up marks it ready (the kitchen may have
 * forgotten), delivering it marks it delivered.
 */
/** The variant of PAY_NEEDED -> GENERATED where the diner swapped an online payment for one on delivery. */
export const PAYMENT_CHANGED = 'PAYMENT_CHANGED';

export const ORDER_TRANSITIONS: TransitionTable<OrderStatus, OrderEffect> = {
  UNCONFIRMED: [
    { to: 'GENERATED', actors: ['STAFF', 'SYSTEM'], effects: ['SHOW_ON_BOARD'] },
    { to: 'CANCELED', actors: ['STAFF', 'SYSTEM'], effects: CANCEL_EFFECTS },
  ],
  PAY_NEEDED: [
    { to: 'GENERATED', actors: ['PAYMENT_PROVIDER'], effects: ['SHOW_ON_BOARD'] },
    // the diner chose to pay on delivery instead (cash, transfer): payments/payment-switch.ts
    { to: 'GENERATED', actors: ['DINER'], effects: ['SHOW_ON_BOARD'], via: PAYMENT_CHANGED },
    { to: 'PAYMENT_EXPIRED', actors: ['SYSTEM'], effects: CANCEL_EFFECTS },
    { to: 'CANCELED', actors: ['STAFF', 'SYSTEM'], effects: CANCEL_EFFECTS },
  ],
  GENERATED: [
    // SYSTEM: the contact accepts its orders by itself (auto-accept)
    { to: 'ACCEPTED', actors: ['STAFF', 'SYSTEM'], effects: [] },
    { to: 'CANCELED', actors: ['STAFF', 'SYSTEM'], effects: CANCEL_EFFECTS },
  ],
  ACCEPTED: [
    { to: 'READY', actors: ['STAFF', 'RIDER'], effects: [] },
    { to: 'CANCELED', actors: ['STAFF', 'SYSTEM'], effects: CANCEL_EFFECTS },
  ],
  READY: [
    // staff may not while a rider carries it (checkOrderTransition's shipment rule); a request still
    // waiting for a rider is withdrawn (the shop delivered by other means)
    { to: 'DELIVERED', actors: ['STAFF', 'RIDER'], effects: ['EARN_POINTS', 'CANCEL_SHIPMENTS'] },
    { to: 'CANCELED', actors: ['STAFF', 'SYSTEM'], effects: CANCEL_EFFECTS },
  ],
  DELIVERED: [],
  CANCELED: [],
  PAYMENT_EXPIRED: [],
};

/** Statuses after which nothing more happens to the order. */
export function isFinalOrderStatus(status: OrderStatus): boolean {
  return isFinal(ORDER_TRANSITIONS, status);
}

/** The kitchen sees orders that were confirmed and, for online payments, paid. */
export function isOnBoard(status: OrderStatus): boolean {
  return status !== 'UNCONFIRMED' && status !== 'PAY_NEEDED' && status !== 'PAYMENT_EXPIRED';
}

/** Spanish names of the statuses, as the console and the messages below write them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  UNCONFIRMED: 'Sin confirmar',
  GENERATED: 'Nuevo',
  ACCEPTED: 'En preparación',
  READY: 'Listo',
  DELIVERED: 'Entregado',
  CANCELED: 'Cancelado',
  PAY_NEEDED: 'Esperando el pago',
  PAYMENT_EXPIRED: 'Tiempo de pago vencido',
};

export const ORDER_LIFECYCLE_MESSAGES = {
  notAllowed: 'No tenés permisos para cambiar este pedido.',
  alreadyChanged: 'El pedido cambió de estado mientras tanto. Actualizamos la información.',
  finished: 'Este pedido ya está terminado y no puede cambiar de estado.',
  illegal: (from: OrderStatus, to: OrderStatus) =>
    `Un pedido en estado "${ORDER_STATUS_LABELS[from]}" no puede pasar a "${ORDER_STATUS_LABELS[to]}".`,
  cancelReasonRequired: 'Indica el motivo de la cancelación.',
  riderHasIt:
    'Este pedido lo tiene un repartidor: se marca entregado cuando él lo entrega o lo devuelve al local.',
  preparationInvalid: 'El tiempo de preparación debe estar entre 1 y 240 minutos.',
} as const;

/** What the order's shipments say about a move (the server reads it in the move's transaction). */
export interface OrderMoveContext {
  /** a rider holds one of the order's shipments (taken and not yet delivered, or bringing it back) */
  shipmentInFlight?: boolean;
  /** the move's named variant (PAYMENT_CHANGED) */
  via?: string | undefined;
}

const ORDER_MESSAGES = {
  finished: ORDER_LIFECYCLE_MESSAGES.finished,
  notAllowed: ORDER_LIFECYCLE_MESSAGES.notAllowed,
  illegal: (from: string, to: string) =>
    ORDER_LIFECYCLE_MESSAGES.illegal(from as OrderStatus, to as OrderStatus),
};

/**
 * May `actor` move an order from `from` to `to`? Answers the move's effects, or the reason it may not,
 * in Spanish: a move the table lacks is illegal for everyone (409); a move the table has for other actors
 * is forbidden to this one (403). While a rider carries the order only the rider finishes it (CoopCycle's
 * rule: an order is not fulfilled while its tasks are not done).
 */
export function checkOrderTransition(
  actor: LifecycleActor,
  from: OrderStatus,
  to: OrderStatus,
  context: OrderMoveContext = {},
): TransitionCheck<OrderEffect> {
  const check = checkTransition(ORDER_TRANSITIONS, ORDER_MESSAGES, { actor, from, to, via: context.via });
  if (check.ok && to === 'DELIVERED' && actor !== 'RIDER' && context.shipmentInFlight)
    return { ok: false, code: 'TRANSITION_NOT_ALLOWED', message: ORDER_LIFECYCLE_MESSAGES.riderHasIt };
  return check;
}

/** The statuses an actor may move an order to from where it is (the console's buttons). */
export function nextOrderStatuses(
  actor: LifecycleActor,
  from: OrderStatus,
  context: OrderMoveContext = {},
): OrderStatus[] {
  return ORDER_TRANSITIONS[from]
    .filter((move) => checkOrderTransition(actor, from, move.to, context).ok)
    .map((move) => move.to);
}

/** Preparation time the staff promise on accepting (minutes); the diner sees it on the follow-up. */
export const PREPARATION_MINUTES = { min: 1, max: 240, choices: [10, 15, 20, 30, 45, 60] } as const;

export function isValidPreparationMinutes(minutes: number): boolean {
  return (
    Number.isInteger(minutes) && minutes >= PREPARATION_MINUTES.min && minutes <= PREPARATION_MINUTES.max
  );
}

/** A cancel reason is required so the diner and the audits know why; kept to a short line. */
export const CANCEL_REASON_MAX_CHARS = 200;
export const CANCEL_REASONS = [
  'Sin stock de un producto',
  'El local está por cerrar',
  'Dirección fuera de la zona de envío',
  'El cliente pidió cancelar',
  'Pedido duplicado',
] as const;
