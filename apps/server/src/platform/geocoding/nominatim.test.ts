import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeNominatim, startFakeNominatim } from '../../../test/fake-nominatim.ts';
import { GeocoderUnavailableError } from './geocoder.ts';
import { addressOfPlace, createNominatimGeocoder, typedNumberOf } from './nominatim.ts';

const PALERMO = { lat: -34.588, lng: -58.411 };
/** The fake answers at once; the limit only stops a hung test, however busy the machine. */
const GENEROUS_MS = 15_000;

describe('Nominatim adapter (against a local fake server)', () => {
  let fake: FakeNominatim;
  let nominatim: ReturnType<typeof createNominatimGeocoder>;
  beforeAll(async () => {
    fake = await startFakeNominatim();
    nominatim = createNominatimGeocoder({
      baseUrl: `${fake.baseUrl}/`,
      userAgent: 'Comanda test (+http://localhost:3000)',
      timeoutMs: GENEROUS_MS,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests.length = 0;
  });

  it('searches in jsonv2 with address details, only in the given countries, near the shop', async () => {
    await nominatim.suggest('Charcas 3641', { countries: ['ar', 'uy'], near: PALERMO });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.path).toBe('/search');
    expect(Object.fromEntries(request?.params ?? [])).toMatchObject({
      format: 'jsonv2',
      addressdetails: '1',
      countrycodes: 'ar,uy',
      limit: '5',
      q: 'Charcas 3641',
      viewbox: '-58.611,-34.388,-58.211,-34.788',
    });
    expect(request?.headers['user-agent']).toBe('Comanda test (+http://localhost:3000)');
  });

  it('maps each place to the address form: street, number, city, province, postal code and the point', async () => {
    const places = await nominatim.suggest('Charcas 3641', { countries: ['ar'] });
    expect(places).toEqual([
      {
        fullAddress: 'Charcas 3641, Palermo, Buenos Aires, Ciudad Autónoma de Buenos Aires',
        street: 'Charcas',
        number: '3641',
        city: 'Buenos Aires',
        province: 'Ciudad Autónoma de Buenos Aires',
        postalCode: 'C1425',
        country: 'ar',
        lat: -34.5846,
        lng: -58.416,
      },
    ]);
    // a street without house numbers keeps the one the diner typed
    const other = await nominatim.suggest('Charcas 1500', { countries: ['ar'] });
    expect(other[1]).toMatchObject({
      fullAddress: 'Charcas 1500, Palermo, Buenos Aires, Ciudad Autónoma de Buenos Aires',
      number: '1500',
      postalCode: '',
      lat: -34.5871,
    });
  });

  it('answers only places in the given countries', async () => {
    const uruguay = await nominatim.suggest('Charcas', { countries: ['uy'] });
    expect(uruguay.map((p) => [p.city, p.country])).toEqual([['Montevideo', 'uy']]);
    // a server that ignores countrycodes still cannot bring a place from elsewhere
    const lax = createNominatimGeocoder({
      baseUrl: fake.baseUrl,
      userAgent: 'test',
      timeoutMs: GENEROUS_MS,
      fetch: (input, init) => fetch(String(input).replace(/countrycodes=[^&]*/, ''), init),
    });
    const places = await lax.suggest('Charcas', { countries: ['ar', 'uy'] });
    expect(places.map((p) => p.country)).toEqual(['ar', 'ar', 'uy']);
    expect(await nominatim.suggest('Charcas', { countries: [] })).toEqual([]);
  });

  it('reverse-geocodes a point, and answers null where nothing is known', async () => {
    const place = await nominatim.reverse?.({ lat: -34.5846, lng: -58.416 }, { countries: ['ar'] });
    expect(place).toMatchObject({ street: 'Charcas', number: '3641', city: 'Buenos Aires' });
    expect(fake.requests[0]?.params.get('format')).toBe('jsonv2');
    expect(await nominatim.reverse?.({ lat: 10, lng: 10 }, { countries: ['ar'] })).toBeNull();
    // a place outside the allowed countries is not an answer
    expect(await nominatim.reverse?.({ lat: -34.9011, lng: -56.1645 }, { countries: ['ar'] })).toBeNull();
  });

  it.each([
    ['answers HTTP 500', 'error', /HTTP 500/],
    ['answers something that is not JSON', 'garbage', /unreadable answer/],
  ] as const)(
    'reports the service unavailable when it %s, without waiting for the timeout',
    async (_, mode, reason) => {
      fake.mode = mode;
      const error = await nominatim.suggest('Charcas 3641', { countries: ['ar'] }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GeocoderUnavailableError);
      expect((error as Error).message).toMatch(reason);
    },
  );

  it('reports the service unavailable when it does not answer within the timeout it is given', async () => {
    fake.mode = 'slow'; // never answers: only the adapter's own timeout ends the request
    const impatient = createNominatimGeocoder({ baseUrl: fake.baseUrl, userAgent: 'test', timeoutMs: 200 });
    const error = await impatient.suggest('Charcas 3641', { countries: ['ar'] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailableError);
    expect((error as Error).message).toMatch(/TimeoutError/);
    expect(fake.requests).toHaveLength(1);
  });

  it('reports an unreachable service as unavailable', async () => {
    const gone = createNominatimGeocoder({
      baseUrl: 'http://127.0.0.1:9',
      userAgent: 'test',
      timeoutMs: GENEROUS_MS, // refused at once: nothing to wait for
    });
    await expect(gone.suggest('Charcas', { countries: ['ar'] })).rejects.toBeInstanceOf(
      GeocoderUnavailableError,
    );
  });
});

describe('Nominatim place mapping', () => {
  it('reads the house number the diner typed', () => {
    expect(typedNumberOf('Charcas 3641')).toBe('3641');
    expect(typedNumberOf('Av. Coronel Díaz 2150, Palermo')).toBe('2150');
    expect(typedNumberOf('Charcas')).toBeNull();
    expect(typedNumberOf('3641')).toBeNull();
  });

  it('falls back to town, village or county for the city and skips places without a point', () => {
    expect(
      addressOfPlace(
        { lat: '-31.4', lon: '-64.2', address: { road: 'San Martín', town: 'Villa Allende' } },
        null,
      ),
    ).toMatchObject({
      street: 'San Martín',
      number: '',
      city: 'Villa Allende',
      fullAddress: 'San Martín, Villa Allende',
    });
    expect(addressOfPlace({ lat: 'x', lon: '1' }, null)).toBeNull();
  });
});
