import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { importBusiness, importCountries } from '../features/business-import/import-business.ts';
import type { Db } from '../platform/db.ts';
import { branches, companies } from './schema.ts';

const demoFolder = fileURLToPath(new URL('./demo/', import.meta.url));

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(`${demoFolder}${name}`, 'utf8'));
}

/** Loads countries and every demo business of `db/demo/`. */
export async function seedDemo(db: Db, now = new Date()): Promise<void> {
  await importCountries(db, readJson('countries.json'));
  const businesses = readdirSync(demoFolder)
    .filter((f) => f.endsWith('.json') && f !== 'countries.json')
    .sort();
  for (const file of businesses) await importBusiness(db, readJson(file), now);
}

/** First start of an empty database: bring in the demo businesses. */
export async function seedIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(branches);
  const [companyRow] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  if ((row?.n ?? 0) > 0 || (companyRow?.n ?? 0) > 0) return false;
  await seedDemo(db, now);
  return true;
}
