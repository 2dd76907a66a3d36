import { describe, expect, it } from 'vitest';
import {
  inProgressTarget,
  isRiderVariant,
  parseShipmentType,
  riderShipmentsPath,
  riderVariantPath,
  shipmentDetailPath,
  shipmentListPath,
} from './rider-paths.ts';

describe('rider paths', () => {
  it('knows the five register page variants and nothing else', () => {
    for (const variant of ['phoneIntake', 'register', 'logIn', 'logOut', 'success'])
      expect(isRiderVariant(variant)).toBe(true);
    expect(isRiderVariant('login')).toBe(false);
    expect(isRiderVariant(undefined)).toBe(false);
  });

  it('reads the shipment type in either case', () => {
    expect(parseShipmentType('SIMPLE')).toBe('SIMPLE');
    expect(parseShipmentType('stack')).toBe('STACK');
    expect(parseShipmentType('other')).toBeNull();
  });

  it('builds the spec routes for an alias', () => {
    expect(riderVariantPath('donmateo-palermo', 'logIn')).toBe('/logistics/donmateo-palermo/rider/logIn');
    expect(shipmentListPath('donmateo-palermo')).toBe('/logistics/donmateo-palermo/shipments');
    expect(shipmentDetailPath('donmateo-palermo', 'STACK', 4)).toBe(
      '/logistics/donmateo-palermo/shipments/STACK/4',
    );
    expect(riderShipmentsPath('donmateo-palermo', 7)).toBe('/logistics/donmateo-palermo/rider/7/shipments');
  });

  it('sends the redirect page to the shipment in progress, else to the list', () => {
    expect(inProgressTarget('a', { shipment: { id: 3 }, stack: null })).toBe(
      '/logistics/a/shipments/SIMPLE/3',
    );
    expect(inProgressTarget('a', { shipment: { id: 3 }, stack: { id: 9 } })).toBe(
      '/logistics/a/shipments/STACK/9',
    );
    expect(inProgressTarget('a', { shipment: null, stack: null })).toBe('/logistics/a/shipments');
    expect(inProgressTarget('a', null)).toBe('/logistics/a/shipments');
  });
});
