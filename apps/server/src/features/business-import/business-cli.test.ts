import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { businessCli, parseJsonText } from './business-cli.ts';
import { BusinessImportSchema } from './import-format.ts';

const week = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map(
  (dayOfWeek) => ({ dayOfWeek, workingHours: [{ startAt: '08:00', endAt: '20:00' }] }),
);

/** A small business with two order modes, written as a person would write the file. */
function business(alias: string) {
  return {
    formatVersion: 1,
    branches: [
      {
        alias,
        name: 'Heladería Polar',
        menus: [
          {
            key: 'carta',
            name: 'Carta',
            categories: [
              {
                key: 'helados',
                name: 'Helados',
                plates: [
                  { key: 'cuarto', name: 'Cuarto kilo', price: 4500.5 },
                  { key: 'kilo', name: 'Kilo', price: 14000 },
                ],
              },
            ],
          },
        ],
        staff: [{ email: `duena@${alias}.com.ar`, name: 'Dueña', password: 'helado2026' }],
        contacts: [
          {
            alias: `${alias}-centro`,
            name: 'Polar Centro',
            address: { street: 'Córdoba', number: '1500' },
            location: { lat: -32.95, lng: -60.64 },
            timeZone: 'America/Argentina/Buenos_Aires',
            country: 'ar',
            currency: 'ARS',
            workingDays: week,
            paymentTypes: [{ key: 'efectivo', showName: 'Efectivo', paymentMethod: 'CASH' }],
            orderModes: [
              { type: 'TAKE_AWAY', showName: 'Retiro', menu: 'carta', paymentTypes: ['efectivo'] },
              { type: 'DELIVERY', showName: 'Delivery', menu: 'carta', paymentTypes: ['efectivo'] },
            ],
          },
        ],
      },
    ],
  };
}

/** What a command printed, and its exit code. */
async function run(argv: string[], env: NodeJS.ProcessEnv, database?: TestApp['database']) {
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  };
  const code = await businessCli(argv, env, io, database);
  return { code, stdout, stderr, errorLines: stderr.trim().split('\n') };
}

