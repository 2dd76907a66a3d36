import { MESSAGES, TRACKING_UPDATE_EVENT, trackingChannel } from '@comanda/core';
import { type TrackingAnswer, TrackingParamsSchema } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { ReadCache, remember } from '../../platform/catalog-events.ts';
import { AppError } from '../../platform/errors.ts';
import { EventStreams, SSE_HEARTBEAT_MS, streamChannel } from '../../platform/sse.ts';
import { parseInput } from '../../platform/validation.ts';
import { findTrackingInfo, loadTrackingInfo } from './queries.ts';

/**
 * How long the stream route reuses a code's lookup and a shipment's snapshot (one read per shipment
 * and change, not one per page: a link shared with thousands opens thousands of streams at once).
 * A link that just expired may open a stream for this long more.
 */
const STREAM_READ_REUSE_MS = 1000;

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
  const streamLookups = new ReadCache<Promise<TrackingAnswer | null>>(STREAM_READ_REUSE_MS);

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
      const key = `${alias.toLowerCase()}/${orderCode}`;
      const found = await remember(streamLookups, key, async () => {
        const answer = await findTrackingInfo(db, alias, orderCode, app.deps.clock());
        // only a shipment's answer is reused: a code without one may have it a moment later
        if (!answer || 'waiting' in answer) queueMicrotask(() => streamLookups.delete(key));
        return answer;
      });
      // an order waiting for its shipment has no channel yet: its page listens to the order's own
      if (!found || 'waiting' in found) throw accessDenied();
      const served = await streamChannel(request, reply, {
        bus: app.deps.bus,
        channel: trackingChannel(found.id),
        event: TRACKING_UPDATE_EVENT,
        snapshot: () => loadTrackingInfo(db, found.id),
        shareSnapshotMs: STREAM_READ_REUSE_MS,
        streams,
        heartbeatMs,
      });
      if (!served) throw accessDenied();
      return reply;
    },
  );
}
