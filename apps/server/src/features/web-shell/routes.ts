import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CART_MODE_COOKIE, isWebPath, parseCartModeCookie } from '@comanda/core';
import fastifyStatic from '@fastify/static';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { CATALOG_CHANNEL, ReadCache, remember } from '../../platform/catalog-events.ts';
import type { Db } from '../../platform/db.ts';
import { resolveAlias } from '../diner/queries.ts';
import { renderShell } from './render-shell.ts';
import { type RouteAssets, readViteManifest, routeAssets } from './route-assets.ts';
import {
  matchShellRoute,
  planShellPage,
  ROUTE_MODULES,
  type ShellData,
  type ShellRouteKind,
} from './shell-page.ts';

/**
 * Serves the SPA: hashed assets are immutable, every browser route of the app gets index.html, dressed
 * for the storefront page it shows (title, link previews, early requests, branded first paint). Any
 * other path, and a shop that does not exist, gets it with HTTP 404: the app shows its not-found screen.
 */
export async function webAppRoutes(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const { webDist } = options;
  const { db } = app.deps.database;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    preCompressed: true,
    // our Cache-Control, not send's default; @fastify/static 9 (the line whose dependencies accept
    // Node 20) hands setHeaders the raw response
    cacheControl: false,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // the demo's dish photos are not content-hashed but change only when regenerated: a day of
      // freshness spares a menu visit some twenty revalidations
      else if (path.includes('/demo/dishes/')) res.setHeader('Cache-Control', 'public, max-age=86400');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  // the build's files, read once: no file-system look-up per page request
  const files = new Set(listFiles(webDist).map((f) => `/${relative(webDist, f)}`));
  const indexHtml = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifest = readViteManifest(webDist);
  const assetsByKind = new Map<ShellRouteKind, RouteAssets>();
  for (const [kind, moduleSrc] of Object.entries(ROUTE_MODULES)) {
    assetsByKind.set(kind as ShellRouteKind, routeAssets(manifest, moduleSrc));
  }
  const assetsOf = (kind: ShellRouteKind): RouteAssets =>
    assetsByKind.get(kind) ?? { scripts: [], styles: [] };

  // names, logos and modes change rarely: one look-up per alias a minute, dropped on catalogue changes
  const shellData = new ReadCache<Promise<ShellData | null>>(60_000);
  const stop = await app.deps.bus.subscribe(CATALOG_CHANNEL, () => shellData.clear());
  app.addHook('onClose', stop);

  app.get('/*', async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/')) {
      reply.status(404).send({ code: 'NOT_FOUND', message: `No existe la ruta ${request.method} ${url}.` });
      return;
    }
    const pathname = url.split('?')[0] ?? '/';
    const path = safeDecode(pathname);
    if (files.has(path)) return reply.sendFile(path.slice(1));
    reply.header('Cache-Control', 'no-cache');
    const notFound = () => reply.code(404).type('text/html; charset=utf-8').send(indexHtml);
    // the list of the app's screens lives in core, beside the router's own test
    if (!isWebPath(pathname)) return notFound();
    const route = matchShellRoute(pathname);
    // the page works without the extras: a failed look-up (undefined) only costs the early requests
    const data = route
      ? await remember(shellData, route.alias.toLowerCase(), () =>
          loadShellData(db, route.alias, app.deps.clock()),
        ).catch((error: unknown) => {
          app.appLog.warn({ err: error, reqId: request.id }, 'page shell look-up failed');
          return undefined;
        })
      : undefined;
    // no such shop: every page under its alias shows the not-found screen (the tracking and survey
    // pages say it their own way)
    if (route && data === null && route.kind !== 'tracking' && route.kind !== 'survey') return notFound();
    if (!route || !data) return reply.sendFile('index.html');
    reply.type('text/html; charset=utf-8');
    const cartMode = parseCartModeCookie(request.cookies[CART_MODE_COOKIE]);
    // the cart and checkout pages announce the stored cart's requests: a cache must key them by it
    if (route.kind === 'cart' || route.kind === 'checkout') reply.header('Vary', 'Cookie');
    return renderShell(
      indexHtml,
      planShellPage(route, data, { assetsOf, publicUrl: app.deps.publicUrl, cartMode }),
    );
  });
}

async function loadShellData(db: Db, alias: string, now: Date): Promise<ShellData | null> {
  const entity = await resolveAlias(db, alias, now);
  if (!entity) return null;
  const modes =
    entity.type === 'branchContact'
      ? await db
          .select({ id: t.orderModes.id, showName: t.orderModes.showName })
          .from(t.orderModes)
          .where(and(eq(t.orderModes.branchContactId, entity.info.id), eq(t.orderModes.active, true)))
          .orderBy(asc(t.orderModes.position))
      : [];
  return { entity, modes };
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
