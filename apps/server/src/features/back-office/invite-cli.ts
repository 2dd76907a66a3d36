/**
 * `npm run signup:invite [-- --days 14] [--note "La Esquina"]`: prints a new invite code for opening a
 * shop when SIGNUP_MODE=invite, on the configured database (DATABASE_URL, or PGlite in DATA_DIR).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../../platform/config.ts';
import { migrateDatabase, openDatabase } from '../../platform/db.ts';
import { createInvite } from './invites.ts';

const { values } = parseArgs({
  options: { days: { type: 'string', default: '14' }, note: { type: 'string' } },
});
const days = Number(values.days);
if (!Number.isInteger(days) || days < 1 || days > 365) {
  console.error('--days: un número de días entre 1 y 365.');
  process.exit(1);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateDatabase(database);
const { code, expiresAt } = await createInvite(database.db, { now: new Date(), days, note: values.note });
console.log(`Código de invitación: ${code}`);
console.log(`Vence: ${expiresAt.toISOString()} · se usa una vez en /console/registro`);
await database.close();
