import {
  BranchContactListSchema,
  BranchContactSchema,
  BranchSchema,
  CompanySchema,
  DinerAliasSchema,
} from '@comanda/core/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

describe.each(databaseKinds)('diner alias, company, branch and contact calls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers a company alias with its type and info', async () => {
    const res = await getJson(t.app, '/api/diner/sabores');
    expect(res.status).toBe(200);
    const parsed = DinerAliasSchema.parse(res.body);
    expect(parsed).toEqual({
      type: 'company',
      info: { id: expect.any(Number), name: 'Grupo Sabores', alias: 'sabores' },
    });
  });

  it('answers a branch alias with its theme, logo and config', async () => {
    const res = await getJson(t.app, '/api/diner/donmateo');
    expect(res.body.type).toBe('branch');
    const branch = BranchSchema.strict().parse(res.body.info);
    expect(branch.name).toBe('Pizzería Don Mateo');
    expect(branch.generalConfig.colorConfig?.light?.mainColor?.toUpperCase()).toBe('#C62828');
    expect(branch.customLogoURL).toMatch(/\.svg$/);
  });

  it('answers a branch-contact alias with address, time zone, modes and open state', async () => {
    const res = await getJson(t.app, '/api/diner/donmateo-palermo');
    expect(res.body.type).toBe('branchContact');
    const contact = BranchContactSchema.parse(res.body.info);
    expect(contact.address).toMatchObject({ street: 'Av. Santa Fe', number: '3253' });
    expect(contact.timeZone).toBe('America/Argentina/Buenos_Aires');
    expect(contact.deliveryConfig.orderModes).toEqual([
      'DELIVERY',
      'TAKE_AWAY',
      'TABLE',
      'COUNTER_SELF_SERVICE',
    ]);
    expect(contact.open).toBe(true);
    expect(contact.branch.alias).toBe('donmateo');
  });

  it('reads a numeric key as a branch-contact id and aliases without regard to case', async () => {
    const { contactId } = await idsOf(t.app, 'donmateo-palermo');
    expect((await getJson(t.app, `/api/diner/${contactId}`)).body.info.alias).toBe('donmateo-palermo');
    expect((await getJson(t.app, '/api/diner/DonMateo-Palermo')).body.info.alias).toBe('donmateo-palermo');
  });

  it('answers an unknown alias with a 404 JSON error', async () => {
    expectApiError(await getJson(t.app, '/api/diner/no-existe'), 404, 'NOT_FOUND');
    expectApiError(await getJson(t.app, '/api/diner/999999'), 404, 'NOT_FOUND');
  });

  it('refuses a malformed alias or id with a 400', async () => {
    expectApiError(await getJson(t.app, `/api/diner/${encodeURIComponent("x' or 1=1")}`), 400, 'BAD_REQUEST');
    expectApiError(await getJson(t.app, `/api/diner/${'a'.repeat(200)}`), 400);
    expectApiError(await getJson(t.app, '/api/diner/99999999999999'), 400);
  });

  it('reports a blocked contact so the web can show the blocked screen', async () => {
    await t.database.db.execute(
      sql`update branch_contacts set commercial_terms_blocked = true where alias = 'aurora-centro'`,
    );
    const res = await getJson(t.app, '/api/diner/aurora-centro');
    expect(res.status).toBe(200);
    expect(res.body.info.commercialTermsInfo).toEqual({ blocked: true });
    const { modeId } = await idsOf(t.app, 'aurora-centro');
    expectApiError(
      await getJson(t.app, `/api/diner/aurora-centro/menu/${modeId('Take Away')}`),
      403,
      'BLOCKED',
    );
  });

  it('answers a company and its branches paged by offset', async () => {
    const company = (await getJson(t.app, '/api/diner/sabores')).body.info;
    expect(CompanySchema.parse((await getJson(t.app, `/api/diner/companies/${company.id}`)).body).alias).toBe(
      'sabores',
    );

    const page = await getJson(t.app, `/api/diner/companies/${company.id}/branches?offset=0&pageSize=99`);
    expect(page.status).toBe(200);
    expect(page.body.branches.map((b: { alias: string }) => b.alias)).toEqual(['kenzo', 'donmateo']);
    expect(page.body).toMatchObject({ offset: 0, pageSize: 99, total: 2 });

    const second = await getJson(t.app, `/api/diner/companies/${company.id}/branches?offset=1&pageSize=1`);
    expect(second.body.branches).toHaveLength(1);
    expect(second.body.total).toBe(2);
  });

  it('refuses absurd paging values and unknown companies', async () => {
    const company = (await getJson(t.app, '/api/diner/sabores')).body.info;
    for (const query of ['pageSize=100', 'pageSize=0', 'offset=-1', 'offset=abc', 'pageSize=1e9']) {
      expectApiError(
        await getJson(t.app, `/api/diner/companies/${company.id}/branches?${query}`),
        400,
        'BAD_REQUEST',
      );
    }
    expectApiError(await getJson(t.app, '/api/diner/companies/424242'), 404);
    expectApiError(await getJson(t.app, '/api/diner/companies/abc/branches'), 400);
  });

  it('answers a branch contact by id, 404 for an unknown one and 400 for a malformed one', async () => {
    const { contactId } = await idsOf(t.app, 'kenzo-nunez');
    const res = await getJson(t.app, `/api/diner/branchcontacts/${contactId}`);
    expect(BranchContactSchema.parse(res.body).name).toBe('Kenzo Núñez');
    expectApiError(await getJson(t.app, '/api/diner/branchcontacts/777777'), 404);
    expectApiError(await getJson(t.app, '/api/diner/branchcontacts/1.5'), 400);
    expectApiError(await getJson(t.app, '/api/diner/branchcontacts/%25zz'), 400);
  });
});

