import { MESSAGES } from '@comanda/core';
import type { BranchContact, OrderMode, PaymentType } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  type CheckoutFields,
  checkoutErrorsOf,
  choosablePaymentTypes,
  parseAmount,
  paymentFlowOf,
} from './use-checkout.ts';

describe('parseAmount', () => {
  it('reads amounts as Argentine diners type them, dot for thousands and comma for decimals', () => {
    expect(parseAmount('20000', 2)).toBe(2_000_000);
    expect(parseAmount('20.000', 2)).toBe(2_000_000);
    expect(parseAmount('20.000,50', 2)).toBe(2_000_050);
    expect(parseAmount(' 4500 ', 0)).toBe(4500);
  });

  it('reads nothing from an empty or non-numeric text', () => {
    expect(parseAmount('', 2)).toBeNull();
    expect(parseAmount('   ', 2)).toBeNull();
    expect(parseAmount('abc', 2)).toBeNull();
    expect(parseAmount('-5', 2)).toBeNull();
  });
});

const payment = (id: number, paymentMethod: string, extra: Partial<PaymentType> = {}): PaymentType => ({
  id,
  showName: paymentMethod,
  paymentMethod,
  active: true,
  upload: 'APP',
  onlinePayment: null,
  bankTransfer: null,
  ...extra,
});

describe('choosablePaymentTypes', () => {
  const mode = {
    paymentTypes: [
      payment(1, 'CASH'),
      payment(2, 'CARD', {
        upload: 'API',
        onlinePayment: { paymentMethod: 'ENABLED', providerName: 'SANDBOX' },
      }),
      payment(3, 'TRANSFER'),
      payment(4, 'OTHER', { active: false }),
      payment(5, 'CARD', { onlinePayment: { paymentMethod: 'DISABLED', providerName: 'SANDBOX' } }),
      payment(6, 'PAYMENT_LINK'),
    ],
  } as OrderMode;

  it('offers the online card where the contact accepts online payments, cash only where allowed', () => {
    expect(choosablePaymentTypes(mode, true, true).map((p) => p.id)).toEqual([1, 2, 3, 6]);
    expect(choosablePaymentTypes(mode, false, true).map((p) => p.id)).toEqual([2, 3, 6]);
  });

  it('hides an online type that is DISABLED, and every online card where online payments are not taken', () => {
    expect(choosablePaymentTypes(mode, true, false).map((p) => p.id)).toEqual([1, 3, 6]);
  });
});

describe('paymentFlowOf', () => {
  it('pays an enabled card with the card form and a payment link on the hosted page', () => {
    const card = payment(2, 'CARD', { onlinePayment: { paymentMethod: 'ENABLED', providerName: 'SANDBOX' } });
    expect(paymentFlowOf(card, true)).toBe('CARD');
    expect(paymentFlowOf(card, false)).toBeNull();
    expect(paymentFlowOf(payment(6, 'PAYMENT_LINK'), true)).toBe('LINK');
    expect(paymentFlowOf(payment(1, 'CASH'), true)).toBeNull();
  });
});

