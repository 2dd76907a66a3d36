import type { CurrencyInfo } from '@comanda/core';
import type { ConsoleOrderHistory, ConsoleShipment } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { anOrder } from './console-factories.ts';
import {
  addressLines,
  ageText,
  amountLines,
  cancelReasonText,
  changeText,
  clockTime,
  extraLines,
  historyLines,
  itemTitle,
  paidText,
  paymentState,
  placeText,
  preparationText,
  returnText,
  scheduledText,
} from './order-text.ts';
import { kitchenTicket, packageTicket } from './tickets.ts';

const ARS: CurrencyInfo = { code: 'ARS', symbol: '$', decimals: 2 };
const TZ = 'America/Argentina/Buenos_Aires';
const NOW = Date.parse('2026-11-18T18:00:00Z'); // 15:00 in Buenos Aires

const pizza = {
  name: 'Pizza especial',
  sizeName: 'Grande',
  quantity: 2,
  notes: 'Bien cocida',
  accPrice: 31000,
  extras: [
    {
      groupName: 'Salsas',
      groupItems: [
        { name: 'Ketchup', quantity: 1 },
        { name: 'Mayonesa', quantity: 2 },
      ],
    },
  ],
};

const delivery = anOrder({
  code: 'X9Y8',
  type: 'DELIVERY',
  orderModeName: 'Delivery',
  orderedAt: '2026-11-18T17:52:00Z',
  destination: {
    street: 'Av. Santa Fe',
    number: '1234',
    details: 'Piso 3 B',
    betweenStreets: 'Thames y Uriarte',
  },
  items: [pizza],
  notes: 'Tocar timbre 3B',
  paysWith: 40000,
  change: 5500,
  itemsPrice: 31000,
  deliveryFee: 2500,
  userServiceFee: 1000,
  discountsTotal: 0,
  total: 34500,
});

describe('ageText', () => {
  it("says how long ago the order came, from the server's clock", () => {
    expect(ageText('2026-11-18T17:59:30Z', NOW)).toBe('hace un momento');
    expect(ageText('2026-11-18T18:00:30Z', NOW)).toBe('hace un momento');
    expect(ageText('2026-11-18T17:55:00Z', NOW)).toBe('hace 5 min');
    expect(ageText('2026-11-18T17:00:00Z', NOW)).toBe('hace 1 h');
    expect(ageText('2026-11-18T16:40:00Z', NOW)).toBe('hace 1 h 20 min');
  });
});

describe('times', () => {
  it("writes times in the contact's zone", () => {
    expect(clockTime('2026-11-18T17:52:00Z', TZ)).toBe('14:52');
  });

  it('says when a scheduled order is due, with the day when it is not today', () => {
    expect(scheduledText(delivery, NOW, TZ)).toBeNull();
    const today = anOrder({ scheduled: true, scheduledAt: '2026-11-19T00:30:00Z' });
    expect(scheduledText(today, NOW, TZ)).toBe('Programado para las 21:30');
    const tomorrow = anOrder({ scheduled: true, scheduledAt: '2026-11-19T15:00:00Z' });
    expect(scheduledText(tomorrow, NOW, TZ)).toBe('Programado para el 19/11 a las 12:00');
  });

  it('says the promised preparation time and when it is due', () => {
    expect(preparationText(delivery, TZ)).toBeNull();
    const accepted = { ...delivery, preparationMinutes: 20, acceptedAt: '2026-11-18T17:55:00Z' };
    expect(preparationText(accepted, TZ)).toBe('Preparación: 20 min · listo 15:15');
  });
});

describe('items and place', () => {
  it('writes quantity, name, size and extras', () => {
    expect(itemTitle(pizza)).toBe('2 × Pizza especial (Grande)');
    expect(itemTitle({ ...pizza, sizeName: null, quantity: 1 })).toBe('1 × Pizza especial');
    expect(extraLines(pizza)).toEqual(['Salsas: Ketchup, Mayonesa x2']);
  });

  it('writes the address, the table or nothing', () => {
    expect(addressLines(delivery.destination)).toEqual([
      'Av. Santa Fe 1234',
      'Piso 3 B',
      'Entre Thames y Uriarte',
    ]);
    expect(placeText(delivery)).toBe('Av. Santa Fe 1234 · Piso 3 B · Entre Thames y Uriarte');
    expect(placeText(anOrder({ tableUid: '12' }))).toBe('Mesa 12');
    expect(placeText(anOrder())).toBeNull();
  });
});

