import { IdParamSchema, OrderModeTypeSchema, PagingQuerySchema } from '@comanda/core/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { CATALOG_CHANNEL, ReadCache, remember } from '../../platform/catalog-events.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { type BranchDirectory, listContacts, loadBranchDirectory } from './branch-directory.ts';
import { findCompanyById, findContact, loadBranchContact, logoUrlsOf, resolveAlias } from './queries.ts';

const AliasOrIdSchema = z
  .string()
  .min(1)
  .max(120, { error: 'El alias no es válido.' })
  .regex(/^[a-zA-Z0-9-]+$/, { error: 'El alias no es válido.' });

const NOT_FOUND_ALIAS = 'No encontramos este local.';

const coordinate = (min: number, max: number) =>
  z.coerce
    .number({ error: 'La ubicación no es válida.' })
    .min(min, { error: 'La ubicación no es válida.' })
    .max(max, { error: 'La ubicación no es válida.' });

const ContactListQuerySchema = PagingQuerySchema.extend({
  lat: coordinate(-90, 90).optional(),
  lng: coordinate(-180, 180).optional(),
  search: z.string().trim().max(100, { error: 'La búsqueda es demasiado larga.' }).optional(),
  orderModeType: OrderModeTypeSchema.optional().catch(undefined),
}).refine((q) => (q.lat === undefined) === (q.lng === undefined), {
  error: 'La ubicación necesita latitud y longitud.',
});

export async function dinerRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  // the branch-select list is read on every visit: a branch's contacts are loaded once a minute
  const directories = new ReadCache<Promise<BranchDirectory | null>>(60_000);
  const stop = await app.deps.bus.subscribe(CATALOG_CHANNEL, () => directories.clear());
  app.addHook('onClose', stop);

  /** Company, branch or branch-contact alias (a number is read as a branch-contact id). */
  app.get<{ Params: { aliasOrId: string } }>('/api/diner/:aliasOrId', async (request) => {
    const key = parseInput(AliasOrIdSchema, request.params.aliasOrId);
    const now = app.deps.clock();
    if (/^\d+$/.test(key)) {
      const contact = await findContact(db, { id: parseInput(IdParamSchema, key) });
      const info = contact && (await loadBranchContact(db, contact, now));
      if (!info) throw notFound(NOT_FOUND_ALIAS);
      return { type: 'branchContact', info };
    }
    const entity = await resolveAlias(db, key, now);
    if (!entity) throw notFound(NOT_FOUND_ALIAS);
    return entity;
  });

  app.get<{ Params: { companyId: string } }>('/api/diner/companies/:companyId', async (request) => {
    const company = await findCompanyById(db, parseInput(IdParamSchema, request.params.companyId));
    if (!company) throw notFound('No encontramos esta empresa.');
    return { id: company.id, name: company.name, alias: company.alias };
  });

  app.get<{ Params: { companyId: string }; Querystring: unknown }>(
    '/api/diner/companies/:companyId/branches',
    async (request) => {
      const companyId = parseInput(IdParamSchema, request.params.companyId);
      const { offset, pageSize } = parseInput(PagingQuerySchema, request.query);
      const company = await findCompanyById(db, companyId);
      if (!company) throw notFound('No encontramos esta empresa.');
      const where = and(eq(t.branches.companyId, companyId), eq(t.branches.active, true));
      const rows = await db
        .select()
        .from(t.branches)
        .where(where)
        .orderBy(asc(t.branches.name))
        .limit(pageSize)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(t.branches).where(where);
      const logos = await logoUrlsOf(
        db,
        rows.map((r) => r.id),
      );
      return {
        branches: rows.map((r) => ({
          id: r.id,
          alias: r.alias,
          name: r.name,
          customLogoURL: logos.get(r.id)?.get('LOGO') ?? null,
        })),
        offset,
        pageSize,
        total: total?.n ?? 0,
      };
    },
  );

  app.get<{ Params: { id: string } }>('/api/diner/branchcontacts/:id', async (request) => {
    // the spec's id arrives encoded once more by some clients; a malformed escape is just a bad id
    let raw = request.params.id;
    try {
      raw = decodeURIComponent(raw);
    } catch {}
    const id = parseInput(IdParamSchema, raw);
    const contact = await findContact(db, { id });
    const info = contact?.active ? await loadBranchContact(db, contact, app.deps.clock()) : null;
    if (!info) throw notFound(NOT_FOUND_ALIAS);
    return info;
  });

  /** Branch-contact list of a branch by the diner's location, search text and order mode (path not in the spec). */
  app.get<{ Params: { branchId: string }; Querystring: unknown }>(
    '/api/diner/branches/:branchId/branchcontacts',
    async (request) => {
      const branchId = parseInput(IdParamSchema, request.params.branchId);
      const query = parseInput(ContactListQuerySchema, request.query);
      const now = app.deps.clock();
      const directory = await remember(directories, `${branchId}:${Math.floor(now.getTime() / 60_000)}`, () =>
        loadBranchDirectory(db, branchId, now),
      );
      if (!directory) throw notFound('No encontramos esta marca.');
      const location =
        query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng } : null;
      const items = listContacts(directory, {
        search: query.search,
        orderModeType: query.orderModeType,
        location,
      });
      return {
        branchContacts: items.slice(query.offset, query.offset + query.pageSize),
        offset: query.offset,
        pageSize: query.pageSize,
        total: items.length,
      };
    },
  );

  const FileTypeSchema = z.enum(['LOGO', 'HORIZONTAL_LOGO', 'BACKGROUND_LOGO', 'BANNER_LOGO'], {
    error: 'El tipo de archivo no es válido.',
  });

  /** Logo URL of a branch; relative URLs are made absolute with PUBLIC_URL. */
  app.get<{ Params: { id: string }; Querystring: { type?: string } }>(
    '/api/diner/file/:id/url',
    async (request) => {
      const branchId = parseInput(IdParamSchema, request.params.id);
      const type = parseInput(FileTypeSchema, request.query.type ?? 'LOGO');
      const [file] = await db
        .select({ url: t.files.url })
        .from(t.files)
        .where(and(eq(t.files.branchId, branchId), eq(t.files.type, type)));
      if (!file) throw notFound('No encontramos el archivo.');
      const url = /^https?:\/\//.test(file.url) ? file.url : new URL(file.url, app.deps.publicUrl).toString();
      return { url };
    },
  );
}
