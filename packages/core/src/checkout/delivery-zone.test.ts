import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../geo.ts';
import { zoneRule } from '../testing.ts';
import { deliveryFeeOf, findDeliveryZone } from './delivery-zone.ts';

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
