import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../geo.ts';
import { distanceInMeters } from '../geo.ts';
import { zoneRule } from '../testing.ts';
import {
  deliveryFeeOf,
  deliveryZoneAt,
  findDeliveryZone,
  totalTierOf,
  zoneContains,
} from './delivery-zone.ts';

// Don Mateo Palermo, Av. Santa Fe 3253
const shop: LatLng = { lat: -34.588, lng: -58.411 };

/** A square around the shop, `lat` and `lng` degrees to each side, drawn counter-clockwise. */
function square(lat: number, lng: number): LatLng[] {
  return [
    { lat: shop.lat - lat, lng: shop.lng - lng },
    { lat: shop.lat - lat, lng: shop.lng + lng },
    { lat: shop.lat + lat, lng: shop.lng + lng },
    { lat: shop.lat + lat, lng: shop.lng - lng },
  ];
}

// about 2 km and 5 km to each side
const inner = square(0.018, 0.022);
const outer = square(0.045, 0.055);

const palermo = zoneRule({ polygon: inner });
// the ring is drawn as the whole 5 km square; the lower priority of Palermo makes it the inner zone
const alrededores = zoneRule({
  id: 2,
  name: 'Alrededores',
  polygon: outer,
  cashFee: 250_000,
  otherFee: 220_000,
  priority: 2,
});

const places: [string, string, LatLng][] = [
  ['the shop itself', 'Palermo', shop],
  ['Plaza Italia', 'Palermo', { lat: -34.581, lng: -58.421 }],
  ['Av. Cabildo 2040, Belgrano', 'Alrededores', { lat: -34.5606, lng: -58.456 }],
  ['a point 3 km east of the shop', 'Alrededores', { lat: shop.lat, lng: shop.lng + 0.035 }],
  ['a point 3 km south of the shop', 'Alrededores', { lat: shop.lat - 0.03, lng: shop.lng }],
  ['Liniers', 'no zone (out of area)', { lat: -34.643, lng: -58.523 }],
  ['a point 6 km north of the shop', 'no zone (out of area)', { lat: shop.lat + 0.055, lng: shop.lng }],
];

describe('delivery zone lookup', () => {
  it.each(places)('puts %s in %s', (_place, expected, point) => {
    expect(findDeliveryZone([palermo, alrededores], point)?.name ?? 'no zone (out of area)').toBe(expected);
  });

  it('picks the inner zone by priority whatever the order the zones come in', () => {
    expect(findDeliveryZone([alrededores, palermo], shop)?.name).toBe('Palermo');
  });

  it('lets the priority, not the list order, decide between overlapping zones', () => {
    const ringFirst = [palermo, { ...alrededores, priority: 0 }];
    expect(findDeliveryZone(ringFirst, shop)?.name).toBe('Alrededores');
  });

  it('breaks a tie in priority by the lower zone id', () => {
    const tied = [
      { ...alrededores, id: 7, priority: 1 },
      { ...palermo, id: 3, priority: 1 },
    ];
    expect(findDeliveryZone(tied, shop)?.id).toBe(3);
    expect(findDeliveryZone([...tied].reverse(), shop)?.id).toBe(3);
  });

  it('finds no zone outside every polygon or when the contact has no zones (out of area)', () => {
    expect(findDeliveryZone([palermo, alrededores], { lat: -34.643, lng: -58.523 })).toBeNull();
    expect(findDeliveryZone([], shop)).toBeNull();
  });

  it('does not reorder the zones it is given', () => {
    const zones = [alrededores, palermo];
    findDeliveryZone(zones, shop);
    expect(zones.map((z) => z.name)).toEqual(['Alrededores', 'Palermo']);
  });

  it('serves the hole of a ring drawn with a hole from the inner zone only', () => {
    // one ring: the outer square, a cut to the inner square, the inner square backwards, and back
    const [a, b, c, d] = outer as [LatLng, LatLng, LatLng, LatLng];
    const [ia, ib, ic, id] = inner as [LatLng, LatLng, LatLng, LatLng];
    const ring = zoneRule({ ...alrededores, polygon: [a, b, c, d, a, ia, id, ic, ib, ia], priority: 0 });
    expect(findDeliveryZone([ring], shop)).toBeNull();
    expect(findDeliveryZone([ring, palermo], shop)?.name).toBe('Palermo');
    expect(findDeliveryZone([ring, palermo], { lat: shop.lat, lng: shop.lng + 0.035 })?.name).toBe(
      'Alrededores',
    );
  });
});