describe('payment', () => {
  it('says whether it is paid and what change to take', () => {
    expect(paidText(delivery)).toBe('A cobrar');
    expect(paidText({ ...delivery, paid: true })).toBe('Pagado');
    expect(changeText(delivery, ARS)).toBe('Llevar cambio de $5.500');
    expect(changeText({ ...delivery, change: null }, ARS)).toBeNull();
    expect(changeText({ ...delivery, change: 0 }, ARS)).toBeNull();
  });

  it('lists the amounts without the zero ones', () => {
    expect(amountLines({ ...delivery, discountsTotal: 1500, total: 33000 }, ARS)).toEqual([
      { label: 'Productos', amount: '$31.000' },
      { label: 'Envío', amount: '$2.500' },
      { label: 'Tasa de Servicio', amount: '$1.000' },
      { label: 'Descuentos', amount: '-$1.500' },
      { label: 'Total', amount: '$33.000', total: true },
    ]);
  });

  it('gives the cancel reason of a cancelled order', () => {
    expect(cancelReasonText({ ...delivery, status: 'CANCELED', cancelReason: 'Pedido duplicado' })).toBe(
      'Motivo: Pedido duplicado',
    );
    expect(cancelReasonText(delivery)).toBeNull();
  });
});

describe('tickets', () => {
  it('prints the kitchen ticket without prices', () => {
    expect(kitchenTicket(delivery, NOW, TZ)).toEqual([
      { kind: 'title', text: 'Comanda' },
      { kind: 'big', text: '#X9Y8' },
      { kind: 'text', text: 'Delivery' },
      { kind: 'text', text: 'Pedido a las 14:52' },
      { kind: 'text', text: 'Av. Santa Fe 1234' },
      { kind: 'text', text: 'Piso 3 B' },
      { kind: 'text', text: 'Entre Thames y Uriarte' },
      { kind: 'rule' },
      { kind: 'big', text: '2 × Pizza especial (Grande)' },
      { kind: 'sub', text: 'Salsas: Ketchup, Mayonesa x2' },
      { kind: 'note', text: 'Nota: Bien cocida' },
      { kind: 'rule' },
      { kind: 'note', text: 'Notas del pedido: Tocar timbre 3B' },
    ]);
  });

  it('prints the package ticket with the customer, prices, payment and change', () => {
    const texts = packageTicket(delivery, ARS, NOW, TZ).map((line) =>
      line.kind === 'rule' ? '---' : line.kind === 'row' ? `${line.text} | ${line.amount}` : line.text,
    );
    expect(texts).toEqual([
      'Ticket del pedido',
      '#X9Y8',
      'Delivery',
      'Pedido a las 14:52',
      'Cliente: Lucía Pérez',
      'Teléfono: +5491155550000',
      'Av. Santa Fe 1234',
      'Piso 3 B',
      'Entre Thames y Uriarte',
      '---',
      '2 × Pizza especial (Grande) | $31.000',
      'Salsas: Ketchup, Mayonesa x2',
      'Nota: Bien cocida',
      '---',
      'Productos | $31.000',
      'Envío | $2.500',
      'Tasa de Servicio | $1.000',
      'Total | $34.500',
      '---',
      'Pago: Efectivo · A cobrar',
      'Paga con $40.000',
      'Llevar cambio de $5.500',
      'Notas del pedido: Tocar timbre 3B',
    ]);
  });
});

const paid = { status: 'PAID' as const, amount: 24000, refundedAmount: 0, refundPending: false };
const card = anOrder({ paymentMethod: 'CARD', paymentTypeName: 'Tarjeta online', paid: true, payment: paid });

