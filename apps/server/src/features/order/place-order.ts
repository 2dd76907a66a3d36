import {
  fromMinor,
  initialOrderStatus,
  MESSAGES,
  type OrderStatus,
  onlinePaymentFlowOf,
  pointsEarned,
  pointValueOf,
  redemptionError,
} from '@comanda/core';
import type { OrderPayload } from '@comanda/core/contract';
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { newOrderCode } from '../../platform/secrets.ts';
import type { PricingCatalog } from './pricing-catalog.ts';
import type { VerifiedOrder } from './verify-order.ts';

/** The order's source when the shop's staff took it (the console shows it as 'Telefónico'). */
export const STAFF_ENTERED_SOURCE = 'STAFF';

export interface PlacedOrderRow {
  id: number;
  code: string;
  total: number;
  /** PAY_NEEDED when paid online (card or link): it reaches the kitchen once paid */
  status?: OrderStatus;
}

/**
 * Writes a verified order. The writing itself is one SQL statement (writable CTEs: customer, order,
 * items, extras, discounts, surcharges, pending payment, its first status_events rows, redeemed points),
 * so it is atomic on its own and costs
 * one round trip. Orders that spend something limited (points, a code) first take the customer's lock
 * in a transaction and check under it, so nothing is spent twice; any refusal rolls all of it back.
 */
export async function placeOrder(
  db: Db,
  catalog: PricingCatalog,
  payload: OrderPayload,
  order: VerifiedOrder,
  options: {
    now: Date;
    idempotencyKey: string | null;
    /** A staff member of the branch took the order (by phone) through the storefront. */
    enteredByStaffId?: number | null;
    /**
     * The diner proved the order's phone (a diner session): its delivery address is remembered on the
     * diner's profile at this business and offered first next time.
     */
    rememberAddress?: boolean;
  },
): Promise<PlacedOrderRow> {
  const branchId = catalog.contact.branchId;
  const { price } = order;
  const program = catalog.loyalty?.active ? catalog.loyalty : null;
  const earned = program
    ? pointsEarned(program, price.orderAmount - price.pointsDiscount, pointValueOf(catalog.decimals))
    : 0;
  const write = {
    catalog,
    payload,
    order,
    earned,
    loyalty: program !== null && order.redeemedPoints > 0,
    ...options,
  };
  if (!order.code && order.redeemedPoints === 0) return insertOrder(db, { ...write, heldUsageId: null });
  if (order.redeemedPoints > 0 && program) {
    // a balance that is already too low is refused without queueing for the customer's lock
    const problem = redemptionError(order.redeemedPoints, program, {
      balance: await currentBalance(db, order.phone, branchId),
      orderAmount: price.orderAmount,
      pointValue: pointValueOf(catalog.decimals),
    });
    if (problem) throw new AppError('LOYALTY_INVALID', 409, problem);
  }

  return db.transaction(async (tx) => {
    // one customer's orders with a code or points take turns on the customer's row: waiting in that queue
    // (50 clients spending one balance at once) may outlast the request statement budget, which is
    // there to catch a database that is away, not a queue that moves
    await tx.execute(sql`set local statement_timeout = 10000`);
    const customerId = await lockCustomer(tx, order.phone);
    const heldUsageId = order.code ? await consumeCode(tx, order, customerId, branchId, options.now) : null;
    if (order.redeemedPoints > 0) {
      const balance = program ? await lockBalance(tx, customerId, branchId) : 0;
      const problem = program
        ? redemptionError(order.redeemedPoints, program, {
            balance,
            orderAmount: price.orderAmount,
            pointValue: pointValueOf(catalog.decimals),
          })
        : MESSAGES.loyaltyNoProgram;
      if (problem) throw new AppError('LOYALTY_INVALID', 409, problem);
    }
    return insertOrder(tx, { ...write, heldUsageId });
  });
}

interface OrderWrite {
  catalog: PricingCatalog;
  payload: OrderPayload;
  order: VerifiedOrder;
  earned: number;
  /** The branch's programme is active and the order redeems points: the customer's balance moves. */
  loyalty: boolean;
  heldUsageId: number | null;
  now: Date;
  idempotencyKey: string | null;
  enteredByStaffId?: number | null;
  rememberAddress?: boolean;
}

