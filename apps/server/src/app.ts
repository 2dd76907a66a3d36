import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { abandonedCartRoutes } from './features/abandoned-cart/routes.ts';
import { analyticsRoutes } from './features/analytics/routes.ts';
import { countryRoutes } from './features/country/routes.ts';
import { dinerRoutes } from './features/diner/routes.ts';
import { dinerLogRoutes } from './features/diner-log/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { menuRoutes } from './features/menu/routes.ts';
import { orderModeRoutes } from './features/order-modes/routes.ts';
import { webManifestRoutes } from './features/web-manifest/routes.ts';
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
  /** Folder of the built web app; when absent only the API is served. */
  webDist?: string;
  logger?: boolean;
  /** Leave out the per-request log lines (production). */
  quietRequests?: boolean;
}

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
    bodyLimit: 256 * 1024,
    routerOptions: { maxParamLength: 300 },
  });
  app.decorate('deps', deps);
  registerErrorHandler(app);

  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    done();
  });
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

  if (deps.webDist && existsSync(join(deps.webDist, 'index.html'))) {
    await registerWebApp(app, deps.webDist);
  }
  return app;
}

/** Serves the SPA: hashed assets are immutable, every other browser route gets index.html. */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.header('Cache-Control', 'public, max-age=31536000, immutable');
      else res.header('Cache-Control', 'no-cache');
    },
  });
  // the build's files, read once: no file-system look-up per page request
  const files = new Set(listFiles(webDist).map((f) => `/${relative(webDist, f)}`));
  app.get('/*', (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/')) {
      reply.status(404).send({ code: 'NOT_FOUND', message: `No existe la ruta ${request.method} ${url}.` });
      return;
    }
    const path = safeDecode(url.split('?')[0] ?? '/');
    if (files.has(path)) return reply.sendFile(path.slice(1));
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // a malformed escape is just not one of our files
  }
}
