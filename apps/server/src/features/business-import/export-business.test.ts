import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../../../test/global-setup.ts';
import { getJson } from '../../../test/http.ts';
import { createTestApp, type DatabaseKind, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import { TEST_NOW } from '../../../test/test-now.ts';
import { buildApp } from '../../app.ts';
import * as t from '../../db/schema.ts';
import { createMemoryBus } from '../../platform/bus.ts';
import { createClock } from '../../platform/clock.ts';
import { type Database, migrateDatabase, openDatabase } from '../../platform/db.ts';
import { exportBusiness } from './export-business.ts';
import { importBusiness } from './import-business.ts';
import { type BusinessImport, BusinessImportSchema } from './import-format.ts';
import { addMissingCountries } from './reference-countries.ts';

/**
 * A migrated database holding only the reference countries: a copy of the test template (PGlite) with
 * every other table emptied (a new PGlite starts slowly), or a new PostgreSQL database.
 */
async function emptyDatabase(kind: DatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteDumpPath'));
    const database = await openDatabase({ pglite: await PGlite.create({ loadDataDir: new Blob([dump]) }) });
    await database.db.execute(sql`
      do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public' and tablename <> 'countries' loop
          execute 'truncate table ' || quote_ident(r.tablename) || ' restart identity cascade';
        end loop;
      end $$;`);
    return { database, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const name = `comanda_test_empty_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(url, name) });
  await migrateDatabase(database);
  await addMissingCountries(database.db);
  return {
    database,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** An app of its own on an empty database. */
async function createEmptyApp(kind: DatabaseKind): Promise<TestApp> {
  const { database, drop } = await emptyDatabase(kind);
  const [countries] = await database.db.select({ n: count() }).from(t.countries);
  const [branches] = await database.db.select({ n: count() }).from(t.branches);
  expect(countries?.n).toBeGreaterThan(0);
  expect(branches?.n).toBe(0);
  const bus = createMemoryBus();
  const app = await buildApp({
    database,
    bus,
    clock: createClock(TEST_NOW),
    publicUrl: 'http://localhost:3000',
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      await drop();
    },
  };
}

const ID_KEY = /^(id|.+Id|.+Ids|plates)$/;

/** An answer with its database ids blanked: two databases give the same business other ids. */
function withoutIds(value: unknown, key = ''): unknown {
  if (typeof value === 'number' && ID_KEY.test(key)) return '<id>';
  if (Array.isArray(value)) return value.map((v) => withoutIds(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutIds(v, k)]));
  return value;
}

/**
 * What the storefront answers about a business: the aliases, every contact's order modes and, for each
 * mode, its menu, schedule and checkout info (fees, general discounts and surcharges), and each branch's
 * discounts, customizations, indicators, loyalty programme, shop list and logos.
 */
async function storefrontOf(app: FastifyInstance, file: BusinessImport) {
  const answers = new Map<string, unknown>();
  const get = async (label: string, url: string, found = true) => {
    const res = await getJson(app, url);
    if (found) expect(res.status, label).toBe(200);
    answers.set(label, { status: res.status, body: withoutIds(res.body) });
    return res.body;
  };
  if (file.company) await get('company', `/api/diner/${file.company.alias}`);
  for (const branch of file.branches) {
    await get(`${branch.alias}`, `/api/diner/${branch.alias}`);
    let branchId = 0;
    for (const contact of branch.contacts) {
      const { info } = await get(contact.alias, `/api/diner/${contact.alias}`);
      branchId = info.branch.id;
      const modes: { id: number }[] = await get(
        `${contact.alias} modes`,
        `/api/diner/branchordermodes/${info.id}`,
      );
      expect(modes.length).toBeGreaterThan(0);
      for (const [i, mode] of modes.entries()) {
        const at = `${contact.alias} mode ${i}`;
        await get(`${at} menu`, `/api/diner/${contact.alias}/menu/${mode.id}`);
        await get(`${at} schedule`, `/api/ordermode/schedule/${mode.id}`);
        await get(`${at} fees`, `/api/ordermodes/${mode.id}/fees`);
        await get(`${at} discounts`, `/api/ordermodes/${mode.id}/generaldiscounts`);
        await get(`${at} surcharges`, `/api/ordermodes/${mode.id}/generalsurcharges`);
      }
    }
    await get(`${branch.alias} menu discounts`, `/api/diner/${branchId}/discounts`);
    await get(`${branch.alias} customizations`, `/api/menucustomization/${branchId}`);
    await get(`${branch.alias} indicators`, `/api/indicators?branchId=${branchId}`);
    await get(`${branch.alias} loyalty`, `/api/branch/${branchId}/loyalty-program`);
    await get(`${branch.alias} shops`, `/api/diner/branches/${branchId}/branchcontacts`);
    for (const type of ['LOGO', 'HORIZONTAL_LOGO', 'BACKGROUND_LOGO', 'BANNER_LOGO'])
      await get(`${branch.alias} ${type}`, `/api/diner/file/${branchId}/url?type=${type}`, false);
  }
  return answers;
}

describe.each(databaseKinds)('business export on %s', (kind) => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp(kind);
  });
  afterAll(() => demo.close());

  // a few hundred requests and two full imports on embedded WASM: a generous limit, not a measure of speed
  it.each(['sabores', 'aurora', 'lacasona'])(
    'exports %s, which imports into an empty database that exports and serves it alike',
    { timeout: 120_000 },
    async (alias) => {
      const exported = await exportBusiness(demo.database.db, alias);
      expect(BusinessImportSchema.parse(exported)).toEqual(exported);
      const copy = await createEmptyApp(kind);
      try {
        await importBusiness(copy.database.db, exported, new Date(TEST_NOW));
        expect(await exportBusiness(copy.database.db, alias)).toEqual(exported);
        const original = await storefrontOf(demo.app, exported);
        const copied = await storefrontOf(copy.app, exported);
        expect(Object.fromEntries(copied)).toEqual(Object.fromEntries(original));
      } finally {
        await copy.close();
      }
    },
  );

  it('exports a whole company with both branches, money in currency units and secrets as hashes', async () => {
    const file = await exportBusiness(demo.database.db, 'sabores');
    expect(file.company).toEqual({ name: 'Grupo Sabores', alias: 'sabores' });
    expect(file.branches.map((b) => b.alias)).toEqual(['donmateo', 'kenzo']);
    const donmateo = file.branches[0];
    const palermo = donmateo?.contacts[0];
    expect(palermo?.alias).toBe('donmateo-palermo');
    expect(palermo?.riderSecurityCodeHash).toMatch(/^scrypt\$/);
    expect(palermo?.riderSecurityCode).toBeUndefined();
    expect(palermo?.orders).toEqual([]);
    expect(donmateo?.customers).toEqual([]);
    expect(donmateo?.staff[0]).toMatchObject({ email: 'encargado@donmateo.com.ar', role: 'OWNER' });
    expect(donmateo?.staff[0]?.passwordHash).toMatch(/^scrypt\$/);
    expect(donmateo?.staff[0]?.password).toBeUndefined();
    const muzzarella = donmateo?.menus[0]?.categories[0]?.plates[0];
    expect(muzzarella).toMatchObject({ key: 'muzzarella', price: 9000, outOfStock: false });
    expect(donmateo?.logos).toEqual({ LOGO: '/demo/donmateo.svg', BANNER_LOGO: '/demo/donmateo-banner.svg' });
  });

  it('exports the whole branch of a branch or shop alias, without the company', async () => {
    const byBranch = await exportBusiness(demo.database.db, 'kenzo');
    const byShop = await exportBusiness(demo.database.db, 'kenzo-nunez');
    expect(byBranch.company).toBeUndefined();
    expect(byBranch.branches.map((b) => b.alias)).toEqual(['kenzo']);
    expect(byShop).toEqual(byBranch);
  });

  it('carries the support chat and the "Hecho con Comanda" switch through export and import', {
    timeout: 120_000,
  }, async () => {
    const [before] = await demo.database.db
      .select({ generalConfig: t.branches.generalConfig })
      .from(t.branches)
      .where(eq(t.branches.alias, 'kenzo'));
    const chat = { provider: 'TAWK' as const, siteId: '5bc5c42d61d0b77092515e90/default' };
    await demo.database.db
      .update(t.branches)
      .set({ generalConfig: { ...before?.generalConfig, supportChat: chat, showPoweredBy: false } })
      .where(eq(t.branches.alias, 'kenzo'));
    try {
      const exported = await exportBusiness(demo.database.db, 'kenzo');
      expect(exported.branches[0]?.generalConfig).toMatchObject({ supportChat: chat, showPoweredBy: false });
      // an id that is not the provider's is refused with the owner's words, a provider we lack too
      const withChat = (supportChat: unknown) => ({
        ...exported,
        branches: [{ ...exported.branches[0], generalConfig: { supportChat } }],
      });
      const bad = BusinessImportSchema.safeParse(withChat({ provider: 'CRISP', siteId: 'mi-sitio' }));
      expect(bad.success).toBe(false);
      expect(bad.error?.issues).toEqual([
        expect.objectContaining({
          path: ['branches', 0, 'generalConfig', 'supportChat', 'siteId'],
          message: expect.stringContaining('No encontramos el ID del sitio de Crisp.'),
        }),
      ]);
      expect(BusinessImportSchema.safeParse(withChat({ provider: 'ZENDESK', siteId: 'x' })).success).toBe(
        false,
      );

      const copy = await createEmptyApp(kind);
      try {
        await importBusiness(copy.database.db, exported, new Date(TEST_NOW));
        expect(await exportBusiness(copy.database.db, 'kenzo')).toEqual(exported);
        const shop = await getJson(copy.app, '/api/diner/kenzo-nunez');
        expect(shop.body.info.branch.generalConfig).toMatchObject({
          supportChat: chat,
          showPoweredBy: false,
        });
      } finally {
        await copy.close();
      }
    } finally {
      await demo.database.db
        .update(t.branches)
        .set({ generalConfig: before?.generalConfig ?? {} })
        .where(eq(t.branches.alias, 'kenzo'));
    }
  });

  // last: it changes the demo's kitchen account and a rider
  it('carries a revoked console account and a deactivated rider through export and import', {
    timeout: 120_000,
  }, async () => {
    const now = new Date(TEST_NOW);
    await demo.database.db
      .update(t.staffAccounts)
      .set({ revokedAt: now })
      .where(eq(t.staffAccounts.email, 'cocina@donmateo.com.ar'));
    await demo.database.db.update(t.riders).set({ disabledAt: now }).where(eq(t.riders.name, 'Sofía Ruiz'));
    const exported = await exportBusiness(demo.database.db, 'donmateo');
    const branch = exported.branches[0];
    expect(branch?.staff.find((s) => s.email === 'cocina@donmateo.com.ar')).toMatchObject({ revoked: true });
    expect(branch?.staff.find((s) => s.email === 'encargado@donmateo.com.ar')).not.toHaveProperty('revoked');
    const riders = branch?.contacts.flatMap((c) => c.riders);
    expect(riders?.find((r) => r.name === 'Sofía Ruiz')).toMatchObject({ active: false, disabled: true });
    expect(riders?.find((r) => r.name === 'Martín Gómez')).not.toHaveProperty('disabled');
    const copy = await createEmptyApp(kind);
    try {
      await importBusiness(copy.database.db, exported, now);
      expect(await exportBusiness(copy.database.db, 'donmateo')).toEqual(exported);
      const [cook] = await copy.database.db
        .select({ revokedAt: t.staffAccounts.revokedAt })
        .from(t.staffAccounts)
        .where(eq(t.staffAccounts.email, 'cocina@donmateo.com.ar'));
      expect(cook?.revokedAt).toEqual(now);
    } finally {
      await copy.close();
    }
  });

  it('answers a Spanish 404 for an alias nobody has', async () => {
    await expect(exportBusiness(demo.database.db, 'nadie')).rejects.toMatchObject({
      status: 404,
      message: 'No hay ninguna empresa, marca ni local con el alias "nadie". Revisá el alias.',
    });
  });
});
