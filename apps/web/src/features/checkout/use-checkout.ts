/**
 * The checkout's state and everything derived from it: the diner's data, the address and its zone, the
 * schedule, the payment type, an applied code and points, and the price, computed by core exactly as
 * the server will recompute it on placement.
 */
import {
  adjustmentRulesOf,
  type CartLine,
  type CheckoutInput,
  type CheckoutProblem,
  checkoutProblems,
  cleanDocument,
  composeCheckout,
  type DeliveryZoneRule,
  type DiscountCodeRule,
  defaultPhoneCountry,
  deliveryZoneOfOptions,
  moneyRoundingOf,
  type OnlinePaymentFlow,
  onlinePaymentFlowOf,
  type PhoneCountry,
  programForContact,
  toMinor,
} from '@comanda/core';
import type {
  BranchContact,
  LoyaltyProgram,
  LoyaltyProgramAnswer,
  OrderMode,
  PaymentType,
} from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCurrency, useFormatMinor } from '../../ui/money.tsx';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { getStoredCustomer } from '../entry-links/stored-customer.ts';
import { externalBenefitsQuery, getExternalUser } from '../external-benefits/external-user.ts';
import { checkoutQueries } from './checkout-queries.ts';
import { usePhoneCheck } from './phone-check.ts';
import { useSlotToDate } from './slot-instant.ts';

/**
 * The address the diner gave in the address modal; lat/lng place it in a delivery zone. `street` is the
 * modal's one line, street and house number (the order's destination splits them); the rest are the
 * spec's place details: the picked place's whole text and country, whether it was found (a suggestion or
 * the device's location) rather than typed, and whether it is the one this device remembered.
 */
export interface CheckoutAddress {
  street: string;
  betweenStreets: string;
  details: string;
  city: string;
  province: string;
  postalCode: string;
  lat: number;
  lng: number;
  /** The house number the picked place gave, when it has one. */
  number?: string;
  fullAddress?: string;
  country?: string;
  geocoded?: boolean;
  fromLocalStorage?: boolean;
}

export interface CheckoutFields {
  name: string;
  phoneCountry: PhoneCountry;
  phone: string;
  email: string;
  document: string;
  tableUid: string;
  notes: string;
  /** What a cash payer hands over, as typed. */
  paysWith: string;
  address: CheckoutAddress | null;
  /** 'Programado' chosen (forced when the mode cannot take orders now). */
  scheduled: boolean;
  day: string | null;
  hour: string | null;
  paymentTypeId: number | null;
}

/** The spec's phone input debounce. */
const PHONE_DEBOUNCE_MS = 500;

/**
 * The checkout's first state: the link's parameters first, then what the diner typed in this tab
 * before (checkout-draft.ts: a reload or back and forward keep it), then the stored customer data.
 */
export function initialFields(
  contact: BranchContact,
  search: string,
  cartPaymentTypeId: number | null,
  draft: Partial<Omit<CheckoutFields, 'paymentTypeId'>> = {},
): CheckoutFields {
  const params = new URLSearchParams(search);
  const stored = getStoredCustomer();
  return {
    name: stored.customerName,
    phoneCountry: defaultPhoneCountry(contact.country),
    phone: stored.customerPhone,
    email: stored.customerEmail,
    document: '',
    tableUid: '',
    notes: '',
    paysWith: '',
    address: null,
    scheduled: false,
    day: null,
    hour: null,
    ...draft,
    ...linkFields(params),
    paymentTypeId: cartPaymentTypeId,
  };
}

/** What the link brings (a staff member's or a campaign's): it wins over a draft and the stored data. */
function linkFields(params: URLSearchParams): Partial<CheckoutFields> {
  const given = { name: 'customerName', phone: 'phone', tableUid: 'tableNumber' };
  return Object.fromEntries(
    Object.entries(given).flatMap(([field, param]) => {
      const value = params.get(param);
      return value === null ? [] : [[field, value]];
    }),
  );
}

