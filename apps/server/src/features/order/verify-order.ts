import {
  type AdjustmentRule,
  type CartLine,
  type CartLineInput,
  checkoutErrors,
  cleanDocument,
  composeCheckout,
  type DeliveryZoneRule,
  type DiscountCodeRule,
  deliveryZoneAt,
  formatMoney,
  type GroupSelection,
  isOnlinePaymentAllowed,
  MESSAGES,
  normalizePhone,
  ONLINE_PAYMENT_TOO_FAR,
  type OrderPrice,
  onlinePaymentFlowOf,
  priceChangeMessage,
  repriceCart,
  scheduleSlotToDate,
  toMinor,
  validateGarnishes,
} from '@comanda/core';
import type { OrderItem, OrderPayload } from '@comanda/core/contract';
import { AppError } from '../../platform/errors.ts';
import { canOrderNowIn, scheduleOf } from '../order-modes/queries.ts';
import type { PricingCatalog } from './pricing-catalog.ts';

/** An order the server priced itself and found equal to what the diner was shown. */
export interface VerifiedOrder {
  lines: CartLine[];
  price: OrderPrice;
  phone: string;
  paymentType: PricingCatalog['paymentTypes'][number];
  isCash: boolean;
  /** What a cash payer hands over, minor units (null for other payments). */
  paysWith: number | null;
  zone: DeliveryZoneRule | null;
  scheduledAt: Date | null;
  redeemedPoints: number;
  code: DiscountCodeRule | null;
  document: string | null;
}

/** What the checks need from outside the payload: the clock and the code the payload names. */
export interface VerifyContext {
  now: Date;
  /** The branch's discount code named by the payload's code entry (null when unknown or inactive). */
  code: DiscountCodeRule | null;
  /**
   * One of the shop's own riders is on shift (issue 28); true when it does not rely on its own riders.
   * Absent: not asked (no delivery, or a caller that checks it elsewhere).
   */
  ridersOnShift?: boolean;
  /**
   * The partner's benefits the payload claims, as granted to its member here (external-benefits/grants.ts):
   * priced after the mode's general discounts, as the checkout priced them.
   */
  externalBenefits?: readonly AdjustmentRule[];
}

/** The payload's code entry, if any: the one discount entry carrying a code. */
export function codeOf(payload: OrderPayload): string | null {
  const entry = payload.discounts?.find((d) => d.code?.trim());
  return entry?.code?.trim().toUpperCase() ?? null;
}

/**
 * Rebuilds the order from the catalogue (prices, sizes, garnishes, menu discounts, fees, zone, code,
 * points) and compares every amount the diner was shown. Throws an AppError listing what is wrong;
 * checks that need the customer's row (balance, first order, code uses) run later, inside the transaction.
 */
