import { distanceInMeters, type LatLng } from '@comanda/core';
import { GUIDE_MESSAGES, type GuideNearAnswer, GuideNearAnswerSchema } from '@comanda/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, expectApiError } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { importBusiness } from '../business-import/import-business.ts';

const PALERMO: LatLng = { lat: -34.588, lng: -58.411 };
/** Rosario: far from every demo shop, so the shops built here come first. */
const ROSARIO: LatLng = { lat: -32.95, lng: -60.64 };

interface ShopSpec {
  alias: string;
  name: string;
  at: LatLng;
  active?: boolean;
  blocked?: boolean;
}

/** A business with one shop per spec, built here rather than taken from the demo seed. */
function business(alias: string, shops: ShopSpec[], options: { active?: boolean; name?: string } = {}) {
  return {
    formatVersion: 1,
    branches: [
      {
        alias,
        name: options.name ?? 'Heladería Rosarina',
        active: options.active ?? true,
        menus: [
          {
            key: 'carta',
            name: 'Carta',
            categories: [
              {
                key: 'helados',
                name: 'Helados',
                plates: [{ key: 'cuarto', name: 'Cuarto kilo', price: 4000 }],
              },
            ],
          },
        ],
        contacts: shops.map((shop) => ({
          alias: shop.alias,
          name: shop.name,
          active: shop.active ?? true,
          blocked: shop.blocked ?? false,
          address: { street: 'Bv. Oroño', number: '1200', locality: 'Centro', city: 'Rosario' },
          location: shop.at,
          timeZone: 'America/Argentina/Buenos_Aires',
          country: 'ar',
          currency: 'ARS',
          workingDays: [],
          paymentTypes: [{ key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' }],
          orderModes: [{ type: 'TAKE_AWAY', showName: 'Retiro', menu: 'carta', paymentTypes: ['efectivo'] }],
        })),
      },
    ],
  };
}

/** `offset` degrees of latitude north of Rosario (about 111 m per 0.001). */
const north = (offset: number): LatLng => ({ lat: ROSARIO.lat + offset, lng: ROSARIO.lng });

describe.each(databaseKinds)('the guide (POST /api/menu/near) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const now = new Date();
    // listed out of distance order, two at the same spot: the id decides between those
    await importBusiness(
      t.database.db,
      business('rosarina', [
        { alias: 'rosarina-d', name: 'Rosarina Fisherton', at: north(0.04) },
        { alias: 'rosarina-a', name: 'Rosarina Oroño', at: ROSARIO },
        { alias: 'rosarina-c1', name: 'Rosarina Echesortu', at: north(0.02) },
        { alias: 'rosarina-c2', name: 'Rosarina Alberdi', at: north(0.02) },
        { alias: 'rosarina-b', name: 'Rosarina Pichincha', at: north(0.01) },
        { alias: 'rosarina-e', name: 'Rosarina Funes', at: north(0.08) },
        { alias: 'rosarina-cerrada', name: 'Rosarina Cerrada', at: north(0.001), active: false },
        { alias: 'rosarina-bloqueada', name: 'Rosarina Bloqueada', at: north(0.002), blocked: true },
      ]),
      now,
    );
    await importBusiness(
      t.database.db,
      business('dormida', [{ alias: 'dormida-centro', name: 'Dormida Centro', at: north(0.003) }], {
        active: false,
        name: 'Marca dormida',
      }),
      now,
    );
  });
  afterAll(() => t.close());

  async function near(payload: unknown) {
    return callApi(t.app, 'POST', '/api/menu/near', { payload });
  }

  async function page(payload: object): Promise<GuideNearAnswer> {
    const res = await near(payload);
    expect(res.status).toBe(200);
    return GuideNearAnswerSchema.parse(res.body);
  }

  const aliases = (answer: GuideNearAnswer) => answer.commerces.map((c) => c.branchContact.alias);

  it("answers the spec's guide entries, nearest first, distances in whole metres as core measures them", async () => {
    const res = await near({ ...PALERMO, pagingOption: { pageSize: 3, offset: 0 } });
    expect(res.status).toBe(200);
    expect(res.body.commerces[0]).toEqual({
      branchContact: {
        alias: 'donmateo-palermo',
        name: 'Don Mateo Palermo',
        // locality: the province, which the guide's title names
        address: { street: 'Av. Santa Fe', number: '3253', city: 'Buenos Aires', locality: 'CABA' },
        distanceInMeters: 0,
      },
    });
    const answer = GuideNearAnswerSchema.parse(res.body);
    expect(aliases(answer)).toEqual(['donmateo-palermo', 'donmateo-belgrano', 'kenzo-nunez']);
    const belgrano = { lat: -34.5606, lng: -58.456 };
    expect(answer.commerces[1]?.branchContact.distanceInMeters).toBe(
      Math.round(distanceInMeters(PALERMO, belgrano)),
    );
    expect(answer).toMatchObject({ offset: 0, pageSize: 3 });
    expect(answer.total).toBeGreaterThan(3);
  });

  it('pages by distance with the id breaking ties, so pages never overlap or skip a shop', async () => {
    const all = await page({ ...ROSARIO, pagingOption: { pageSize: 50, offset: 0 } });
    expect(aliases(all).slice(0, 6)).toEqual([
      'rosarina-a',
      'rosarina-b',
      'rosarina-c1',
      'rosarina-c2',
      'rosarina-d',
      'rosarina-e',
    ]);
    const distances = all.commerces.map((c) => c.branchContact.distanceInMeters);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[2]).toBe(distances[3]);

    const walked: string[] = [];
    for (let offset = 0; offset < all.total; offset += 4) {
      const next = await page({ ...ROSARIO, filters: {}, pagingOption: { pageSize: 4, offset } });
      expect(next).toMatchObject({ offset, pageSize: 4, total: all.total });
      expect(next.commerces.length).toBe(Math.min(4, all.total - offset));
      walked.push(...aliases(next));
    }
    expect(walked).toEqual(aliases(all));

    const past = await page({ ...ROSARIO, pagingOption: { pageSize: 4, offset: 40 } });
    expect(past).toMatchObject({ commerces: [], total: all.total });
  });

  it('leaves out inactive and blocked shops and the shops of an inactive branch', async () => {
    const all = aliases(await page({ ...ROSARIO, pagingOption: { pageSize: 50 } }));
    expect(all.filter((alias) => /^(rosarina|dormida)-/.test(alias)).sort()).toEqual([
      'rosarina-a',
      'rosarina-b',
      'rosarina-c1',
      'rosarina-c2',
      'rosarina-d',
      'rosarina-e',
    ]);
    expect(all).not.toContain('rosarina-cerrada');
    expect(all).not.toContain('rosarina-bloqueada');
    expect(all).not.toContain('dormida-centro');
  });

  it('filters by country in any case', async () => {
    const chile = await page({ ...PALERMO, filters: { country: 'CL', branch_contact: true } });
    expect(aliases(chile)).toEqual(['lacasona-providencia']);
    expect(chile.total).toBe(1);
    const everywhere = await page({ ...PALERMO, pagingOption: { pageSize: 50 } });
    const argentina = await page({ ...PALERMO, filters: { country: 'ar' }, pagingOption: { pageSize: 50 } });
    expect(argentina.total).toBe(everywhere.total - 1);
    expect(aliases(argentina)).toEqual(
      aliases(everywhere).filter((alias) => alias !== 'lacasona-providencia'),
    );
    expect(await page({ ...PALERMO, filters: { country: 'uy' } })).toMatchObject({ commerces: [], total: 0 });
  });

  it('searches names, codes (aliases), the brand and the address, without caring for accents or case', async () => {
    const search = async (text: string) => aliases(await page({ ...PALERMO, filters: { search: text } }));
    expect(await search('nunez')).toEqual(['kenzo-nunez']);
    expect(await search('KENZO NÚÑEZ')).toEqual(['kenzo-nunez']);
    expect(await search('donmateo-belgrano')).toEqual(['donmateo-belgrano']);
    expect(await search('pizzería')).toEqual(['donmateo-palermo', 'donmateo-belgrano']);
    expect(await search('cabildo')).toEqual(['donmateo-belgrano']);
    expect(await search('córdoba')).toEqual(['aurora-centro']);
    expect(await search('%_')).toEqual([]);
    // a blank search box filters nothing
    expect(await search('   ')).toEqual(aliases(await page(PALERMO)));
  });

  it.each([
    ['no body at all', undefined, GUIDE_MESSAGES.locationRequired],
    ['no latitude', { lng: -58.4 }, GUIDE_MESSAGES.locationRequired],
    ['no longitude', { lat: -34.5 }, GUIDE_MESSAGES.locationRequired],
    ['a latitude written as text', { lat: '-34.5', lng: -58.4 }, GUIDE_MESSAGES.latitudeInvalid],
    ['a latitude past the pole', { lat: 91, lng: -58.4 }, GUIDE_MESSAGES.latitudeInvalid],
    ['a longitude past the antimeridian', { lat: -34.5, lng: -181 }, GUIDE_MESSAGES.longitudeInvalid],
    ['a null longitude', { lat: -34.5, lng: null }, GUIDE_MESSAGES.longitudeInvalid],
    ['a page size of zero', { ...PALERMO, pagingOption: { pageSize: 0 } }, GUIDE_MESSAGES.pageSizeInvalid],
    ['a page size over 50', { ...PALERMO, pagingOption: { pageSize: 51 } }, GUIDE_MESSAGES.pageSizeTooLarge],
    [
      'a fractional page size',
      { ...PALERMO, pagingOption: { pageSize: 2.5 } },
      GUIDE_MESSAGES.pageSizeInvalid,
    ],
    ['a page size as text', { ...PALERMO, pagingOption: { pageSize: '10' } }, GUIDE_MESSAGES.pageSizeInvalid],
    ['a negative offset', { ...PALERMO, pagingOption: { offset: -1 } }, GUIDE_MESSAGES.offsetInvalid],
    ['a three-letter country', { ...PALERMO, filters: { country: 'ARG' } }, GUIDE_MESSAGES.countryInvalid],
    [
      'branch_contact false',
      { ...PALERMO, filters: { branch_contact: false } },
      GUIDE_MESSAGES.onlyBranchContacts,
    ],
    ['a search too long', { ...PALERMO, filters: { search: 'x'.repeat(101) } }, GUIDE_MESSAGES.searchTooLong],
    ['filters that are not an object', { ...PALERMO, filters: 'ar' }, GUIDE_MESSAGES.filtersInvalid],
    ['an unknown field', { ...PALERMO, radius: 10 }, GUIDE_MESSAGES.unknownField('radius')],
    ['an array body', [PALERMO], GUIDE_MESSAGES.bodyInvalid],
  ])('refuses %s with a Spanish 400', async (_name, payload, message) => {
    const res = await near(payload);
    expectApiError(res, 400, 'BAD_REQUEST');
    expect(res.body.message).toBe(message);
  });

  it('refuses a body that is not JSON with a Spanish 400, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/menu/near',
      headers: { 'content-type': 'application/json' },
      payload: '{"lat": -34.5,',
    });
    expectApiError({ status: res.statusCode, body: res.json() }, 400);
    expect(res.json().message).toBe('La solicitud no es válida.');
  });
});
