import { describe, expect, it } from 'vitest';
import {
  bearingDegrees,
  goesTheSameWay,
  pickStackPartner,
  STACK_MAX_SHIPMENTS,
} from './shipment-stacking.ts';

// Don Mateo Palermo and drop-offs around it (Buenos Aires)
const shop = { lat: -34.5875, lng: -58.4095 };
const northA = { lat: -34.5785, lng: -58.4095 }; // 1 km north
const northB = { lat: -34.5745, lng: -58.4105 }; // 1.45 km north, a little west
const south = { lat: -34.5965, lng: -58.4095 }; // 1 km south
const farNorth = { lat: -34.5475, lng: -58.4095 }; // 4.4 km north

describe('shipment stacking', () => {
  it('measures bearings from north', () => {
    expect(bearingDegrees(shop, northA)).toBeCloseTo(0, 0);
    expect(bearingDegrees(shop, south)).toBeCloseTo(180, 0);
    expect(bearingDegrees(shop, { lat: shop.lat, lng: -58.3995 })).toBeCloseTo(90, 0);
  });

  it('stacks drop-offs the same way from the shop and close to each other only', () => {
    expect(goesTheSameWay(shop, northA, northB)).toBe(true);
    expect(goesTheSameWay(shop, northA, south)).toBe(false);
    expect(goesTheSameWay(shop, northA, farNorth)).toBe(false);
  });

  it('joins the nearest waiting shipment going the same way, skipping full stacks', () => {
    const candidates = [
      { shipmentId: 1, stackId: null, stackSize: 1, destination: south },
      { shipmentId: 2, stackId: 7, stackSize: STACK_MAX_SHIPMENTS, destination: northB },
      { shipmentId: 3, stackId: null, stackSize: 1, destination: northB },
    ];
    expect(pickStackPartner(shop, northA, candidates)?.shipmentId).toBe(3);
    expect(pickStackPartner(shop, northA, candidates.slice(0, 2))).toBeNull();
    expect(pickStackPartner(shop, northA, [])).toBeNull();
  });
});