describe('delivery fee', () => {
  it.each([
    // [fee, zone, payment, products]
    [150_000, 'Palermo', 'cash', 1_810_000],
    [120_000, 'Palermo', 'card', 1_810_000],
    [250_000, 'Alrededores', 'cash', 1_810_000],
    [220_000, 'Alrededores', 'card', 1_810_000],
    [150_000, 'Palermo', 'cash', 2_999_999],
    [120_000, 'Palermo', 'card', 2_999_999],
    [0, 'Palermo', 'cash', 3_000_000],
    [0, 'Palermo', 'card', 3_000_000],
    [0, 'Alrededores', 'cash', 4_500_000],
    [0, 'Alrededores', 'card', 4_500_000],
  ] as const)('charges %d in %s paying by %s with products of %d', (fee, name, payment, itemsPrice) => {
    const z = name === 'Palermo' ? palermo : alrededores;
    expect(deliveryFeeOf(z, { isCash: payment === 'cash', itemsPrice })).toBe(fee);
  });

  it('charges the cash fee when paying cash and the other fee otherwise', () => {
    expect(deliveryFeeOf(palermo, { isCash: true, itemsPrice: 1_000_000 })).toBe(150_000);
    expect(deliveryFeeOf(palermo, { isCash: false, itemsPrice: 1_000_000 })).toBe(120_000);
  });

  it('makes delivery free exactly at the threshold, not a cent below', () => {
    expect(deliveryFeeOf(palermo, { isCash: false, itemsPrice: 2_999_999 })).toBe(120_000);
    expect(deliveryFeeOf(palermo, { isCash: false, itemsPrice: 3_000_000 })).toBe(0);
    expect(deliveryFeeOf(palermo, { isCash: false, itemsPrice: 3_000_001 })).toBe(0);
  });

  it.each([
    ['no threshold', null],
    ['a zero threshold', 0],
  ])('always charges the fee with %s', (_label, freeDeliveryFrom) => {
    const z = zoneRule({ polygon: inner, freeDeliveryFrom });
    expect(deliveryFeeOf(z, { isCash: true, itemsPrice: 100_000_000 })).toBe(150_000);
    expect(deliveryFeeOf(z, { isCash: false, itemsPrice: 0 })).toBe(120_000);
  });

  it('charges one of the two fees or nothing, and once free stays free for larger orders (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (isCash, a, b) => {
          const fee = deliveryFeeOf(palermo, { isCash, itemsPrice: a });
          expect([0, isCash ? 150_000 : 120_000]).toContain(fee);
          const [low, high] = a <= b ? [a, b] : [b, a];
          if (deliveryFeeOf(palermo, { isCash, itemsPrice: low }) === 0)
            expect(deliveryFeeOf(palermo, { isCash, itemsPrice: high })).toBe(0);
        },
      ),
    );
  });
});

/**
 * Circle zones and fee tiers (issue 27): the cases CoopCycle's and TastyIgniter's suites price that
 * our polygons with two flat fees could not express.
 */
describe('circle zones', () => {
  // 2 km around the shop
  const circle = zoneRule({ id: 5, name: 'Radio 2 km', circle: { center: shop, radiusMeters: 2000 } });
  // a point d metres due north of the shop (a degree of latitude is about 111.2 km)
  const north = (metres: number): LatLng => ({ lat: shop.lat + metres / 111_195, lng: shop.lng });

  it('covers the addresses within its radius, the edge included, and none past it', () => {
    expect(distanceInMeters(shop, north(1999))).toBeLessThan(2000);
    expect(zoneContains(circle, shop)).toBe(true);
    expect(zoneContains(circle, north(1999))).toBe(true);
    expect(zoneContains(circle, north(2001))).toBe(false);
    expect(findDeliveryZone([circle], north(2500))).toBeNull();
  });

  it('takes its turn by priority among polygons', () => {
    const wide = { ...circle, priority: 5 };
    expect(findDeliveryZone([wide, palermo], shop)?.name).toBe('Palermo');
    // 3 km east: outside Palermo and outside the 2 km circle, inside the ring
    const east = { lat: shop.lat, lng: shop.lng + 0.035 };
    expect(findDeliveryZone([wide, palermo, alrededores], east)?.name).toBe('Alrededores');
  });

  it('ignores a polygon of under three points rather than serving nowhere or everywhere', () => {
    expect(zoneContains({ polygon: [shop, north(10)] }, shop)).toBe(false);
  });
});