/** Whether the contact takes online payments (the server refuses the payment call otherwise too). */
export function contactAcceptsOnlinePayment(contact: BranchContact): boolean {
  return contact.acceptsOnlinePayment;
}

/** How the type is paid online (core's rule, the server's at placement): card form, link, or not online. */
export function paymentFlowOf(type: PaymentType, acceptsOnlinePayment: boolean): OnlinePaymentFlow | null {
  return onlinePaymentFlowOf(
    { paymentMethod: type.paymentMethod, onlinePaymentMethod: type.onlinePayment?.paymentMethod ?? null },
    acceptsOnlinePayment,
  );
}

/**
 * Payment types the diner may choose: active ones, cash only where allowed, and an online type only when
 * it is paid online here (the spec hides it when DISABLED; a contact without online payments hides it too).
 */
export function choosablePaymentTypes(
  mode: OrderMode,
  cashAllowed: boolean,
  acceptsOnlinePayment: boolean,
): PaymentType[] {
  return mode.paymentTypes.filter(
    (p) =>
      p.active &&
      (p.paymentMethod !== 'CASH' || cashAllowed) &&
      (p.onlinePayment === null || paymentFlowOf(p, acceptsOnlinePayment) !== null),
  );
}

export interface AppliedCode {
  rule: DiscountCodeRule;
  /** Epoch ms when a limited-usage code's hold ends, else null. */
  expiresAt: number | null;
}

interface UseCheckoutInput {
  contact: BranchContact;
  mode: OrderMode;
  lines: CartLine[];
  fields: CheckoutFields;
  code: AppliedCode | null;
  redeemedPoints: number;
}

