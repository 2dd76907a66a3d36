import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { importCountries } from './import-business.ts';
import { CountryImportSchema } from './import-format.ts';

/** The countries every database needs (reference data, not a demo): `db/reference/countries.json`. */
const countriesFile = fileURLToPath(new URL('../../db/reference/countries.json', import.meta.url));

export function readReferenceCountries(): unknown {
  return JSON.parse(readFileSync(countriesFile, 'utf8'));
}

/** Adds the reference countries the database lacks (those it has stay as they are); answers their codes. */
export async function addMissingCountries(db: Db | Tx): Promise<string[]> {
  const countries = CountryImportSchema.parse(readReferenceCountries());
  const present = await db
    .select({ code: t.countries.code })
    .from(t.countries)
    .where(
      inArray(
        t.countries.code,
        countries.map((c) => c.code),
      ),
    );
  const known = new Set(present.map((c) => c.code));
  const missing = countries.filter((c) => !known.has(c.code));
  if (missing.length > 0) await importCountries(db, missing);
  return missing.map((c) => c.code);
}