describe('checkoutErrorsOf', () => {
  const contact = {
    mandatoryEmail: false,
    deliveryConfig: { betweenStreetsRequired: true },
  } as BranchContact;
  const delivery = { type: 'DELIVERY' } as OrderMode;
  const address = {
    street: 'Charcas 3641',
    betweenStreets: 'Bulnes y Vidt',
    details: '',
    city: 'Buenos Aires',
    province: 'Ciudad Autónoma de Buenos Aires',
    postalCode: 'C1425',
    lat: -34.588,
    lng: -58.41,
  };
  const fields: CheckoutFields = {
    name: 'Marta Gómez',
    phoneCountry: 'ar',
    phone: '11 15 5555 0199',
    email: '',
    document: '',
    tableUid: '',
    notes: '',
    paysWith: '',
    address,
    scheduled: false,
    day: null,
    hour: null,
    paymentTypeId: 1,
  };
  const zone = {
    id: 0,
    name: 'Palermo',
    polygon: [],
    cashFee: 150_000,
    otherFee: 150_000,
    minimumOrder: 800_000,
    freeDeliveryFrom: null,
    acceptsCash: true,
    priority: 0,
  };
  const base = {
    contact,
    mode: delivery,
    fields,
    isPhoneValid: true,
    isCash: false,
    paysWith: null,
    total: 1_557_000,
    zone,
    ridersFailed: false,
    itemsPrice: 1_350_000,
    schedule: { scheduled: false, canOrderNow: true, isSlotAvailable: false },
    format: (minor: number) => `$${minor / 100}`,
  };
  type Input = Parameters<typeof checkoutErrorsOf>[0];
  const errorsOf = (patch: Partial<Input>, fieldsPatch: Partial<CheckoutFields> = {}) =>
    checkoutErrorsOf({ ...base, ...patch, fields: { ...fields, ...fieldsPatch } });

  it('lets a complete delivery through', () => {
    expect(errorsOf({})).toEqual([]);
  });

  it('says no rider can carry it now, but takes it for later (issue 28)', () => {
    const noRiders = 'En este momento no contamos con repartidores en la zona. Vuelva a intentar más tarde';
    expect(errorsOf({ ridersFailed: true }).map((problem) => problem.message)).toEqual([noRiders]);
    expect(
      errorsOf({
        ridersFailed: true,
        schedule: { scheduled: true, canOrderNow: true, isSlotAvailable: true },
      }),
    ).toEqual([]);
  });

  it('tags each failing check with the field the screen marks, keeping the spec’s message', () => {
    expect(errorsOf({}, { name: ' ' })).toEqual([{ field: 'name', message: MESSAGES.nameRequired }]);
    expect(errorsOf({}, { phone: '' })).toEqual([{ field: 'phone', message: MESSAGES.phoneRequired }]);
    expect(errorsOf({ isPhoneValid: false })).toEqual([{ field: 'phone', message: MESSAGES.phoneInvalid }]);
    expect(errorsOf({}, { document: '123' })).toEqual([
      { field: 'document', message: MESSAGES.documentInvalid },
    ]);
    expect(errorsOf({ contact: { ...contact, mandatoryEmail: true } })).toEqual([
      { field: 'email', message: MESSAGES.emailRequired },
    ]);
    expect(errorsOf({ mode: { type: 'TABLE' } as OrderMode })).toEqual([
      { field: 'table', message: MESSAGES.tableRequired },
    ]);
    expect(errorsOf({ isCash: true })).toEqual([{ field: 'paysWith', message: MESSAGES.paysWithRequired }]);
    expect(errorsOf({ isCash: true, paysWith: 100 })).toEqual([
      { field: 'paysWith', message: MESSAGES.paysWithBelowPrice },
    ]);
    expect(errorsOf({ schedule: { scheduled: true, canOrderNow: true, isSlotAvailable: false } })).toEqual([
      { field: 'schedule', message: MESSAGES.scheduleRequired },
    ]);
  });

  it('puts the delivery’s address checks on the address, and cash without cash riders on the payment', () => {
    expect(errorsOf({}, { address: null })).toEqual([
      { field: 'address', message: MESSAGES.addressRequired },
    ]);
    expect(errorsOf({}, { address: { ...address, betweenStreets: ' ' } })).toEqual([
      { field: 'address', message: MESSAGES.betweenStreetsRequired },
    ]);
    expect(errorsOf({ zone: null })).toEqual([
      { field: 'address', message: MESSAGES.addressOutsideDeliveryZone },
    ]);
    expect(errorsOf({ itemsPrice: 500_000 })).toEqual([
      { field: 'address', message: MESSAGES.minimumOrder('$8000') },
    ]);
    expect(errorsOf({ isCash: true, paysWith: 2_000_000, zone: { ...zone, acceptsCash: false } })).toEqual([
      { field: 'payment', message: MESSAGES.noCashRidersInZone },
    ]);
  });

  it('asks no address of a take-away, and lists every problem in the spec’s order', () => {
    expect(errorsOf({ mode: { type: 'TAKE_AWAY' } as OrderMode }, { address: null })).toEqual([]);
    expect(errorsOf({ isCash: true }, { name: '', address: null }).map((e) => e.field)).toEqual([
      'name',
      'paysWith',
      'address',
    ]);
  });
});
