import type { OrderMode, PaymentType } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { choosablePaymentTypes, parseAmount } from './use-checkout.ts';

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
    ],
  } as OrderMode;

  it('offers active types without an online provider, cash only where it is allowed', () => {
    expect(choosablePaymentTypes(mode, true).map((p) => p.id)).toEqual([1, 3]);
    expect(choosablePaymentTypes(mode, false).map((p) => p.id)).toEqual([3]);
  });
});
