import {
  canPayOrderOnline,
  canReportOrderError,
  canShowEta,
  canShowRiderPosition,
  cashChange,
  fromMinor,
  isOrderInProgress,
  isSecurityCodeValid,
  type OrderStatus,
  orderReadyBy,
  type PaymentStatus,
  paymentSettlesOrder,
  supportChatOf,
} from '@comanda/core';
import type { FollowUpExtraGroup, FollowUpOrder, SupportInfo } from '@comanda/core/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { cardPaymentsOf, currencyDecimalsOf, logoUrlsOf } from '../diner/queries.ts';
import { loadOrderSteps } from '../lifecycle/history.ts';
import { refundingAmount } from '../lifecycle/refunds.ts';
import { bankTransferOf } from '../order-modes/queries.ts';

export type OrderRow = typeof t.orders.$inferSelect;

/**
 * The order of a code at a branch contact given by alias or id; null when the code is not one of that
 * contact's orders (the same answer as an unknown code, so codes cannot be probed across contacts).
 */
export async function findContactOrder(
  db: Db,
  contact: { alias: string } | { id: number },
  code: string,
): Promise<{ order: OrderRow; contact: typeof t.branchContacts.$inferSelect } | null> {
  const [row] = await db
    .select({ order: t.orders, contact: t.branchContacts })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(
      and(
        eq(t.orders.code, code),
        'alias' in contact ? eq(t.branchContacts.alias, contact.alias) : eq(t.branchContacts.id, contact.id),
      ),
    );
  return row ?? null;
}

