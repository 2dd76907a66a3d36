import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money.ts';
import { canContinueToCheckout, deliveryProgress } from './progress.ts';
import { upsellCandidates } from './upsell.ts';

const format = (minor: number) => formatMoney(minor, { code: 'ARS', symbol: '$', decimals: 2 });
const delivery = { isDelivery: true, minimumOrder: 800_000, freeDeliveryFrom: 3_000_000, format };

describe('delivery progress', () => {
  it('asks for the missing amount to the minimum first', () => {
    expect(deliveryProgress({ ...delivery, subtotal: 500_000 })).toMatchObject({
      message: 'Suma $3.000 para llegar al mínimo',
      minimumUnmet: true,
      ratio: 0.625,
    });
  });

  it('then for the missing amount to free delivery, then celebrates it', () => {
    expect(deliveryProgress({ ...delivery, subtotal: 1_810_000 }).message).toBe(
      'Suma $11.900 en productos para tener envío gratis',
    );
    expect(deliveryProgress({ ...delivery, subtotal: 3_000_000 })).toMatchObject({
      message: '¡Tienes envío gratis!',
      freeDelivery: true,
    });
  });

  it('says the minimum was reached when there is no free-delivery threshold', () => {
    expect(deliveryProgress({ ...delivery, freeDeliveryFrom: null, subtotal: 900_000 }).message).toBe(
      '¡Llegaste al mínimo!',
    );
  });

  it('says nothing outside delivery', () => {
    expect(deliveryProgress({ ...delivery, isDelivery: false, subtotal: 100 })).toMatchObject({
      message: null,
      minimumUnmet: false,
    });
  });

  it('enables Continuar only with items, the minimum met and ordering enabled', () => {
    expect(canContinueToCheckout({ itemCount: 2, minimumUnmet: false, orderEnabled: true })).toBe(true);
    expect(canContinueToCheckout({ itemCount: 0, minimumUnmet: false, orderEnabled: true })).toBe(false);
    expect(canContinueToCheckout({ itemCount: 2, minimumUnmet: true, orderEnabled: true })).toBe(false);
    expect(canContinueToCheckout({ itemCount: 2, minimumUnmet: false, orderEnabled: false })).toBe(false);
  });
});

describe('upsell candidates', () => {
  const coca = { id: 29, excludedCategoryIds: [3] };
  const agua = { id: 30, excludedCategoryIds: [] };
  const flan = { id: 31, excludedCategoryIds: [3, 4] };

  it('skips plates in the cart and those whose excluded categories are all in the cart', () => {
    const cart = [{ referenceId: 30, categoryId: 3 }];
    expect(upsellCandidates([coca, agua, flan], cart).map((p) => p.id)).toEqual([31]);
    expect(upsellCandidates([coca, agua, flan], []).map((p) => p.id)).toEqual([29, 30, 31]);
    expect(upsellCandidates([coca, agua, flan], [], 2)).toHaveLength(2);
  });
});