export function verifyOrder(
  catalog: PricingCatalog,
  payload: OrderPayload,
  ctx: VerifyContext,
): VerifiedOrder {
  const { mode, contact, decimals } = catalog;
  const minor = (units: number | null | undefined) => toMinor(units ?? 0, decimals);
  const currency = { code: contact.currency, symbol: '$', decimals };
  const format = (amount: number) => formatMoney(amount, currency, { withDecimals: false });

  if (!mode.active)
    throw new AppError('ORDER_MODE_UNAVAILABLE', 409, 'Este modo de pedido no está disponible.');
  if (!mode.orderEnabled) throw new AppError('ORDERING_DISABLED', 409, MESSAGES.menuInformativeOnly);
  if (contact.commercialTermsBlocked || !contact.active)
    throw new AppError('BLOCKED', 403, 'Este local no está disponible en este momento.');
  if (payload.type !== mode.type)
    throw new AppError('ORDER_MODE_MISMATCH', 409, 'El tipo de pedido no corresponde al modo elegido.');

  const lines = repriceCart(
    payload.items.map((item) => lineInputOf(catalog, item)),
    catalog.menuDiscounts,
  );
  checkMaxUnits(catalog, lines);

  const paymentType = catalog.paymentTypes.find((p) => p.id === payload.paymentType.id);
  if (!paymentType) throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 409, MESSAGES.paymentTypeUnavailable);
  const isCash = paymentType.paymentMethod === 'CASH';

  const isDelivery = mode.type === 'DELIVERY';
  const destination = payload.destination ?? null;
  const point =
    destination && typeof destination.lat === 'number' && typeof destination.lng === 'number'
      ? { lat: destination.lat, lng: destination.lng }
      : null;
  const zone = isDelivery && point ? deliveryZoneAt(catalog.zones, point, catalog.origin) : null;
  const requestedCode = codeOf(payload);
  const redeemedPoints = payload.loyaltyInfo?.redeemedPoints ?? 0;
  const composition = composeCheckout({
    lines,
    generalDiscounts: ctx.externalBenefits?.length
      ? [...catalog.generalDiscounts, ...ctx.externalBenefits]
      : catalog.generalDiscounts,
    generalSurcharges: catalog.generalSurcharges,
    serviceFee: catalog.serviceFee,
    isDelivery,
    zone,
    isCash,
    code: requestedCode ? ctx.code : null,
    // the first-order condition needs the customer's history: checked in the transaction
    isFirstOrder: true,
    program: catalog.loyalty,
    redeemedPoints,
    // the balance is checked under the customer's lock; here every other limit
    balance: Number.MAX_SAFE_INTEGER,
    decimals,
    rounding: catalog.rounding,
    format,
  });
  const rawPhone = payload.phone.trim();
  const phone = rawPhone ? normalizePhone(rawPhone, contact.country) : null;
  const document = cleanDocument(payload.customerDocument ?? payload.document ?? '');
  const scheduled = payload.scheduled === true;
  const scheduledAt = scheduled ? parseInstant(payload.scheduledAt) : null;
  const errors = checkoutErrors({
    phone: rawPhone,
    isPhoneValid: phone !== null,
    customerName: payload.customerName,
    isTableMode: mode.type === 'TABLE',
    tableUid: payload.tableUid ?? '',
    isEmailMandatory: contact.mandatoryEmail,
    email: payload.customerEmail ?? '',
    document,
    isCash,
    paysWith: payload.paysWith === null || payload.paysWith === undefined ? null : minor(payload.paysWith),
    // against the price the diner was shown: a different price is reported as a mismatch below
    total: minor(payload.price),
    delivery: isDelivery
      ? {
          hasAddress: Boolean(destination?.street.trim()) && point !== null,
          isBetweenStreetsRequired: contact.betweenStreetsRequired,
          betweenStreets: destination?.betweenStreets ?? '',
          isInArea: zone !== null,
          acceptsCash: zone?.acceptsCash ?? true,
          // an order for later waits for a rider's shift; one for now needs a rider now
          hasRiders: ctx.ridersOnShift !== false || scheduled,
          minimumOrder: zone?.minimumOrder ?? 0,
          itemsPrice: composition.itemsPrice,
          format,
        }
      : null,
    schedule: {
      scheduled,
      // a closure today refuses an order for now; scheduleOf offers no slot on a closed date
      canOrderNow: canOrderNowIn(mode, catalog.nowDays, contact, ctx.now),
      isSlotAvailable: scheduledAt !== null && isOfferedSlot(catalog, scheduledAt, ctx.now),
    },
  });
  const notesLimit = catalog.orderNotesLimit;
  if (notesLimit !== null && (payload.notes ?? '').length > notesLimit)
    errors.push(`La nota del pedido no puede superar los ${notesLimit} caracteres.`);
  if (errors.length > 0) throw new AppError('CHECKOUT_INVALID', 400, errors[0] as string, errors);
  // an online payment only for an order due within the allowed hours (decision 021)
  if (
    onlinePaymentFlowOf(paymentType, contact.acceptsOnlinePayment) &&
    !isOnlinePaymentAllowed(scheduledAt, ctx.now)
  )
    throw new AppError('PAYMENT_TYPE_UNAVAILABLE', 409, ONLINE_PAYMENT_TOO_FAR);

  // the diner's data first: a code or points are judged only on an order that could be placed
  if (requestedCode && (!ctx.code || ctx.code.code.toUpperCase() !== requestedCode))
    throw new AppError('DISCOUNT_CODE_INVALID', 409, MESSAGES.discountCodeNotFound);
  if (composition.codeProblem) throw new AppError('DISCOUNT_CODE_INVALID', 409, composition.codeProblem);
  if (composition.pointsProblem) throw new AppError('LOYALTY_INVALID', 409, composition.pointsProblem);
  const { price, appliedCode: code } = composition;

  const mismatches = compareAmounts(payload, lines, price, minor);
  if (mismatches.length > 0) {
    // the lines whose price changed, named with their new price (the cart is priced again after)
    const changed = lines.filter((_line, i) => mismatches.some((m) => m.field === `items.${i}.price`));
    const message = priceChangeMessage(
      changed.map((line) => ({ name: line.name, quantity: line.quantity, price: format(line.price) })),
    );
    throw new AppError('PRICE_MISMATCH', 409, message, mismatches);
  }

  return {
    lines,
    price,
    phone: phone as string,
    paymentType,
    isCash,
    paysWith: isCash && payload.paysWith != null ? minor(payload.paysWith) : null,
    zone,
    scheduledAt,
    redeemedPoints,
    code,
    document: document || null,
  };
}

