import {
  deliveryFeeOf,
  deliveryZoneAt,
  fromMinor,
  LIMITED_CODE_HOLD_MS,
  MESSAGES,
  normalizePhone,
  onlinePaymentFlowOf,
} from '@comanda/core';
import {
  CodeValidationBodySchema,
  DeliveryFeeQuerySchema,
  IdParamSchema,
  OrderPayloadSchema,
} from '@comanda/core/contract';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { authenticateStaff, findDiner, STAFF_SESSION_COOKIE } from '../../platform/auth/index.ts';
import { CATALOG_CHANNEL, ReadCache, remember } from '../../platform/catalog-events.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { currencyDecimalsOf, findContact } from '../diner/queries.ts';
import { claimedBenefits } from '../external-benefits/grants.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { changeOrderStatus } from '../lifecycle/order-moves.ts';
import { publishOrderChange } from '../lifecycle/publish.ts';
import { linkAtPlacement } from '../payments/payment-link.ts';
import { ridersCanCarry } from '../rider/riders-on-shift.ts';
import { claimIdempotencyKey, releaseIdempotencyKey } from './idempotency.ts';
import { placedAnswer, placeOrder } from './place-order.ts';
import { loadPricingCatalog, type PricingCatalog } from './pricing-catalog.ts';
import { findDiscountCode } from './queries.ts';
import { codeOf, verifyOrder } from './verify-order.ts';

/** Catalogues are re-read at most this often (and at once after a catalogue change). */
const CATALOG_TTL_MS = 30_000;
/** Logged when a delivery-fee lookup comes without the diner's full address. */
export const FEE_LOOKUP_WITHOUT_ADDRESS = 'delivery fee lookup without fullAddress';
/** A limited-usage code is held this long after it is applied (storefront.md section 9). */

const IdempotencyKeySchema = z
  .string()
  .min(8, { error: 'La clave de idempotencia no es válida.' })
  .max(200, { error: 'La clave de idempotencia no es válida.' });

