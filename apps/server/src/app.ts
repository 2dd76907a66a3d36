import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { abandonedCartRoutes } from './features/abandoned-cart/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { checkoutInfoRoutes } from './features/checkout-info/routes.ts';
import { countryRoutes } from './features/country/routes.ts';
import { dinerRoutes } from './features/diner/routes.ts';
import { dinerLogRoutes } from './features/diner-log/routes.ts';
import { followUpRoutes } from './features/follow-up/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { menuRoutes } from './features/menu/routes.ts';
import { orderRoutes } from './features/order/routes.ts';
import { orderModeRoutes } from './features/order-modes/routes.ts';
import { riderRoutes } from './features/rider/routes.ts';
import { trackingRoutes } from './features/tracking/routes.ts';
import { webManifestRoutes } from './features/web-manifest/routes.ts';
import { webAppRoutes } from './features/web-shell/routes.ts';
import type { Bus } from './platform/bus.ts';
import type { Clock } from './platform/clock.ts';
import type { Database } from './platform/db.ts';
import { registerErrorHandler } from './platform/errors.ts';

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
  logger?: boolean;
  /** Leave out the per-request log lines (production). */
  quietRequests?: boolean;
  /** Comment lines on idle SSE streams (25 s unless a test shortens it). */
  sseHeartbeatMs?: number;
}

const SECURITY_HEADERS = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'SAMEORIGIN'],
] as const;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ? { level: 'info' } : false,
    // one log line per request costs a fifth of the menu's throughput; production logs errors only
    disableRequestLogging: deps.quietRequests ?? false,
    // a pino child per request (to bind its id) is a quarter of a 304's cost; production logs only
    // errors, and the error handler writes the request id into each line itself
    ...(deps.quietRequests ? { childLoggerFactory: (logger: FastifyBaseLogger) => logger } : {}),
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
    // the security headers go on every response before Fastify sees the request: set on the raw
    // response they cost no request hook, which was a sixth of a menu 304's time
    serverFactory: (handler, options) => {
      const server = createServer((request, response) => {
        for (const [name, value] of SECURITY_HEADERS) response.setHeader(name, value);
        handler(request, response);
      });
      // the timeouts Fastify sets on the server it creates itself (its defaults filled in by then)
      const timeouts = options as {
        keepAliveTimeout?: number;
        requestTimeout?: number;
        connectionTimeout?: number;
      };
      server.keepAliveTimeout = timeouts.keepAliveTimeout ?? 72_000;
      server.requestTimeout = timeouts.requestTimeout ?? 0;
      server.setTimeout(timeouts.connectionTimeout ?? 0);
      return server;
    },
  });
  app.decorate('deps', deps);
  registerErrorHandler(app);

  // JSON answers over 1 KB travel compressed (the menu brings its own precompressed bodies)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });

  // limits are per route (config.rateLimit); only routes that ask for one are limited
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: 'rate limited',
    }),
  });
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
  await app.register(orderRoutes);
  await app.register(followUpRoutes);
  await app.register(trackingRoutes);
  await app.register(riderRoutes);

  if (deps.webDist && existsSync(join(deps.webDist, 'index.html'))) {
    await app.register(webAppRoutes, { webDist: deps.webDist });
  }
  return app;
}