describe('paymentState', () => {
  it('keeps Pagado / A cobrar for orders without an online payment', () => {
    expect(paymentState(anOrder(), ARS)).toEqual({ text: 'A cobrar', tone: 'no' });
    expect(paymentState(anOrder({ paid: true }), ARS)).toEqual({ text: 'Pagado', tone: 'yes' });
  });

  it('says what an online payment took', () => {
    expect(paymentState(card, ARS)).toEqual({ text: 'Pagado $24.000 con tarjeta', tone: 'yes' });
    expect(paymentState({ ...card, paymentMethod: 'PAYMENT_LINK' }, ARS).text).toBe(
      'Pagado $24.000 en línea',
    );
  });

  it('says what went back, what is going back, and a chargeback', () => {
    const refunded = { ...paid, status: 'REFUNDED' as const, refundedAmount: 24000 };
    expect(paymentState({ ...card, paid: false, payment: refunded }, ARS)).toEqual({
      text: 'Reembolsado $24.000',
      tone: 'refund',
    });
    const partly = { ...paid, status: 'PARTIALLY_REFUNDED' as const, refundedAmount: 3500.5 };
    expect(paymentState({ ...card, paid: false, payment: partly }, ARS).text).toBe('Reembolsado $3.500,50');
    expect(paymentState({ ...card, payment: { ...paid, refundPending: true } }, ARS)).toEqual({
      text: 'Reembolso en curso',
      tone: 'refund',
    });
    const chargedBack = { ...paid, status: 'CHARGED_BACK' as const };
    expect(paymentState({ ...card, paid: false, payment: chargedBack }, ARS)).toEqual({
      text: 'Contracargo',
      tone: 'alert',
    });
  });

  it('never asks to collect the rest of a partly refunded payment', () => {
    const partly = { ...paid, status: 'PARTIALLY_REFUNDED' as const, refundedAmount: 1000 };
    expect(paidText({ paid: false, payment: partly })).toBe('Pagado');
    expect(paidText({ paid: false, payment: { ...partly, status: 'REFUNDED' } })).toBe('A cobrar');
  });
});

describe('returnText', () => {
  const shipment: ConsoleShipment = {
    id: 3,
    status: 'DELIVERED',
    shipmentStackId: null,
    riderName: 'Juan',
    riderPhone: null,
    updatedAt: '2026-11-18T18:00:00Z',
    returnShipment: true,
    returnReason: 'El cliente no estaba',
  };

  it('says why the rider brings the order back', () => {
    expect(returnText(shipment)).toBe('No se pudo entregar: El cliente no estaba');
    expect(returnText({ ...shipment, returnReason: null })).toBe('No se pudo entregar');
    expect(returnText({ ...shipment, returnShipment: false })).toBeNull();
    expect(returnText(null)).toBeNull();
  });
});

describe('historyLines', () => {
  const history: ConsoleOrderHistory = {
    orderId: 1,
    code: 'K7P2QX',
    events: [
      {
        at: '2026-11-18T17:58:00Z',
        entity: 'PAYMENT',
        entityId: 9,
        from: 'PENDING',
        to: 'PAID',
        via: null,
        label: 'Pago aprobado',
        actor: 'PAYMENT_PROVIDER',
        actorName: null,
        reason: null,
        amount: 24000,
      },
      {
        at: '2026-11-18T17:55:00Z',
        entity: 'ORDER',
        entityId: 1,
        from: null,
        to: 'PAY_NEEDED',
        via: null,
        label: 'Pedido realizado, pago pendiente',
        actor: 'DINER',
        actorName: null,
        reason: null,
        amount: null,
      },
      {
        at: '2026-11-19T03:10:00Z',
        entity: 'ORDER',
        entityId: 1,
        from: 'GENERATED',
        to: 'CANCELED',
        via: null,
        label: 'Pedido cancelado',
        actor: 'STAFF',
        actorName: 'Marta',
        reason: '  Sin stock ',
        amount: null,
      },
    ],
  };

  it('lists the events oldest first with time, who, reason and amount', () => {
    expect(historyLines(history, TZ, ARS).map(({ key: _key, ...line }) => line)).toEqual([
      {
        at: '2026-11-18T17:55:00Z',
        time: '14:55',
        day: null,
        label: 'Pedido realizado, pago pendiente',
        who: 'Cliente',
        reason: null,
        amount: null,
      },
      {
        at: '2026-11-18T17:58:00Z',
        time: '14:58',
        day: null,
        label: 'Pago aprobado',
        who: 'Medio de pago',
        reason: null,
        amount: '$24.000',
      },
      {
        at: '2026-11-19T03:10:00Z',
        time: '00:10',
        day: '19/11',
        label: 'Pedido cancelado',
        who: 'Marta',
        reason: 'Sin stock',
        amount: null,
      },
    ]);
  });

  it('gives each line its own key and copes with no events', () => {
    const keys = historyLines(history, TZ, ARS).map((line) => line.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(historyLines({ events: [] }, TZ, ARS)).toEqual([]);
  });
});
