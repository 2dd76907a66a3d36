/**
 * Builds the migrated, demo-seeded database ONCE per run; each test file clones it:
 * PGlite from a data-dir dump, PostgreSQL (when TEST_DATABASE_URL is set) from a template database.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../src/db/seed.ts';
import { migrateDatabase, openDatabase } from '../src/platform/db.ts';
import { TEST_NOW } from './test-now.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpPath: string;
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const database = await openDatabase({});
  await migrateDatabase(database);
  await seedDemo(database.db, new Date(TEST_NOW));
  const { PGlite } = await import('@electric-sql/pglite');
  // biome-ignore lint/suspicious/noExplicitAny: reach the PGlite client behind drizzle for the dump
  const client = (database.db as any).$client as InstanceType<typeof PGlite>;
  const dump = await client.dumpDataDir('none');
  const dumpPath = join(tmpdir(), `comanda-test-template-${process.pid}.tar`);
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteDumpPath', dumpPath);

  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgresTemplate', null);
    return;
  }
  const template = `comanda_template_${process.pid}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${template}`);
  await admin.unsafe(`create database ${template}`);
  const templateUrl = withDatabase(url, template);
  const pg = await openDatabase({ url: templateUrl });
  await migrateDatabase(pg);
  await seedDemo(pg.db, new Date(TEST_NOW));
  await pg.close();
  project.provide('postgresTemplate', template);

  return async () => {
    await admin.unsafe(`drop database if exists ${template} with (force)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
