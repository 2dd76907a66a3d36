import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../../test/http.ts';
import { everyDay, oneShopBusiness } from '../../../test/one-shop-business.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { businessCli } from './business-cli.ts';
import { importBusiness } from './import-business.ts';

type Day = { dayOfWeek: string; workingHours: { startAt: string; endAt: string }[] };

const day = (dayOfWeek: string, ...ranges: [string, string][]): Day => ({
  dayOfWeek,
  workingHours: ranges.map(([startAt, endAt]) => ({ startAt, endAt })),
});

const week = (): Day[] => everyDay();

/** Overlapping Monday hours as TastyIgniter's ti-ext-local refuses them: 11-12 would count twice. */
const overlappingMonday = () => day('MONDAY', ['08:00', '12:00'], ['11:00', '17:00']);

/** A shop with two order modes; hours given per test. */
const business = (alias: string) =>
  oneShopBusiness(alias, {
    orderModes: [
      { type: 'TAKE_AWAY', showName: 'Retiro', menu: 'carta', paymentTypes: ['efectivo'] },
      { type: 'DELIVERY', showName: 'Delivery', menu: 'carta', paymentTypes: ['efectivo'] },
    ],
  });

/** Rows of the tables an import writes: equal before and after means nothing was written. */
async function rowCounts(db: Db) {
  const tables = {
    branches: t.branches,
    contacts: t.branchContacts,
    menus: t.menus,
    plates: t.plates,
    orderModes: t.orderModes,
    schedules: t.orderModeSchedules,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

const OVERLAP = (name: string) => `Los horarios del ${name} se superponen. Revisá los rangos.`;

describe.each(databaseKinds)('opening hours of a business import on %s', (kind) => {
  let test: TestApp;
  let dir: string;
  // Thursday 19 November 2026, 01:00 in Buenos Aires: open only through Wednesday's range past midnight
  const now = new Date('2026-11-19T01:00:00-03:00');
  beforeAll(async () => {
    test = await createTestApp(kind, { now: now.toISOString() });
    dir = mkdtempSync(join(tmpdir(), 'comanda-import-hours-'));
  });
  afterAll(async () => {
    await test.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The import's refusal: its AppError, after checking that nothing was written. */
  async function refusal(file: unknown): Promise<AppError> {
    const before = await rowCounts(test.database.db);
    const error = await importBusiness(test.database.db, file, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(await rowCounts(test.database.db)).toEqual(before);
    return error as AppError;
  }

  it("refuses overlapping ranges of one day in the shop's hours, naming the day and its path", async () => {
    const file = business('horno');
    file.branches[0]!.contacts[0]!.workingDays[0] = overlappingMonday();
    const error = await refusal(file);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_IMPORT' });
    expect(error.message).toBe('El archivo de importación no es válido.');
    expect(error.errors).toEqual([
      'branches.0.contacts.0.workingDays.0.workingHours: Los horarios del lunes se superponen. Revisá los rangos.',
    ]);
    expect(await test.database.db.select().from(t.branches).where(eq(t.branches.alias, 'horno'))).toEqual([]);
  });

  it("refuses them in a mode's NOW and SCHEDULED hours too, every problem at once", async () => {
    const file = business('horno');
    const [takeAway, delivery] = file.branches[0]!.contacts[0]!.orderModes;
    takeAway!.schedules = { NOW: [day('SUNDAY', ['10:00', '14:00'], ['13:30', '15:00'])] };
    delivery!.schedules = {
      NOW: week(),
      SCHEDULED: [
        day('FRIDAY', ['19:00', '23:00']),
        day('SATURDAY', ['12:00', '15:00']),
        overlappingMonday(),
      ],
    };
    file.branches[0]!.contacts[0]!.workingDays[2] = day('WEDNESDAY', ['09:00', '18:00'], ['17:00', '21:00']);
    const error = await refusal(file);
    expect(error.errors).toEqual([
      `branches.0.contacts.0.workingDays.2.workingHours: ${OVERLAP('miércoles')}`,
      `branches.0.contacts.0.orderModes.0.schedules.NOW.0.workingHours: ${OVERLAP('domingo')}`,
      `branches.0.contacts.0.orderModes.1.schedules.SCHEDULED.2.workingHours: ${OVERLAP('lunes')}`,
    ]);
  });

  it('refuses a range past midnight that overlaps the same day or the early hours of the next', async () => {
    const file = business('horno');
    file.branches[0]!.contacts[0]!.workingDays = [
      day('FRIDAY', ['20:00', '02:00'], ['21:00', '23:00']),
      day('SATURDAY', ['20:00', '03:00']),
      day('SUNDAY', ['01:00', '05:00']),
    ];
    expect((await refusal(file)).errors).toEqual([
      `branches.0.contacts.0.workingDays.0.workingHours: ${OVERLAP('viernes')}`,
      `branches.0.contacts.0.workingDays.2.workingHours: ${OVERLAP('domingo')}`,
    ]);
  });

  it('takes ranges that only touch and ranges past midnight, and serves them', async () => {
    const file = business('horno');
    const hours = [
      day('WEDNESDAY', ['08:00', '12:00'], ['12:00', '16:00'], ['20:00', '02:00']),
      day('THURSDAY', ['02:00', '05:00'], ['11:00', '23:00']),
    ];
    file.branches[0]!.contacts[0]!.workingDays = hours;
    file.branches[0]!.contacts[0]!.orderModes[1]!.schedules = { NOW: hours, SCHEDULED: hours };
    await importBusiness(test.database.db, file, now);
    const [contact] = await test.database.db
      .select()
      .from(t.branchContacts)
      .where(eq(t.branchContacts.alias, 'horno-centro'));
    expect(contact?.workingDays).toEqual(hours);
    const served = await getJson(test.app, '/api/diner/horno-centro');
    expect(served.body.info.open).toBe(true);
  });

  it('npm run business:import prints the problem with its path and writes nothing', async () => {
    const file = business('otro-horno');
    file.branches[0]!.contacts[0]!.orderModes[1]!.schedules = { NOW: [overlappingMonday()] };
    writeFileSync(join(dir, 'horario.json'), JSON.stringify(file));
    let stdout = '';
    let stderr = '';
    const io = {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    };
    const before = await rowCounts(test.database.db);
    const code = await businessCli(['import', 'horario.json'], { INIT_CWD: dir }, io, test.database);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      'No se importó nada. Revisá estos problemas del archivo y probá de nuevo:',
      `branches.0.contacts.0.orderModes.1.schedules.NOW.0.workingHours: ${OVERLAP('lunes')}`,
    ]);
    expect(await rowCounts(test.database.db)).toEqual(before);
  });
});
