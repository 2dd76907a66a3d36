import { describe, expect, it } from 'vitest';
import { priceChangeMessage } from './price-change.ts';

describe('the price change message at placement (issue 28)', () => {
  it('names the one line that changed and its new price', () => {
    expect(priceChangeMessage([{ name: 'Fugazzeta', quantity: 1, price: '$14.200' }])).toBe(
      'Cambió el precio de Fugazzeta: ahora $14.200. Revisá el pedido y volvé a confirmarlo.',
    );
    expect(priceChangeMessage([{ name: 'Empanada de carne', quantity: 3, price: '$5.700' }])).toBe(
      'Cambió el precio de 3 × Empanada de carne: ahora $5.700. Revisá el pedido y volvé a confirmarlo.',
    );
  });

  it('names every changed line', () => {
    expect(
      priceChangeMessage([
        { name: 'Fugazzeta', quantity: 1, price: '$14.200' },
        { name: 'Empanada de carne', quantity: 2, price: '$3.800' },
        { name: 'Flan', quantity: 1, price: '$4.000' },
      ]),
    ).toBe(
      'Cambiaron los precios de Fugazzeta (ahora $14.200), 2 × Empanada de carne (ahora $3.800) y Flan (ahora $4.000). Revisá el pedido y volvé a confirmarlo.',
    );
  });

  it('says only that prices changed when no line did (a fee or a discount moved)', () => {
    expect(priceChangeMessage([])).toBe(
      'Los precios de tu pedido cambiaron. Revisá el pedido y volvé a confirmarlo.',
    );
  });
});
