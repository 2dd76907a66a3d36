import { existsSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { type DestinationStream, pino } from 'pino';
import { abandonedCartRoutes } from './features/abandoned-cart/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { backOfficeRoutes } from './features/back-office/routes.ts';
import { brandRoutes } from './features/brand/routes.ts';
import { checkoutInfoRoutes } from './features/checkout-info/routes.ts';
import { consoleRoutes } from './features/console/routes.ts';
import { consolePhotoRoutes } from './features/console-photos/routes.ts';
import { countryRoutes } from './features/country/routes.ts';
import { deliveryZoneRoutes } from './features/delivery-zones/routes.ts';
import { dinerRoutes } from './features/diner/routes.ts';
import { dinerLogRoutes } from './features/diner-log/routes.ts';
import { dinerOrdersRoutes } from './features/diner-orders/routes.ts';
import { dinerSignInRoutes } from './features/diner-sign-in/routes.ts';
import { externalBenefitRoutes } from './features/external-benefits/routes.ts';
import { followUpRoutes } from './features/follow-up/routes.ts';
import { geocodingRoutes } from './features/geocoding/routes.ts';
import { guideRoutes } from './features/guide/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { menuRoutes } from './features/menu/routes.ts';
import { orderRoutes } from './features/order/routes.ts';
import { orderHistoryRoutes } from './features/order-history/routes.ts';
import { orderModeRoutes } from './features/order-modes/routes.ts';
import { paymentAccountRoutes } from './features/payment-accounts/routes.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { reportsRoutes } from './features/reports/routes.ts';
import { riderRoutes } from './features/rider/routes.ts';
import { shipmentRoutes } from './features/shipments/routes.ts';
import { shopSettingsRoutes } from './features/shop-settings/routes.ts';
import { surveyRoutes } from './features/survey/routes.ts';
import { teamRoutes } from './features/team/routes.ts';
import { trackingRoutes } from './features/tracking/routes.ts';
import { webManifestRoutes } from './features/web-manifest/routes.ts';
import { webAppRoutes } from './features/web-shell/routes.ts';
import type { AttemptStore } from './platform/attempt-limiter.ts';
import { refuseCrossSiteWrites } from './platform/auth/face-guard.ts';
import { TokenGuard } from './platform/auth/token-guard.ts';
import type { Bus } from './platform/bus.ts';
import type { Clock } from './platform/clock.ts';
import type { SignUpMode } from './platform/config.ts';
import { contentSecurityPolicy } from './platform/content-security-policy.ts';
import { refuseControlCharacters } from './platform/control-characters.ts';
import type { Database } from './platform/db.ts';
import { registerErrorHandler } from './platform/errors.ts';
import type { BenefitsPartner } from './platform/external-benefits/index.ts';
import type { Geocoder } from './platform/geocoding/index.ts';
import { createAppServer, headerPolicy, type ServerTimeouts } from './platform/http-server.ts';
import { type ServerInstance, startServerInstance } from './platform/instance.ts';
import { createLimitStores } from './platform/limits.ts';
import { logSerializers } from './platform/log-redaction.ts';
import type { MessagingProvider } from './platform/messaging/index.ts';
import { NotModifiedShortcut } from './platform/not-modified.ts';
import {
  createPaymentGateway,
  defaultPaymentsSetup,
  type PaymentsDeps,
  type PaymentsSetup,
  retireSandboxAccounts,
} from './platform/payments/index.ts';
import type { PhotoStore } from './platform/photos/index.ts';
import { Drain } from './platform/shutdown.ts';

export interface AppDeps {
  database: Database;
  clock: Clock;
  /** Live-update channels (in-process, or Redis across processes). */
  bus: Bus;
  publicUrl: string;
  /** Orders per minute per client address (600 unless configured). */
  orderRateLimit?: number;
  /** Live-update streams one client address may open per minute (30 unless configured). */
  streamRateLimit?: number;
  /** Folder of the built web app; when absent only the API is served. */
  webDist?: string;
  /** Log at all (errors, and each request unless `quietRequests`); tests leave it off. */
  logger?: boolean;
  /** Log errors only, no line per request (production). */
  quietRequests?: boolean;
  /** Comment lines on idle SSE streams (25 s unless a test shortens it). */
  sseHeartbeatMs?: number;
  /** Card payments and payment links (the offline sandbox on, 15 minutes to pay, unless given). */
  payments?: PaymentsSetup;
  /** Diners' sign-in codes (the sandbox, showing codes on screen, unless given; platform/messaging). */
  messaging?: MessagingProvider;
  /** Address suggestions (the offline sandbox unless given; platform/geocoding). */
  geocoder?: Geocoder;
  /** Benefits partners by name (the offline sandbox only, unless given; platform/external-benefits). */
  benefitPartners?: ReadonlyMap<string, BenefitsPartner>;
  /** Request limits and failed attempts counted in Redis, shared by every process (platform/limits.ts). */
  redisUrl?: string;
  /** Their keys' prefix in Redis ('comanda:' unless a test keeps its own). */
  redisPrefix?: string;
  /** The pages' Content-Security-Policy (platform/content-security-policy.ts; the default one unless given). */
  contentSecurityPolicy?: string;
  /** Where the log goes (standard output unless a test reads it). */
  logStream?: DestinationStream;
  /** Uploaded photos (platform/photos): files under `dataDir`/photos unless given (an S3 bucket, a test's folder). */
  photos?: PhotoStore;
  /** The folder of the app's own files (DATA_DIR; './data' unless given). */
  dataDir?: string;
  /** The largest photo upload taken, in bytes (PHOTO_MAX_BYTES; 8 MB unless given). */
  photoMaxBytes?: number;
  /** Who may open a shop at /console/registro (SIGNUP_MODE; open unless given). */
  signUpMode?: SignUpMode;
  /**
   * The balancers in front (TRUST_PROXY: addresses, networks or `loopback`): a request from one of them
   * is taken to come from the address its X-Forwarded-For names. None unless given.
   */
  trustProxy?: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Omit<AppDeps, 'payments'> & { payments: PaymentsDeps };
    /** The app's log (errors, warnings), whether or not Fastify logs each request. */
    appLog: FastifyBaseLogger;
    routeTable: readonly { method: string; url: string; public: boolean }[];
    /** Conditional GETs the HTTP server answers before routing (platform/not-modified.ts). */
    notModified: NotModifiedShortcut;
    /** Failed attempts' count (memory, or Redis shared by the processes): platform/attempt-limiter.ts. */
    attemptStore: AttemptStore;
    /** This process in server_instances, beating: what it holds frees itself if it dies (platform/instance.ts). */
    serverInstance: ServerInstance;
    /** Set once the process is shutting down: readiness answers 503 (platform/shutdown.ts). */
    drain: Drain;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const notModified = new NotModifiedShortcut();
  // order codes, phones and query parameters never reach the log (platform/log-redaction.ts)
  const logOptions = { level: deps.logger ? 'info' : 'silent', serializers: logSerializers };
  const log: FastifyBaseLogger = deps.logStream ? pino(logOptions, deps.logStream) : pino(logOptions);
  const headers = headerPolicy({
    https: deps.publicUrl.startsWith('https:'),
    contentSecurityPolicy:
      deps.contentSecurityPolicy ?? contentSecurityPolicy({ marketingTags: true, supportChat: true }),
  });
  const app = Fastify({
    // Fastify gets the logger only to log each request (development). Without it, it takes its fast
    // path (no per-request logger), and errors go to `appLog`: handing Fastify a logger and muting the
    // request lines still cost a third of a menu 304's CPU time (docs/decisions/009)
    ...(deps.logger && !deps.quietRequests ? { loggerInstance: log } : { logger: false }),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
    // behind a balancer, request.ip is the diner's (its X-Forwarded-For), for every per-address limit
    ...(deps.trustProxy?.length ? { trustProxy: deps.trustProxy } : {}),
    // the security headers (and the pages' CSP) join the head Fastify writes, known conditional GETs
    // are answered before routing, slow clients are cut off (platform/http-server.ts, not-modified.ts)
    serverFactory: (handler, options) =>
      createAppServer(handler, options as ServerTimeouts, notModified, headers),
  });
  // each shop's payments go through its own account (platform/payments/gateway.ts)
  const payments = deps.payments ?? defaultPaymentsSetup(deps.publicUrl, deps.clock);
  app.decorate('deps', {
    ...deps,
    payments: {
      gateway: createPaymentGateway({
        db: deps.database.db,
        publicUrl: deps.publicUrl,
        clock: deps.clock,
        onRenewalFailed: (error, accountId) =>
          log.warn({ err: error, accountId }, 'renewing a Mercado Pago authorization failed'),
        ...payments,
      }),
      timeLimitMinutes: payments.timeLimitMinutes,
      expirySweepMs: payments.expirySweepMs,
    },
  });
  app.decorate('appLog', log);
  app.decorate('drain', new Drain());
  // where the sandbox is off, the shops connected to it take no online payment (nor offer it)
  if (!payments.sandbox) await retireSandboxAccounts(deps.database.db, deps.clock());
  app.decorate('notModified', notModified);
  const limits = await createLimitStores(deps.redisUrl, log, deps.redisPrefix);
  app.decorate('attemptStore', limits.attempts);
  // unknown session tokens are counted per address before they are looked up (platform/auth)
  app.decorate('tokenGuard', new TokenGuard(limits.attempts));
  app.addHook('onClose', limits.close);
  const instance = await startServerInstance(deps.database.db, (error) =>
    log.warn({ err: error }, 'the server instance heartbeat failed'),
  );
  app.decorate('serverInstance', instance);
  app.addHook('onClose', () => instance.stop());
  registerErrorHandler(app);
  refuseControlCharacters(app);
  refuseCrossSiteWrites(app, deps.publicUrl);
  // every route as registered, for the tests that check each face's guard covers its whole group
  const routeTable: { method: string; url: string; public: boolean }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      routeTable.push({ method, url: route.url, public: Boolean(route.config?.public) });
  });
  app.decorate('routeTable', routeTable);

  // JSON answers over 1 KB travel compressed (the menu brings its own precompressed bodies)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  // limits are per route (config.rateLimit); only routes that ask for one are limited
  await app.register(rateLimit, {
    global: false,
    // counted in Redis when REDIS_URL is set, so the processes behind a balancer share each limit
    ...limits.rateLimit,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'rate limited',
    }),
  });
  // staff sessions and the rider's pages travel in cookies (platform/auth)
  await app.register(cookie);
  await app.register(healthRoutes);
  await app.register(dinerRoutes);
  await app.register(orderModeRoutes);
  await app.register(menuRoutes);
  await app.register(countryRoutes);
  await app.register(abandonedCartRoutes);
  await app.register(dinerLogRoutes);
  await app.register(analyticsRoutes);
  await app.register(webManifestRoutes);
  await app.register(checkoutInfoRoutes);
  await app.register(dinerSignInRoutes);
  await app.register(externalBenefitRoutes);
  await app.register(orderRoutes);
  await app.register(followUpRoutes);
  await app.register(dinerOrdersRoutes);
  await app.register(surveyRoutes);
  await app.register(trackingRoutes);
  await app.register(riderRoutes);
  await app.register(consoleRoutes);
  await app.register(backOfficeRoutes);
  await app.register(brandRoutes);
  await app.register(paymentAccountRoutes);
  await app.register(shopSettingsRoutes);
  await app.register(deliveryZoneRoutes);
  await app.register(teamRoutes);
  await app.register(orderHistoryRoutes);
  await app.register(reportsRoutes);
  await app.register(consolePhotoRoutes);
  await app.register(shipmentRoutes);
  await app.register(paymentRoutes);
  await app.register(geocodingRoutes);
  await app.register(guideRoutes);

  if (deps.webDist && existsSync(join(deps.webDist, 'index.html'))) {
    await app.register(webAppRoutes, { webDist: deps.webDist });
  }
  return app;
}
