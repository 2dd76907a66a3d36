/**
 * How a shop takes orders and money (`/api/console/shop/{id}/settings`, `/payment-types`, `/order-modes`,
 * `/modes/{modeId}/fees`, `/orders-flow`; not in the spec, issue 27): the owner's `/console/cobros`. OWNER
 * sessions of the shop's own branch only (other staff 403, another branch's shop 403); every change is
 * one transaction with its line in the back-office log, then open storefronts hear of it after commit.
 */
import {
  IdParamSchema,
  ModeFeesSchema,
  OrdersFlowSchema,
  ShopOrderModesSchema,
  ShopPaymentTypesSchema,
  type ShopSettings,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff } from '../../platform/auth/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { ownShop } from '../back-office/owner-shops.ts';
import { publishStorefrontChange } from '../menu/storefront-events.ts';
import { loadShopSettings } from './load-settings.ts';
import { saveModeFees, saveOrderModes, saveOrdersFlow, savePaymentTypes } from './save-settings.ts';

const OWNER = { roles: ['OWNER'] as const };

export async function shopSettingsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  /** The change, then the storefront (menus, carts, checkouts, placement's caches) learns of it. */
  async function change(contactId: number, save: () => Promise<ShopSettings>): Promise<ShopSettings> {
    const settings = await save();
    await publishStorefrontChange(db, app.deps.bus, { branchContactId: contactId });
    return settings;
  }

  app.get<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/settings',
    { config: OWNER },
    async (request, reply): Promise<ShopSettings> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const contact = await ownShop(db, staffOfRequest(request), id);
      reply.header('Cache-Control', 'no-store');
      return loadShopSettings(db, contact);
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/payment-types',
    { config: OWNER },
    async (request): Promise<ShopSettings> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const input = parseInput(ShopPaymentTypesSchema, request.body);
      return change(id, () => savePaymentTypes(db, staffOfRequest(request), id, input, now()));
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/order-modes',
    { config: OWNER },
    async (request): Promise<ShopSettings> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const input = parseInput(ShopOrderModesSchema, request.body);
      return change(id, () => saveOrderModes(db, staffOfRequest(request), id, input, now()));
    },
  );

  app.put<{ Params: { contactId: string; modeId: string } }>(
    '/api/console/shop/:contactId/modes/:modeId/fees',
    { config: OWNER },
    async (request): Promise<ShopSettings> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const modeId = parseInput(IdParamSchema, request.params.modeId);
      const input = parseInput(ModeFeesSchema, request.body);
      return change(id, () => saveModeFees(db, staffOfRequest(request), id, modeId, input, now()));
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/orders-flow',
    { config: OWNER },
    async (request): Promise<ShopSettings> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const input = parseInput(OrdersFlowSchema, request.body);
      return change(id, () => saveOrdersFlow(db, staffOfRequest(request), id, input, now()));
    },
  );
}
