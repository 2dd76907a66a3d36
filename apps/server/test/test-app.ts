import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Bus, createMemoryBus, createRedisBus } from '../src/platform/bus.ts';
import { createClock } from '../src/platform/clock.ts';
import type { SignUpMode } from '../src/platform/config.ts';
import { type Database, openDatabase } from '../src/platform/db.ts';
import type { BenefitsPartner } from '../src/platform/external-benefits/index.ts';
import type { Geocoder } from '../src/platform/geocoding/index.ts';
import type { MessagingProvider } from '../src/platform/messaging/index.ts';
import { defaultPaymentsSetup, type PaymentsSetup } from '../src/platform/payments/index.ts';
import type { PhotoStore } from '../src/platform/photos/index.ts';
import { withDatabase } from './global-setup.ts';
import { TEST_NOW } from './test-now.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it, so both run there). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The live-update bus for a test: in memory, or on Redis (under a prefix of its own) for the PostgreSQL
 * run when TEST_REDIS_URL is set, as production runs several processes.
 */
export async function createTestBus(kind: DatabaseKind): Promise<Bus> {
  const url = process.env.TEST_REDIS_URL;
  if (kind === 'postgres' && url)
    return createRedisBus(url, `comanda-test-${randomBytes(4).toString('hex')}:`);
  return createMemoryBus();
}

/** A fresh copy of the migrated demo database behind a new app instance (which owns and closes `bus`). */
export async function createTestApp(
  kind: DatabaseKind,
  options: {
    now?: string;
    webDist?: string;
    bus?: Bus;
    sseHeartbeatMs?: number;
    /** other payments (Mercado Pago or Transbank on a fake server, a time limit, an expiry sweep): over the defaults */
    payments?: Partial<PaymentsSetup>;
    /** another geocoder (Nominatim on a fake server); the sandbox otherwise */
    geocoder?: Geocoder;
    /** another sign-in code sender (WhatsApp on a fake server, a failing one); the sandbox otherwise */
    messaging?: MessagingProvider;
    /** another photo store (S3 on a fake server, a test's own folder); local files in a temporary folder otherwise */
    photos?: PhotoStore;
    /** another photo size limit (8 MB otherwise) */
    photoMaxBytes?: number;
    /** who may open a shop (open otherwise) */
    signUpMode?: SignUpMode;
    /** benefits partners by name (an HTTP partner on a fake server); the sandbox only otherwise */
    benefitPartners?: ReadonlyMap<string, BenefitsPartner>;
    /** the balancers whose X-Forwarded-For is believed (none otherwise) */
    trustProxy?: string[];
  } = {},
): Promise<TestApp> {
  const { database, drop } = await cloneTemplate(kind);
  const bus = options.bus ?? createMemoryBus();
  // uploaded photos land in a folder of this app's own, made only when a photo is stored
  const dataDir = join(tmpdir(), `comanda-test-data-${randomBytes(6).toString('hex')}`);
  const clock = createClock(options.now ?? TEST_NOW);
  const publicUrl = 'http://localhost:3000';
  const app = await buildApp({
    database,
    bus,
    clock,
    publicUrl,
    ...(options.webDist ? { webDist: options.webDist } : {}),
    ...(options.sseHeartbeatMs ? { sseHeartbeatMs: options.sseHeartbeatMs } : {}),
    payments: { ...defaultPaymentsSetup(publicUrl, clock), ...options.payments },
    ...(options.geocoder ? { geocoder: options.geocoder } : {}),
    ...(options.messaging ? { messaging: options.messaging } : {}),
    dataDir,
    ...(options.photos ? { photos: options.photos } : {}),
    ...(options.photoMaxBytes ? { photoMaxBytes: options.photoMaxBytes } : {}),
    ...(options.signUpMode ? { signUpMode: options.signUpMode } : {}),
    ...(options.benefitPartners ? { benefitPartners: options.benefitPartners } : {}),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await bus.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function cloneTemplate(kind: DatabaseKind): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dump = readFileSync(inject('pgliteDumpPath'));
    const client = await PGlite.create({ loadDataDir: new Blob([dump]) });
    return { database: await openDatabase({ pglite: client }), drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template)
    throw new Error('TEST_DATABASE_URL is set but the PostgreSQL template was not built');
  const name = `comanda_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${template}`);
  const database = await openDatabase({ url: withDatabase(url, name) });
  return {
    database,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
