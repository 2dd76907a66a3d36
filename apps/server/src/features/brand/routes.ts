/**
 * The shop's brand (`/api/console/brand`, not in the spec; issue 25's `/console/marca`): colours, font,
 * logos and banner, social accounts, the custom message and the 'Hecho con Comanda' footer of the
 * owner's branch. An OWNER session of the branch itself (the kitchen's STAFF accounts get 403); a
 * script can call it with the same cookie. Each save is logged (`GET /api/console/changes`) and, after
 * commit, every process drops its cached storefront answers and open menus fetch again.
 */
import { type BrandSettings, BrandUpdateSchema } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff } from '../../platform/auth/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishStorefrontChange } from '../menu/storefront-events.ts';
import { loadBrand } from './load-brand.ts';
import { saveBrand } from './save-brand.ts';

const OWNER = { roles: ['OWNER'] as const };

export async function brandRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  app.get('/api/console/brand', { config: OWNER }, async (request, reply): Promise<BrandSettings> => {
    reply.header('Cache-Control', 'no-store');
    return loadBrand(db, staffOfRequest(request).branchId);
  });

  app.put('/api/console/brand', { config: OWNER }, async (request, reply): Promise<BrandSettings> => {
    const input = parseInput(BrandUpdateSchema, request.body);
    const staff = staffOfRequest(request);
    const { brand, changed } = await saveBrand(db, staff, input, now());
    if (changed) {
      // the storefront pages, the page shell's per-alias data and the open menus of every shop of the
      // branch show the brand: each drops its copy (publishCatalogChange underneath)
      await Promise.all(
        brand.shops.map((shop) => publishStorefrontChange(db, app.deps.bus, { branchContactId: shop.id })),
      );
    }
    reply.header('Cache-Control', 'no-store');
    return brand;
  });
}
