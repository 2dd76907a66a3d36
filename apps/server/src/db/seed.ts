import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { importBusiness, importCountries } from '../features/business-import/import-business.ts';
import { readReferenceCountries } from '../features/business-import/reference-countries.ts';
import { storeRiderToken } from '../features/rider/auth.ts';
import type { Db } from '../platform/db.ts';
import { branchContacts, branches, companies, riders } from './schema.ts';

const demoFolder = fileURLToPath(new URL('./demo/', import.meta.url));

function readJson(name: string): unknown {
  return JSON.parse(readFileSync(`${demoFolder}${name}`, 'utf8'));
}

export const DEMO_REFUSED_IN_PRODUCTION =
  'The demo data (its staff accounts and published passwords, the rider token, the demo orders) is never loaded with NODE_ENV=production.';

/**
 * Loads the reference countries and every demo business of `db/demo/`, with their staff, riders and
 * orders. Never in production, whoever asks: the demo's passwords and tokens are public (README).
 */
export async function seedDemo(
  db: Db,
  now = new Date(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (env.NODE_ENV === 'production') throw new Error(DEMO_REFUSED_IN_PRODUCTION);
  await importCountries(db, readReferenceCountries());
  const businesses = readdirSync(demoFolder)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const file of businesses) await importBusiness(db, readJson(file), now, { demo: true });
  await seedDemoRiderToken(db, now);
}

/**
 * A demo credential, like the rider security code 4321 (README): Martín Gómez's bearer token, so the
 * rider's calls (`PUT /api/rider/location`) can be tried and driven by the browser tests before the
 * rider sign-in exists. Stored hashed like every token; valid for ten years from the seed.
 */
export const DEMO_RIDER_TOKEN = 'demo-rider-martin-gomez-palermo';

async function seedDemoRiderToken(db: Db, now: Date): Promise<void> {
  const [rider] = await db
    .select({ id: riders.id })
    .from(riders)
    .innerJoin(branchContacts, eq(branchContacts.id, riders.branchContactId))
    .where(and(eq(branchContacts.alias, 'donmateo-palermo'), eq(riders.phone, '+5491160000001')));
  if (!rider) return;
  await storeRiderToken(db, rider.id, DEMO_RIDER_TOKEN, new Date(now.getTime() + 10 * 365 * 86_400_000));
}

/** First start of an empty database: bring in the demo businesses. */
export async function seedIfEmpty(
  db: Db,
  now = new Date(),
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  if (env.NODE_ENV === 'production') return false;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(branches);
  const [companyRow] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  if ((row?.n ?? 0) > 0 || (companyRow?.n ?? 0) > 0) return false;
  await seedDemo(db, now, env);
  return true;
}
