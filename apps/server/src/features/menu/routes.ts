import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fromMinor, STOREFRONT_CHANGE_EVENT, STOREFRONT_OPEN_EVENT, storefrontChannel } from '@comanda/core';
import { IdParamSchema } from '@comanda/core/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { CATALOG_CHANNEL, ReadCache, remember } from '../../platform/catalog-events.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { EventStreams, SSE_HEARTBEAT_MS, streamChannel } from '../../platform/sse.ts';
import { parseInput } from '../../platform/validation.ts';
import { currencyDecimalsOf, findBranch, findContact } from '../diner/queries.ts';
import { loadMenu } from './queries.ts';

const AliasSchema = z
  .string()
  .max(120, { error: 'El alias no es válido.' })
  .regex(/^[a-zA-Z0-9-]+$/, { error: 'El alias no es válido.' });

const gzipAsync = promisify(gzip);
const brotliCompressAsync = promisify(brotliCompress);
const brotliAsync = (body: Buffer) =>
  brotliCompressAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });

const OrderModeIdsSchema = z
  .union([IdParamSchema, z.array(IdParamSchema).max(20, { error: 'Demasiados modos de pedido.' })], {
    error: 'Indique al menos un modo de pedido válido (orderModeId).',
  })
  .transform((v) => (Array.isArray(v) ? v : [v]));

/** A serialised menu with its ETag and precompressed bodies, or why there is none. */
type MenuAnswer =
  | { kind: 'menu'; etag: string; identity: Buffer; gzip: Buffer; br: Buffer }
  | { kind: 'not-found' }
  | { kind: 'blocked' };

/** Sent with every menu answer, 304s included: browsers revalidate, and caches keep one per encoding. */
const MENU_VALIDATION_HEADERS = { 'cache-control': 'no-cache', vary: 'Accept-Encoding' };

/** How long a process serves a menu from memory before looking at the database again. */
const MENU_TTL_MS = 30_000;

