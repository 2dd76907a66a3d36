import { describe, expect, it } from 'vitest';
import {
  distanceInMeters,
  formatDistanceKm,
  formatDistanceMeters,
  type LatLng,
  pointInPolygon,
} from './geo.ts';

const palermo: LatLng = { lat: -34.588, lng: -58.411 };
const belgrano: LatLng = { lat: -34.5606, lng: -58.456 };

describe('distance', () => {
  it('measures Palermo to Belgrano as about 5.1 km', () => {
    expect(Math.abs(distanceInMeters(palermo, belgrano) - 5100)).toBeLessThanOrEqual(200);
  });

  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceInMeters(palermo, palermo)).toBe(0);
    expect(distanceInMeters(palermo, belgrano)).toBeCloseTo(distanceInMeters(belgrano, palermo), 6);
  });

  it('measures one degree of latitude as about 111.2 km', () => {
    expect(distanceInMeters({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111195, 0);
  });

  it.each([
    [1234, '1,2 km'],
    [0, '0,0 km'],
    [950, '1,0 km'],
    [1250, '1,3 km'],
    [12345678, '12.345,7 km'],
  ])('shows %d m as %s', (meters, expected) => {
    expect(formatDistanceKm(meters)).toBe(expected);
  });

  it.each([
    [0, '0 m'],
    [849.6, '850 m'],
    [1234.4, '1.234 m'],
    [1130412, '1.130.412 m'],
  ])('shows %d m in metres as %s', (meters, expected) => {
    expect(formatDistanceMeters(meters)).toBe(expected);
  });
});

describe('point in polygon', () => {
  const square: LatLng[] = [
    { lat: -34.6, lng: -58.5 },
    { lat: -34.6, lng: -58.4 },
    { lat: -34.5, lng: -58.4 },
    { lat: -34.5, lng: -58.5 },
  ];
  const first = square[0] as LatLng;
  const closedSquare = [...square, first];
  // an L shape: the top-right quarter of the square is cut away
  const lShape: LatLng[] = [
    { lat: 0, lng: 0 },
    { lat: 0, lng: 2 },
    { lat: 1, lng: 2 },
    { lat: 1, lng: 1 },
    { lat: 2, lng: 1 },
    { lat: 2, lng: 0 },
  ];

  it('finds a point inside an open or closed ring', () => {
    expect(pointInPolygon({ lat: -34.55, lng: -58.45 }, square)).toBe(true);
    expect(pointInPolygon({ lat: -34.55, lng: -58.45 }, closedSquare)).toBe(true);
  });

  it('leaves out a point outside the ring', () => {
    expect(pointInPolygon({ lat: -34.7, lng: -58.45 }, square)).toBe(false);
    expect(pointInPolygon({ lat: -34.55, lng: -58.3 }, closedSquare)).toBe(false);
  });

  it('follows a concave outline', () => {
    expect(pointInPolygon({ lat: 0.5, lng: 1.5 }, lShape)).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lng: 0.5 }, lShape)).toBe(true);
    expect(pointInPolygon({ lat: 1.5, lng: 1.5 }, lShape)).toBe(false);
  });

  it('has nothing inside a degenerate ring', () => {
    expect(pointInPolygon({ lat: 0, lng: 0 }, [])).toBe(false);
    expect(pointInPolygon({ lat: 0, lng: 0 }, [{ lat: 0, lng: 0 }])).toBe(false);
  });
});