export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const catalogs = new ReadCache<Promise<PricingCatalog | null>>(CATALOG_TTL_MS);
  const stop = await app.deps.bus.subscribe(CATALOG_CHANNEL, () => catalogs.clear());
  app.addHook('onClose', stop);
  const catalogOf = (contactId: number, modeId: number) =>
    remember(catalogs, `${contactId}:${modeId}`, () => loadPricingCatalog(db, contactId, modeId));

  /** The order of an idempotency key, answered again instead of placing it twice. */
  async function replay(key: string) {
    const [row] = await db
      .select({
        id: t.orders.id,
        code: t.orders.code,
        total: t.orders.total,
        currency: t.orders.currency,
        contactId: t.orders.branchContactId,
      })
      .from(t.orders)
      .where(eq(t.orders.idempotencyKey, key));
    if (!row) return null;
    const [contact] = await db
      .select({ country: t.branchContacts.country })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.id, row.contactId));
    return placedAnswer(row, await currencyDecimalsOf(db, contact?.country ?? 'ar'));
  }

  /**
   * Staff take orders by phone through the storefront itself (the same pricing and checks): a signed-in
   * staff member of the order's branch is recorded as who entered it. Anyone else is a diner.
   */
  async function staffOfBranch(request: FastifyRequest, branchId: number, now: Date): Promise<number | null> {
    if (!request.cookies[STAFF_SESSION_COOKIE]) return null;
    const staff = await authenticateStaff(db, request, now).catch(() => null);
    return staff?.branchId === branchId ? staff.id : null;
  }

  /** A contact that accepts its orders by itself: the system accepts it at once, promising the mode's delay. */
  async function acceptByItself(orderId: number, preparationMinutes: number | null, now: Date) {
    try {
      await changeOrderStatus(
        { ...lifecycleDepsOf(app), now },
        { orderId, to: 'ACCEPTED', actor: 'SYSTEM', preparationMinutes },
      );
    } catch (error) {
      // the order is placed either way; the staff accept it by hand
      app.appLog.warn({ err: error, orderId }, 'auto-accept failed');
    }
  }

  app.post(
    '/api/order',
    { config: { rateLimit: { max: app.deps.orderRateLimit ?? 600, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const header = request.headers['idempotency-key'];
      const idempotencyKey = header === undefined ? null : parseInput(IdempotencyKeySchema, header);
      if (idempotencyKey) {
        const claim = await claimIdempotencyKey(
          db,
          idempotencyKey,
          request.body,
          app.deps.clock(),
          async (key) => (await replay(key)) !== null,
          app.serverInstance.id,
        );
        const previous = claim.kind === 'placed' ? await replay(idempotencyKey) : null;
        if (previous) return reply.status(200).send(previous);
      }
      try {
        return await placeFromRequest(request, reply, idempotencyKey);
      } catch (error) {
        if (idempotencyKey) {
          // two retries of one order raced: the loser answers what the winner stored
          const previous = await replay(idempotencyKey);
          if (previous) return reply.status(200).send(previous);
          // nothing was placed: the diner's retry may place it
          await releaseIdempotencyKey(db, idempotencyKey);
        }
        throw error;
      }
    },
  );

  async function placeFromRequest(
    request: FastifyRequest,
    reply: FastifyReply,
    idempotencyKey: string | null,
  ) {
    const payload = parseInput(OrderPayloadSchema, request.body);
    const catalog = await catalogOf(payload.branchContact.id, payload.orderModeId);
    if (!catalog) throw notFound('No encontramos este local o modo de pedido.');
    const now = app.deps.clock();
    const codeText = codeOf(payload);
    const code = codeText ? await findDiscountCode(db, catalog.contact.branchId, codeText, now) : null;
    const ridersOnShift = await ridersCanCarry(db, catalog.contact, catalog.mode.type);
    // a partner's benefit counts only as this server granted it to the order's member here
    const externalBenefits = await claimedBenefits(
      db,
      payload,
      { branchContactId: catalog.contact.id, orderModeType: catalog.mode.type },
      now,
    );
    const verified = verifyOrder(catalog, payload, {
      now,
      code: code?.rule ?? null,
      ridersOnShift,
      externalBenefits,
    });
    // an online payment needs the shop's own account: without one the order could never be paid
    if (
      onlinePaymentFlowOf(verified.paymentType, catalog.contact.acceptsOnlinePayment) &&
      !(await app.deps.payments.gateway.forBranch(catalog.contact.branchId))
    )
      throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 409, MESSAGES.paymentTypeUnavailable);
    // the diner who proved the order's phone (a typed phone is not proof); no cookie, no query
    const diner = await findDiner(db, request, now);
    const provedPhone = diner !== null && diner.phone === verified.phone;
    // points are spent only by that diner
    if (verified.redeemedPoints > 0 && !provedPhone)
      throw new AppError('LOYALTY_SIGN_IN_REQUIRED', 401, MESSAGES.loginRequired);
    const enteredByStaffId = await staffOfBranch(request, catalog.contact.branchId, now);
    const placed = await placeOrder(db, catalog, payload, verified, {
      now,
      idempotencyKey,
      enteredByStaffId,
      // only a signed-in diner's addresses are remembered (and offered to that diner alone)
      rememberAddress: provedPhone && !enteredByStaffId,
    });
    // an order paid online waits for its payment (PAY_NEEDED): accepted, if at all, once paid
    if (catalog.contact.autoAccept && placed.status !== 'PAY_NEEDED')
      await acceptByItself(placed.id, catalog.mode.maxDelayInMinutes, now);
    // the order is saved: a payment link the provider fails to make is offered again on the follow-up
    const paymentUrl =
      placed.status === 'PAY_NEEDED'
        ? await linkAtPlacement(app, placed.id, now).catch((error: unknown) => {
            app.appLog.error({ err: error, orderId: placed.id }, 'payment link at placement failed');
            return null;
          })
        : null;
    // the board hears of it after commit; the diner's answer does not wait for it
    void publishOrderChange({ db, bus: app.deps.bus, log: app.appLog, now }, placed.id, {
      followUp: false,
    });
    const answer = placedAnswer(placed, catalog.decimals);
    return reply.status(201).send(paymentUrl ? { data: { ...answer.data, paymentUrl } } : answer);
  }

  /**
   * Checks a code before the diner places the order and answers the code's info, whose conditions the
   * checkout evaluates with core as the cart changes. A limited-usage code is held for 180 s.
   */
  app.post(
    '/api/codediscounts/validate',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const body = parseInput(CodeValidationBodySchema, request.body);
      if (!body.paymentId) throw badRequest(MESSAGES.paymentMethodFirst);
      const catalog = await catalogOf(body.branchContactId, body.orderModeId);
      if (!catalog || catalog.contact.branchId !== body.branchId)
        throw notFound('No encontramos este local o modo de pedido.');
      if (!catalog.paymentTypes.some((p) => p.id === body.paymentId))
        throw badRequest(MESSAGES.paymentTypeUnavailable);
      const phone = normalizePhone(body.phone, catalog.contact.country);
      if (!phone) throw badRequest(MESSAGES.codeNeedsCustomerData);
      const now = app.deps.clock();
      const found = await findDiscountCode(db, body.branchId, body.code, now);
      if (!found) throw new AppError('DISCOUNT_CODE_NOT_FOUND', 404, MESSAGES.discountCodeNotFound);
      const { row, rule } = found;
      if (rule.firstTimeOnly) {
        const [previous] = await db
          .select({ n: count() })
          .from(t.orders)
          .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
          .where(and(eq(t.orders.phone, phone), eq(t.branchContacts.branchId, body.branchId)));
        if ((previous?.n ?? 0) > 0)
          throw new AppError('DISCOUNT_CODE_INVALID', 409, MESSAGES.codeFirstOrderOnly);
      }
      if (row.maxUses !== null && row.usesCount >= row.maxUses)
        throw new AppError('DISCOUNT_CODE_EXHAUSTED', 409, MESSAGES.codeUsageLimitReached);
      let expiresAt: Date | null = null;
      if (rule.limitedUsage) {
        expiresAt = new Date(now.getTime() + LIMITED_CODE_HOLD_MS);
        await db.transaction(async (tx) => {
          // the code's row lock makes concurrent applications take turns, so one hold per phone remains
          await tx
            .select({ id: t.discountCodes.id })
            .from(t.discountCodes)
            .where(eq(t.discountCodes.id, rule.id))
            .for('update');
          // one hold per phone and code: applying again restarts the 180 s
          await tx
            .update(t.discountCodeUsages)
            .set({ status: 'EXPIRED' })
            .where(
              and(
                eq(t.discountCodeUsages.discountCodeId, rule.id),
                eq(t.discountCodeUsages.phone, phone),
                eq(t.discountCodeUsages.status, 'RESERVED'),
              ),
            );
          await tx
            .insert(t.discountCodeUsages)
            .values({ discountCodeId: rule.id, phone, status: 'RESERVED', expiresAt, createdAt: now });
        });
      }
      const money = (minor: number | null) => (minor === null ? null : fromMinor(minor, catalog.decimals));
      return {
        id: rule.id,
        code: rule.code,
        type: rule.type,
        value: rule.type === 'FIXED' ? money(rule.value) : rule.value,
        minimumOrderAmount: money(rule.minimumOrderAmount),
        plate: rule.plate,
        maximumDiscount: money(rule.maximumDiscount),
        category: rule.categoryName,
        firstTimeOnly: rule.firstTimeOnly,
        freeDelivery: rule.type === 'FREE_DELIVERY' || rule.freeDelivery,
        limitedUsage: rule.limitedUsage,
        expiresAt: expiresAt?.toISOString() ?? null,
      };
    },
  );

  /** Delivery options of an address for a branch contact: zone, both fees, minimum and free-delivery threshold. */
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/branch/:id/deliveryzones/fee',
    async (request) => {
      const contactId = parseInput(IdParamSchema, request.params.id);
      const query = parseInput(DeliveryFeeQuerySchema, request.query);
      const contact = await findContact(db, { id: contactId });
      if (!contact) throw notFound('No encontramos este local.');
      // the spec's lookup warns when the diner has no full address (decision 021); the point still answers
      if (!query.fullAddress?.trim())
        app.appLog.warn({ branchContactId: contact.id, reqId: request.id }, FEE_LOOKUP_WITHOUT_ADDRESS);
      const [delivery] = await db
        .select({ id: t.orderModes.id })
        .from(t.orderModes)
        .where(
          and(
            eq(t.orderModes.branchContactId, contact.id),
            eq(t.orderModes.type, 'DELIVERY'),
            eq(t.orderModes.active, true),
          ),
        );
      const catalog = delivery ? await catalogOf(contact.id, delivery.id) : null;
      const zone = catalog ? deliveryZoneAt(catalog.zones, query, catalog.origin) : null;
      const money = (minor: number | null) =>
        minor === null ? null : fromMinor(minor, catalog?.decimals ?? 2);
      return {
        inArea: zone !== null,
        // the shop relies on its own riders and none is on shift: nobody could carry an order now
        providersFailed: zone !== null && !(await ridersCanCarry(db, contact, 'DELIVERY')),
        ownLogistic: contact.ownFleet,
        zoneName: zone?.name ?? null,
        deliveryFee: zone ? money(deliveryFeeOf(zone, { isCash: false, itemsPrice: 0 })) : null,
        cashFee: zone ? money(deliveryFeeOf(zone, { isCash: true, itemsPrice: 0 })) : null,
        acceptsCash: zone?.acceptsCash ?? false,
        minimumOrderPrice: zone ? money(zone.minimumOrder) : null,
        freeDeliveryFrom: zone ? money(zone.freeDeliveryFrom) : null,
        totalTiers: (zone?.totalTiers ?? []).map((tier) => ({
          fromTotal: money(tier.fromTotal) ?? 0,
          deliveryFee: money(tier.otherFee) ?? 0,
          cashFee: money(tier.cashFee) ?? 0,
        })),
      };
    },
  );
}