/** A payload line as a cart line input, every price taken from the catalogue. */
function lineInputOf(catalog: PricingCatalog, item: OrderItem): CartLineInput {
  const plate = catalog.plates.get(item.referenceId);
  if (!plate) throw new AppError('ITEM_UNAVAILABLE', 409, MESSAGES.itemUnavailable(item.name));
  let basePrice = plate.price;
  let sizeName: string | null = null;
  if (plate.sizes.size > 0) {
    const size = item.sizeId ? plate.sizes.get(item.sizeId) : undefined;
    if (!size) throw new AppError('ITEM_UNAVAILABLE', 409, MESSAGES.itemUnavailable(item.name));
    basePrice = size.price;
    sizeName = size.name;
  } else if (item.sizeId) {
    throw new AppError('ITEM_UNAVAILABLE', 409, MESSAGES.itemUnavailable(item.name));
  }
  const selections: Record<number, GroupSelection> = {};
  for (const group of item.extras ?? []) {
    const selection: Record<number, number> = { ...(selections[group.groupId] ?? {}) };
    for (const garnish of group.groupItems) {
      selection[garnish.referenceId] = (selection[garnish.referenceId] ?? 0) + garnish.quantity;
    }
    selections[group.groupId] = selection;
  }
  if (validateGarnishes(plate.groups, selections))
    throw new AppError('GARNISHES_INVALID', 409, MESSAGES.garnishCountInvalid, [{ item: item.name }]);
  const notes = (item.notes ?? '').trim();
  if (catalog.itemNotesLimit !== null && notes.length > catalog.itemNotesLimit)
    throw new AppError(
      'CHECKOUT_INVALID',
      400,
      `La nota de ${plate.name} no puede superar los ${catalog.itemNotesLimit} caracteres.`,
    );
  return {
    referenceId: plate.id,
    // the catalogue's name, not the client's: the business reads it on the order
    name: plate.name,
    notes,
    quantity: item.quantity,
    sizeId: plate.sizes.size > 0 ? (item.sizeId ?? null) : null,
    sizeName,
    basePrice,
    categoryId: plate.categoryId,
    categoryShowName: plate.categoryShowName,
    source: item.source === 'UPSOLD' || item.upsell ? 'UPSOLD' : 'PLATE',
    upsell: item.upsell === true,
    maxQuantity: plate.maxQuantity,
    extras: plate.groups
      .filter((g) => selections[g.id])
      .map((g) => ({
        groupId: g.id,
        groupName: g.name,
        min: g.minGarnishAmount,
        max: g.maxGarnishAmount,
        multipleSelection: g.multipleSelection,
        groupItems: g.garnishes
          .filter((x) => (selections[g.id]?.[x.id] ?? 0) > 0)
          .map((x) => ({
            referenceId: x.id,
            referenceType: 'GARNISH' as const,
            name: x.name,
            price: x.price,
            quantity: selections[g.id]?.[x.id] ?? 0,
          })),
      })),
  };
}

