import { z } from 'zod';
import {
  ORDER_ERROR_DETAIL_MAX,
  ORDER_ERROR_DETAIL_MESSAGES,
  ORDER_ERROR_REPORT_MESSAGES,
  ORDER_ERROR_TYPES,
  type OrderStatus,
  orderErrorDetailProblem,
  type PaymentStatus,
} from '../follow-up/follow-up.ts';
import type { OrderStep } from '../lifecycle/history.ts';
import type { BankTransferInfo } from '../payments/bank-transfer.ts';
import type { SupportChatConfig } from '../support-chat.ts';

/**
 * The order follow-up answer of `GET /api/diner/{alias or id}/order/{orderCode}`: the Order entity of
 * post-order-and-logistics.md section 3, amounts in currency units. The server also answers what its
 * clock decides (in progress, a problem can be reported), since the server is the one clock.
 */
export interface FollowUpExtraGroup {
  groupName: string;
  multipleSelection: boolean;
  groupItems: { name: string; quantity: number }[];
}

export interface FollowUpItem {
  id: number;
  name: string;
  sizeName: string | null;
  quantity: number;
  notes: string | null;
  /** Line total after the menu discount. */
  accPrice: number;
  extras: FollowUpExtraGroup[];
  referenceId: number;
  source: 'PLATE' | 'UPSOLD';
  maxQuantity: number | null;
}

export interface FollowUpShipment {
  id: number;
  status: string;
  shipmentStackId: number | null;
  createdAt: string;
  updatedAt: string;
  returnShipment: boolean;
  stackingOrder: number;
  riderInfo: { id: number; riderId: number; name: string } | null;
  /** the shipment's arrival estimate from the rider's position (not in the spec), ISO */
  minEta: string | null;
  maxEta: string | null;
  trackingUrl: string;
  /** why the rider could not deliver and brought the order back (not in the spec) */
  returnReason: string | null;
}

export interface FollowUpOrder {
  id: number;
  code: string;
  status: OrderStatus;
  type: string;
  orderModeName: string;
  customerId: number | null;
  customerName: string;
  tableUid: string | null;
  orderedAt: string;
  scheduled: boolean;
  scheduledAt: string | null;
  currency: string;
  paymentType: {
    id: number;
    showName: string;
    paymentMethod: string;
    /** TRANSFER: where the money goes (not in the spec) */
    bankTransfer: BankTransferInfo | null;
  } | null;
  paysWith: number | null;
  /** Cash: what the shop hands back (paysWith minus total), null without change (not in the spec). */
  change: number | null;
  items: FollowUpItem[];
  surcharges: { name: string; amount: number }[];
  discounts: { name: string; amount: number }[];
  itemsPrice: number;
  deliveryFee: number;
  userServiceFee: number;
  total: number;
  notes: string | null;
  destination: {
    street: string;
    number?: string | undefined;
    zone?: string | undefined;
    locality?: string | undefined;
    details?: string | undefined;
    betweenStreets?: string | undefined;
  } | null;
  branchContact: {
    id: number;
    alias: string;
    name: string;
    address: string;
    whatsAppPhone: string | null;
    /** The branch's support chat, null when it has none (`open_follow_up_support=true` opens it; not in the spec). */
    supportChat: SupportChatConfig | null;
    logoUrl: string | null;
    country: string;
    /** IANA zone the order's dates are shown in. */
    timeZone: string;
    /** How 'Pagar' takes a card (the shop's payment account), null when it takes none online (not in the spec). */
    cardPayment: {
      provider: 'SANDBOX' | 'MERCADO_PAGO' | 'TRANSBANK';
      publicKey: string | null;
    } | null;
  };
  logisticsOrderId: number | null;
  shipments: FollowUpShipment[];
  /** errorDetail: what the diner wrote under 'Otro problema' (not in the spec). */
  dinerOrderDetails: { errorType: string | null; errorDetail: string | null };
  loyaltyInfo: {
    programName: string | null;
    redeemedPoints: number;
    /** What the redeemed points took off the total, in currency units. */
    redeemedAmount: number;
    earnedPoints: number;
    /** Points the order credits when it is delivered, while it is open (not in the spec). */
    pendingPoints: number;
    /** The branch's programme is active and this shop takes part: the loyalty-info modal explains it (not in the spec). */
    programActive: boolean;
  };
  /** 'Clave de entrega' of the order's shipment while it is on its way. */
  shipmentSecurityCode: string | null;
  paymentInfo: { status: PaymentStatus; paymentUrl: string | null; upload: string | null } | null;
  /** Money given back to the diner (not in the spec): currency units, and whether the provider confirmed it. */
  refund: { amount: number; done: boolean } | null;
  /** The order's steps so far with their times, oldest first (not in the spec). */
  steps: OrderStep[];
  source: string;
  /** The delivery time range of the order's mode when it was placed (storefront.md's order payload). */
  minDelayInMinutes: number | null;
  maxDelayInMinutes: number | null;
  /** Minutes the shop promised on accepting, and when that makes it ready (ISO). */
  preparationMinutes: number | null;
  readyBy: string | null;
  /** Why the shop cancelled the order. */
  cancelReason: string | null;
  inProgress: boolean;
  canReportError: boolean;
  canPayOnline: boolean;
}

/**
 * The order update that reports a problem (section 7: body code, errorType), plus errorDetail (ours):
 * the diner's words, required with 'Otro problema'. Whether the type fits the order's mode is the
 * server's to check, once it has the order.
 */
export const OrderErrorReportSchema = z
  .strictObject(
    {
      code: z
        .string({ error: 'El pedido no es válido.' })
        .min(1, { error: 'El pedido no es válido.' })
        .max(40),
      errorType: z.enum(Object.keys(ORDER_ERROR_TYPES) as [keyof typeof ORDER_ERROR_TYPES], {
        error: ORDER_ERROR_REPORT_MESSAGES.typeRequired,
      }),
      // a loose cap before trimming: the rule's limit is counted on the trimmed text
      errorDetail: z
        .string({ error: ORDER_ERROR_DETAIL_MESSAGES.required })
        .max(ORDER_ERROR_DETAIL_MAX * 4, { error: ORDER_ERROR_DETAIL_MESSAGES.tooLong })
        .nullable()
        .optional(),
    },
    { error: 'La solicitud no es válida.' },
  )
  .superRefine((report, context) => {
    const problem = orderErrorDetailProblem(report.errorType, report.errorDetail);
    if (problem) context.addIssue({ code: 'custom', path: ['errorDetail'], message: problem });
  });
export type OrderErrorReport = z.infer<typeof OrderErrorReportSchema>;

/**
 * `GET /api/diner/support/{referenceId}` (path not in the spec): what `/soporte?referenceId={orderCode}`
 * shows of an order: its shop, how to reach it (its chat, its WhatsApp) and the follow-up's path.
 */
export interface SupportInfo {
  orderCode: string;
  /** `/menu/{alias}/order/{code}` */
  followUpPath: string;
  shop: { alias: string; name: string; logoUrl: string | null; whatsAppPhone: string | null };
  supportChat: SupportChatConfig | null;
}

/**
 * `POST /api/diner/order/details` (section 7, body "updated order details"): what a diner updates of a
 * placed order is its `dinerOrderDetails`, i.e. the problem report above (decision 019).
 */
export const OrderDetailsUpdateSchema = OrderErrorReportSchema;
export type OrderDetailsUpdate = OrderErrorReport;