export function useCheckout({ contact, mode, lines, fields, code, redeemedPoints }: UseCheckoutInput) {
  const currency = useCurrency();
  const { decimals } = currency;
  const formatMinor = useFormatMinor();
  const isDelivery = mode.type === 'DELIVERY';

  const fees = useQuery(checkoutQueries.fees(mode.id));
  const discounts = useQuery(checkoutQueries.generalDiscounts(mode.id));
  const surcharges = useQuery(checkoutQueries.generalSurcharges(mode.id));
  const schedule = useQuery(checkoutQueries.schedule(mode.id));
  const loyalty = useQuery(checkoutQueries.loyaltyProgram(contact.branch.id));
  // a partner's member: its benefits are priced as general discounts after the mode's own
  const benefits = useQuery(externalBenefitsQuery(contact.branch.id, contact.id, mode.type));

  // core's phone check loads once there is a phone to check (phone-check.ts): until then (a moment
  // after a phone is typed) the phone is neither valid nor invalid, and placing the order waits
  const hasPhone = fields.phone.trim() !== '';
  const normalizePhone = usePhoneCheck(hasPhone);
  const phoneChecking = hasPhone && normalizePhone === null;
  const phone = normalizePhone ? normalizePhone(fields.phone, fields.phoneCountry) : null;
  const lookupPhone = useDebouncedValue(phone, PHONE_DEBOUNCE_MS);
  const customer = useQuery({
    ...checkoutQueries.orderingCustomer(lookupPhone ?? '', contact.branch.id),
    enabled: lookupPhone !== null,
  });

  const address = fields.address;
  const deliveryOptions = useQuery({
    ...checkoutQueries.deliveryOptions(contact.id, {
      lat: address?.lat ?? 0,
      lng: address?.lng ?? 0,
      fullAddress: address?.street ?? '',
      city: address?.city ?? '',
      // the spec's lookup carries the diner's phone too (not part of the cache key: the answer is the address's)
      phone: phone ?? '',
    }),
    enabled: isDelivery && address !== null,
  });
  const zone = deliveryOptions.data ? deliveryZoneOfOptions(deliveryOptions.data, decimals) : null;

  // cash is offered on delivery only where the zone's riders take it (and until an address says otherwise)
  const cashAllowed = !isDelivery || !zone || zone.acceptsCash;
  const acceptsOnlinePayment = contactAcceptsOnlinePayment(contact);
  const paymentTypes = choosablePaymentTypes(mode, cashAllowed, acceptsOnlinePayment);
  // the diner's choice, else the first offered (without cash, the first non-cash one: spec section 4)
  const paymentType = paymentTypes.find((p) => p.id === fields.paymentTypeId) ?? paymentTypes[0] ?? null;
  const paymentFlow = paymentType ? paymentFlowOf(paymentType, acceptsOnlinePayment) : null;
  const isCash = paymentType?.paymentMethod === 'CASH';

  const generalDiscounts = useMemo(
    () => adjustmentRulesOf([...(discounts.data ?? []), ...(benefits.data ?? [])], decimals),
    [discounts.data, benefits.data, decimals],
  );
  const generalSurcharges = useMemo(
    () => adjustmentRulesOf(surcharges.data ?? [], decimals),
    [surcharges.data, decimals],
  );
  const program = programForContact(loyaltyProgramOf(loyalty.data), contact.id);
  const balance = phone && customer.data && lookupPhone === phone ? customer.data.loyaltyPointsBalance : 0;

  // core's composition, the same the server re-verifies on placement: a code whose conditions stopped
  // holding (the cart or the address changed) or points the order no longer allows are left out
  const compositionInput: CheckoutInput = {
    lines,
    generalDiscounts,
    generalSurcharges,
    serviceFee: fees.data
      ? { userFee: toMinor(fees.data.userFee, decimals), percentageUserFee: fees.data.percentageUserFee }
      : null,
    isDelivery,
    zone,
    isCash,
    code: code?.rule ?? null,
    isFirstOrder: true,
    program,
    redeemedPoints,
    balance,
    decimals,
    // whole pesos where the currency shows no cents, rounded as the shop chose: as the server computes it
    rounding: moneyRoundingOf(currency.code, decimals, contact.branch.generalConfig),
    format: (minor) => formatMinor(minor, { withDecimals: false }),
  };
  const composition = composeCheckout(compositionInput);
  const { price, itemsPrice, appliedCode, codeProblem, pointsProblem, pointValue } = composition;

  const canOrderNow = mode.nowEnabled && mode.openNow;
  const slots = schedule.data?.schedulerDaysInfo ?? [];
  const canSchedule = mode.useSchedule && slots.length > 0;
  const onlyScheduled = !canOrderNow && canSchedule;
  const scheduled = onlyScheduled || (fields.scheduled && canSchedule);
  // the first day and its first slot by default; a time the day does not offer moves to its first slot
  const slotDay = slots.find((d) => d.date === fields.day) ?? slots[0] ?? null;
  const slotHour =
    slotDay && fields.hour && slotDay.availableHours.includes(fields.hour)
      ? fields.hour
      : (slotDay?.availableHours[0] ?? null);
  // the slot's instant needs the time-zone rules, downloaded once the mode can be scheduled
  // (slot-instant.ts): until they arrive the slot is not judged, and placing the order waits
  const slotToDate = useSlotToDate(canSchedule);
  const slotChecking = scheduled && slotToDate === null;
  const scheduledAt =
    scheduled && slotDay && slotHour && schedule.data && slotToDate
      ? (slotToDate(slotDay.date, slotHour, schedule.data.timeZone)?.toISOString() ?? null)
      : null;

  const paysWith = parseAmount(fields.paysWith, decimals);
  const errors = checkoutErrorsOf({
    contact,
    mode,
    fields,
    isPhoneValid: phone !== null,
    isCash,
    paysWith,
    total: price.total,
    zone,
    ridersFailed: deliveryOptions.data?.providersFailed === true,
    lookupFailed: deliveryOptions.isError,
    itemsPrice,
    schedule: { scheduled, canOrderNow, isSlotAvailable: scheduledAt !== null || slotChecking },
    format: (minor) => formatMinor(minor, { withDecimals: false }),
  });

  // answers still on their way: the spec's waiting messages come before any other
  const pending =
    fees.isPending ||
    discounts.isPending ||
    surcharges.isPending ||
    loyalty.isPending ||
    benefits.isLoading ||
    phoneChecking ||
    slotChecking
      ? 'loading'
      : isDelivery && address && deliveryOptions.isPending
        ? 'deliveryFee'
        : schedule.isPending && !canOrderNow
          ? 'schedule'
          : null;

  return {
    /** A partner's member is ordering: what was applied stays whatever the diner changes. */
    externalUser: getExternalUser() !== null,
    phone,
    /** The phone once it stopped changing for the spec's phone debounce. */
    lookupPhone,
    /** The phone check is still downloading: the phone is not judged yet. */
    phoneChecking,
    /** The scheduled slot's time-zone rules are still downloading: the slot is not judged yet. */
    slotChecking,
    customer: lookupPhone === phone ? customer.data : undefined,
    zone,
    deliveryOptions,
    paymentTypes,
    paymentType,
    paymentFlow,
    isCash,
    price,
    itemsPrice,
    appliedCode,
    codeProblem,
    pointsProblem,
    pointValue,
    /** Why a code the diner is applying cannot be used on this order, as placement would judge it. */
    codeProblemOf: (rule: DiscountCodeRule) =>
      composeCheckout({ ...compositionInput, code: rule }).codeProblem,
    program,
    balance,
    schedule,
    canOrderNow,
    canSchedule,
    onlyScheduled,
    scheduled,
    scheduledAt,
    slotDay,
    slotHour,
    paysWith,
    /** Every failing check with the field it concerns; the first is the toast. */
    errors,
    pending,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;

interface ErrorsInput {
  contact: BranchContact;
  mode: OrderMode;
  fields: CheckoutFields;
  isPhoneValid: boolean;
  isCash: boolean;
  paysWith: number | null;
  total: number;
  /** The zone serving the address (null: none yet, or out of area). */
  zone: DeliveryZoneRule | null;
  /** the fee lookup found no rider to carry an order now (its `providersFailed`) */
  ridersFailed: boolean;
  /** the fee lookup itself failed */
  lookupFailed?: boolean;
  itemsPrice: number;
  schedule: { scheduled: boolean; canOrderNow: boolean; isSlotAvailable: boolean };
  format: (minor: number) => string;
}

/** Core's checkout checks on the checkout's state: each failing one with the field the screen marks. */
export function checkoutErrorsOf(input: ErrorsInput): CheckoutProblem[] {
  const { fields, zone } = input;
  const address = fields.address;
  return checkoutProblems({
    phone: fields.phone,
    isPhoneValid: input.isPhoneValid,
    customerName: fields.name,
    isTableMode: input.mode.type === 'TABLE',
    tableUid: fields.tableUid,
    isEmailMandatory: input.contact.mandatoryEmail,
    email: fields.email,
    document: cleanDocument(fields.document),
    isCash: input.isCash,
    paysWith: input.paysWith,
    total: input.total,
    delivery:
      input.mode.type === 'DELIVERY'
        ? {
            hasAddress: address !== null,
            isBetweenStreetsRequired: input.contact.deliveryConfig.betweenStreetsRequired,
            betweenStreets: address?.betweenStreets ?? '',
            isInArea: zone !== null,
            acceptsCash: zone?.acceptsCash ?? true,
            hasRiders: !input.ridersFailed || input.schedule.scheduled,
            lookupFailed: input.lookupFailed === true,
            minimumOrder: zone?.minimumOrder ?? 0,
            itemsPrice: input.itemsPrice,
            format: input.format,
          }
        : null,
    schedule: input.schedule,
  });
}

/** The API answers {} when the branch has no programme. */
function loyaltyProgramOf(answer: LoyaltyProgramAnswer | undefined): LoyaltyProgram | null {
  return answer && 'active' in answer ? (answer as LoyaltyProgram) : null;
}

/** A typed amount ('20000', '20.000', '20000,50') in minor units, or null when empty or not a number. */
export function parseAmount(text: string, decimals: number): number | null {
  const cleaned = text.trim().replace(/\./g, '').replace(',', '.');
  if (!cleaned) return null;
  const value = Number(cleaned);
  return Number.isFinite(value) && value >= 0 ? toMinor(value, decimals) : null;
}