/** Rows of the tables an import writes first and last: equal before and after means nothing was written. */
async function rowCounts(db: Db) {
  const tables = {
    companies: t.companies,
    branches: t.branches,
    contacts: t.branchContacts,
    menus: t.menus,
    plates: t.plates,
    orderModes: t.orderModes,
    staff: t.staffAccounts,
    countries: t.countries,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe('parseJsonText', () => {
  it('says where the syntax breaks, in Spanish', () => {
    expect(parseJsonText('{\n  "a": 1,\n  "b" 2\n}')).toEqual({
      ok: false,
      problem:
        'El archivo no es un JSON válido: error de sintaxis en la línea 3, columna 7 (posición 18). ' +
        'Revisá comas, comillas y llaves cerca de ahí.',
    });
    expect(parseJsonText('\uFEFF{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
    expect(parseJsonText('{"a": ')).toMatchObject({ ok: false, problem: expect.stringMatching(/línea 1/) });
  });
});

describe.each(databaseKinds)('npm run business:import / business:export on %s', (kind) => {
  let test: TestApp;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const write = (name: string, content: unknown) =>
    writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));

  beforeAll(async () => {
    test = await createTestApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'comanda-business-cli-'));
    env = { INIT_CWD: dir };
  });
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a file in one go and prints a Spanish summary', async () => {
    write('polar.json', business('polar'));
    const result = await run(['import', 'polar.json'], env, test.database);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      'Importación lista.\nAlias creados: polar, polar-centro.\nMarcas: 1 · Locales: 1 · Menús: 1 · Platos: 2\n',
    );
  });

  it('exports to stdout or to a file, in the import format', async () => {
    const printed = await run(['export', '--alias', 'polar-centro'], env, test.database);
    expect(printed.code).toBe(0);
    const file = BusinessImportSchema.parse(JSON.parse(printed.stdout));
    expect(file.branches[0]?.menus[0]?.categories[0]?.plates[0]).toMatchObject({
      key: 'cuarto-kilo',
      price: 4500.5,
    });
    const saved = await run(['export', '--alias', 'polar', '--out', 'copia.json'], env, test.database);
    expect(saved).toMatchObject({ code: 0, stdout: `Exportado polar en ${join(dir, 'copia.json')}.\n` });
    expect(JSON.parse(readFileSync(join(dir, 'copia.json'), 'utf8'))).toEqual(JSON.parse(printed.stdout));
  });

  it('prints every problem of an invalid file in Spanish with its path, and writes nothing', async () => {
    const file = business('mala') as Record<string, unknown> & ReturnType<typeof business>;
    const plate = file.branches[0]?.menus[0]?.categories[0]?.plates[0] as Record<string, unknown>;
    plate.price = 'caro';
    (file.branches[0] as Record<string, unknown>).horario = '24 h';
    write('mala.json', file);
    const before = await rowCounts(test.database.db);
    const result = await run(['import', 'mala.json'], env, test.database);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.errorLines).toEqual([
      'No se importó nada. Revisá estos problemas del archivo y probá de nuevo:',
      'branches.0.menus.0.categories.0.plates.0.price: Entrada inválida: se esperaba número, recibido texto',
      'branches.0.horario: campo desconocido',
    ]);
    expect(await rowCounts(test.database.db)).toEqual(before);
  });

  it('rolls back what it wrote when a reference is wrong halfway, naming the field', async () => {
    const file = business('rota');
    const mode = file.branches[0]?.contacts[0]?.orderModes[1];
    if (mode) mode.menu = 'postres';
    write('rota.json', file);
    const before = await rowCounts(test.database.db);
    const result = await run(['import', 'rota.json'], env, test.database);
    expect(result.code).toBe(1);
    expect(result.errorLines.slice(1)).toEqual([
      'branches.0.contacts.0.orderModes.1.menu: No existe menú con la clave postres',
    ]);
    expect(await rowCounts(test.database.db)).toEqual(before);
  });

  it('refuses an alias already in use, and a file that is not JSON', async () => {
    const taken = business('donmateo');
    write('tomado.json', taken);
    const before = await rowCounts(test.database.db);
    const refused = await run(['import', 'tomado.json'], env, test.database);
    expect(refused.code).toBe(1);
    expect(refused.errorLines.slice(1)).toEqual(['branches.0.alias: El alias donmateo ya está en uso']);
    write('rota.txt', '{ "formatVersion": 1, }');
    const broken = await run(['import', 'rota.txt'], env, test.database);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(
      /^El archivo no es un JSON válido: error de sintaxis en la línea 1, columna 2[0-9]/,
    );
    const missing = await run(['import', 'no-existe.json'], env, test.database);
    expect(missing.stderr).toBe(
      `No se pudo leer el archivo ${join(dir, 'no-existe.json')}. Revisá la ruta.\n`,
    );
    expect(await rowCounts(test.database.db)).toEqual(before);
  });

  it('answers an unknown alias or a missing one on export in Spanish, with exit code 1', async () => {
    const unknown = await run(['export', '--alias', 'nadie'], env, test.database);
    expect(unknown).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'No hay ninguna empresa, marca ni local con el alias "nadie". Revisá el alias.\n',
    });
    const missing = await run(['export'], env, test.database);
    expect(missing.code).toBe(1);
    expect(missing.errorLines[0]).toBe('Indicá el alias a exportar con --alias.');
    expect((await run(['exportar'], env, test.database)).errorLines[0]).toBe(
      'Indicá el comando: import o export.',
    );
  });
});

describe('the commands on the configured database (DATA_DIR)', () => {
  // a new embedded database on disk takes a while to create: a generous limit, not a measure of speed
  it('opens and migrates it, adds the reference countries, imports and exports', {
    timeout: 180_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'comanda-business-data-'));
    try {
      const env = { INIT_CWD: dir, DATA_DIR: 'datos' };
      writeFileSync(join(dir, 'polar.json'), JSON.stringify(business('polar')));
      const imported = await run(['import', 'polar.json'], env);
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      const exported = await run(['export', '--alias', 'polar'], env);
      expect(exported.code).toBe(0);
      const file = BusinessImportSchema.parse(JSON.parse(exported.stdout));
      expect(file.branches[0]?.staff[0]?.passwordHash).toMatch(/^scrypt\$/);
      expect((await run(['import', 'polar.json'], env)).errorLines.slice(1)).toEqual([
        'branches.0.alias: El alias polar ya está en uso',
        'branches.0.contacts.0.alias: El alias polar-centro ya está en uso',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
