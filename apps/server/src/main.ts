import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { announceReady, runPrimary } from './cluster.ts';
import { seedIfEmpty } from './db/seed.ts';
import { createMemoryBus, createRedisBus } from './platform/bus.ts';
import { createClock } from './platform/clock.ts';
import { loadConfig } from './platform/config.ts';
import { contentSecurityPolicy } from './platform/content-security-policy.ts';
import { migrateDatabase, openDatabase } from './platform/db.ts';
import { createBenefitPartners } from './platform/external-benefits/index.ts';
import { createGeocoder } from './platform/geocoding/index.ts';
import { createMessagingProvider } from './platform/messaging/index.ts';
import { paymentsSetupOf, randomSandboxSecret } from './platform/payments/index.ts';
import { createPhotoStore, photoImageSources } from './platform/photos/index.ts';
import { shutDownGracefully } from './platform/shutdown.ts';

// a development sandbox without SANDBOX_PAYMENTS_SECRET signs with a random secret (never a public
// default); the workers of WORKERS=N inherit this one through the environment, so they agree on it
// (production still requires a secret of its own: platform/config.ts)
if (cluster.isPrimary && !process.env.SANDBOX_PAYMENTS_SECRET && process.env.NODE_ENV !== 'production')
  process.env.SANDBOX_PAYMENTS_SECRET = randomSandboxSecret();
const config = loadConfig();
// WORKERS=N: this process only forks N servers sharing PORT (each runs this file) and watches them
if (config.WORKERS > 1 && cluster.isPrimary) process.exit(await runPrimary(config));
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  timeouts: {
    connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  },
});
await migrateDatabase(database);
const clock = createClock(config.NOW);
// demo orders are dated back from the server's clock, so a NOW-fixed demo shows them as recent; a
// production server never gets the demo businesses (nor their published passwords)
if (config.NODE_ENV !== 'production') await seedIfEmpty(database.db, clock());

const bus = config.REDIS_URL
  ? await createRedisBus(config.REDIS_URL, config.REDIS_PREFIX)
  : createMemoryBus();

const app = await buildApp({
  database,
  bus,
  clock,
  publicUrl: config.PUBLIC_URL,
  payments: {
    ...paymentsSetupOf(config, config.PUBLIC_URL, clock),
    // unpaid orders past their time are expired by every process (conditional updates); 30 s is
    // close enough for a 15-minute limit, and reading or paying such an order expires it at once
    expirySweepMs: 30_000,
  },
  geocoder: createGeocoder(config),
  // partners' members' benefits: the configured partners, and the offline sandbox outside production
  benefitPartners: createBenefitPartners(config),
  // the sandbox's codes go to the log (and, outside production, to the sign-in screen)
  messaging: createMessagingProvider(config, (text) => console.info(text)),
  orderRateLimit: config.ORDER_RATE_LIMIT,
  streamRateLimit: config.STREAM_RATE_LIMIT,
  webDist: config.WEB_DIST ?? fileURLToPath(new URL('../../web/dist', import.meta.url)),
  redisUrl: config.REDIS_URL,
  redisPrefix: config.REDIS_PREFIX,
  ...(config.TRUST_PROXY ? { trustProxy: config.TRUST_PROXY } : {}),
  signUpMode: config.SIGNUP_MODE,
  // uploaded photos: files under DATA_DIR/photos, or an S3-compatible bucket (PHOTO_STORAGE=s3)
  photos: createPhotoStore(config),
  dataDir: config.DATA_DIR,
  photoMaxBytes: config.PHOTO_MAX_BYTES,
  contentSecurityPolicy: contentSecurityPolicy({
    mapTileUrl: config.MAP_TILE_URL,
    marketingTags: config.CSP_MARKETING_TAGS,
    supportChat: config.CSP_SUPPORT_CHAT,
    // the pages show photos straight from the bucket's public URL when they live there
    imgSources: [...config.CSP_IMG_SOURCES, ...photoImageSources(config)],
    scriptSources: config.CSP_SCRIPT_SOURCES,
  }),
  logger: config.NODE_ENV !== 'test',
  quietRequests: config.NODE_ENV === 'production',
});

let stopping = false;
// not ready at once (the balancer stops sending), still serving for SHUTDOWN_DELAY_MS, then the live
// streams end with a retry hint, requests in flight finish, and the bus and database close
// (platform/shutdown.ts)
async function stop() {
  if (stopping) return;
  stopping = true;
  const outcome = await shutDownGracefully(app, {
    delayMs: config.SHUTDOWN_DELAY_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    release: async () => {
      await bus.close();
      await database.close();
    },
  });
  process.exit(outcome === 'clean' ? 0 : 1);
}
// `on`, not `once`: a second signal (systemd signals the whole group, `npm start` passes it on again) must
// not cut the drain short; SHUTDOWN_TIMEOUT_MS bounds it
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, stop);
// a worker whose primary is gone stops too
if (cluster.isWorker) process.once('disconnect', stop);

await app.listen({ port: config.PORT, host: config.HOST });
// where to open the app (the primary of several workers says it once for all of them)
if (cluster.isPrimary) announceReady(config, (app.server.address() as AddressInfo).port, app.appLog);
