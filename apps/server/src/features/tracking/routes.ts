import { MESSAGES, TRACKING_UPDATE_EVENT, trackingChannel } from '@comanda/core';
import { type TrackingInfo, TrackingParamsSchema } from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import type { BusMessage } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type EventStream,
  EventStreams,
  eventFrame,
  openEventStream,
  SSE_HEARTBEAT_MS,
} from '../../platform/sse.ts';
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
      const info = await findTrackingInfo(db, alias, orderCode);
      if (!info) throw accessDenied();
      return info;
    },
  );

  // one frame per published message, whatever the number of pages watching the shipment
  const frames = new WeakMap<BusMessage, string>();
  const frameOf = (message: BusMessage) => {
    let frame = frames.get(message);
    if (frame === undefined) {
      frame = eventFrame(message.event, message.payload);
      frames.set(message, frame);
    }
    return frame;
  };

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
      const found = await findTrackingInfo(db, alias, orderCode);
      if (!found) throw accessDenied();
      // subscribed before the snapshot is read, so nothing published in between is lost
      let stream: EventStream | null = null;
      const early: string[] = [];
      const stop = await app.deps.bus.subscribe(trackingChannel(found.id), (message) => {
        if (message.event !== TRACKING_UPDATE_EVENT) return;
        if (stream) stream.write(frameOf(message));
        else early.push(frameOf(message));
      });
      let snapshot: TrackingInfo | null;
      try {
        snapshot = await loadTrackingInfo(db, found.id);
      } catch (error) {
        await stop();
        throw error;
      }
      if (!snapshot) {
        await stop();
        throw accessDenied();
      }
      if (reply.raw.destroyed) {
        // the browser left while we looked the shipment up
        await stop();
        reply.hijack();
        return reply;
      }
      stream = openEventStream(request, reply, { heartbeatMs });
      streams.add(stream);
      stream.onClose(stop);
      stream.write(eventFrame(TRACKING_UPDATE_EVENT, snapshot));
      for (const frame of early) stream.write(frame);
      return reply;
    },
  );
}
