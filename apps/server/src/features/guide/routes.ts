import { type GuideNearAnswer, GuideNearBodySchema } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../platform/validation.ts';
import { findNearCommerces } from './find-near-commerces.ts';

/** The public guide at `/menu`: shops near the diner, a page at a time. */
export async function guideRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  app.post(
    '/api/menu/near',
    // typing in the search box asks again (debounced): generous, but a bound on a public query
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request): Promise<GuideNearAnswer> => {
      const query = parseInput(GuideNearBodySchema, request.body);
      return findNearCommerces(db, query);
    },
  );
}
