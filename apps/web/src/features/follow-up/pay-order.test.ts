import { MESSAGES, PAYMENT_MESSAGES } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { paymentNoticeOf, payOptionOf } from './pay-order.ts';

type Payable = Pick<FollowUpOrder, 'status' | 'canPayOnline' | 'paymentInfo'>;
const order = (patch: Partial<Payable>): Payable => ({
  status: 'PAY_NEEDED',
  canPayOnline: false,
  paymentInfo: null,
  ...patch,
});

describe('payOptionOf', () => {
  it('opens the card modal for an order core lets pay online', () => {
    expect(payOptionOf(order({ canPayOnline: true }))).toEqual({ kind: 'card' });
  });

  it('links to the provider page of an order waiting on its link', () => {
    const paymentInfo = { status: 'PENDING' as const, paymentUrl: 'https://pay.example/x', upload: 'API' };
    expect(payOptionOf(order({ paymentInfo }))).toEqual({ kind: 'link', url: 'https://pay.example/x' });
    expect(payOptionOf(order({ paymentInfo: { ...paymentInfo, status: 'PROCESSING' } }))).toBeNull();
  });

  it('offers nothing once the order no longer waits for its payment', () => {
    expect(payOptionOf(order({ status: 'GENERATED', canPayOnline: true }))).toBeNull();
    expect(payOptionOf(order({ status: 'PAYMENT_EXPIRED', canPayOnline: true }))).toBeNull();
    expect(payOptionOf(order({}))).toBeNull();
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
});
