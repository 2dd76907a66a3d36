import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { hashSecret, verifySecret } from '../../platform/secrets.ts';
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
    expect((error as AppError).errors).toEqual([
      'branches.0.contacts.0.orderModes.0.paymentTypes.0: No existe medio de pago con la clave tarjeta',
    ]);
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
    expect(error.errors).toEqual(['formatVersion: Entrada inválida: se esperaba 1']);
  });

  it('names the field of every reference that does not hold, in Spanish', async () => {
    const problemOf = async (change: (file: ReturnType<typeof business>) => void) => {
      const file = business('cruzada');
      change(file);
      const error = (await importBusiness(t0.database.db, file, new Date()).catch(
        (e: unknown) => e,
      )) as AppError;
      expect(error.status).toBe(400);
      return error.errors;
    };
    const plates = (file: ReturnType<typeof business>) =>
      file.branches[0]!.menus[0]!.categories[0]!.plates as Record<string, unknown>[];
    expect(await problemOf((f) => plates(f).push({ key: 'medialuna', name: 'Otra', price: 1 }))).toEqual([
      'branches.0.menus.0.categories.0.plates.1.key: La clave de plato medialuna está repetida',
    ]);
    expect(await problemOf((f) => (plates(f)[0]!.indicators = ['vegano']))).toEqual([
      'branches.0.menus.0.categories.0.plates.0.indicators.0: No existe indicador con la clave vegano',
    ]);
    expect(await problemOf((f) => (plates(f)[0]!.excludedCategories = ['bebidas']))).toEqual([
      'branches.0.menus.0.categories.0.plates.0.excludedCategories.0: No existe categoría con la clave bebidas',
    ]);
    const group = {
      name: 'Relleno',
      minGarnishAmount: 2,
      maxGarnishAmount: 1,
      garnishes: [{ name: 'Dulce' }],
    };
    expect(await problemOf((f) => (plates(f)[0]!.garnishGroups = [group]))).toEqual([
      'branches.0.menus.0.categories.0.plates.0.garnishGroups.0.minGarnishAmount: El grupo Relleno tiene un mínimo mayor que su máximo',
    ]);
    expect(
      await problemOf((f) => ((f.branches[0]!.menus[0] as Record<string, unknown>).upsold = ['x'])),
    ).toEqual(['branches.0.menus.0.upsold.0: No existe plato con la clave x']);
    expect(await problemOf((f) => (f.branches[0]!.contacts[0]!.orderModes[0]!.menu = 'x'))).toEqual([
      'branches.0.contacts.0.orderModes.0.menu: No existe menú con la clave x',
    ]);
    expect(await problemOf((f) => (f.branches[0]!.contacts[0]!.country = 'zz'))).toEqual([
      'branches.0.contacts.0.country: No existe el país zz; importá los países primero',
    ]);
    expect(
      await problemOf((f) => {
        (f.branches[0] as Record<string, unknown>).staff = [
          { email: 'encargado@donmateo.com.ar', name: 'Otro', password: 'segura2026' },
        ];
      }),
    ).toEqual([
      'branches.0.staff.0.email: El e-mail encargado@donmateo.com.ar ya tiene una cuenta del panel',
    ]);
  });

  it('takes stored hashes instead of secrets, stock and discount switches as an export writes them', async () => {
    const hash = hashSecret('482913');
    const file = business('exportada') as ReturnType<typeof business> & Record<string, unknown>;
    const branch = file.branches[0]! as Record<string, unknown>;
    branch.staff = [
      { email: 'duena@exportada.com.ar', name: 'Dueña', passwordHash: hashSecret('clave2026') },
    ];
    branch.menuDiscounts = [
      { name: 'Pausado', type: 'PERCENT', percentage: 10, plates: ['medialuna'], active: false },
    ];
    const plate = file.branches[0]!.menus[0]!.categories[0]!.plates[0]! as Record<string, unknown>;
    plate.outOfStock = true;
    Object.assign(file.branches[0]!.contacts[0]!, { riderSecurityCodeHash: hash, autoAccept: true });
    await importBusiness(t0.database.db, file, new Date());
    const [contact] = await t0.database.db
      .select()
      .from(t.branchContacts)
      .where(eq(t.branchContacts.alias, 'exportada-centro'));
    expect(contact).toMatchObject({ riderSecurityCodeHash: hash, autoAccept: true });
    const [staff] = await t0.database.db
      .select()
      .from(t.staffAccounts)
      .where(eq(t.staffAccounts.email, 'duena@exportada.com.ar'));
    expect(verifySecret('clave2026', staff?.passwordHash)).toBe(true);
    const [stored] = await t0.database.db
      .select()
      .from(t.plates)
      .innerJoin(t.categories, eq(t.categories.id, t.plates.categoryId))
      .innerJoin(t.menus, eq(t.menus.id, t.categories.menuId))
      .innerJoin(t.branches, eq(t.branches.id, t.menus.branchId))
      .where(eq(t.branches.alias, 'exportada'));
    expect(stored?.plates.outOfStock).toBe(true);
    const [discount] = await t0.database.db
      .select()
      .from(t.menuDiscounts)
      .where(eq(t.menuDiscounts.branchId, stored?.branches.id ?? 0));
    expect(discount?.active).toBe(false);
  });

  it('asks for exactly one of password and passwordHash, and at most one rider code', async () => {
    const file = business('secretos');
    const branch = file.branches[0]! as Record<string, unknown>;
    branch.staff = [
      { email: 'a@secretos.com.ar', name: 'A' },
      { email: 'b@secretos.com.ar', name: 'B', password: 'clave2026', passwordHash: hashSecret('x') },
    ];
    Object.assign(file.branches[0]!.contacts[0]!, {
      riderSecurityCode: '482913',
      riderSecurityCodeHash: hashSecret('482913'),
    });
    const error = (await importBusiness(t0.database.db, file, new Date()).catch(
      (e: unknown) => e,
    )) as AppError;
    expect(error.errors).toEqual([
      'branches.0.staff.0.password: va password o passwordHash (uno de los dos)',
      'branches.0.staff.1.password: va password o passwordHash (uno de los dos)',
      'branches.0.contacts.0.riderSecurityCodeHash: va riderSecurityCode o riderSecurityCodeHash, no los dos',
    ]);
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
