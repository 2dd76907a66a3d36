import { eq } from 'drizzle-orm';
import * as t from '../src/db/schema.ts';
import { DINER_SESSION_COOKIE, DINER_SESSION_TTL_MS, issueSession } from '../src/platform/auth/index.ts';
import type { Database } from '../src/platform/db.ts';
import { TEST_NOW } from './test-now.ts';

/** The demo diner of DEMO-DATA.md: Lucía Fernández, 2.400 Puntos Mateo and two past orders at Don Mateo. */
export const DEMO_DINER_PHONE = '+5491155550101';

/**
 * The Cookie header of a verified diner session for `phone`, opened directly in the database, for tests
 * of features behind the diner session (the sign-in's own tests go through the one-time code instead).
 */
export async function dinerCookie(database: Database, phone: string = DEMO_DINER_PHONE): Promise<string> {
  const [customer] = await database.db
    .insert(t.customers)
    .values({ phone })
    .onConflictDoUpdate({ target: t.customers.phone, set: { phone } })
    .returning({ id: t.customers.id });
  if (!customer) throw new Error(`no customer for ${phone}`);
  const now = new Date(TEST_NOW);
  const token = await issueSession(
    database.db,
    'DINER',
    customer.id,
    now,
    new Date(now.getTime() + DINER_SESSION_TTL_MS),
  );
  return `${DINER_SESSION_COOKIE}=${token}`;
}

/** The customer id of a phone, for assertions. */
export async function customerIdOf(database: Database, phone: string): Promise<number | undefined> {
  const [row] = await database.db
    .select({ id: t.customers.id })
    .from(t.customers)
    .where(eq(t.customers.phone, phone));
  return row?.id;
}
