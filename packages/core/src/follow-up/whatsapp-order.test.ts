import { describe, expect, it } from 'vitest';
import type { FollowUpOrder } from '../contract/follow-up.ts';
import { whatsAppOrderText } from './whatsapp-order.ts';

const ARS = { code: 'ARS', symbol: '$', decimals: 2 };

const order: FollowUpOrder = {
  id: 1,
  code: 'ABCD2345EF',
  status: 'GENERATED',
  type: 'DELIVERY',
  orderModeName: 'Delivery',
  customerId: 1,
  customerName: 'Marta Gómez',
  tableUid: null,
  orderedAt: '2026-11-18T18:00:00.000Z',
  scheduled: true,
  scheduledAt: '2026-11-18T23:30:00.000Z',
  currency: 'ARS',
  paymentType: { id: 1, showName: 'Efectivo', paymentMethod: 'CASH', bankTransfer: null },
  paysWith: 20000,
  change: 20000 - 16000,
  items: [
    {
      id: 1,
      name: 'Muzzarella',
      sizeName: 'Grande',
      quantity: 1,
      notes: 'Bien cocida',
      accPrice: 13000,
      extras: [
        { groupName: 'Extras', multipleSelection: true, groupItems: [{ name: 'Jamón', quantity: 2 }] },
      ],
      referenceId: 1,
      source: 'PLATE',
      maxQuantity: null,
    },
  ],
  surcharges: [],
  discounts: [{ name: 'Código PIZZA15', amount: 1950 }],
  itemsPrice: 13000,
  deliveryFee: 1500,
  userServiceFee: 561,
  total: 13111,
  notes: 'Tocar timbre 4B',
  destination: {
    street: 'Av. Santa Fe',
    number: '3100',
    details: 'Piso 4 B',
    betweenStreets: 'Agüero y Bulnes',
  },
  branchContact: {
    id: 1,
    alias: 'donmateo-palermo',
    name: 'Don Mateo Palermo',
    address: 'Av. Santa Fe 3253',
    whatsAppPhone: '+5491150000000',
    supportChat: null,
    logoUrl: null,
    country: 'ar',
    timeZone: 'America/Argentina/Buenos_Aires',
    cardPayment: null,
  },
  logisticsOrderId: null,
  shipments: [],
  dinerOrderDetails: { errorType: null, errorDetail: null },
  loyaltyInfo: {
    programName: 'Puntos Mateo',
    redeemedPoints: 0,
    redeemedAmount: 0,
    earnedPoints: 0,
    pendingPoints: 0,
    programActive: true,
  },
  shipmentSecurityCode: null,
  paymentInfo: null,
  refund: null,
  steps: [],
  source: 'DIRECT',
  minDelayInMinutes: null,
  maxDelayInMinutes: null,
  preparationMinutes: null,
  readyBy: null,
  cancelReason: null,
  inProgress: true,
  canReportError: false,
  canPayOnline: false,
};

describe('whatsAppOrderText', () => {
  it('writes the order as charged: place, schedule, items with extras and notes, amounts, payment and change', () => {
    expect(
      whatsAppOrderText(order, ARS, 'http://localhost:3000/menu/donmateo-palermo/order/ABCD2345EF'),
    ).toBe(
      [
        '¡Hola! Quiero hacer este pedido:',
        'Pedido #ABCD2345EF · Delivery',
        'Entrega en Av. Santa Fe 3100 (Piso 4 B, entre Agüero y Bulnes)',
        'Programado para el 18/11/2026 20:30 hs',
        'Cliente: Marta Gómez',
        '',
        '1 x Muzzarella (Grande) $13.000',
        '   Extras: Jamón x2',
        '   Nota: Bien cocida',
        '',
        'Productos: $13.000',
        'Envío: $1.500',
        'Código PIZZA15: -$1.950',
        'Tasa de servicio: $561',
        'Total: $13.111',
        'Pago: Efectivo · Abono con $20.000 (vuelto $6.889)',
        'Notas: Tocar timbre 4B',
        '',
        'Seguimiento del pedido: http://localhost:3000/menu/donmateo-palermo/order/ABCD2345EF',
      ].join('\n'),
    );
  });

  it('says the table or the pickup for the other modes, and leaves out what the order lacks', () => {
    const table = whatsAppOrderText(
      {
        ...order,
        type: 'TABLE',
        orderModeName: 'Mesa',
        tableUid: '12',
        destination: null,
        scheduled: false,
        paysWith: null,
        notes: null,
        deliveryFee: 0,
      },
      ARS,
      'u',
    );
    expect(table).toContain('Pedido #ABCD2345EF · Mesa\nMesa 12\nCliente: Marta Gómez');
    expect(table).not.toContain('Envío');
    expect(table).toContain('Pago: Efectivo\n');
    const takeAway = whatsAppOrderText({ ...order, type: 'TAKE_AWAY', destination: null }, ARS, 'u');
    expect(takeAway).toContain('Retira tu pedido en Av. Santa Fe 3253');
  });
});
