import { fromMinor, MESSAGES, pointsEarned, redemptionError } from '@comanda/core';
import type { OrderPayload } from '@comanda/core/contract';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newOrderCode } from '../../platform/secrets.ts';
import type { PricingCatalog } from './pricing-catalog.ts';
import type { VerifiedOrder } from './verify-order.ts';

export interface PlacedOrderRow {
  id: number;
  code: string;
  total: number;
}

/**
 * Writes a verified order in one transaction: the customer (whose row lock serialises that customer's
 * orders), the first-order and usage limits of a code, the points redeemed and earned, the order with its
 * items, extras, discounts, surcharges and pending payment. Any refusal rolls all of it back.
 */
export async function placeOrder(
  db: Db,
  catalog: PricingCatalog,
  payload: OrderPayload,
  order: VerifiedOrder,
  options: { now: Date; idempotencyKey: string | null },
): Promise<PlacedOrderRow> {
  const { contact, mode } = catalog;
  const branchId = contact.branchId;
  const { price } = order;
  return db.transaction(async (tx) => {
    const customerId = await lockCustomer(tx, order.phone, payload, order.document);

    const heldUsageId = order.code ? await consumeCode(tx, order, customerId, branchId, options.now) : null;

    let balance: number | null = null;
    const program = catalog.loyalty;
    if (program?.active) balance = await lockBalance(tx, customerId, branchId);
    if (order.redeemedPoints > 0) {
      const problem = program
        ? redemptionError(order.redeemedPoints, program, {
            balance: balance ?? 0,
            orderAmount: price.orderAmount,
            pointValue: 10 ** catalog.decimals,
          })
        : 'Este local no tiene un programa de puntos activo.';
      if (problem) throw new AppError('LOYALTY_INVALID', 409, problem);
    }
    const earned = program
      ? pointsEarned(program, price.orderAmount - price.pointsDiscount, 10 ** catalog.decimals)
      : 0;

    const code = newOrderCode(10);
    const [created] = await tx
      .insert(t.orders)
      .values({
        code,
        branchContactId: contact.id,
        orderModeId: mode.id,
        customerId,
        type: mode.type,
        currency: contact.currency,
        customerName: payload.customerName.trim(),
        phone: order.phone,
        customerEmail: payload.customerEmail?.trim() || null,
        customerDocument: order.document,
        tableUid: mode.type === 'TABLE' ? (payload.tableUid?.trim() ?? null) : null,
        orderedAt: options.now,
        scheduled: order.scheduledAt !== null,
        scheduledAt: order.scheduledAt,
        paymentTypeId: order.paymentType.id,
        paymentMethod: order.paymentType.paymentMethod,
        paysWith:
          order.isCash && payload.paysWith != null
            ? Math.round(payload.paysWith * 10 ** catalog.decimals)
            : null,
        itemsPrice: price.itemsPrice,
        deliveryFee: price.deliveryFee,
        userServiceFee: price.userServiceFee,
        total: price.total,
        notes: payload.notes?.trim() || null,
        destination:
          mode.type === 'DELIVERY' && payload.destination
            ? {
                street: payload.destination.street.trim(),
                number: payload.destination.number ?? undefined,
                zone: payload.destination.zone ?? undefined,
                locality: payload.destination.locality ?? undefined,
                city: payload.destination.city ?? undefined,
                details: payload.destination.details ?? undefined,
                betweenStreets: payload.destination.betweenStreets ?? undefined,
                lat: payload.destination.lat ?? undefined,
                lng: payload.destination.lng ?? undefined,
              }
            : null,
        source: payload.source?.trim() || 'DIRECT',
        acquisitionChannel: payload.acquisitionChannel ?? null,
        installedApp: payload.installedApp ?? false,
        optIn: payload.optIn ?? true,
        minDelayInMinutes: mode.minDelayInMinutes,
        maxDelayInMinutes: mode.maxDelayInMinutes,
        redeemedPoints: order.redeemedPoints,
        earnedPoints: earned,
        userExternalReference: payload.userExternalReference ?? null,
        partnerName: payload.partnerName ?? null,
        orderText: payload.orderText ?? null,
        idempotencyKey: options.idempotencyKey,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning({ id: t.orders.id });
    if (!created) throw new AppError('INTERNAL', 500, MESSAGES.orderPostFailed);
    const orderId = created.id;
    if (heldUsageId !== null)
      await tx.update(t.discountCodeUsages).set({ orderId }).where(eq(t.discountCodeUsages.id, heldUsageId));

    const items = await tx
      .insert(t.orderItems)
      .values(
        order.lines.map((line, position) => ({
          orderId,
          referenceId: line.referenceId,
          name: line.name,
          sizeId: line.sizeId,
          sizeName: line.sizeName,
          categoryId: line.categoryId,
          categoryShowName: line.categoryShowName,
          quantity: line.quantity,
          notes: line.notes || null,
          priceWithoutDiscount: line.originalPrice / line.quantity,
          accPrice: line.price,
          discount: line.discount,
          source: line.source,
          position,
        })),
      )
      .returning({ id: t.orderItems.id });
    const extras = order.lines.flatMap((line, i) =>
      line.extras.flatMap((group) =>
        group.groupItems.map((item) => ({
          orderItemId: items[i]?.id as number,
          groupId: group.groupId,
          groupName: group.groupName,
          multipleSelection: group.multipleSelection,
          garnishId: item.referenceId,
          name: item.name,
          price: item.price,
          quantity: item.quantity,
        })),
      ),
    );
    if (extras.length) await tx.insert(t.orderItemExtras).values(extras);
    if (price.discounts.length)
      await tx.insert(t.orderDiscounts).values(
        price.discounts.map((d) => ({
          orderId,
          name: d.name,
          type: d.type,
          value: d.value,
          amount: d.amount,
          discountReferenceId: d.referenceId,
          code: d.code,
        })),
      );
    if (price.surcharges.length)
      await tx.insert(t.orderSurcharges).values(
        price.surcharges.map((s) => ({
          orderId,
          name: s.name,
          type: s.type,
          value: s.value,
          amount: s.amount,
          surchargeReferenceId: s.referenceId,
        })),
      );
    await tx.insert(t.orderPayments).values({
      orderId,
      status: 'PENDING',
      amount: price.total,
      paymentUpload: order.paymentType.upload,
      provider: order.paymentType.providerName,
      createdAt: options.now,
      updatedAt: options.now,
    });

    if (balance !== null) {
      const movements = [
        ...(order.redeemedPoints > 0 ? [{ reason: 'REDEEMED', amount: -order.redeemedPoints }] : []),
        ...(earned > 0 ? [{ reason: 'EARNED', amount: earned }] : []),
      ];
      let running = balance;
      for (const movement of movements) {
        running += movement.amount;
        await tx.insert(t.loyaltyPointsLedger).values({
          customerId,
          branchId,
          orderId,
          orderCode: code,
          reason: movement.reason,
          amount: movement.amount,
          postBalance: running,
          createdAt: options.now,
        });
      }
      if (running !== balance)
        await tx
          .update(t.loyaltyBalances)
          .set({ balance: running })
          .where(and(eq(t.loyaltyBalances.customerId, customerId), eq(t.loyaltyBalances.branchId, branchId)));
    }
    return { id: orderId, code, total: price.total };
  });
}

/** Creates or updates the customer by phone; the upsert keeps the row locked until the transaction ends. */
async function lockCustomer(
  tx: Tx,
  phone: string,
  payload: OrderPayload,
  document: string | null,
): Promise<number> {
  const name = payload.customerName.trim();
  const email = payload.customerEmail?.trim() || null;
  const [row] = await tx
    .insert(t.customers)
    .values({ phone, name, email, document, optIn: payload.optIn ?? true })
    .onConflictDoUpdate({
      target: t.customers.phone,
      set: {
        name,
        email: sql`coalesce(excluded.email, ${t.customers.email})`,
        document: sql`coalesce(excluded.document, ${t.customers.document})`,
        optIn: payload.optIn ?? true,
      },
    })
    .returning({ id: t.customers.id });
  if (!row) throw new AppError('INTERNAL', 500, MESSAGES.orderPostFailed);
  return row.id;
}

/** The customer's points at this branch, row locked (created at zero the first time). */
async function lockBalance(tx: Tx, customerId: number, branchId: number): Promise<number> {
  await tx.insert(t.loyaltyBalances).values({ customerId, branchId, balance: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select({ balance: t.loyaltyBalances.balance })
    .from(t.loyaltyBalances)
    .where(and(eq(t.loyaltyBalances.customerId, customerId), eq(t.loyaltyBalances.branchId, branchId)))
    .for('update');
  return row?.balance ?? 0;
}

/** First-order and usage limits of a code, checked and counted under locks so no use is spent twice. */
/** Returns the id of the limited-usage hold it spent, if any, so the order can be written on it. */
async function consumeCode(
  tx: Tx,
  order: VerifiedOrder,
  customerId: number,
  branchId: number,
  now: Date,
): Promise<number | null> {
  const code = order.code;
  if (!code) return null;
  let heldUsageId: number | null = null;
  if (code.firstTimeOnly) {
    const [previous] = await tx
      .select({ n: count() })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .where(and(eq(t.orders.customerId, customerId), eq(t.branchContacts.branchId, branchId)));
    if ((previous?.n ?? 0) > 0) throw new AppError('DISCOUNT_CODE_INVALID', 409, MESSAGES.codeFirstOrderOnly);
  }
  if (code.limitedUsage) {
    // a limited code is held for 180 s from the moment it is applied (POST /api/codediscounts/validate)
    const held = await tx
      .update(t.discountCodeUsages)
      .set({ status: 'USED' })
      .where(
        and(
          eq(t.discountCodeUsages.discountCodeId, code.id),
          eq(t.discountCodeUsages.phone, order.phone),
          eq(t.discountCodeUsages.status, 'RESERVED'),
          gt(t.discountCodeUsages.expiresAt, now),
        ),
      )
      .returning({ id: t.discountCodeUsages.id });
    if (held.length === 0) throw new AppError('DISCOUNT_CODE_EXPIRED', 409, MESSAGES.codeUsageExpired);
    heldUsageId = held[0]?.id ?? null;
  }
  const counted = await tx
    .update(t.discountCodes)
    .set({ usesCount: sql`${t.discountCodes.usesCount} + 1` })
    .where(
      and(
        eq(t.discountCodes.id, code.id),
        or(isNull(t.discountCodes.maxUses), lt(t.discountCodes.usesCount, t.discountCodes.maxUses)),
      ),
    )
    .returning({ id: t.discountCodes.id });
  if (counted.length === 0)
    throw new AppError('DISCOUNT_CODE_EXHAUSTED', 409, MESSAGES.codeUsageLimitReached);
  return heldUsageId;
}

export const placedAnswer = (row: PlacedOrderRow, decimals: number) => ({
  data: { id: row.id, code: row.code, price: fromMinor(row.total, decimals) },
});