describe('fee tiers by distance', () => {
  // CoopCycle's pricing rule kind: up to 1 km $500, up to 3 km $900, farther the zone's $1.500
  const tiered = zoneRule({
    circle: { center: shop, radiusMeters: 5000 },
    cashFee: 150_000,
    otherFee: 140_000,
    freeDeliveryFrom: null,
    distanceTiers: [
      { upToMeters: 3000, cashFee: 90_000, otherFee: 80_000 },
      { upToMeters: 1000, cashFee: 50_000, otherFee: 40_000 },
    ],
  });
  const north = (metres: number): LatLng => ({ lat: shop.lat + metres / 111_195, lng: shop.lng });

  it.each([
    [500, 50_000, 40_000],
    [1000 - 1, 50_000, 40_000],
    [1500, 90_000, 80_000],
    [2999, 90_000, 80_000],
    [3100, 150_000, 140_000],
    [4900, 150_000, 140_000],
  ])('prices an address %d m away at %d cash and %d other', (metres, cash, other) => {
    const zone = deliveryZoneAt([tiered], north(metres), shop);
    expect(zone).not.toBeNull();
    expect(deliveryFeeOf(zone!, { isCash: true, itemsPrice: 0 })).toBe(cash);
    expect(deliveryFeeOf(zone!, { isCash: false, itemsPrice: 0 })).toBe(other);
    expect(zone?.distanceMeters).toBeCloseTo(metres, -1);
  });

  it('answers null out of area and leaves a zone without tiers at its own fees', () => {
    expect(deliveryZoneAt([tiered], north(6000), shop)).toBeNull();
    const flat = deliveryZoneAt([palermo], shop, shop);
    expect(flat?.cashFee).toBe(150_000);
    expect(flat?.otherFee).toBe(120_000);
  });

  it("measures from the shop, not from the circle's centre", () => {
    const elsewhere = { lat: shop.lat + 0.01, lng: shop.lng };
    const offCentre = { ...tiered, circle: { center: elsewhere, radiusMeters: 3000 } };
    // at the circle's centre, about 1.1 km from the shop: the second tier
    expect(deliveryZoneAt([offCentre], elsewhere, shop)?.cashFee).toBe(90_000);
  });
});

describe('fee tiers by order total', () => {
  // TastyIgniter's delivery charges kind: $1.500, from $10.000 $800, from $20.000 $300, free from $30.000
  const tiered = zoneRule({
    polygon: inner,
    cashFee: 150_000,
    otherFee: 120_000,
    freeDeliveryFrom: 3_000_000,
    totalTiers: [
      { fromTotal: 2_000_000, cashFee: 30_000, otherFee: 20_000 },
      { fromTotal: 1_000_000, cashFee: 80_000, otherFee: 60_000 },
    ],
  });

  it.each([
    [0, 150_000, 120_000],
    [999_999, 150_000, 120_000],
    [1_000_000, 80_000, 60_000],
    [1_999_999, 80_000, 60_000],
    [2_000_000, 30_000, 20_000],
    [2_999_999, 30_000, 20_000],
    [3_000_000, 0, 0],
  ])('charges products of %d %d cash and %d other', (itemsPrice, cash, other) => {
    expect(deliveryFeeOf(tiered, { isCash: true, itemsPrice })).toBe(cash);
    expect(deliveryFeeOf(tiered, { isCash: false, itemsPrice })).toBe(other);
  });

  it('picks the highest tier reached whatever the order they are listed in', () => {
    expect(totalTierOf(tiered.totalTiers, 2_500_000)?.fromTotal).toBe(2_000_000);
    expect(totalTierOf(tiered.totalTiers, 10)).toBeNull();
    expect(totalTierOf(undefined, 10)).toBeNull();
  });

  it('never raises the fee: a tier dearer than the distance fee leaves the cheaper one', () => {
    const near = zoneRule({
      circle: { center: shop, radiusMeters: 5000 },
      freeDeliveryFrom: null,
      distanceTiers: [{ upToMeters: 1000, cashFee: 20_000, otherFee: 10_000 }],
      totalTiers: [{ fromTotal: 1_000_000, cashFee: 80_000, otherFee: 60_000 }],
    });
    const zone = deliveryZoneAt([near], shop, shop);
    expect(deliveryFeeOf(zone!, { isCash: true, itemsPrice: 1_500_000 })).toBe(20_000);
    expect(deliveryFeeOf(zone!, { isCash: false, itemsPrice: 1_500_000 })).toBe(10_000);
  });

  it('never charges more for a larger order (property)', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (isCash, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(deliveryFeeOf(tiered, { isCash, itemsPrice: high })).toBeLessThanOrEqual(
            deliveryFeeOf(tiered, { isCash, itemsPrice: low }),
          );
        },
      ),
    );
  });
});
