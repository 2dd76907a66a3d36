import { MESSAGES, TRACKING_UPDATE_EVENT, trackingChannel } from '@comanda/core';
import { TrackingParamsSchema } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { EventStreams, SSE_HEARTBEAT_MS, streamChannel } from '../../platform/sse.ts';
import { parseInput } from '../../platform/validation.ts';
import { findTrackingInfo, loadTrackingInfo } from './queries.ts';

const accessDenied = () => new AppError('NOT_FOUND', 404, MESSAGES.accessDenied);

/**
 * The public tracking page's calls: its data, and its live stream. Both are reached by the contact's
 * alias and the order code only (codes are unguessable; lookups are rate-limited per client address):
 * nobody can listen to a shipment's channel without knowing its order.
 */
export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const heartbeatMs = app.deps.sseHeartbeatMs ?? SSE_HEARTBEAT_MS;
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());

  app.get<{ Params: { alias: string; orderCode: string } }>(
    '/api/logisticsorder/tracking/:alias/:orderCode',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const { alias, orderCode } = parseInput(TrackingParamsSchema, request.params);
      const info = await findTrackingInfo(db, alias, orderCode, app.deps.clock());
      if (!info) throw accessDenied();
      return info;
    },
  );

  /**
   * The push channel 'tracking-{id}' over SSE (path not in the spec): events named
   * 'logistics-tracking-update' carrying the whole tracking info. The first event is the info as of
   * the connection, so a change between the page's fetch and its subscription is not missed.
   */
  app.get<{ Params: { alias: string; orderCode: string } }>(
    '/api/events/tracking/:alias/:orderCode',
    {
      compress: false,
      config: { rateLimit: { max: app.deps.streamRateLimit ?? 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { alias, orderCode } = parseInput(TrackingParamsSchema, request.params);
      const found = await findTrackingInfo(db, alias, orderCode, app.deps.clock());
      // an order waiting for its shipment has no channel yet: its page listens to the order's own
      if (!found || 'waiting' in found) throw accessDenied();
      const served = await streamChannel(request, reply, {
        bus: app.deps.bus,
        channel: trackingChannel(found.id),
        event: TRACKING_UPDATE_EVENT,
        snapshot: () => loadTrackingInfo(db, found.id),
        streams,
        heartbeatMs,
      });
      if (!served) throw accessDenied();
      return reply;
    },
  );
}
