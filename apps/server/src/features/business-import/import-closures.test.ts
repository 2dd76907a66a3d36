import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/http.ts';
import { oneShopBusiness } from '../../../test/one-shop-business.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { exportBusiness } from './export-business.ts';
import { importBusiness } from './import-business.ts';
import { BusinessImportSchema } from './import-format.ts';

/** A one-shop business whose shop carries the given closures. */
const business = (alias: string, closures: unknown) => oneShopBusiness(alias, { contact: { closures } });

describe.each(databaseKinds)('closures in a business import on %s', (kind) => {
  let test: TestApp;
  // Wednesday 18 November 2026, 15:00 in Buenos Aires (the test clock)
  const now = new Date('2026-11-18T15:00:00-03:00');
  beforeAll(async () => {
    test = await createTestApp(kind, { now: now.toISOString() });
  });
  afterAll(() => test.close());

  it('takes a shop without closures: none', () => {
    const file = business('sin-cierres', undefined);
    const parsed = BusinessImportSchema.parse(JSON.parse(JSON.stringify(file)));
    expect(parsed.branches[0]?.contacts[0]?.closures).toEqual([]);
  });

  it('imports the closures still to come, drops those over, serves and exports them', async () => {
    const closures = [
      { startsOn: '2026-12-24', endsOn: '2026-12-25', message: 'Felices fiestas' },
      { startsOn: '2026-01-01', endsOn: '2026-01-01', message: null },
      { startsOn: '2026-11-18', endsOn: '2026-11-18', message: '  ' },
    ];
    await importBusiness(test.database.db, business('horno', closures), now);
    const upcoming = [
      { startsOn: '2026-11-18', endsOn: '2026-11-18', message: null },
      { startsOn: '2026-12-24', endsOn: '2026-12-25', message: 'Felices fiestas' },
    ];
    const [contact] = await test.database.db
      .select()
      .from(t.branchContacts)
      .where(eq(t.branchContacts.alias, 'horno-centro'));
    expect(contact?.closures).toEqual(upcoming);
    const served = (await getJson(test.app, '/api/diner/horno-centro')).body.info;
    expect(served).toMatchObject({ open: false, closures: upcoming });

    const exported = await exportBusiness(test.database.db, 'horno', now);
    expect(exported.branches[0]?.contacts[0]?.closures).toEqual(upcoming);
    // a day later, today's closure is over and stays out of the file
    const later = await exportBusiness(test.database.db, 'horno', new Date('2026-11-19T12:00:00-03:00'));
    expect(later.branches[0]?.contacts[0]?.closures).toEqual(upcoming.slice(1));
  });

  it('refuses closures the owner could not save, but for being over, and writes nothing', async () => {
    const file = business('horno-malo', [
      { startsOn: '2026-02-30', endsOn: '2026-03-01', message: null },
      { startsOn: '2026-12-26', endsOn: '2026-12-24', message: null },
      { startsOn: '2026-12-20', endsOn: '2026-12-31', message: 'x'.repeat(201) },
      { startsOn: '2026-12-30', endsOn: '2027-01-02', message: null },
    ]);
    const error = await importBusiness(test.database.db, file, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errors).toEqual([
      'branches.0.contacts.0.closures.0.startsOn: Elegí una fecha válida.',
      'branches.0.contacts.0.closures.1.endsOn: El cierre termina antes de empezar. Revisá las fechas.',
      'branches.0.contacts.0.closures.2.message: El mensaje puede tener hasta 200 caracteres.',
      'branches.0.contacts.0.closures.3: Los cierres del 30/12 se superponen. Unilos en uno solo.',
    ]);
    expect(
      await test.database.db.select().from(t.branches).where(eq(t.branches.alias, 'horno-malo')),
    ).toEqual([]);
  });
});
