import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { importBusiness } from './import-business.ts';

const week = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map(
  (dayOfWeek) => ({
    dayOfWeek,
    workingHours: [{ startAt: '08:00', endAt: '20:00' }],
  }),
);

/** A small but complete business, built here rather than taken from the demo seed. */
function business(alias: string) {
  return {
    formatVersion: 1,
    branches: [
      {
        alias,
        name: 'Panadería La Espiga',
        menus: [
          {
            key: 'carta',
            name: 'Carta',
            categories: [
              {
                key: 'facturas',
                name: 'Facturas',
                plates: [{ key: 'medialuna', name: 'Medialuna', price: 650.5 }],
              },
              { key: 'vacia', name: 'Sin platos', plates: [] },
            ],
          },
        ],
        contacts: [
          {
            alias: `${alias}-centro`,
            name: 'La Espiga Centro',
            address: { street: 'San Martín', number: '120' },
            location: { lat: -32.95, lng: -60.64 },
            timeZone: 'America/Argentina/Buenos_Aires',
            country: 'ar',
            currency: 'ARS',
            workingDays: week,
            paymentTypes: [{ key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' }],
            orderModes: [
              { type: 'TAKE_AWAY', showName: 'Retiro', menu: 'carta', paymentTypes: ['efectivo'] },
            ],
          },
        ],
      },
    ],
  };
}

describe.each(databaseKinds)('business import on %s', (kind) => {
  let t0: TestApp;
  beforeAll(async () => {
    t0 = await createTestApp(kind);
  });
  afterAll(() => t0.close());

  it('brings a business in and serves it: money in minor units, empty categories hidden', async () => {
    const result = await importBusiness(t0.database.db, business('laespiga'), new Date());
    expect(result.branchContactIds).toHaveLength(1);
    const [plate] = await t0.database.db.select().from(t.plates).where(eq(t.plates.name, 'Medialuna'));
    expect(plate?.price).toBe(65050);
    const alias = await getJson(t0.app, '/api/diner/laespiga-centro');
    const modes = await getJson(t0.app, `/api/diner/branchordermodes/${alias.body.info.id}`);
    const menu = await getJson(t0.app, `/api/diner/laespiga-centro/menu/${modes.body[0].id}`);
    expect(menu.body.categories.map((c: { name: string }) => c.name)).toEqual(['Facturas']);
    expect(menu.body.categories[0].plates[0].price).toBe(650.5);
  });

  it('refuses an alias in use and writes nothing', async () => {
    const before = await t0.database.db.select({ n: count() }).from(t.branches);
    const file = business('otra');
    file.branches[0]!.contacts[0]!.alias = 'donmateo-palermo';
    await expect(importBusiness(t0.database.db, file, new Date())).rejects.toMatchObject({ status: 409 });
    expect(await t0.database.db.select({ n: count() }).from(t.branches)).toEqual(before);
  });

  it('rolls back everything when a reference is wrong halfway through', async () => {
    const before = await t0.database.db.select({ n: count() }).from(t.plates);
    const file = business('rota');
    file.branches[0]!.contacts[0]!.orderModes[0]!.paymentTypes = ['tarjeta'];
    const error = await importBusiness(t0.database.db, file, new Date()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe('No existe medio de pago con la clave tarjeta.');
    expect(await t0.database.db.select({ n: count() }).from(t.plates)).toEqual(before);
    expect(await t0.database.db.select().from(t.branches).where(eq(t.branches.alias, 'rota'))).toEqual([]);
  });

  it('lists every problem of an invalid file', async () => {
    const file = business('mala') as Record<string, unknown>;
    file.formatVersion = 2;
    const error = (await importBusiness(t0.database.db, file, new Date()).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(error.status).toBe(400);
    expect(error.errors?.[0]).toMatch(/^formatVersion/);
  });

  it("refuses a rider security code under 6 digits, except in the demo's own files", async () => {
    const file = business('corta');
    const contact = file.branches[0]!.contacts[0]! as Record<string, unknown>;
    contact.riderSecurityCode = '4321';
    const error = (await importBusiness(t0.database.db, file, new Date()).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([
      'branches.0.contacts.0.riderSecurityCode: El código de seguridad de los repartidores tiene que tener entre 6 y 12 números.',
    ]);
    contact.riderSecurityCode = '482913';
    await expect(importBusiness(t0.database.db, file, new Date())).resolves.toMatchObject({
      branchIds: [expect.any(Number)],
    });
    const demo = business('demo-corta');
    (demo.branches[0]!.contacts[0]! as Record<string, unknown>).riderSecurityCode = '4321';
    await expect(importBusiness(t0.database.db, demo, new Date(), { demo: true })).resolves.toBeTruthy();
  });
});
