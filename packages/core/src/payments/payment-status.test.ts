import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import {
  cardDeclineMessage,
  checkPaymentMove,
  initialOrderStatus,
  isFinalPaymentStatus,
  isPaymentTimeOver,
  onlinePaymentFlowOf,
  PAYMENT_MESSAGES,
} from './payment-status.ts';

describe('payment attempt statuses', () => {
  it.each([
    ['PENDING', 'PAID', true],
    ['PENDING', 'PROCESSING', true],
    ['PROCESSING', 'PAID', true],
    ['PROCESSING', 'REJECTED', true],
    ['PROCESSING', 'PENDING', true],
    ['PAID', 'REJECTED', false],
    ['PAID', 'PROCESSING', false],
    ['REJECTED', 'PAID', false],
    ['EXPIRED', 'PAID', false],
    ['PAID', 'PAID', 'same'],
    ['PROCESSING', 'PROCESSING', 'same'],
  ] as const)('%s -> %s: %s', (from, to, expected) => {
    expect(checkPaymentMove(from, to)).toBe(expected);
  });

  it('ends at paid, rejected and expired', () => {
    expect(
      ['PENDING', 'PROCESSING', 'PAID', 'REJECTED', 'EXPIRED'].filter((s) =>
        isFinalPaymentStatus(s as never),
      ),
    ).toEqual(['PAID', 'REJECTED', 'EXPIRED']);
  });
});

describe('online payment flow', () => {
  it.each([
    [{ paymentMethod: 'CARD', onlinePaymentMethod: 'ENABLED' }, true, 'CARD'],
    [{ paymentMethod: 'CARD', onlinePaymentMethod: 'DISABLED' }, true, null],
    [{ paymentMethod: 'CARD', onlinePaymentMethod: null }, true, null],
    [{ paymentMethod: 'PAYMENT_LINK', onlinePaymentMethod: null }, true, 'LINK'],
    [{ paymentMethod: 'CARD', onlinePaymentMethod: 'ENABLED' }, false, null],
    [{ paymentMethod: 'CASH', onlinePaymentMethod: null }, true, null],
  ] as const)('%o (contact accepts: %s) is paid by %s', (type, accepts, flow) => {
    expect(onlinePaymentFlowOf(type, accepts)).toBe(flow);
    expect(initialOrderStatus(flow)).toBe(flow ? 'PAY_NEEDED' : 'GENERATED');
  });

  it('gives an unpaid order its minutes and not one more', () => {
    const orderedAt = new Date('2026-11-18T18:00:00Z');
    expect(isPaymentTimeOver(orderedAt, new Date('2026-11-18T18:14:59Z'), 15)).toBe(false);
    expect(isPaymentTimeOver(orderedAt, new Date('2026-11-18T18:15:00Z'), 15)).toBe(true);
    expect(MESSAGES.paymentTimeExpired).toBe('Tiempo de pago vencido, vuelva a generar el pedido');
  });

  it('explains a declined card by its reason, or in general', () => {
    expect(cardDeclineMessage('cc_rejected_insufficient_amount')).toBe(
      'Tu tarjeta no tiene fondos suficientes.',
    );
    expect(cardDeclineMessage('cc_rejected_bad_filled_other')).toBe(MESSAGES.followUpCardFieldsInvalid);
    expect(cardDeclineMessage('something_new')).toBe(PAYMENT_MESSAGES.declined);
    expect(cardDeclineMessage(null)).toBe(PAYMENT_MESSAGES.declined);
  });
});
