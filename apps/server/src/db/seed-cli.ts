/**
 * `npm run seed`: loads the demo businesses into the configured database (PGlite in DATA_DIR, or DATABASE_URL).
 * `npm run seed -- --reset` empties every table first. Both are refused when NODE_ENV=production.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../platform/config.ts';
import { migrateDatabase, openDatabase } from '../platform/db.ts';
import { DEMO_REFUSED_IN_PRODUCTION, seedDemo, seedIfEmpty } from './seed.ts';

if (process.env.NODE_ENV === 'production') {
  console.error(`Refusing to seed: ${DEMO_REFUSED_IN_PRODUCTION}`);
  process.exit(1);
}
const config = loadConfig();
const reset = process.argv.includes('--reset');
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrateDatabase(database);
  if (reset) {
    await database.db.execute(sql`
      do $$ declare r record; begin
        for r in select tablename from pg_tables where schemaname = 'public' loop
          execute 'truncate table ' || quote_ident(r.tablename) || ' restart identity cascade';
        end loop;
      end $$;`);
    await seedDemo(database.db);
    console.log('Database reset and demo businesses loaded.');
  } else if (await seedIfEmpty(database.db)) {
    console.log('Demo businesses loaded.');
  } else {
    console.log(
      'The database already has businesses; run `npm run seed -- --reset` to start over with the demo.',
    );
  }
} finally {
  await database.close();
}
