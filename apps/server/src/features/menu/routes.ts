import { createHash } from 'node:crypto';
import { fromMinor } from '@comanda/core';
import { IdParamSchema } from '@comanda/core/contract';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { currencyDecimalsOf, findBranch, findContact } from '../diner/queries.ts';
import { loadMenu } from './queries.ts';

const AliasSchema = z
  .string()
  .max(120, { error: 'El alias no es válido.' })
  .regex(/^[a-zA-Z0-9-]+$/, { error: 'El alias no es válido.' });

const OrderModeIdsSchema = z
  .union([IdParamSchema, z.array(IdParamSchema).max(20, { error: 'Demasiados modos de pedido.' })], {
    error: 'Indique al menos un modo de pedido válido (orderModeId).',
  })
  .transform((v) => (Array.isArray(v) ? v : [v]));

interface CachedMenu {
  body: string;
  etag: string;
}

export async function menuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  /**
   * Serialised menus keyed by menu id, order mode, content hash and last change: a changed menu gets a
   * new key, so entries never go stale; the map is bounded so old versions fall out.
   */
  const menuCache = new Map<string, CachedMenu>();
  const MENU_CACHE_LIMIT = 500;

  app.get<{ Params: { alias: string; orderModeId: string } }>(
    '/api/diner/:alias/menu/:orderModeId',
    async (request, reply) => {
      const alias = parseInput(AliasSchema, request.params.alias).toLowerCase();
      const orderModeId = parseInput(IdParamSchema, request.params.orderModeId);
      const [row] = await db
        .select({
          contactId: t.branchContacts.id,
          blocked: t.branchContacts.commercialTermsBlocked,
          country: t.branchContacts.country,
          modeActive: t.orderModes.active,
          menuId: t.menus.id,
          hash: t.menus.hash,
          updatedAt: t.menus.updatedAt,
        })
        .from(t.orderModes)
        .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orderModes.branchContactId))
        .innerJoin(t.menus, eq(t.menus.id, t.orderModes.menuId))
        .where(and(eq(t.orderModes.id, orderModeId), eq(t.branchContacts.alias, alias)));
      if (!row?.modeActive) throw notFound('No encontramos este menú.');
      if (row.blocked) throw new AppError('BLOCKED', 403, 'Este local no está disponible en este momento.');

      const key = `${row.menuId}:${orderModeId}:${row.hash}:${row.updatedAt.getTime()}`;
      let cached = menuCache.get(key);
      if (!cached) {
        const decimals = await currencyDecimalsOf(db, row.country);
        const body = JSON.stringify(await loadMenu(db, row.menuId, orderModeId, row.hash, decimals));
        cached = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        if (menuCache.size >= MENU_CACHE_LIMIT) menuCache.delete(menuCache.keys().next().value as string);
        menuCache.set(key, cached);
      }
      reply.header('ETag', cached.etag);
      reply.header('Cache-Control', 'no-cache');
      if (request.headers['if-none-match'] === cached.etag) {
        return reply.status(304).send();
      }
      return reply.type('application/json; charset=utf-8').send(cached.body);
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