describe.each(databaseKinds)('branch-contact list on %s', (kind) => {
  let t: TestApp;
  let branchId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    branchId = (await idsOf(t.app, 'donmateo-palermo')).branchId;
  });
  afterAll(() => t.close());

  it('sorts by distance in metres from the diner and says which contacts deliver there', async () => {
    // a corner of Palermo, about 1 km from the Santa Fe shop and 4 km from Belgrano
    const res = await getJson(
      t.app,
      `/api/diner/branches/${branchId}/branchcontacts?lat=-34.5810&lng=-58.4200`,
    );
    expect(res.status).toBe(200);
    const list = BranchContactListSchema.parse(res.body);
    expect(list.branchContacts.map((c) => c.alias)).toEqual(['donmateo-palermo', 'donmateo-belgrano']);
    const [palermo, belgrano] = list.branchContacts;
    expect(palermo?.distance).toBeGreaterThan(900);
    expect(palermo?.distance).toBeLessThan(1300);
    expect(palermo?.reachableByDelivery).toBe(true);
    expect(belgrano?.distance).toBeGreaterThan(palermo?.distance ?? 0);
  });

  it('marks contacts that do not deliver to a far address', async () => {
    // Ezeiza airport: no Don Mateo zone reaches it
    const res = await getJson(
      t.app,
      `/api/diner/branches/${branchId}/branchcontacts?lat=-34.8222&lng=-58.5358`,
    );
    expect(
      res.body.branchContacts.every((c: { reachableByDelivery: boolean }) => c.reachableByDelivery === false),
    ).toBe(true);
  });

  it('filters by search text and order mode, with no location giving null distances', async () => {
    const search = await getJson(t.app, `/api/diner/branches/${branchId}/branchcontacts?search=cabildo`);
    expect(search.body.branchContacts.map((c: { alias: string }) => c.alias)).toEqual(['donmateo-belgrano']);
    expect(search.body.branchContacts[0].distance).toBeNull();

    const tables = await getJson(t.app, `/api/diner/branches/${branchId}/branchcontacts?orderModeType=TABLE`);
    expect(tables.body.branchContacts.map((c: { alias: string }) => c.alias)).toEqual(['donmateo-palermo']);

    const accents = await getJson(
      t.app,
      `/api/diner/branches/${branchId}/branchcontacts?search=${encodeURIComponent('santa fé palermo')}`,
    );
    expect(accents.body.branchContacts.map((c: { alias: string }) => c.alias)).toEqual(['donmateo-palermo']);

    const none = await getJson(
      t.app,
      `/api/diner/branches/${branchId}/branchcontacts?search=${encodeURIComponent('%_')}`,
    );
    expect(none.body).toMatchObject({ branchContacts: [], total: 0 });
  });

  it('refuses bad coordinates, half a location and absurd paging', async () => {
    for (const query of [
      'lat=-95&lng=0',
      'lat=abc&lng=1',
      'lat=-34.5',
      'pageSize=500',
      `search=${'x'.repeat(101)}`,
    ]) {
      expectApiError(await getJson(t.app, `/api/diner/branches/${branchId}/branchcontacts?${query}`), 400);
    }
    expectApiError(await getJson(t.app, '/api/diner/branches/98765/branchcontacts'), 404);
  });

  it('answers logo URLs made absolute with the public URL', async () => {
    const res = await getJson(t.app, `/api/diner/file/${branchId}/url?type=LOGO`);
    expect(res.body.url).toMatch(/^http:\/\/localhost:3000\/demo\/.+\.svg$/);
    expectApiError(await getJson(t.app, `/api/diner/file/${branchId}/url?type=PHOTO`), 400);
    expectApiError(await getJson(t.app, '/api/diner/file/98765/url?type=LOGO'), 404);
  });
});
