import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { seedIfEmpty } from './db/seed.ts';
import { createMemoryBus, createRedisBus } from './platform/bus.ts';
import { createClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { migrateDatabase, openDatabase } from './platform/db.ts';
import { createGeocoder } from './platform/geocoding/index.ts';
import { createMessagingProvider } from './platform/messaging/index.ts';
import { createPaymentProvider } from './platform/payments/index.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateDatabase(database);
const clock = createClock(config.NOW);
// demo orders are dated back from the server's clock, so a NOW-fixed demo shows them as recent; a
// production server never gets the demo businesses (nor their published passwords)
if (config.NODE_ENV !== 'production') await seedIfEmpty(database.db, clock());

const bus = config.REDIS_URL ? await createRedisBus(config.REDIS_URL) : createMemoryBus();

const app = await buildApp({
  database,
  bus,
  clock,
  publicUrl: config.PUBLIC_URL,
  payments: {
    provider: createPaymentProvider(config, config.PUBLIC_URL, clock),
    timeLimitMinutes: config.PAYMENT_TIME_LIMIT_MINUTES,
    // unpaid orders past their time are expired by every process (conditional updates); 30 s is
    // close enough for a 15-minute limit, and reading or paying such an order expires it at once
    expirySweepMs: 30_000,
  },
  geocoder: createGeocoder(config),
  // the sandbox's codes go to the log (and, outside production, to the sign-in screen)
  messaging: createMessagingProvider(config, (text) => console.info(text)),
  orderRateLimit: config.ORDER_RATE_LIMIT,
  streamRateLimit: config.STREAM_RATE_LIMIT,
  webDist: config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  logger: config.NODE_ENV !== 'test',
  quietRequests: config.NODE_ENV === 'production',
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await bus.close();
    await database.close();
    process.exit(0);
  });
}

const address = await app.listen({ port: config.PORT, host: config.HOST });
// Fastify announces it itself only when it logs each request (development)
if (config.NODE_ENV === 'production') app.appLog.info(`Server listening at ${address}`);
