/**
 * The owner's delivery screen API (issue 27, `/console/envios`): a shop's zones, replacing them, and
 * the test of an address. OWNER of the shop's own branch only; after a change the storefront learns
 * of it (the mode cards' fees and open checkouts).
 */
import {
  DeliveryZonesSchema,
  IdParamSchema,
  type OwnerDeliveryZones,
  type ZoneCheck,
  ZoneCheckQuerySchema,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff } from '../../platform/auth/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishStorefrontChange } from '../menu/storefront-events.ts';
import { checkAddress, loadZones, saveZones } from './zones.ts';

const OWNER = { roles: ['OWNER'] as const };

export async function deliveryZoneRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  app.get<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/zones',
    { config: OWNER },
    async (request, reply): Promise<OwnerDeliveryZones> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      reply.header('Cache-Control', 'no-store');
      return loadZones(db, staffOfRequest(request), id);
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/zones',
    { config: OWNER, bodyLimit: 1024 * 1024 },
    async (request): Promise<OwnerDeliveryZones> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const { zones } = parseInput(DeliveryZonesSchema, request.body);
      const saved = await saveZones(db, staffOfRequest(request), id, zones, now());
      await publishStorefrontChange(db, app.deps.bus, { branchContactId: id });
      return saved;
    },
  );

  app.get<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/zones/check',
    { config: OWNER },
    async (request, reply): Promise<ZoneCheck> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const query = parseInput(ZoneCheckQuerySchema, request.query);
      reply.header('Cache-Control', 'no-store');
      return checkAddress(db, staffOfRequest(request), id, query);
    },
  );
}
