import { MESSAGES, PAYMENT_MESSAGES } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { isAwaitingPayment, paymentNoticeOf, payOptionOf } from './pay-order.ts';

type Payable = Pick<FollowUpOrder, 'status' | 'canPayOnline' | 'paymentInfo' | 'branchContact'>;
const contact = (
  cardPayment: FollowUpOrder['branchContact']['cardPayment'],
): FollowUpOrder['branchContact'] => ({
  id: 1,
  alias: 'donmateo-palermo',
  name: 'Don Mateo Palermo',
  address: 'Av. Santa Fe 3253',
  whatsAppPhone: null,
  supportChat: null,
  logoUrl: null,
  country: 'ar',
  timeZone: 'America/Argentina/Buenos_Aires',
  cardPayment,
});
const order = (patch: Partial<Payable>): Payable => ({
  status: 'PAY_NEEDED',
  canPayOnline: false,
  paymentInfo: null,
  branchContact: contact(null),
  ...patch,
});

describe('payOptionOf', () => {
  it('asks a new link when the last one was declined, and always for Webpay (a transaction serves one visit)', () => {
    const mercadoPago = contact({ provider: 'MERCADO_PAGO', publicKey: 'TEST-pk' });
    const rejected = { status: 'REJECTED' as const, paymentUrl: 'https://pay.example/x', upload: 'API' };
    expect(payOptionOf(order({ branchContact: mercadoPago, paymentInfo: rejected }))).toEqual({
      kind: 'new-link',
    });
    const webpay = contact({ provider: 'TRANSBANK', publicKey: null });
    const open = { status: 'PENDING' as const, paymentUrl: 'https://pay.example/x', upload: 'API' };
    expect(payOptionOf(order({ branchContact: webpay, paymentInfo: open }))).toEqual({ kind: 'new-link' });
    // a shop with no account any more takes no payment online
    expect(payOptionOf(order({ paymentInfo: rejected }))).toBeNull();
    // nor does an order that is no longer waiting for one
    expect(payOptionOf(order({ status: 'GENERATED', branchContact: webpay }))).toBeNull();
  });

  it('opens the card modal for an order core lets pay online', () => {
    expect(payOptionOf(order({ canPayOnline: true }))).toEqual({ kind: 'card' });
  });

  it('keeps the open card modal while its own attempt is processing', () => {
    const mercadoPago = contact({ provider: 'MERCADO_PAGO', publicKey: 'TEST-pk' });
    const processing = order({
      branchContact: mercadoPago,
      paymentInfo: { status: 'PROCESSING', paymentUrl: null, upload: 'API' },
    });
    expect(payOptionOf(processing, { cardModalOpen: true })).toEqual({ kind: 'card' });
    // closed, the page offers what it offered before: a new link
    expect(payOptionOf(processing)).toEqual({ kind: 'new-link' });
    // paid meanwhile (another tab): the modal has nothing left to pay
    expect(payOptionOf({ ...processing, status: 'GENERATED' }, { cardModalOpen: true })).toBeNull();
  });

  it('links to the provider page of an order waiting on its link', () => {
    const paymentInfo = { status: 'PENDING' as const, paymentUrl: 'https://pay.example/x', upload: 'API' };
    expect(payOptionOf(order({ paymentInfo }))).toEqual({ kind: 'link', url: 'https://pay.example/x' });
    expect(payOptionOf(order({ paymentInfo: { ...paymentInfo, status: 'PROCESSING' } }))).toBeNull();
  });

  it('never offers Pagar for money given back or taken back once the order went on', () => {
    for (const status of ['REFUNDED', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'] as const) {
      const paymentInfo = { status, paymentUrl: 'https://pay.example/x', upload: 'API' };
      expect(payOptionOf(order({ paymentInfo }))).toBeNull();
      for (const orderStatus of ['GENERATED', 'DELIVERED', 'CANCELED'] as const)
        expect(payOptionOf(order({ status: orderStatus, canPayOnline: true, paymentInfo }))).toBeNull();
    }
  });

  it('lets an order still waiting pay again after an approval for another amount went back', () => {
    const paymentInfo = { status: 'REFUNDED' as const, paymentUrl: null, upload: 'API' };
    expect(payOptionOf(order({ canPayOnline: true, paymentInfo }))).toEqual({ kind: 'card' });
  });

  it('offers nothing once the order no longer waits for its payment', () => {
    expect(payOptionOf(order({ status: 'GENERATED', canPayOnline: true }))).toBeNull();
    expect(payOptionOf(order({ status: 'PAYMENT_EXPIRED', canPayOnline: true }))).toBeNull();
    expect(payOptionOf(order({}))).toBeNull();
  });
});

describe('isAwaitingPayment', () => {
  const info = (status: 'PAID' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'CHARGED_BACK' | 'REJECTED') => ({
    status,
    paymentUrl: null,
    upload: 'API',
  });

  it('waits while the order needs its payment, or core still lets a live card order pay', () => {
    expect(isAwaitingPayment(order({}))).toBe(true);
    expect(isAwaitingPayment(order({ status: 'GENERATED', canPayOnline: true }))).toBe(true);
    expect(
      isAwaitingPayment(order({ status: 'GENERATED', canPayOnline: true, paymentInfo: info('REJECTED') })),
    ).toBe(true);
    expect(isAwaitingPayment(order({ status: 'GENERATED' }))).toBe(false);
    expect(isAwaitingPayment(order({ status: 'CANCELED', canPayOnline: true }))).toBe(false);
  });

  it('does not wait for a payment that went through, even if given or taken back', () => {
    for (const status of ['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'] as const)
      expect(
        isAwaitingPayment(order({ status: 'ACCEPTED', canPayOnline: true, paymentInfo: info(status) })),
      ).toBe(false);
    expect(isAwaitingPayment(order({ status: 'DELIVERED', canPayOnline: true }))).toBe(false);
  });
});

describe('paymentNoticeOf', () => {
  it('tells a paid, an in-process and an expired payment apart', () => {
    const info = (status: 'PAID' | 'PROCESSING' | 'PENDING') => ({ status, paymentUrl: null, upload: 'API' });
    expect(paymentNoticeOf({ status: 'GENERATED', paymentInfo: info('PAID') })?.text).toBe(
      PAYMENT_MESSAGES.approved,
    );
    expect(paymentNoticeOf({ status: 'PAY_NEEDED', paymentInfo: info('PROCESSING') })?.text).toBe(
      PAYMENT_MESSAGES.pending,
    );
    expect(paymentNoticeOf({ status: 'PAYMENT_EXPIRED', paymentInfo: info('PENDING') })?.text).toBe(
      MESSAGES.paymentTimeExpired,
    );
    expect(paymentNoticeOf({ status: 'PAY_NEEDED', paymentInfo: info('PENDING') })).toBeNull();
  });

  it('never calls a refunded or charged-back payment approved', () => {
    for (const status of ['REFUNDED', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'] as const)
      expect(
        paymentNoticeOf({ status: 'CANCELED', paymentInfo: { status, paymentUrl: null, upload: 'API' } }),
      ).toBeNull();
  });
});
