import type { CartLine } from '../cart/cart.ts';
import type { OrderDestination, OrderModeType, OrderPayload } from '../contract/index.ts';
import { fromMinor } from '../money.ts';
import { orderItemOf } from './order-item.ts';
import type { OrderPrice } from './order-price.ts';

/** What the diner chose at checkout; amounts in minor units, as core computes them. */
export interface OrderPayloadInput {
  lines: readonly CartLine[];
  /** computeOrderPrice's answer for these lines and choices. */
  price: OrderPrice;
  decimals: number;
  contactId: number;
  mode: {
    id: number;
    type: OrderModeType;
    minDelayInMinutes?: number | null;
    maxDelayInMinutes?: number | null;
  };
  paymentType: { id: number; showName: string; paymentMethod: string; upload?: string | null };
  customer: { name: string; phone: string; email?: string; document?: string; optIn?: boolean };
  tableUid?: string | null;
  /** Delivery only. */
  destination?: OrderDestination | null;
  notes?: string;
  /** What a cash payer hands over (minor units); ignored for other payments. */
  paysWith?: number | null;
  /** An offered slot as ISO 8601 with its offset, or null for 'En el momento'. */
  scheduledAt?: string | null;
  redeemedPoints?: number;
  source?: string;
  acquisitionChannel?: string | null;
  installedApp?: boolean;
  orderText?: string;
  /**
   * The external-benefit user (a partner's member, storefront.md section 6): the order names the partner
   * (partnerName) and the member (userExternalReference).
   */
  externalUser?: { partner: string; externalUserId: string } | null;
  /** A payment reference the diner's side already holds (paymentInfo.paymentReferenceId); none usually. */
  paymentReferenceId?: string | null;
}

/**
 * The `POST /api/order` payload (storefront.md section 3, "Order payload") with every amount taken from
 * core's price, so what the diner was shown is what the server recomputes and compares.
 */
export function orderPayloadOf(input: OrderPayloadInput): OrderPayload {
  const units = (minor: number) => fromMinor(minor, input.decimals);
  const { price } = input;
  const isCash = input.paymentType.paymentMethod === 'CASH';
  const isDelivery = input.mode.type === 'DELIVERY';
  const email = input.customer.email?.trim() ?? '';
  const document = input.customer.document?.trim() ?? '';
  return {
    orderText: input.orderText ?? '',
    items: input.lines.map((line) => orderItemOf(line, input.decimals)),
    type: input.mode.type,
    price: units(price.total),
    userServiceFee: units(price.userServiceFee),
    paymentType: {
      id: input.paymentType.id,
      showName: input.paymentType.showName,
      paymentMethod: input.paymentType.paymentMethod,
      upload: input.paymentType.upload ?? null,
    },
    branchContact: { id: input.contactId },
    source: input.source ?? 'DIRECT',
    tableUid: input.mode.type === 'TABLE' ? (input.tableUid?.trim() ?? null) : null,
    destination: isDelivery ? (input.destination ?? null) : null,
    phone: input.customer.phone.trim(),
    customerName: input.customer.name.trim(),
    optIn: input.customer.optIn ?? true,
    installedApp: input.installedApp ?? false,
    discounts: price.discounts.map((d) => ({
      name: d.name,
      type: d.type,
      value: d.type === 'FIXED' ? units(d.value) : d.value,
      amount: units(d.amount),
      discountReferenceId: d.code ? null : d.referenceId,
      externalBenefitType: d.externalBenefitType,
      code: d.code,
    })),
    surcharges: price.surcharges.map((s) => ({
      name: s.name,
      type: s.type,
      value: s.type === 'FIXED' ? units(s.value) : s.value,
      amount: units(s.amount),
      surchargeReferenceId: s.referenceId,
    })),
    notes: input.notes?.trim() ?? '',
    deliveryFee: units(price.deliveryFee),
    paysWith:
      isCash && input.paysWith !== null && input.paysWith !== undefined ? units(input.paysWith) : null,
    orderModeId: input.mode.id,
    scheduled: Boolean(input.scheduledAt),
    scheduledAt: input.scheduledAt ?? null,
    customerEmail: email || null,
    document: document || null,
    acquisitionChannel: input.acquisitionChannel ?? null,
    loyaltyInfo: { redeemedPoints: input.redeemedPoints ?? 0 },
    minDelayInMinutes: input.mode.minDelayInMinutes ?? null,
    maxDelayInMinutes: input.mode.maxDelayInMinutes ?? null,
    userExternalReference: input.externalUser?.externalUserId ?? null,
    partnerName: input.externalUser?.partner ?? null,
    paymentInfo: {
      status: 'PENDING',
      paymentReferenceId: input.paymentReferenceId ?? null,
      // how the payment type is paid (APP or API), as the cart state keeps it
      paymentUpload: input.paymentType.upload ?? null,
      amount: units(price.total),
    },
  };
}
