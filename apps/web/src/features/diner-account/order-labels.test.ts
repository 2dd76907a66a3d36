import type { DinerOrder } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  dinerOrderPaymentLabel,
  dinerOrderStatusLabel,
  historyRowTitle,
  isMultiDelivery,
  signedPoints,
} from './order-labels.ts';

describe("a row of 'Mis pedidos'", () => {
  it.each([
    ['GENERATED', 'DELIVERY', 'Recibido'],
    ['ACCEPTED', 'DELIVERY', 'Confirmado'],
    ['READY', 'DELIVERY', 'Listo'],
    ['READY', 'TAKE_AWAY', 'Listo para retirar'],
    ['DELIVERED', 'TAKE_AWAY', 'Entregado'],
    ['CANCELED', 'DELIVERY', 'Cancelado'],
    ['PAY_NEEDED', 'DELIVERY', 'Esperando el pago'],
    ['PAYMENT_EXPIRED', 'DELIVERY', 'Tiempo de pago vencido'],
    ['UNCONFIRMED', 'DELIVERY', 'Sin confirmar'],
  ] as const)('%s (%s) reads %s, as on the follow-up page', (status, type, label) => {
    expect(dinerOrderStatusLabel({ status, type })).toBe(label);
  });

  it('says how it was paid', () => {
    const card = { id: 1, showName: 'Tarjeta online', paymentMethod: 'CARD' };
    expect(dinerOrderPaymentLabel({ paymentType: card, paid: true })).toBe('Tarjeta online · Pagado');
    expect(dinerOrderPaymentLabel({ paymentType: { ...card, showName: 'Efectivo' }, paid: false })).toBe(
      'Efectivo',
    );
    expect(dinerOrderPaymentLabel({ paymentType: null, paid: false })).toBe('A convenir');
  });

  it("is 'Multientrega' when a shipment travels in a stack of several", () => {
    const shipment = (multiDelivery: boolean) =>
      ({
        id: 1,
        status: 'LOOKING_FOR_DRIVER',
        shipmentStackId: 4,
        returnShipment: false,
        multiDelivery,
        riderName: null,
      }) as DinerOrder['shipments'][number];
    expect(isMultiDelivery({ shipments: [shipment(true)] })).toBe(true);
    expect(isMultiDelivery({ shipments: [shipment(false)] })).toBe(false);
    expect(isMultiDelivery({ shipments: [] })).toBe(false);
  });
});

describe('a points movement', () => {
  it('names its order, or a reward when it has none', () => {
    expect(historyRowTitle({ orderCode: 'DMP4KQ7X2W', amount: 1335 })).toBe('Pedido #DMP4KQ7X2W');
    expect(historyRowTitle({ orderCode: null, amount: 1000 })).toBe('Premio o bonificación');
    expect(historyRowTitle({ orderCode: null, amount: -200 })).toBe('Ajuste');
  });

  it('shows its sign and groups thousands', () => {
    expect(signedPoints(1000)).toBe('+1.000');
    expect(signedPoints(-500)).toBe('−500');
    expect(signedPoints(0)).toBe('+0');
  });
});
