import { describe, expect, it } from 'vitest';
import type { DeliveryZoneRule } from '../checkout/delivery-zone.ts';
import { checkOrderTransition, PAYMENT_CHANGED } from '../lifecycle/order-lifecycle.ts';
import { type PaymentSwitchInput, paymentSwitchProblem } from './payment-switch.ts';

const zone: DeliveryZoneRule = {
  id: 1,
  name: 'Palermo',
  polygon: [],
  cashFee: 150_000,
  otherFee: 120_000,
  minimumOrder: 0,
  freeDeliveryFrom: null,
  acceptsCash: true,
  priority: 1,
} as DeliveryZoneRule;
const CASH = { paymentMethod: 'CASH', onlinePaymentMethod: null };
const TRANSFER = { paymentMethod: 'BANK_TRANSFER', onlinePaymentMethod: null };
const CARD_ONLINE = { paymentMethod: 'CARD', onlinePaymentMethod: 'ENABLED' };
const base: PaymentSwitchInput = {
  orderStatus: 'PAY_NEEDED',
  paymentStatus: 'REJECTED',
  target: TRANSFER,
  contactAcceptsOnlinePayment: true,
  delivery: null,
  total: 1_500_000,
  paysWith: null,
};

describe('paying an unpaid online order another way', () => {
  it('lets a declined card become a transfer or cash where the price stays the same', () => {
    expect(paymentSwitchProblem(base)).toBeNull();
    expect(paymentSwitchProblem({ ...base, target: CASH, paysWith: 2_000_000 })).toBeNull();
    // a delivery whose zone charges cash what the card paid
    const sameFee = { ...zone, cashFee: 120_000 };
    expect(
      paymentSwitchProblem({
        ...base,
        target: CASH,
        paysWith: 1_500_000,
        delivery: { zone: sameFee, deliveryFee: 120_000, itemsPrice: 1_000_000 },
      }),
    ).toBeNull();
    // a pending link stays open: a late approval is refunded (PAID_TWICE)
    expect(paymentSwitchProblem({ ...base, paymentStatus: 'PENDING' })).toBeNull();
  });

  it('refuses what would change the price, move money twice or not be paid on delivery', () => {
    const cashDelivery = {
      ...base,
      target: CASH,
      paysWith: 2_000_000,
      delivery: { zone, deliveryFee: 120_000, itemsPrice: 1_000_000 },
    };
    expect(paymentSwitchProblem(cashDelivery)).toBe(
      'Con este medio el envío cuesta distinto: pagá en línea o hacé el pedido de nuevo.',
    );
    expect(
      paymentSwitchProblem({ ...cashDelivery, delivery: { ...cashDelivery.delivery, zone: null } }),
    ).toBe('Con este medio el envío cuesta distinto: pagá en línea o hacé el pedido de nuevo.');
    expect(
      paymentSwitchProblem({
        ...cashDelivery,
        delivery: { ...cashDelivery.delivery, zone: { ...zone, cashFee: 120_000, acceptsCash: false } },
      }),
    ).toMatch(/efectivo/);
    expect(paymentSwitchProblem({ ...base, target: CARD_ONLINE })).toBe(
      'Elegí un medio que se pague al recibir el pedido.',
    );
    expect(paymentSwitchProblem({ ...base, target: null })).toBe(
      'El medio de pago elegido no está disponible para este pedido.',
    );
    expect(paymentSwitchProblem({ ...base, paymentStatus: 'PROCESSING' })).toBe(
      'Tu pago anterior todavía está en proceso. Esperá unos minutos antes de volver a intentarlo.',
    );
    expect(paymentSwitchProblem({ ...base, paymentStatus: 'PAID' })).toBe('Este pedido ya está pago.');
    expect(paymentSwitchProblem({ ...base, orderStatus: 'GENERATED' })).toBe(
      'Este pedido ya no espera su pago.',
    );
    expect(paymentSwitchProblem({ ...base, orderStatus: 'PAYMENT_EXPIRED' })).toBe(
      'Este pedido ya no espera su pago.',
    );
  });

  it('asks a cash payer what they pay with, never less than the total', () => {
    expect(paymentSwitchProblem({ ...base, target: CASH })).toBe(
      'Debe ingresar con cuanto abona para poder realizar el pedido.',
    );
    expect(paymentSwitchProblem({ ...base, target: CASH, paysWith: 1_000 })).toBe(
      'El monto con el cual abonará no puede ser menor al precio del pedido.',
    );
  });

  it('moves the order to the kitchen only as the diner, only by this variant', () => {
    expect(checkOrderTransition('DINER', 'PAY_NEEDED', 'GENERATED', { via: PAYMENT_CHANGED }).ok).toBe(true);
    expect(checkOrderTransition('DINER', 'PAY_NEEDED', 'GENERATED').ok).toBe(false);
    expect(checkOrderTransition('STAFF', 'PAY_NEEDED', 'GENERATED', { via: PAYMENT_CHANGED }).ok).toBe(false);
    expect(checkOrderTransition('PAYMENT_PROVIDER', 'PAY_NEEDED', 'GENERATED').ok).toBe(true);
  });
});
