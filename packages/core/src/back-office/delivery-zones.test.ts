import { describe, expect, it } from 'vitest';
import type { LatLng } from '../geo.ts';
import {
  deliveryZoneProblems,
  formatTierDistance,
  DELIVERY_ZONE_MESSAGES as M,
  polygonCrossesItself,
  type ZoneDraft,
} from './delivery-zones.ts';

// Don Mateo Palermo
const shop: LatLng = { lat: -34.588, lng: -58.411 };
const square: LatLng[] = [
  { lat: -34.6, lng: -58.43 },
  { lat: -34.6, lng: -58.39 },
  { lat: -34.57, lng: -58.39 },
  { lat: -34.57, lng: -58.43 },
];

const zone = (overrides: Partial<ZoneDraft> = {}): ZoneDraft => ({
  name: 'Palermo',
  shape: { type: 'POLYGON', points: square },
  cashFee: 1500,
  otherFee: 1200,
  minimumOrder: 8000,
  freeDeliveryFrom: 30000,
  distanceTiers: [],
  totalTiers: [],
  ...overrides,
});
const problems = (zones: ZoneDraft[]) => deliveryZoneProblems(zones, shop);

describe('delivery zone rules', () => {
  it('accepts a polygon, a circle and tiers in order', () => {
    expect(
      problems([
        zone(),
        zone({
          name: 'Radio 5 km',
          shape: { type: 'CIRCLE', center: shop, radiusMeters: 5000 },
          distanceTiers: [
            { upToMeters: 1000, cashFee: 500, otherFee: 400 },
            { upToMeters: 3000, cashFee: 900, otherFee: 800 },
          ],
          totalTiers: [
            { fromTotal: 10000, cashFee: 800, otherFee: 600 },
            { fromTotal: 20000, cashFee: 300, otherFee: 200 },
          ],
        }),
      ]),
    ).toEqual([]);
    expect(problems([])).toEqual([]);
  });

  it('asks for a name, and one the other zones do not use (any case)', () => {
    expect(problems([zone({ name: '  ' })])).toEqual([{ path: '0.name', message: M.nameRequired }]);
    expect(problems([zone(), zone({ name: 'PALERMO ' })])).toEqual([
      { path: '1.name', message: 'Ya hay una zona llamada "PALERMO". Usá otro nombre.' },
    ]);
    expect(problems([zone({ name: 'x'.repeat(61) })])[0]?.message).toBe(
      'El nombre de la zona puede tener hasta 60 caracteres.',
    );
  });

  it('refuses a polygon of under three points or whose border crosses itself', () => {
    expect(problems([zone({ shape: { type: 'POLYGON', points: square.slice(0, 2) } })])).toEqual([
      { path: '0.shape', message: 'La zona Palermo necesita al menos 3 puntos en el mapa.' },
    ]);
    const [a, b, c, d] = square as [LatLng, LatLng, LatLng, LatLng];
    const bowTie = [a, c, b, d];
    expect(polygonCrossesItself(bowTie)).toBe(true);
    expect(polygonCrossesItself(square)).toBe(false);
    expect(problems([zone({ shape: { type: 'POLYGON', points: bowTie } })])).toEqual([
      { path: '0.shape', message: 'El borde de la zona Palermo se cruza consigo mismo. Redibujala.' },
    ]);
  });

  it('keeps a circle between 100 m and 50 km', () => {
    for (const radiusMeters of [99, 50_001, Number.NaN])
      expect(problems([zone({ shape: { type: 'CIRCLE', center: shop, radiusMeters } })])).toEqual([
        { path: '0.shape', message: 'El radio de la zona Palermo tiene que estar entre 100 m y 50 km.' },
      ]);
    for (const radiusMeters of [100, 50_000])
      expect(problems([zone({ shape: { type: 'CIRCLE', center: shop, radiusMeters } })])).toEqual([]);
  });

  it('refuses a zone drawn over 100 km from the shop (a point dropped in the wrong city)', () => {
    const cordoba = { lat: -31.4167, lng: -64.1833 };
    expect(problems([zone({ shape: { type: 'CIRCLE', center: cordoba, radiusMeters: 3000 } })])).toEqual([
      {
        path: '0.shape',
        message: 'La zona Palermo queda a más de 100 km del local. Revisá dónde la dibujaste.',
      },
    ]);
  });

  it('refuses negative amounts and a free-delivery threshold of 0', () => {
    expect(problems([zone({ cashFee: -1, minimumOrder: -5 })])).toEqual([
      { path: '0.cashFee', message: 'Usá montos de 0 o más.' },
      { path: '0.minimumOrder', message: 'Usá montos de 0 o más.' },
    ]);
    expect(problems([zone({ freeDeliveryFrom: 0 })])).toEqual([
      {
        path: '0.freeDeliveryFrom',
        message: 'El envío gratis tiene que empezar en un monto mayor a 0, o dejalo vacío.',
      },
    ]);
    expect(problems([zone({ freeDeliveryFrom: null })])).toEqual([]);
  });

  it('wants distance tiers from nearer to farther, each between 0,1 and 100 km', () => {
    const tiers = (...metres: number[]) =>
      metres.map((upToMeters) => ({ upToMeters, cashFee: 1, otherFee: 1 }));
    expect(problems([zone({ distanceTiers: tiers(2000, 2000) })])).toEqual([
      {
        path: '0.distanceTiers.1.upToMeters',
        message:
          'En la zona Palermo, los escalones por distancia tienen que ir de menor a mayor, sin repetirse.',
      },
    ]);
    expect(problems([zone({ distanceTiers: tiers(50) })])).toEqual([
      { path: '0.distanceTiers.0.upToMeters', message: 'Cada escalón por distancia va de 0,1 a 100 km.' },
    ]);
    expect(
      problems([zone({ distanceTiers: tiers(...Array.from({ length: 11 }, (_, i) => 1000 * (i + 1))) })]),
    ).toEqual([{ path: '0.distanceTiers', message: 'Podés cargar hasta 10 escalones.' }]);
  });

  it('wants total tiers rising in amount and never dearer than the tier before', () => {
    const tier = (fromTotal: number, fee: number) => ({ fromTotal, cashFee: fee, otherFee: fee });
    expect(problems([zone({ totalTiers: [tier(0, 500)] })])).toEqual([
      { path: '0.totalTiers.0.fromTotal', message: 'Cada escalón por total empieza en un monto mayor a 0.' },
    ]);
    expect(problems([zone({ totalTiers: [tier(20000, 300), tier(10000, 200)] })])).toEqual([
      {
        path: '0.totalTiers.1.fromTotal',
        message: 'En la zona Palermo, los escalones por total tienen que ir de menor a mayor, sin repetirse.',
      },
    ]);
    expect(problems([zone({ totalTiers: [tier(10000, 300), tier(20000, 400)] })])).toEqual([
      {
        path: '0.totalTiers.1.cashFee',
        message: 'En la zona Palermo, cada escalón por total tiene que costar igual o menos que el anterior.',
      },
    ]);
  });

  it('allows at most 30 zones', () => {
    const many = Array.from({ length: 31 }, (_, i) => zone({ name: `Zona ${i}` }));
    expect(problems(many)).toEqual([{ path: '', message: 'Podés tener hasta 30 zonas.' }]);
  });

  it('names tier distances as the screen shows them', () => {
    expect(formatTierDistance(800)).toBe('800 m');
    expect(formatTierDistance(1000)).toBe('1 km');
    expect(formatTierDistance(1500)).toBe('1,5 km');
    expect(formatTierDistance(12_340)).toBe('12,3 km');
  });
});
