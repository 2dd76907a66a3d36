import type { CurrencyInfo } from '@comanda/core';
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
  itemTitle,
  paidText,
  placeText,
  preparationText,
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
      { label: 'Cargo por servicio', amount: '$1.000' },
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
      'Cargo por servicio | $1.000',
      'Total | $34.500',
      '---',
      'Pago: Efectivo · A cobrar',
      'Paga con $40.000',
      'Llevar cambio de $5.500',
      'Notas del pedido: Tocar timbre 3B',
    ]);
  });
});
