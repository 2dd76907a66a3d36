import { MESSAGES, normalizePhone } from '@comanda/core';
import {
  DINER_ACCOUNT_MESSAGES,
  type DinerOrdersPage,
  DinerOrdersQuerySchema,
  IdParamSchema,
  type LoyaltyReward,
  type LoyaltyRewardClaim,
  LoyaltySignUpSchema,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { authenticateDiner, findDiner } from '../../platform/auth/diner.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { findContact } from '../diner/queries.ts';
import { claimLoyaltyReward, loadLoyaltyReward } from './claim-loyalty-reward.ts';
import { listDinerOrders } from './list-diner-orders.ts';

/**
 * The signed-in diner's account: 'Mis pedidos' and the loyalty reward. Each call answers only the
 * session's own phone; the phone the spec puts in the query or path must be that one.
 */
export async function dinerOrdersRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const perAddress = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

  /** The spec's orders list: 10 orders a page, newest first, of the contact's whole branch. */
  app.get('/api/orders', perAddress(60), async (request, reply): Promise<DinerOrdersPage> => {
    const diner = await authenticateDiner(db, request, app.deps.clock());
    const query = parseInput(DinerOrdersQuerySchema, request.query);
    const contact = await findContact(db, { id: query.branchContactId });
    if (!contact) throw notFound(DINER_ACCOUNT_MESSAGES.contactNotFound);
    const phone = normalizePhone(query.phone, contact.country);
    if (!phone) throw badRequest(MESSAGES.phoneNumberInvalid);
    if (phone !== diner.phone) throw new AppError('FORBIDDEN', 403, DINER_ACCOUNT_MESSAGES.notYourPhone);
    reply.header('Cache-Control', 'no-store');
    return listDinerOrders(db, diner.customerId, contact.branchId, query.offset);
  });

  /** The reward a link names (path not in the spec), with `done` for the signed-in diner. */
  app.get<{ Params: { rewardId: string } }>(
    '/api/diner/loyalty-reward/:rewardId',
    perAddress(60),
    async (request, reply): Promise<LoyaltyReward> => {
      const rewardId = IdParamSchema.safeParse(request.params.rewardId);
      if (!rewardId.success)
        throw new AppError('REWARD_NOT_FOUND', 404, DINER_ACCOUNT_MESSAGES.rewardNotFound);
      const diner = await findDiner(db, request, app.deps.clock());
      reply.header('Cache-Control', 'no-store');
      return loadLoyaltyReward(db, rewardId.data, diner);
    },
  );

  /** The spec's reward sign-up: the reward's points, credited once per diner. */
  app.post<{ Params: { phone: string; rewardId: string } }>(
    '/api/diner/customer/:phone/loyalty-reward/:rewardId',
    perAddress(20),
    async (request): Promise<LoyaltyRewardClaim> => {
      const now = app.deps.clock();
      const diner = await authenticateDiner(db, request, now);
      const rewardId = IdParamSchema.safeParse(request.params.rewardId);
      if (!rewardId.success)
        throw new AppError('REWARD_NOT_FOUND', 404, DINER_ACCOUNT_MESSAGES.rewardNotFound);
      const signUp = parseInput(LoyaltySignUpSchema, request.body);
      return claimLoyaltyReward(db, {
        diner,
        pathPhone: request.params.phone,
        rewardId: rewardId.data,
        signUp,
        now,
      });
    },
  );
}