/** Everything the follow-up page shows of an order, read in parallel. */
export async function loadFollowUp(
  db: Db,
  found: { order: OrderRow; contact: typeof t.branchContacts.$inferSelect },
  now: Date,
): Promise<FollowUpOrder> {
  const { order, contact } = found;
  const [
    decimals,
    items,
    extras,
    discounts,
    surcharges,
    payments,
    mode,
    paymentType,
    program,
    logos,
    shipments,
    steps,
    cardPayments,
    branch,
  ] = await Promise.all([
    currencyDecimalsOf(db, contact.country),
    db
      .select({ item: t.orderItems, maxQuantity: t.plates.maxQuantity })
      .from(t.orderItems)
      // the plate's maximum of units as the menu has it now (the spec's Item.maxQuantity)
      .leftJoin(t.plates, eq(t.plates.id, t.orderItems.referenceId))
      .where(eq(t.orderItems.orderId, order.id))
      .orderBy(asc(t.orderItems.position)),
    db
      .select({ extra: t.orderItemExtras })
      .from(t.orderItemExtras)
      .innerJoin(t.orderItems, eq(t.orderItems.id, t.orderItemExtras.orderItemId))
      .where(eq(t.orderItems.orderId, order.id))
      // the order insert writes extras in no set order: groups and garnishes go back to menu order
      .orderBy(asc(t.orderItemExtras.groupId), asc(t.orderItemExtras.garnishId)),
    db
      .select()
      .from(t.orderDiscounts)
      .where(eq(t.orderDiscounts.orderId, order.id))
      .orderBy(asc(t.orderDiscounts.id)),
    db
      .select()
      .from(t.orderSurcharges)
      .where(eq(t.orderSurcharges.orderId, order.id))
      .orderBy(asc(t.orderSurcharges.id)),
    db
      .select({
        payment: t.orderPayments,
        // refunds asked for and not yet confirmed by the provider
        refunding: refundingAmount(),
      })
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, order.id))
      .orderBy(desc(t.orderPayments.id)),
    db
      .select({ showName: t.orderModes.showName })
      .from(t.orderModes)
      .where(eq(t.orderModes.id, order.orderModeId)),
    order.paymentTypeId === null
      ? Promise.resolve([])
      : db
          .select({
            id: t.paymentTypes.id,
            showName: t.paymentTypes.showName,
            paymentMethod: t.paymentTypes.paymentMethod,
            bankAlias: t.paymentTypes.bankAlias,
            bankCbu: t.paymentTypes.bankCbu,
            bankHolder: t.paymentTypes.bankHolder,
          })
          .from(t.paymentTypes)
          .where(eq(t.paymentTypes.id, order.paymentTypeId)),
    db
      .select({
        name: t.loyaltyPrograms.name,
        active: t.loyaltyPrograms.active,
        branchContactIds: t.loyaltyPrograms.branchContactIds,
      })
      .from(t.loyaltyPrograms)
      .where(eq(t.loyaltyPrograms.branchId, contact.branchId)),
    logoUrlsOf(db, [contact.branchId]),
    db
      .select({ shipment: t.shipments, rider: { id: t.riders.id, name: t.riders.name } })
      .from(t.shipments)
      .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
      .leftJoin(t.riders, eq(t.riders.id, t.shipments.riderId))
      .where(eq(t.logisticsOrders.orderId, order.id))
      .orderBy(asc(t.shipments.id)),
    loadOrderSteps(db, order.id),
    contact.acceptsOnlinePayment ? cardPaymentsOf(db, [contact.branchId]) : Promise.resolve(new Map()),
    db
      .select({ generalConfig: t.branches.generalConfig })
      .from(t.branches)
      .where(eq(t.branches.id, contact.branchId)),
  ]);
  // 'Pagar' with a card in our page needs the shop's account to take a token; Webpay's page is a link
  const cardProvider = cardPayments.get(contact.branchId)?.provider;
  const takesCardHere = cardProvider === 'SANDBOX' || cardProvider === 'MERCADO_PAGO';

  const money = (minor: number) => fromMinor(minor, decimals);
  const changeOf = (minor: number | null) => (minor === null ? null : money(minor));
  const groupsOf = (itemId: number): FollowUpExtraGroup[] => {
    const groups = new Map<string, FollowUpExtraGroup>();
    for (const { extra } of extras) {
      if (extra.orderItemId !== itemId) continue;
      const group = groups.get(extra.groupName) ?? {
        groupName: extra.groupName,
        multipleSelection: extra.multipleSelection,
        groupItems: [],
      };
      group.groupItems.push({ name: extra.name, quantity: extra.quantity });
      groups.set(extra.groupName, group);
    }
    return [...groups.values()];
  };

  const status: OrderStatus = order.status;
  // the attempt the diner's payment state is: the one that paid the order; else the newest that is not an
  // approval being given back (another amount, a late one), so the diner can still pay
  const payment = (
    payments.find(({ payment: row }) => paymentSettlesOrder(row, order.total)) ??
    payments.find(({ payment: row, refunding }) => refunding === 0 && row.refundedAmount === 0) ??
    payments.find(({ payment: row }) => row.status !== 'PAID' && row.status !== 'PARTIALLY_REFUNDED') ??
    null
  )?.payment;
  const refundedMinor = payments.reduce((sum, row) => sum + row.payment.refundedAmount, 0);
  const refundingMinor = payments.reduce((sum, row) => sum + row.refunding, 0);
  const paymentMethod = paymentType[0]?.paymentMethod ?? order.paymentMethod;
  const discountTotal = discounts.reduce((sum, d) => sum + d.amount, 0);
  const surchargeTotal = surcharges.reduce((sum, s) => sum + s.amount, 0);
  // what the points took off: the one part of the total not stored as its own amount
  const redeemedAmount = Math.max(
    0,
    order.itemsPrice +
      surchargeTotal -
      discountTotal +
      order.deliveryFee +
      order.userServiceFee -
      order.total,
  );
  const liveShipment = shipments.find(({ shipment }) =>
    isSecurityCodeValid(shipment.status, shipment.securityCode),
  );
  // the programme the loyalty-info modal explains: active, and this shop takes part in it
  const loyaltyProgram = program[0];
  const programTakesPart = loyaltyProgram
    ? loyaltyProgram.active &&
      (loyaltyProgram.branchContactIds.length === 0 || loyaltyProgram.branchContactIds.includes(contact.id))
    : false;
  const open = status !== 'DELIVERED' && status !== 'CANCELED' && status !== 'PAYMENT_EXPIRED';
  const trackingUrl = `/logistics/tracking/order/${encodeURIComponent(contact.alias)}/${encodeURIComponent(order.code)}`;
  const destination = order.type === 'DELIVERY' ? order.destination : null;

  return {
    id: order.id,
    code: order.code,
    status,
    type: order.type,
    orderModeName: mode[0]?.showName ?? order.type,
    customerId: order.customerId,
    customerName: order.customerName,
    tableUid: order.tableUid,
    orderedAt: order.orderedAt.toISOString(),
    scheduled: order.scheduled,
    scheduledAt: order.scheduledAt?.toISOString() ?? null,
    currency: order.currency,
    paymentType: paymentType[0]
      ? {
          id: paymentType[0].id,
          showName: paymentType[0].showName,
          paymentMethod: paymentType[0].paymentMethod,
          bankTransfer: bankTransferOf(paymentType[0]),
        }
      : null,
    paysWith: order.paysWith === null ? null : money(order.paysWith),
    change: changeOf(cashChange(paymentMethod, order.paysWith, order.total)),
    items: items.map(({ item, maxQuantity }) => ({
      id: item.id,
      name: item.name,
      sizeName: item.sizeName,
      quantity: item.quantity,
      notes: item.notes,
      accPrice: money(item.accPrice),
      extras: groupsOf(item.id),
      referenceId: item.referenceId,
      source: item.source === 'UPSOLD' ? 'UPSOLD' : 'PLATE',
      maxQuantity: maxQuantity ?? null,
    })),
    surcharges: surcharges.map((s) => ({ name: s.name, amount: money(s.amount) })),
    discounts: discounts.map((d) => ({ name: d.name, amount: money(d.amount) })),
    itemsPrice: money(order.itemsPrice),
    deliveryFee: money(order.deliveryFee),
    userServiceFee: money(order.userServiceFee),
    total: money(order.total),
    notes: order.notes,
    destination: destination
      ? {
          street: destination.street,
          number: destination.number,
          zone: destination.zone,
          locality: destination.locality,
          details: destination.details,
          betweenStreets: destination.betweenStreets,
        }
      : null,
    branchContact: {
      id: contact.id,
      alias: contact.alias,
      name: contact.name,
      address: [contact.street, contact.number].filter(Boolean).join(' '),
      whatsAppPhone: contact.whatsAppPhone,
      supportChat: supportChatOf(branch[0]?.generalConfig.supportChat),
      logoUrl: logos.get(contact.branchId)?.get('LOGO') ?? null,
      country: contact.country,
      timeZone: contact.timeZone,
      cardPayment: cardPayments.get(contact.branchId) ?? null,
    },
    logisticsOrderId: shipments[0]?.shipment.logisticsOrderId ?? null,
    shipments: shipments.map(({ shipment, rider }) => ({
      id: shipment.id,
      status: shipment.status,
      shipmentStackId: shipment.shipmentStackId,
      createdAt: shipment.createdAt.toISOString(),
      updatedAt: shipment.updatedAt.toISOString(),
      returnShipment: shipment.returnShipment,
      stackingOrder: shipment.stackingOrder,
      // anyone with the code reads this: the rider is named only while bringing the order (core)
      riderInfo:
        rider && canShowRiderPosition(shipment.status)
          ? { id: shipment.id, riderId: rider.id, name: rider.name }
          : null,
      // no ETA once delivered, returned or cancelled (STACKING is a cancelled-type status)
      minEta: canShowEta(shipment.status) ? (shipment.minEta?.toISOString() ?? null) : null,
      maxEta: canShowEta(shipment.status) ? (shipment.maxEta?.toISOString() ?? null) : null,
      trackingUrl,
      returnReason: shipment.returnReason,
    })),
    dinerOrderDetails: { errorType: order.errorType, errorDetail: order.errorDetail },
    loyaltyInfo: {
      programName: program[0]?.name ?? null,
      redeemedPoints: order.redeemedPoints,
      redeemedAmount: money(redeemedAmount),
      // points are credited on delivery: until then the order has earned nothing yet
      earnedPoints: status === 'DELIVERED' ? order.earnedPoints : 0,
      pendingPoints: open ? order.earnedPoints : 0,
      programActive: programTakesPart,
    },
    shipmentSecurityCode: liveShipment?.shipment.securityCode ?? null,
    paymentInfo: payment
      ? {
          status: payment.status as PaymentStatus,
          paymentUrl: payment.paymentUrl,
          upload: payment.paymentUpload,
        }
      : null,
    refund:
      refundedMinor + refundingMinor > 0
        ? { amount: money(refundedMinor + refundingMinor), done: refundingMinor === 0 }
        : null,
    steps,
    source: order.source,
    minDelayInMinutes: order.minDelayInMinutes,
    maxDelayInMinutes: order.maxDelayInMinutes,
    preparationMinutes: order.preparationMinutes,
    readyBy: orderReadyBy(order.acceptedAt, order.preparationMinutes),
    cancelReason: order.cancelReason,
    inProgress: isOrderInProgress({ ...order, status }, now),
    canReportError: canReportOrderError({ ...order, status }, now),
    canPayOnline: canPayOrderOnline({
      status,
      paymentMethod,
      paymentStatus: (payment?.status as PaymentStatus | undefined) ?? null,
      contactAcceptsOnlinePayment: contact.acceptsOnlinePayment && takesCardHere,
    }),
  };
}

/**
 * What `/soporte?referenceId={orderCode}` shows (`GET /api/diner/support/{referenceId}`): the order's
 * shop, its chat and WhatsApp, and the follow-up's path; null for a code that is no order's.
 */
export async function loadSupportInfo(db: Db, orderCode: string): Promise<SupportInfo | null> {
  const [row] = await db
    .select({
      code: t.orders.code,
      alias: t.branchContacts.alias,
      name: t.branchContacts.name,
      whatsAppPhone: t.branchContacts.whatsAppPhone,
      branchId: t.branches.id,
      generalConfig: t.branches.generalConfig,
    })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .innerJoin(t.branches, eq(t.branches.id, t.branchContacts.branchId))
    .where(eq(t.orders.code, orderCode));
  if (!row) return null;
  const logos = await logoUrlsOf(db, [row.branchId]);
  return {
    orderCode: row.code,
    followUpPath: `/menu/${row.alias}/order/${row.code}`,
    shop: {
      alias: row.alias,
      name: row.name,
      logoUrl: logos.get(row.branchId)?.get('LOGO') ?? null,
      whatsAppPhone: row.whatsAppPhone,
    },
    supportChat: supportChatOf(row.generalConfig.supportChat),
  };
}
