import { RIDER_MESSAGES } from '@comanda/core';
import { type RiderLocationAnswer, RiderLocationBodySchema } from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishRiderTracking } from '../tracking/publish.ts';
import { authenticateRider } from './auth.ts';

/** The rider's own calls, authenticated by `Authorization: Bearer <token>` (features/rider/auth.ts). */
export async function riderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  /**
   * The rider's phone reports where it is (path not in the spec). The position is stored and sent to
   * the tracking pages of the rider's shipments in progress. Only a rider on shift shares a position.
   */
  app.put(
    '/api/rider/location',
    {
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          // riders share carrier addresses (CGNAT): each token has its own budget
          keyGenerator: (request) => request.headers.authorization?.slice(0, 120) ?? request.ip,
        },
      },
    },
    async (request): Promise<RiderLocationAnswer> => {
      const now = app.deps.clock();
      const rider = await authenticateRider(db, request, now);
      const { lat, lng } = parseInput(RiderLocationBodySchema, request.body);
      if (!rider.active) throw new AppError('RIDER_OFF_SHIFT', 403, RIDER_MESSAGES.offShift);
      await db
        .update(t.riders)
        .set({ lastLat: lat, lastLng: lng, lastLocationAt: now })
        .where(eq(t.riders.id, rider.id));
      const shipmentIds = await publishRiderTracking(db, app.deps.bus, rider.id);
      return { lat, lng, lastLocationAt: now.toISOString(), shipmentIds };
    },
  );
}
