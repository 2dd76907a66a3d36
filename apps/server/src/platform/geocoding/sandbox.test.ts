import { describe, expect, it } from 'vitest';
import { createSandboxGeocoder, wordsOf } from './sandbox.ts';

const sandbox = createSandboxGeocoder();
const PALERMO = { lat: -34.588, lng: -58.411 };
const ARGENTINA = { countries: ['ar'] as const, near: PALERMO };

describe('sandbox geocoder', () => {
  it('finds a typed street and number near the demo shop, with every part of the address', async () => {
    const [first] = await sandbox.suggest('Charcas 3641', ARGENTINA);
    expect(first).toEqual({
      fullAddress: 'Charcas 3641, Palermo, Buenos Aires',
      street: 'Charcas',
      number: '3641',
      city: 'Buenos Aires',
      province: 'Ciudad Autónoma de Buenos Aires',
      postalCode: 'C1425',
      country: 'ar',
      lat: expect.closeTo(-34.5864, 3),
      lng: expect.closeTo(-58.4156, 3),
    });
  });

  it('matches words by their beginning, whatever the accents, case and abbreviations', async () => {
    const streets = async (text: string) => (await sandbox.suggest(text, ARGENTINA)).map((p) => p.street);
    expect(await streets('coronel diaz 2150')).toEqual(['Av. Coronel Díaz']);
    expect(await streets('Avenida CORONEL Díaz')).toEqual(['Av. Coronel Díaz']);
    expect(await streets('scalab')).toEqual(['Av. Raúl Scalabrini Ortiz']);
    expect(await streets('xyzzy 123')).toEqual([]);
    // a number the street does not have (yet) finds the street
    const [street] = await sandbox.suggest('Charcas 36', ARGENTINA);
    expect(street).toMatchObject({ fullAddress: 'Charcas, Palermo, Buenos Aires', number: '' });
  });

  it('answers at most five places, the nearest to the shop first', async () => {
    const places = await sandbox.suggest('Buenos Aires', ARGENTINA);
    expect(places).toHaveLength(5);
    expect(places.every((p) => p.fullAddress.includes('Palermo'))).toBe(true);
  });

  it('searches only the given countries', async () => {
    expect(await sandbox.suggest('Providencia 1500', { countries: ['ar'] })).toEqual([]);
    const [chile] = await sandbox.suggest('Providencia 1500', { countries: ['cl'] });
    expect(chile).toMatchObject({ street: 'Av. Providencia', city: 'Santiago', country: 'cl' });
    const [uruguay] = await sandbox.suggest('18 de julio 1200', { countries: ['uy', 'ar'] });
    expect(uruguay).toMatchObject({ street: 'Av. 18 de Julio', number: '1200', city: 'Montevideo' });
  });

  it('names the street and number at a point near a known street, and nothing far from all', async () => {
    const [charcas] = await sandbox.suggest('Charcas 3641', ARGENTINA);
    const found = await sandbox.reverse?.({ lat: charcas!.lat, lng: charcas!.lng }, { countries: ['ar'] });
    expect(found).toMatchObject({ street: 'Charcas', city: 'Buenos Aires', postalCode: 'C1425' });
    expect(Math.abs(Number(found?.number) - 3641)).toBeLessThanOrEqual(10);
    expect(await sandbox.reverse?.({ lat: -34.7, lng: -58.9 }, { countries: ['ar'] })).toBeNull();
  });

  it('splits text into plain words', () => {
    expect(wordsOf('Av. Coronel Díaz 2150, 4°B')).toEqual(['av', 'coronel', 'diaz', '2150', '4', 'b']);
  });
});