function checkMaxUnits(catalog: PricingCatalog, lines: readonly CartLine[]): void {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.referenceId, (units.get(line.referenceId) ?? 0) + line.quantity);
  for (const [plateId, count] of units) {
    const max = catalog.plates.get(plateId)?.maxQuantity ?? null;
    if (max !== null && count > max) throw new AppError('MAX_UNITS', 409, MESSAGES.maxUnits(max));
  }
}

function parseInstant(text: string | null | undefined): Date | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The offered slots of a catalogue's mode as instants, computed once a minute (time-zone maths is costly). */
const offeredSlots = new WeakMap<PricingCatalog, { minute: number; instants: Set<number> }>();

/** Whether a scheduled instant is one of the slots the schedule endpoint offers now. */
function isOfferedSlot(catalog: PricingCatalog, at: Date, now: Date): boolean {
  const minute = Math.floor(now.getTime() / 60_000);
  let memo = offeredSlots.get(catalog);
  if (!memo || memo.minute !== minute) {
    const { schedulerDaysInfo } = scheduleOf(catalog.mode, catalog.scheduledDays, catalog.contact, now);
    const instants = new Set<number>();
    for (const day of schedulerDaysInfo)
      for (const hour of day.availableHours) {
        const instant = scheduleSlotToDate(day.date, hour, catalog.contact.timeZone);
        if (instant) instants.add(instant.getTime());
      }
    memo = { minute, instants };
    offeredSlots.set(catalog, memo);
  }
  return memo.instants.has(at.getTime());
}

interface Mismatch {
  field: string;
  expected: number;
  received: number;
}

/** Every amount of the payload against the server's own computation (currency units in the answer). */
function compareAmounts(
  payload: OrderPayload,
  lines: readonly CartLine[],
  price: OrderPrice,
  minor: (units: number | null | undefined) => number,
): Mismatch[] {
  const out: Mismatch[] = [];
  const decimalsFactor = minor(1);
  const check = (field: string, expected: number, received: number) => {
    // exact, in minor units: the client prices with the same core
    if (expected !== received)
      out.push({ field, expected: expected / decimalsFactor, received: received / decimalsFactor });
  };
  payload.items.forEach((item, i) => {
    const line = lines[i] as CartLine;
    check(`items.${i}.price`, line.price, minor(item.price));
    if (item.originalPrice !== undefined)
      check(`items.${i}.originalPrice`, line.originalPrice, minor(item.originalPrice));
  });
  check('price', price.total, minor(payload.price));
  check('userServiceFee', price.userServiceFee, minor(payload.userServiceFee));
  check('deliveryFee', price.deliveryFee, minor(payload.deliveryFee));
  const claimedDiscounts = payload.discounts ?? [];
  price.discounts.forEach((d) => {
    // a code by its text, a partner's benefit by its grant, a general discount by its id
    const claimed = claimedDiscounts.find((c) =>
      d.code
        ? c.code?.trim().toUpperCase() === d.code.toUpperCase()
        : !c.code &&
          Boolean(c.externalBenefitType?.trim()) === Boolean(d.externalBenefitType) &&
          c.discountReferenceId === d.referenceId,
    );
    const field = d.code ?? (d.externalBenefitType ? `benefit.${d.referenceId}` : d.referenceId);
    check(`discounts.${field}`, d.amount, claimed ? minor(claimed.amount) : 0);
  });
  // an entry the server does not grant (a count, not an amount)
  if (claimedDiscounts.length > price.discounts.length)
    out.push({
      field: 'discounts.length',
      expected: price.discounts.length,
      received: claimedDiscounts.length,
    });
  const claimedSurcharges = payload.surcharges ?? [];
  price.surcharges.forEach((s) => {
    const claimed = claimedSurcharges.find((c) => c.surchargeReferenceId === s.referenceId);
    check(`surcharges.${s.referenceId}`, s.amount, claimed ? minor(claimed.amount) : 0);
  });
  if (claimedSurcharges.length > price.surcharges.length)
    out.push({
      field: 'surcharges.length',
      expected: price.surcharges.length,
      received: claimedSurcharges.length,
    });
  const paid = payload.paymentInfo?.amount;
  if (paid !== null && paid !== undefined) check('paymentInfo.amount', price.total, minor(paid));
  return out;
}
