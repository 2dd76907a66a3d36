/**
 * `npm run staff:create -- --branch <alias> --email <e-mail> [--role OWNER|STAFF] [--name "..."]`
 * creates a console account on the configured database. The password comes from STAFF_PASSWORD, or is
 * generated and printed once.
 */
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { loadConfig } from '../../platform/config.ts';
import { migrateDatabase, openDatabase } from '../../platform/db.ts';
import { createStaffAccount } from './staff-accounts.ts';

const { values } = parseArgs({
  options: {
    branch: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string' },
    name: { type: 'string' },
  },
});
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  const created = await createStaffAccount(database.db, {
    branch: values.branch ?? '',
    email: values.email ?? '',
    ...(values.role ? { role: values.role as 'OWNER' | 'STAFF' } : {}),
    ...(values.name ? { name: values.name } : {}),
    ...(process.env.STAFF_PASSWORD ? { password: process.env.STAFF_PASSWORD } : {}),
  });
  console.log(`Cuenta ${created.role} creada para ${created.email} en la sucursal ${created.branchAlias}.`);
  if (created.generatedPassword)
    console.log(`Contraseña (se muestra una sola vez): ${created.generatedPassword}`);
  console.log('Iniciá sesión en /console/login.');
} catch (error) {
  const message =
    error instanceof ZodError
      ? error.issues.map((issue) => issue.message).join('\n')
      : (error as Error).message;
  console.error(message);
  process.exitCode = 1;
} finally {
  await database.close();
}