export async function menuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const answers = new ReadCache<Promise<MenuAnswer>>(MENU_TTL_MS);
  // the same answers once settled, so a cached menu is answered without waiting on a promise
  const settled = new ReadCache<MenuAnswer>(MENU_TTL_MS);
  const stop = await app.deps.bus.subscribe(CATALOG_CHANNEL, () => {
    answers.clear();
    settled.clear();
    app.notModified.forget('menu');
  });
  app.addHook('onClose', stop);

  async function loadAnswer(alias: string, orderModeId: number): Promise<MenuAnswer> {
    const [row] = await db
      .select({
        blocked: t.branchContacts.commercialTermsBlocked,
        country: t.branchContacts.country,
        modeActive: t.orderModes.active,
        menuId: t.menus.id,
        hash: t.menus.hash,
      })
      .from(t.orderModes)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orderModes.branchContactId))
      .innerJoin(t.menus, eq(t.menus.id, t.orderModes.menuId))
      .where(and(eq(t.orderModes.id, orderModeId), eq(t.branchContacts.alias, alias)));
    if (!row?.modeActive) return { kind: 'not-found' };
    if (row.blocked) return { kind: 'blocked' };
    const decimals = await currencyDecimalsOf(db, row.country);
    const identity = Buffer.from(
      JSON.stringify(await loadMenu(db, row.menuId, orderModeId, row.hash, decimals)),
    );
    // compressed once per menu version, not once per request
    const [gzip, br] = await Promise.all([gzipAsync(identity), brotliAsync(identity)]);
    return {
      kind: 'menu',
      // weak: the same representation is sent in three encodings
      etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
      identity,
      gzip,
      br,
    };
  }

  /**
   * The hottest call of the storefront: answered from memory (ETag check first, then the body in the
   * encoding the client accepts); the database is read once per menu per TTL or catalogue change.
   */
  app.get<{ Params: { alias: string; orderModeId: string } }>(
    '/api/diner/:alias/menu/:orderModeId',
    // bodies are precompressed here, so the compression hook is skipped
    { compress: false, decompress: false },
    (request, reply) => {
      // a key already in memory was validated when it was loaded: the hot path skips validation
      const key = `${request.params.alias.toLowerCase()}:${request.params.orderModeId}`;
      const ready = settled.get(key);
      // answered synchronously when in memory: no promise, no extra turn of the event loop
      if (ready) return sendMenu(request, reply, ready);
      return remember(answers, key, () =>
        loadAnswer(
          parseInput(AliasSchema, request.params.alias).toLowerCase(),
          parseInput(IdParamSchema, request.params.orderModeId),
        ),
      ).then((answer) => {
        const now = Date.now();
        settled.set(key, answer, now);
        // while this version is cached, a client that has it is answered before routing
        if (answer.kind === 'menu')
          app.notModified.remember(
            'menu',
            request.url,
            answer.etag,
            MENU_VALIDATION_HEADERS,
            now + MENU_TTL_MS,
          );
        return sendMenu(request, reply, answer);
      });
    },
  );

  app.get<{ Params: { alias: string }; Querystring: { orderModeId?: unknown } }>(
    '/api/diner/menu/:alias/hash',
    async (request) => {
      const alias = parseInput(AliasSchema, request.params.alias).toLowerCase();
      const ids = parseInput(OrderModeIdsSchema, request.query.orderModeId);
      const contact = await findContact(db, { alias });
      if (!contact) throw notFound('No encontramos este local.');
      const rows = await db
        .select({ orderModeId: t.orderModes.id, hash: t.menus.hash })
        .from(t.orderModes)
        .innerJoin(t.menus, eq(t.menus.id, t.orderModes.menuId))
        .where(and(eq(t.orderModes.branchContactId, contact.id), inArray(t.orderModes.id, ids)));
      return { menuHashes: ids.flatMap((id) => rows.filter((r) => r.orderModeId === id)) };
    },
  );

  /**
   * A contact's storefront channel (path not in the spec): one event per catalogue change of the
   * contact (storefront-events.ts), so open menus and carts fetch again. Public, like the menu.
   */
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());
  app.get<{ Params: { contactId: string } }>(
    '/api/events/storefront/:contactId',
    { compress: false, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const contactId = parseInput(IdParamSchema, request.params.contactId);
      const served = await streamChannel(request, reply, {
        bus: app.deps.bus,
        channel: storefrontChannel(contactId),
        event: STOREFRONT_CHANGE_EVENT,
        snapshotEvent: STOREFRONT_OPEN_EVENT,
        snapshot: async () => {
          const contact = await findContact(db, { id: contactId });
          return contact?.active ? { branchContactId: contact.id } : null;
        },
        streams,
        heartbeatMs: app.deps.sseHeartbeatMs ?? SSE_HEARTBEAT_MS,
      });
      if (!served) throw notFound();
      return reply;
    },
  );

  app.get<{ Params: { branchId: string } }>('/api/diner/:branchId/discounts', async (request) => {
    const branchId = parseInput(IdParamSchema, request.params.branchId);
    const branch = await findBranch(db, { id: branchId });
    if (!branch) throw notFound('No encontramos esta marca.');
    const [anyContact] = await db
      .select({ country: t.branchContacts.country })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.branchId, branchId))
      .limit(1);
    const decimals = await currencyDecimalsOf(db, anyContact?.country ?? 'ar');
    const discounts = await db
      .select()
      .from(t.menuDiscounts)
      .where(and(eq(t.menuDiscounts.branchId, branchId), eq(t.menuDiscounts.active, true)));
    const links = discounts.length
      ? await db
          .select()
          .from(t.menuDiscountPlates)
          .where(
            inArray(
              t.menuDiscountPlates.discountId,
              discounts.map((d) => d.id),
            ),
          )
      : [];
    const money = (minor: number | null) => (minor === null ? null : fromMinor(minor, decimals));
    return discounts.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      percentage: d.percentage,
      fixedDiscount: money(d.fixedDiscount),
      buy: d.buy,
      pay: d.pay,
      finalPrice: money(d.finalPrice),
      plates: links.filter((l) => l.discountId === d.id).map((l) => l.plateId),
    }));
  });

  app.get<{ Querystring: { branchId?: string } }>('/api/indicators', async (request) => {
    const branchId =
      request.query.branchId === undefined ? null : parseInput(IdParamSchema, request.query.branchId);
    const rows = await db
      .select()
      .from(t.indicators)
      .where(
        branchId === null
          ? isNull(t.indicators.branchId)
          : or(isNull(t.indicators.branchId), eq(t.indicators.branchId, branchId)),
      );
    return rows.map((i) => ({
      id: i.id,
      showName: i.showName,
      backgroundColor: i.backgroundColor,
      textColor: i.textColor,
    }));
  });

  const EntityTypeSchema = z.enum(['PLATE', 'plate'], { error: 'El tipo de entidad no es válido.' });
  app.get<{ Params: { type: string; id: string } }>('/api/entityindicators/:type/:id', async (request) => {
    parseInput(EntityTypeSchema, request.params.type);
    const plateId = parseInput(IdParamSchema, request.params.id);
    const [plate] = await db.select({ id: t.plates.id }).from(t.plates).where(eq(t.plates.id, plateId));
    if (!plate) throw notFound('No encontramos este plato.');
    const rows = await db
      .select({ indicator: t.indicators })
      .from(t.plateIndicators)
      .innerJoin(t.indicators, eq(t.indicators.id, t.plateIndicators.indicatorId))
      .where(eq(t.plateIndicators.plateId, plateId));
    return rows.map(({ indicator: i }) => ({
      id: i.id,
      showName: i.showName,
      backgroundColor: i.backgroundColor,
      textColor: i.textColor,
    }));
  });

  app.get<{ Params: { branchId: string } }>('/api/menucustomization/:branchId', async (request) => {
    const branchId = parseInput(IdParamSchema, request.params.branchId);
    const branch = await findBranch(db, { id: branchId });
    if (!branch) throw notFound('No encontramos esta marca.');
    const rows = await db
      .select()
      .from(t.menuCustomizations)
      .where(eq(t.menuCustomizations.branchId, branchId));
    return rows.map((r) => ({
      id: r.id,
      resource: r.resource,
      displayType: r.displayType,
      theme: r.theme,
      commands: r.commands,
    }));
  });
}

/** Answers a menu: its error, 304 when the client has this version, or the body in an accepted encoding. */
function sendMenu(request: FastifyRequest, reply: FastifyReply, answer: MenuAnswer): FastifyReply {
  if (answer.kind === 'not-found') throw notFound('No encontramos este menú.');
  if (answer.kind === 'blocked')
    throw new AppError('BLOCKED', 403, 'Este local no está disponible en este momento.');
  reply.header('ETag', answer.etag);
  reply.headers(MENU_VALIDATION_HEADERS);
  if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(answer.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(answer.gzip);
  return reply.send(answer.identity);
}
