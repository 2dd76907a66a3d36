import { describe, expect, it } from 'vitest';
import { conversionOf, conversionsOf, DEFAULT_CONVERSIONS } from './conversions.ts';

describe('onlineMarketingConfig conversions', () => {
  it('sends the order-way events by default', () => {
    expect([...conversionsOf(undefined)]).toEqual(DEFAULT_CONVERSIONS);
    expect([...conversionsOf({ enabled: true })]).toEqual(DEFAULT_CONVERSIONS);
  });

  it('sends only the configured events the tags know, and none for an empty list', () => {
    expect([...conversionsOf({ conversions: ['CREATE_ORDER', 'PAY_ORDER', 'LINK_CLICK', 3] })]).toEqual([
      'CREATE_ORDER',
      'PAY_ORDER',
    ]);
    expect(conversionsOf({ conversions: [] }).size).toBe(0);
  });

  it('names the standard events, with the order total and currency as value', () => {
    const wanted = conversionsOf(undefined);
    expect(conversionOf(wanted, 'CREATE_ORDER', { orderCode: 'X', total: 16150 }, 'ARS')).toEqual({
      facebook: ['Purchase', { value: 16150, currency: 'ARS' }],
      google: ['purchase', { value: 16150, currency: 'ARS' }],
    });
    expect(conversionOf(wanted, 'ADD_ITEM', { plateId: 1 }, 'ARS')).toEqual({
      facebook: ['AddToCart', {}],
      google: ['add_to_cart', {}],
    });
    expect(conversionOf(wanted, 'PAY_ORDER', { total: 1 }, 'ARS')).toBeNull();
    expect(conversionOf(wanted, 'LINK_CLICK', undefined, null)).toBeNull();
  });
});
