import type { GuideBranchContact } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { GUIDE_NEAR_TITLE, GUIDE_TITLE, guideAddressLine, guideTitle } from './guide-title.ts';

const palermo = (distanceInMeters: number, locality: string | null = 'CABA'): GuideBranchContact => ({
  alias: 'donmateo-palermo',
  name: 'Don Mateo Palermo',
  address: { street: 'Av. Santa Fe', number: '3253', city: 'Buenos Aires', locality },
  distanceInMeters,
});

describe('guide title', () => {
  it.each([
    ['without a location', false, palermo(0), GUIDE_TITLE],
    ["with a location: the nearest shop's province", true, palermo(1200), 'Menús en CABA'],
    ['with a location and the nearest shop far away', true, palermo(650_000), GUIDE_NEAR_TITLE],
    ['with a location and a shop without a province', true, palermo(100, null), GUIDE_NEAR_TITLE],
    ['with a location and no shop', true, undefined, GUIDE_NEAR_TITLE],
  ])('reads %s', (_case, located, nearest, expected) => {
    expect(guideTitle(located, nearest)).toBe(expected);
  });
});

describe('guide address line', () => {
  it('joins street, number and city, skipping what is missing', () => {
    expect(guideAddressLine(palermo(0).address)).toBe('Av. Santa Fe 3253, Buenos Aires');
    expect(guideAddressLine({ street: 'Av. Santa Fe', number: '', city: null, locality: null })).toBe(
      'Av. Santa Fe',
    );
  });
});