/** The one statement that writes an order and everything hanging from it. */
async function insertOrder(runner: Db | Tx, w: OrderWrite): Promise<PlacedOrderRow> {
  const { catalog, payload, order } = w;
  const { contact, mode } = catalog;
  const { price } = order;
  const code = newOrderCode(10);
  const now = w.now.toISOString();
  const status = initialOrderStatus(onlinePaymentFlowOf(order.paymentType, contact.acceptsOnlinePayment));
  const destination =
    mode.type === 'DELIVERY' && payload.destination
      ? {
          street: payload.destination.street.trim(),
          number: payload.destination.number ?? undefined,
          zone: payload.destination.zone ?? undefined,
          locality: payload.destination.locality ?? undefined,
          city: payload.destination.city ?? undefined,
          details: payload.destination.details ?? undefined,
          betweenStreets: payload.destination.betweenStreets ?? undefined,
          postalCode: payload.destination.postalCode ?? undefined,
          // the place details of a picked address
          fullAddress: payload.destination.fullAddress ?? undefined,
          country: payload.destination.country?.toLowerCase() ?? undefined,
          geocoded: payload.destination.geocoded ?? undefined,
          lat: payload.destination.lat ?? undefined,
          lng: payload.destination.lng ?? undefined,
        }
      : null;
  const items = order.lines.map((line, position) => ({
    position,
    reference_id: line.referenceId,
    name: line.name,
    size_id: line.sizeId,
    size_name: line.sizeName,
    category_id: line.categoryId,
    category_show_name: line.categoryShowName,
    quantity: line.quantity,
    notes: line.notes || null,
    price_without_discount: line.originalPrice / line.quantity,
    acc_price: line.price,
    discount: line.discount,
    source: line.source,
  }));
  const extras = order.lines.flatMap((line, position) =>
    line.extras.flatMap((group) =>
      group.groupItems.map((item) => ({
        position,
        group_id: group.groupId,
        group_name: group.groupName,
        multiple_selection: group.multipleSelection,
        garnish_id: item.referenceId,
        name: item.name,
        price: item.price,
        quantity: item.quantity,
      })),
    ),
  );
  const discounts = price.discounts.map((d) => ({
    name: d.name,
    type: d.type,
    value: d.value,
    amount: d.amount,
    discount_reference_id: d.referenceId,
    external_benefit_type: d.externalBenefitType,
    code: d.code,
  }));
  const surcharges = price.surcharges.map((s) => ({
    name: s.name,
    type: s.type,
    value: s.value,
    amount: s.amount,
    surcharge_reference_id: s.referenceId,
  }));
  // points are earned when the order is delivered (features/lifecycle); placing it only spends a redemption
  const movements = order.redeemedPoints > 0 ? [{ reason: 'REDEEMED', amount: -order.redeemedPoints }] : [];
  const delta = -order.redeemedPoints;
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const address = w.rememberAddress && destination ? destination : null;
  const clean = (text: string | null | undefined) => text?.trim() || null;

  // the phone is the platform's customer; name, e-mail, document and consent are the customer's profile
  // at this business (another business's profile of the same phone is left as it was)
  const result = await runner.execute<{ id: number }>(sql`
    with c as (
      insert into customers (phone) values (${order.phone})
      on conflict (phone) do update set phone = excluded.phone
      returning id
    ), pr as (
      insert into customer_profiles (customer_id, branch_id, name, email, document, opt_in, created_at, updated_at)
      select c.id, ${contact.branchId}::int, ${payload.customerName.trim()}, ${payload.customerEmail?.trim() || null},
        ${order.document}, ${payload.optIn ?? true}, ${now}::timestamptz, ${now}::timestamptz
      from c
      on conflict (customer_id, branch_id) do update set
        name = excluded.name,
        email = coalesce(excluded.email, customer_profiles.email),
        document = coalesce(excluded.document, customer_profiles.document),
        opt_in = excluded.opt_in,
        updated_at = excluded.updated_at
    ), o as (
      insert into orders (code, status, branch_contact_id, order_mode_id, customer_id, type, currency, customer_name,
        phone, customer_email, customer_document, table_uid, ordered_at, scheduled, scheduled_at,
        payment_type_id, payment_method, pays_with, items_price, delivery_fee, user_service_fee, total, notes,
        destination, source, acquisition_channel, installed_app, opt_in, min_delay_in_minutes,
        max_delay_in_minutes, redeemed_points, earned_points, user_external_reference, partner_name,
        order_text, idempotency_key, created_at, updated_at)
      select ${code}, ${status}, ${contact.id}::int, ${mode.id}::int, c.id, ${mode.type}, ${contact.currency},
        ${payload.customerName.trim()}, ${order.phone}, ${payload.customerEmail?.trim() || null},
        ${order.document}, ${mode.type === 'TABLE' ? (payload.tableUid?.trim() ?? null) : null},
        ${now}::timestamptz, ${order.scheduledAt !== null}, ${order.scheduledAt?.toISOString() ?? null}::timestamptz,
        ${order.paymentType.id}::int, ${order.paymentType.paymentMethod}, ${order.paysWith}::bigint,
        ${price.itemsPrice}::bigint, ${price.deliveryFee}::bigint, ${price.userServiceFee}::bigint,
        ${price.total}::bigint, ${payload.notes?.trim() || null}, ${destination ? json(destination) : null},
        ${w.enteredByStaffId ? STAFF_ENTERED_SOURCE : payload.source?.trim() || 'DIRECT'}, ${payload.acquisitionChannel ?? null},
        ${payload.installedApp ?? false}, ${payload.optIn ?? true}, ${mode.minDelayInMinutes}::int,
        ${mode.maxDelayInMinutes}::int, ${order.redeemedPoints}::int, ${w.earned}::int,
        ${payload.userExternalReference ?? null}, ${payload.partnerName ?? null}, ${payload.orderText ?? null},
        ${w.idempotencyKey}, ${now}::timestamptz, ${now}::timestamptz
      from c
      returning id, customer_id
    ), i as (
      insert into order_items (order_id, reference_id, name, size_id, size_name, category_id,
        category_show_name, quantity, notes, price_without_discount, acc_price, discount, source, position)
      select o.id, x.reference_id, x.name, x.size_id, x.size_name, x.category_id, x.category_show_name,
        x.quantity, x.notes, x.price_without_discount, x.acc_price, x.discount, x.source, x.position
      from o, jsonb_to_recordset(${json(items)}) as x(position int, reference_id int, name text, size_id int,
        size_name text, category_id int, category_show_name text, quantity int, notes text,
        price_without_discount bigint, acc_price bigint, discount jsonb, source text)
      returning id, position
    ), e as (
      insert into order_item_extras (order_item_id, group_id, group_name, multiple_selection, garnish_id, name,
        price, quantity)
      select i.id, x.group_id, x.group_name, x.multiple_selection, x.garnish_id, x.name, x.price, x.quantity
      from i join jsonb_to_recordset(${json(extras)}) as x(position int, group_id int, group_name text,
        multiple_selection boolean, garnish_id int, name text, price bigint, quantity int) on x.position = i.position
    ), d as (
      insert into order_discounts (order_id, name, type, value, amount, discount_reference_id,
        external_benefit_type, code)
      select o.id, x.name, x.type, x.value, x.amount, x.discount_reference_id, x.external_benefit_type, x.code
      from o, jsonb_to_recordset(${json(discounts)}) as x(name text, type text, value float8, amount bigint,
        discount_reference_id int, external_benefit_type text, code text)
    ), s as (
      insert into order_surcharges (order_id, name, type, value, amount, surcharge_reference_id)
      select o.id, x.name, x.type, x.value, x.amount, x.surcharge_reference_id
      from o, jsonb_to_recordset(${json(surcharges)}) as x(name text, type text, value float8, amount bigint,
        surcharge_reference_id int)
    ), p as (
      insert into order_payments (order_id, status, amount, payment_upload, provider, client_reference,
        created_at, updated_at)
      select o.id, 'PENDING', ${price.total}::bigint, ${order.paymentType.upload}, ${order.paymentType.providerName},
        ${clean(payload.paymentInfo?.paymentReferenceId)}, ${now}::timestamptz, ${now}::timestamptz
      from o
      returning id, order_id, amount
    ), ev as (
      -- the creations of the order and of its payment attempt, as the lifecycle engine records moves
      insert into status_events (entity, entity_id, order_id, from_status, to_status, actor, staff_id, amount, created_at)
      select 'ORDER', o.id, o.id, null, ${status}, ${w.enteredByStaffId ? 'STAFF' : 'DINER'},
        ${w.enteredByStaffId ?? null}::int, null, ${now}::timestamptz from o
      union all
      select 'PAYMENT', p.id, p.order_id, null, 'PENDING', ${w.enteredByStaffId ? 'STAFF' : 'DINER'},
        ${w.enteredByStaffId ?? null}::int, p.amount, ${now}::timestamptz from p
    ), u as (
      update discount_code_usages set order_id = o.id from o where discount_code_usages.id = ${w.heldUsageId}::int
    )${
      address
        ? sql`, ad as (
      insert into customer_addresses (customer_id, branch_id, street, number, details, between_streets, city,
        locality, postal_code, lat, lng, created_at, last_order_id)
      select o.customer_id, ${contact.branchId}::int, ${address.street}, ${clean(address.number)},
        ${clean(address.details)}, ${clean(address.betweenStreets)}, ${clean(address.city)}, ${clean(address.locality)},
        ${clean(payload.destination?.postalCode)}, ${address.lat ?? null}::float8, ${address.lng ?? null}::float8,
        ${now}::timestamptz, o.id
      from o
      on conflict (customer_id, branch_id, lower(street), lower(coalesce(number, '')), lower(coalesce(details, '')))
      do update set between_streets = excluded.between_streets, city = excluded.city, locality = excluded.locality,
        postal_code = excluded.postal_code, lat = excluded.lat, lng = excluded.lng,
        last_order_id = excluded.last_order_id
    )`
        : sql``
    }${
      w.loyalty
        ? sql`, b as (
      insert into loyalty_balances (customer_id, branch_id, balance)
      select o.customer_id, ${contact.branchId}::int, ${delta}::int from o
      on conflict (customer_id, branch_id) do update set balance = loyalty_balances.balance + excluded.balance
      returning balance
    ), l as (
      insert into loyalty_points_ledger (customer_id, branch_id, order_id, order_code, reason, amount,
        post_balance, created_at)
      select o.customer_id, ${contact.branchId}::int, o.id, ${code}, m.reason, m.amount, b.balance,
        ${now}::timestamptz
      from o, b, jsonb_to_recordset(${json(movements)}) as m(reason text, amount int)
    )`
        : sql``
    }
    select id from o`);
  const rows = Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows;
  const id = rows[0]?.id;
  if (id === undefined) throw new AppError('INTERNAL', 500, MESSAGES.orderPostFailed);
  return { id: Number(id), code, total: price.total, status };
}

/**
 * Creates the customer of a phone, or finds it; the upsert (a no-op update) keeps the row locked until the
 * transaction ends, so a diner's points and codes are spent one order at a time.
 */
async function lockCustomer(tx: Tx, phone: string): Promise<number> {
  const [row] = await tx
    .insert(t.customers)
    .values({ phone })
    .onConflictDoUpdate({ target: t.customers.phone, set: { phone } })
    .returning({ id: t.customers.id });
  if (!row) throw new AppError('INTERNAL', 500, MESSAGES.orderPostFailed);
  return row.id;
}

/** The customer's points at this branch as last committed (no lock): 0 for an unknown phone. */
async function currentBalance(db: Db, phone: string, branchId: number): Promise<number> {
  const [row] = await db
    .select({ balance: t.loyaltyBalances.balance })
    .from(t.loyaltyBalances)
    .innerJoin(t.customers, eq(t.customers.id, t.loyaltyBalances.customerId))
    .where(and(eq(t.customers.phone, phone), eq(t.loyaltyBalances.branchId, branchId)));
  return row?.balance ?? 0;
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
