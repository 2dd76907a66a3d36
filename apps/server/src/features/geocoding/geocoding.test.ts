import { GEOCODING_MESSAGES, GeocodedAddressSchema } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeNominatim, startFakeNominatim } from '../../../test/fake-nominatim.ts';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { createNominatimGeocoder } from '../../platform/geocoding/index.ts';

const suggestPath = (query: Record<string, string | number>) =>
  `/api/geocode/suggest?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe.each(databaseKinds)('address suggestions with Nominatim on %s', (kind) => {
  let t0: TestApp;
  let fake: FakeNominatim;
  let palermo: Awaited<ReturnType<typeof idsOf>>;
  let casona: Awaited<ReturnType<typeof idsOf>>;
  let aurora: Awaited<ReturnType<typeof idsOf>>;

  beforeAll(async () => {
    fake = await startFakeNominatim();
    // the fake answers at once, so a generous limit however busy the machine; when it never answers
    // ('slow') the adapter is given a short timeout of its own, the only thing that ends the request
    const patient = createNominatimGeocoder({ baseUrl: fake.baseUrl, userAgent: 'test', timeoutMs: 15_000 });
    const impatient = createNominatimGeocoder({ baseUrl: fake.baseUrl, userAgent: 'test', timeoutMs: 200 });
    const current = () => (fake.mode === 'slow' ? impatient : patient);
    t0 = await createTestApp(kind, {
      geocoder: {
        name: patient.name,
        suggest: (text, options) => current().suggest(text, options),
        reverse: async (point, options) => (await current().reverse?.(point, options)) ?? null,
      },
    });
    palermo = await idsOf(t0.app, 'donmateo-palermo');
    casona = await idsOf(t0.app, 'lacasona-providencia');
    aurora = await idsOf(t0.app, 'aurora-centro');
  });
  afterAll(async () => {
    await t0.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests.length = 0;
  });

  it("answers the geocoder's places for a branch contact, searched in its country near it", async () => {
    const res = await getJson(t0.app, suggestPath({ q: 'Charcas 3641', branchContactId: palermo.contactId }));
    expect(res.status).toBe(200);
    expect(GeocodedAddressSchema.array().parse(res.body)).toEqual([
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
    expect(fake.requests[0]?.params.get('countrycodes')).toBe('ar');
    expect(fake.requests[0]?.params.get('viewbox')).toBe('-58.611,-34.388,-58.211,-34.788');
  });

  it("searches a branch in its contacts' countries, and a Chilean shop in Chile", async () => {
    const branch = await getJson(t0.app, suggestPath({ q: 'Charcas', branchId: palermo.branchId }));
    expect(branch.status).toBe(200);
    expect(fake.requests.at(-1)?.params.get('countrycodes')).toBe('ar');
    const chile = await getJson(t0.app, suggestPath({ q: 'Charcas', branchContactId: casona.contactId }));
    expect(chile.body).toEqual([]);
    expect(fake.requests.at(-1)?.params.get('countrycodes')).toBe('cl');
  });

  it("does not search for a shop outside the spec's countries", async () => {
    await t0.database.db
      .update(t.branchContacts)
      .set({ country: 'us' })
      .where(eq(t.branchContacts.id, aurora.contactId));
    const res = await getJson(t0.app, suggestPath({ q: 'Charcas', branchContactId: aurora.contactId }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(fake.requests).toHaveLength(0);
    await t0.database.db
      .update(t.branchContacts)
      .set({ country: 'ar' })
      .where(eq(t.branchContacts.id, aurora.contactId));
  });

  it.each([
    ['answers HTTP 500', 'error'],
    ['does not answer in time', 'slow'],
    ['answers something unreadable', 'garbage'],
  ] as const)('answers no suggestions, not an error, when the geocoder %s', async (_, mode) => {
    fake.mode = mode;
    const res = await getJson(
      t0.app,
      suggestPath({ q: `Paraguay ${mode}`, branchContactId: palermo.contactId }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    // a failure is not remembered: the next search asks again
    fake.mode = 'ok';
    await getJson(t0.app, suggestPath({ q: `Paraguay ${mode}`, branchContactId: palermo.contactId }));
    expect(fake.requests).toHaveLength(2);
  });

  it('asks the geocoder once for the same search', async () => {
    for (const q of ['Charcas 2222', ' charcas   2222 ']) {
      const res = await getJson(t0.app, suggestPath({ q, branchContactId: palermo.contactId }));
      expect(res.body).toHaveLength(2);
    }
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses bad input with a Spanish 400 and an unknown shop with 404', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ branchContactId: palermo.contactId }, GEOCODING_MESSAGES.queryTooShort],
      [{ q: 'ab', branchContactId: palermo.contactId }, GEOCODING_MESSAGES.queryTooShort],
      [{ q: '   ab   ', branchContactId: palermo.contactId }, GEOCODING_MESSAGES.queryTooShort],
      [{ q: 'x'.repeat(201), branchContactId: palermo.contactId }, GEOCODING_MESSAGES.queryTooLong],
      [{ q: 'Charcas' }, GEOCODING_MESSAGES.placeRequired],
      [{ q: 'Charcas', branchContactId: 'abc' }, 'El identificador no es válido.'],
      [{ q: 'Charcas', branchId: '-1' }, 'El identificador no es válido.'],
    ];
    for (const [query, message] of cases) {
      const res = await getJson(t0.app, suggestPath(query));
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message).toBe(message);
    }
    const unknown = await getJson(t0.app, suggestPath({ q: 'Charcas', branchContactId: 424242 }));
    expectApiError(unknown, 404, 'NOT_FOUND');
    expect(unknown.body.message).toBe('No encontramos este local.');
    expect(fake.requests).toHaveLength(0);
  });

  it('names the address at a located point, and nothing when the geocoder fails', async () => {
    const path = `/api/geocode/reverse?lat=-34.5846&lng=-58.416&branchContactId=${palermo.contactId}`;
    const res = await getJson(t0.app, path);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ street: 'Charcas', number: '3641' })]);
    fake.mode = 'error';
    const failed = await getJson(t0.app, path.replace('-34.5846', '-34.5800'));
    expect(failed.status).toBe(200);
    expect(failed.body).toEqual([]);
    const bad = await getJson(
      t0.app,
      `/api/geocode/reverse?lat=95&lng=0&branchContactId=${palermo.contactId}`,
    );
    expectApiError(bad, 400, 'BAD_REQUEST');
    expect(bad.body.message).toBe(GEOCODING_MESSAGES.coordinatesInvalid);
  });

  it('limits how often one client may search', async () => {
    const search = (i: number) =>
      t0.app
        .inject({
          method: 'GET',
          url: suggestPath({ q: `Charcas ${i}`, branchContactId: palermo.contactId }),
          remoteAddress: '10.9.9.9',
        })
        .then((r) => ({ status: r.statusCode, body: r.json() }));
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await search(i)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expectApiError(await search(60), 429, 'RATE_LIMITED');
  });
});

describe('address suggestions with the built-in sandbox', () => {
  let t0: TestApp;
  beforeAll(async () => {
    t0 = await createTestApp('pglite');
  });
  afterAll(() => t0.close());

  it('suggests streets around the demo shops without any network', async () => {
    const palermo = await idsOf(t0.app, 'donmateo-palermo');
    const res = await getJson(t0.app, suggestPath({ q: 'charcas 3641', branchContactId: palermo.contactId }));
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ fullAddress: 'Charcas 3641, Palermo, Buenos Aires', number: '3641' });
  });
});
