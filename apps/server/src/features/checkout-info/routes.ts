import { MESSAGES, normalizePhone } from '@comanda/core';
import {
  DINER_SESSION_MESSAGES,
  IdParamSchema,
  LoyaltyHistoryQuerySchema,
  type LoyaltyProgramAnswer,
  OrderingCustomerQuerySchema,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { authenticateDiner, findDiner } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import {
  findActiveBranch,
  findActiveMode,
  loadAdjustments,
  loadFees,
  loadLoyaltyHistory,
  loadLoyaltyProgram,
  loadOrderingCustomer,
  orderingCustomerFallback,
  phoneCountryOf,
} from './queries.ts';

const MODE_NOT_FOUND = 'No encontramos este modo de pedido.';
const BRANCH_NOT_FOUND = 'No encontramos esta sucursal.';

async function modeOrFail(db: Db, rawId: string) {
  const mode = await findActiveMode(db, parseInput(IdParamSchema, rawId));
  if (!mode) throw notFound(MODE_NOT_FOUND);
  return mode;
}

async function branchOrFail(db: Db, rawId: string) {
  const branch = await findActiveBranch(db, parseInput(IdParamSchema, rawId));
  if (!branch) throw notFound(BRANCH_NOT_FOUND);
  return branch;
}

/** The phone as E.164, read in the branch's country when typed without a prefix. */
async function phoneOrFail(db: Db, raw: string, branchId: number): Promise<string> {
  const phone = normalizePhone(raw, await phoneCountryOf(db, branchId));
  if (!phone) throw badRequest(MESSAGES.phoneInvalid);
  return phone;
}

/** The checkout's read calls: fees, general discounts and surcharges, loyalty and the ordering customer. */
export async function checkoutInfoRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  // a client may not walk through phone numbers, even though only the phone's own session sees anything
  const phoneLookupLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };

  app.get<{ Params: { id: string } }>('/api/ordermodes/:id/fees', async (request) => {
    const mode = await modeOrFail(db, request.params.id);
    return loadFees(db, mode.id, mode.contact.country);
  });

  app.get<{ Params: { id: string } }>('/api/ordermodes/:id/generaldiscounts', async (request) => {
    const mode = await modeOrFail(db, request.params.id);
    return loadAdjustments(db, t.generalDiscounts, mode.id, mode.contact.country);
  });

  app.get<{ Params: { id: string } }>('/api/ordermodes/:id/generalsurcharges', async (request) => {
    const mode = await modeOrFail(db, request.params.id);
    return loadAdjustments(db, t.generalSurcharges, mode.id, mode.contact.country);
  });

  app.get<{ Params: { id: string } }>(
    '/api/branch/:id/loyalty-program',
    async (request): Promise<LoyaltyProgramAnswer> => {
      const branch = await branchOrFail(db, request.params.id);
      // the spec's client falls back to an empty object, so "no programme" is that object, not a 404
      return (await loadLoyaltyProgram(db, branch.id)) ?? {};
    },
  );

  app.get<{ Params: { phone: string }; Querystring: unknown }>(
    '/api/orderingcustomer/:phone',
    phoneLookupLimit,
    async (request, reply) => {
      const { branchId } = parseInput(OrderingCustomerQuerySchema, request.query);
      const branch = await findActiveBranch(db, branchId);
      if (!branch) throw notFound(BRANCH_NOT_FOUND);
      const phone = await phoneOrFail(db, request.params.phone, branch.id);
      reply.header('Cache-Control', 'no-store');
      // name, addresses and points are the verified phone's own: anyone else gets the spec's fallback,
      // the same as for a phone nobody has ordered with
      const diner = await findDiner(db, request, app.deps.clock());
      if (diner?.phone !== phone) return orderingCustomerFallback(phone);
      return loadOrderingCustomer(db, phone, branch.id);
    },
  );

  app.get<{ Params: { branchId: string; customerPhone: string }; Querystring: unknown }>(
    '/api/branch/:branchId/loyalty-points/history/:customerPhone',
    phoneLookupLimit,
    async (request, reply) => {
      const branch = await branchOrFail(db, request.params.branchId);
      const page = parseInput(LoyaltyHistoryQuerySchema, request.query);
      const phone = await phoneOrFail(db, request.params.customerPhone, branch.id);
      // the history lists the diner's order codes: only the phone's own verified session reads it
      const diner = await authenticateDiner(db, request, app.deps.clock());
      if (diner.phone !== phone) throw new AppError('FORBIDDEN', 403, DINER_SESSION_MESSAGES.otherPhone);
      reply.header('Cache-Control', 'no-store');
      return loadLoyaltyHistory(db, branch.id, phone, page);
    },
  );
}
