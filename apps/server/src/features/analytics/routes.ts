import { AnalyticsBodySchema, SESSION_HEADER, SessionIdSchema } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { parseInput } from '../../platform/validation.ts';

/** Storefront analytics (path not in the spec): a batch of events under the session id header. */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  app.post(
    '/api/analytics/events',
    { bodyLimit: 64 * 1024, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const sessionId = parseInput(SessionIdSchema, request.headers[SESSION_HEADER]);
      const { events } = parseInput(AnalyticsBodySchema, request.body);
      const now = app.deps.clock();
      await db.insert(t.analyticsEvents).values(
        events.map((e) => ({
          sessionId,
          type: e.type,
          branchId: e.branchId ?? null,
          branchContactId: e.branchContactId ?? null,
          path: e.path ?? null,
          payload: e.payload ?? {},
          createdAt: now,
        })),
      );
      return reply.status(202).send({ received: events.length });
    },
  );
}
