/**
 * `PUT /api/order/payment-type` (not in the spec): an order still waiting for its online payment (a
 * declined card, an unpaid link) is paid on delivery instead, where its mode offers it. Core's
 * paymentSwitchProblem decides (only where the price cannot change; never while the provider is
 * processing a payment). Under the order's lock the payment type and the cash note are stored and the
 * order goes to the kitchen through the lifecycle engine (PAY_NEEDED -> GENERATED, by the diner, via
 * PAYMENT_CHANGED); a pending attempt stays, and an approval arriving later is refunded (PAID_TWICE).
 */
import {
  deliveryZoneAt,
  type OrderStatus,
  PAYMENT_CHANGED,
  type PaymentStatus,
  paymentSwitchProblem,
  toMinor,
} from '@comanda/core';
import type { OrderPaymentTypeRequest } from '@comanda/core/contract';
import { and, desc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { LifecycleDeps } from '../lifecycle/engine.ts';
import { moveOrder } from '../lifecycle/order-moves.ts';
import { runLifecycle } from '../lifecycle/run.ts';

export async function switchToPaymentOnDelivery(
  deps: LifecycleDeps,
  request: OrderPaymentTypeRequest,
): Promise<{ contactId: number; code: string }> {
  return runLifecycle(deps, async (ctx) => {
    const { tx } = ctx;
    const [row] = await tx
      .select({ order: t.orders, contact: t.branchContacts })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .where(and(eq(t.orders.id, request.dinerOrderId), eq(t.orders.code, request.orderCode)))
      .for('update', { of: t.orders });
    if (!row) throw notFound('No encontramos este pedido.');
    const { order, contact } = row;
    const [payment] = await tx
      .select({ status: t.orderPayments.status })
      .from(t.orderPayments)
      .where(eq(t.orderPayments.orderId, order.id))
      .orderBy(desc(t.orderPayments.id))
      .limit(1);
    const [target] = order.orderModeId
      ? await tx
          .select({ paymentType: t.paymentTypes })
          .from(t.orderModePaymentTypes)
          .innerJoin(t.paymentTypes, eq(t.paymentTypes.id, t.orderModePaymentTypes.paymentTypeId))
          .where(
            and(
              eq(t.orderModePaymentTypes.orderModeId, order.orderModeId),
              eq(t.orderModePaymentTypes.paymentTypeId, request.paymentTypeId),
            ),
          )
      : [];
    const destination = order.destination;
    const point =
      order.type === 'DELIVERY' && typeof destination?.lat === 'number' && typeof destination.lng === 'number'
        ? { lat: destination.lat, lng: destination.lng }
        : null;
    const zones =
      order.type === 'DELIVERY'
        ? await tx
            .select()
            .from(t.deliveryZones)
            .where(and(eq(t.deliveryZones.branchContactId, contact.id), eq(t.deliveryZones.active, true)))
        : [];
    const [country] = await tx
      .select({ decimals: t.countries.currencyDecimals })
      .from(t.countries)
      .where(eq(t.countries.code, contact.country));
    const decimals = country?.decimals ?? 2;
    const paysWith = request.paysWith === undefined ? null : toMinor(request.paysWith, decimals);
    const problem = paymentSwitchProblem({
      orderStatus: order.status as OrderStatus,
      paymentStatus: (payment?.status as PaymentStatus | undefined) ?? null,
      target: target?.paymentType ?? null,
      contactAcceptsOnlinePayment: contact.acceptsOnlinePayment,
      delivery:
        order.type === 'DELIVERY'
          ? {
              zone: point ? deliveryZoneAt(zones, point, { lat: contact.lat, lng: contact.lng }) : null,
              deliveryFee: order.deliveryFee,
              itemsPrice: order.itemsPrice,
            }
          : null,
      total: order.total,
      paysWith,
    });
    if (problem) throw new AppError('PAYMENT_TYPE_NOT_SWITCHABLE', 409, problem);
    const isCash = target?.paymentType.paymentMethod === 'CASH';
    await tx
      .update(t.orders)
      // the method too: reports, the history and its CSV group by it
      .set({
        paymentTypeId: request.paymentTypeId,
        paymentMethod: target?.paymentType.paymentMethod ?? order.paymentMethod,
        paysWith: isCash ? paysWith : null,
      })
      .where(eq(t.orders.id, order.id));
    await moveOrder(ctx, {
      orderId: order.id,
      to: 'GENERATED',
      actor: 'DINER',
      via: PAYMENT_CHANGED,
      expectedStatus: 'PAY_NEEDED',
    });
    return { contactId: contact.id, code: order.code };
  });
}
