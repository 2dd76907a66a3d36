import { describe, expect, it } from 'vitest';
import {
  checkPaymentMove,
  checkPaymentTransition,
  isFinalPaymentStatus,
  paymentSettlesOrder,
  statusAfterRefund,
} from '../lifecycle/payment-lifecycle.ts';
import { MESSAGES } from '../messages.ts';
import { cardDeclineMessage, PAYMENT_MESSAGES } from './payment-messages.ts';
import { initialOrderStatus, isPaymentTimeOver, onlinePaymentFlowOf } from './payment-status.ts';

describe('payment attempt statuses', () => {
  it.each([
    ['PENDING', 'PAID', true],
    ['PENDING', 'PROCESSING', true],
    ['PROCESSING', 'PAID', true],
    ['PROCESSING', 'REJECTED', true],
    ['PROCESSING', 'PENDING', true],
    ['PAID', 'REJECTED', false],
    ['PAID', 'REFUNDED', true],
    ['PAID', 'PARTIALLY_REFUNDED', true],
    ['PAID', 'CHARGED_BACK', true],
    ['PARTIALLY_REFUNDED', 'REFUNDED', true],
    ['REFUNDED', 'PAID', false],
    ['PENDING', 'REFUNDED', false],
    ['PAID', 'PROCESSING', false],
    ['REJECTED', 'PAID', false],
    ['EXPIRED', 'PAID', false],
    ['PAID', 'PAID', 'same'],
    ['PROCESSING', 'PROCESSING', 'same'],
  ] as const)('%s -> %s: %s', (from, to, expected) => {
    expect(checkPaymentMove(from, to)).toBe(expected);
  });

  it('ends at rejected, expired, refunded and charged back; money goes back only from paid', () => {
    expect(
      ['PENDING', 'PROCESSING', 'PAID', 'REJECTED', 'EXPIRED', 'REFUNDED', 'CHARGED_BACK'].filter((s) =>
        isFinalPaymentStatus(s as never),
      ),
    ).toEqual(['REJECTED', 'EXPIRED', 'REFUNDED', 'CHARGED_BACK']);
    expect(checkPaymentTransition('STAFF', 'PAID', 'REFUNDED')).toMatchObject({
      ok: false,
      code: 'TRANSITION_FORBIDDEN',
    });
    expect(checkPaymentTransition('PAYMENT_PROVIDER', 'PROCESSING', 'PAID')).toEqual({
      ok: true,
      effects: ['SETTLE_ORDER'],
    });
  });

  it('counts a payment for its order only for the exact total, never once refunded', () => {
    expect(paymentSettlesOrder({ status: 'PAID', amount: 1000 }, 1000)).toBe(true);
    expect(paymentSettlesOrder({ status: 'PARTIALLY_REFUNDED', amount: 1000 }, 1000)).toBe(true);
    expect(paymentSettlesOrder({ status: 'PAID', amount: 999 }, 1000)).toBe(false);
    expect(paymentSettlesOrder({ status: 'REFUNDED', amount: 1000 }, 1000)).toBe(false);
    expect(paymentSettlesOrder({ status: 'CHARGED_BACK', amount: 1000 }, 1000)).toBe(false);
    expect(paymentSettlesOrder({ status: 'PROCESSING', amount: 1000 }, 1000)).toBe(false);
    expect(statusAfterRefund(1000, 0, 1000)).toBe('REFUNDED');
    expect(statusAfterRefund(1000, 0, 400)).toBe('PARTIALLY_REFUNDED');
    expect(statusAfterRefund(1000, 400, 600)).toBe('REFUNDED');
  });

  it('says what goes back, in the cancel dialog and on the follow-up', () => {
    expect(PAYMENT_MESSAGES.refundOnCancel('$12.500')).toBe(
      'Se le devolverán $12.500 al cliente en su medio de pago.',
    );
    expect(PAYMENT_MESSAGES.refunded('$12.500')).toBe('Te devolvimos $12.500 a tu medio de pago.');
    expect(PAYMENT_MESSAGES.refundPending('$12.500')).toBe('Estamos devolviendo $12.500 a tu medio de pago.');
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
