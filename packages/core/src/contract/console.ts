import { z } from 'zod';
import type { OrderStatus, PaymentStatus } from '../follow-up/follow-up.ts';
import type { HistoryEvent } from '../lifecycle/history.ts';
import {
  CANCEL_REASON_MAX_CHARS,
  ORDER_LIFECYCLE_MESSAGES,
  PREPARATION_MINUTES,
} from '../lifecycle/order-lifecycle.ts';

/**
 * The business's order console (DESIGN.md, faces: `/console`; the spec sends orders to it without
 * describing it). Staff sign in by e-mail and password; the session travels in an httpOnly cookie.
 * Paths are under `/api/console/...`; amounts in currency units.
 */

export const STAFF_ROLES = ['OWNER', 'STAFF'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CONSOLE_MESSAGES = {
  signInTitle: 'Iniciar sesión',
  credentialsRequired: 'Ingresá tu e-mail y tu contraseña.',
  credentialsInvalid: 'El e-mail o la contraseña no son correctos.',
  signInRequired: 'Iniciá sesión para ver los pedidos.',
  otherBranch: 'No tenés permisos para ver los pedidos de este local.',
  orderNotFound: 'No encontramos este pedido.',
  contactNotFound: 'No encontramos este local.',
  noOwnFleet: 'Este local no tiene repartidores propios.',
  notDelivery: 'Solo los pedidos con envío a domicilio necesitan repartidor.',
  shipmentExists: 'Este pedido ya tiene un repartidor pedido.',
  shipmentNotReadyYet: 'Acepta el pedido antes de pedir un repartidor.',
  noDestination: 'El pedido no tiene una dirección con ubicación en el mapa.',
} as const;

export const StaffSignInSchema = z.strictObject({
  email: z
    .string({ error: CONSOLE_MESSAGES.credentialsRequired })
    .trim()
    .min(3, { error: CONSOLE_MESSAGES.credentialsRequired })
    .max(200, { error: CONSOLE_MESSAGES.credentialsInvalid })
    .transform((email) => email.toLowerCase()),
  password: z
    .string({ error: CONSOLE_MESSAGES.credentialsRequired })
    .min(1, { error: CONSOLE_MESSAGES.credentialsRequired })
    .max(200, { error: CONSOLE_MESSAGES.credentialsInvalid }),
});
export type StaffSignIn = z.infer<typeof StaffSignInSchema>;

export interface ConsoleOrderMode {
  id: number;
  type: string;
  showName: string;
  /** false while the staff pause it: the storefront takes no orders in this mode. */
  orderEnabled: boolean;
}

export interface ConsoleContact {
  id: number;
  alias: string;
  name: string;
  ownFleet: boolean;
  autoAccept: boolean;
  currency: string;
  timeZone: string;
  country: string;
  modes: ConsoleOrderMode[];
}

/** `GET /api/console/me`: who is signed in, and the branch contacts whose orders they handle. */
export interface ConsoleSession {
  staff: { id: number; name: string; email: string; role: StaffRole; branchId: number; branchName: string };
  contacts: ConsoleContact[];
}

export interface ConsoleOrderItem {
  name: string;
  sizeName: string | null;
  quantity: number;
  notes: string | null;
  accPrice: number;
  extras: { groupName: string; groupItems: { name: string; quantity: number }[] }[];
}

export interface ConsoleShipment {
  id: number;
  status: string;
  /** in a multi-drop stack ('Multientrega') with other orders */
  shipmentStackId: number | null;
  riderName: string | null;
  riderPhone: string | null;
  updatedAt: string;
  /** the rider could not deliver and brings (or brought) the order back, for this reason */
  returnShipment: boolean;
  returnReason: string | null;
}

/** The order's online payment as the card shows it: what was paid and what went back. */
export interface ConsolePayment {
  status: PaymentStatus;
  /** currency units */
  amount: number;
  /** currency units given back so far */
  refundedAmount: number;
  /** a refund was asked for and the provider has not confirmed it yet */
  refundPending: boolean;
}

/** One order's card on the board, as the staff need it to prepare and dispatch it. */
export interface ConsoleOrder {
  id: number;
  code: string;
  branchContactId: number;
  status: OrderStatus;
  type: string;
  orderModeName: string;
  customerName: string;
  phone: string;
  tableUid: string | null;
  destination: {
    street: string;
    number?: string | undefined;
    details?: string | undefined;
    betweenStreets?: string | undefined;
    city?: string | undefined;
  } | null;
  orderedAt: string;
  /** 'STAFF' when the shop's staff took it by phone; otherwise where the diner ordered from. */
  source: string;
  scheduled: boolean;
  scheduledAt: string | null;
  acceptedAt: string | null;
  readyAt: string | null;
  finishedAt: string | null;
  preparationMinutes: number | null;
  cancelReason: string | null;
  items: ConsoleOrderItem[];
  notes: string | null;
  paymentMethod: string;
  paymentTypeName: string | null;
  paid: boolean;
  paysWith: number | null;
  /** Change to take to a cash customer (paysWith - total), null when not paying cash with a larger note. */
  change: number | null;
  itemsPrice: number;
  deliveryFee: number;
  userServiceFee: number;
  discountsTotal: number;
  surchargesTotal: number;
  total: number;
  currency: string;
  shipment: ConsoleShipment | null;
  /** The online payment holding or having held money; null for cash and unpaid orders. */
  payment: ConsolePayment | null;
  /** What cancelling now gives back to the diner's card (currency units); 0 when nothing was paid online. */
  refundOnCancel: number;
  /** The statuses the staff may move it to now (the card's buttons). */
  nextStatuses: OrderStatus[];
  /** 'Pedir repartidor' applies: delivery order, own fleet, accepted or ready, no live shipment. */
  canRequestRider: boolean;
  /** The diner's rating in the survey (1 to 5), once given; absent or null before. */
  surveyRating?: number | null;
  /** The problem the diner reported (type and, for 'Otro problema', their words); absent or null without. */
  problem?: { errorType: string; errorDetail: string | null } | null;
}

export interface ConsoleTotals {
  orders: number;
  delivered: number;
  canceled: number;
  /** Revenue of today's orders that were not cancelled, by payment method (currency units). */
  revenueByPayment: { paymentMethod: string; showName: string; total: number }[];
  revenue: number;
  /** Average minutes from received to ready, over today's orders that got there; null without any. */
  averagePreparationMinutes: number | null;
}

/** `GET /api/console/contacts/{id}/orders`: today's and still-open orders of one contact, newest first. */
export interface ConsoleBoard {
  contactId: number;
  orders: ConsoleOrder[];
  totals: ConsoleTotals;
  /** The server's clock, so ages and "today" agree with the server. */
  now: string;
}

/** `GET /api/console/orders/{id}/history`: every move of the order, its shipments and its payments. */
export interface ConsoleOrderHistory {
  orderId: number;
  code: string;
  events: HistoryEvent[];
}

export const OrderStatusChangeSchema = z
  .strictObject({
    status: z.enum(['ACCEPTED', 'READY', 'DELIVERED', 'CANCELED'], {
      error: 'El estado pedido no es válido.',
    }),
    /** The status the staff saw; a different current status answers 409 instead of moving twice. */
    expectedStatus: z
      .enum(['UNCONFIRMED', 'GENERATED', 'ACCEPTED', 'READY', 'PAY_NEEDED'], {
        error: 'El estado pedido no es válido.',
      })
      .optional(),
    preparationMinutes: z
      .number({ error: ORDER_LIFECYCLE_MESSAGES.preparationInvalid })
      .int({ error: ORDER_LIFECYCLE_MESSAGES.preparationInvalid })
      .min(PREPARATION_MINUTES.min, { error: ORDER_LIFECYCLE_MESSAGES.preparationInvalid })
      .max(PREPARATION_MINUTES.max, { error: ORDER_LIFECYCLE_MESSAGES.preparationInvalid })
      .optional(),
    reason: z
      .string({ error: ORDER_LIFECYCLE_MESSAGES.cancelReasonRequired })
      .trim()
      .max(CANCEL_REASON_MAX_CHARS, {
        error: `El motivo no puede superar ${CANCEL_REASON_MAX_CHARS} caracteres.`,
      })
      .optional(),
  })
  .refine((body) => body.status !== 'CANCELED' || (body.reason ?? '').length > 0, {
    error: ORDER_LIFECYCLE_MESSAGES.cancelReasonRequired,
    path: ['reason'],
  });
export type OrderStatusChange = z.infer<typeof OrderStatusChangeSchema>;

export const ContactSettingsSchema = z.strictObject({
  autoAccept: z.boolean({ error: 'Indica si los pedidos se aceptan solos.' }),
});
export type ContactSettings = z.infer<typeof ContactSettingsSchema>;

export const OrderModePauseSchema = z.strictObject({
  orderEnabled: z.boolean({ error: 'Indica si el modo recibe pedidos.' }),
});
export type OrderModePause = z.infer<typeof OrderModePauseSchema>;

/** `GET /api/console/contacts/{id}/plates`: the plates of the contact's menus, to mark them out of stock. */
export interface ConsoleStock {
  contactId: number;
  categories: {
    id: number;
    showName: string;
    plates: { id: number; showName: string; outOfStock: boolean }[];
  }[];
}

/** `PUT /api/console/plates/{id}`: out of stock now (left out of the menu, refused at placement), or back. */
export const PlateStockSchema = z.strictObject({
  outOfStock: z.boolean({ error: 'Indica si el producto está sin stock.' }),
});
export type PlateStock = z.infer<typeof PlateStockSchema>;
