import type { OrderMode, PaymentType } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { choosablePaymentTypes, parseAmount, paymentFlowOf } from './use-checkout.ts';

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
