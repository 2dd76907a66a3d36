import { describe, expect, it } from 'vitest';
import { repriceCart } from '../cart/cart.ts';
import { OrderPayloadSchema } from '../contract/order.ts';
import { lineInput } from '../testing.ts';
import { orderPayloadOf } from './order-payload.ts';
import { computeOrderPrice } from './order-price.ts';
import { orderTextOf } from './order-text.ts';

const ARS = { code: 'ARS', symbol: '$', decimals: 2 };

describe('orderTextOf', () => {
  it('writes the order as the payload carries it: place, lines, amounts, payment and notes', () => {
    const lines = repriceCart(
      [
        lineInput({
          referenceId: 25,
          name: 'Muzzarella',
          quantity: 2,
          basePrice: 900_000,
          notes: 'bien cocida',
          extras: [
            {
              groupId: 3,
              groupName: 'Extras',
              min: 0,
              max: 3,
              multipleSelection: true,
              groupItems: [
                { referenceId: 20, referenceType: 'GARNISH', name: 'Jamón', price: 120_000, quantity: 2 },
              ],
            },
          ],
        }),
      ],
      [],
    );
    const price = computeOrderPrice({
      lines,
      generalDiscounts: [],
      generalSurcharges: [],
      code: null,
      redeemedPoints: 0,
      pointValue: 100,
      serviceFee: { userFee: 30_000, percentageUserFee: 0 },
      deliveryFee: 150_000,
    });
    const payload = orderPayloadOf({
      lines,
      price,
      decimals: 2,
      contactId: 3,
      mode: { id: 7, type: 'DELIVERY' },
      paymentType: { id: 1, showName: 'Efectivo', paymentMethod: 'CASH' },
      customer: { name: 'Lucía Fernández', phone: '+5491155550101' },
      destination: {
        street: 'Charcas',
        number: '3641',
        details: 'Piso 2',
        betweenStreets: 'Bulnes y Salguero',
      },
      paysWith: 3_000_000,
      notes: 'Tocar timbre',
    });
    const text = orderTextOf(payload, { modeName: 'Delivery', currency: ARS });
    expect(text).toBe(
      [
        'Pedido · Delivery',
        'Cliente: Lucía Fernández · +5491155550101',
        'Entrega en Charcas 3641 (Piso 2, entre Bulnes y Salguero)',
        '',
        '2 x Muzzarella $22.800',
        '   Extras: Jamón x2',
        '   Nota: bien cocida',
        '',
        'Envío: $1.500',
        'Tasa de servicio: $300',
        'Total: $24.600',
        'Pago: Efectivo · Abona con $30.000',
        'Notas: Tocar timbre',
      ].join('\n'),
    );
    expect(OrderPayloadSchema.safeParse({ ...payload, orderText: text }).success).toBe(true);
  });
});
