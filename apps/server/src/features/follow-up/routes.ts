import {
  canReportOrderError,
  isOrderErrorTypeFor,
  ORDER_ERROR_DETAIL_MESSAGES,
  ORDER_ERROR_REPORT_MESSAGES,
  ORDER_UPDATE_EVENT,
  orderChannel,
  storedOrderErrorDetail,
} from '@comanda/core';
import { OrderDetailsUpdateSchema } from '@comanda/core/contract';
import { and, eq, gte, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as t from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { EventStreams, SSE_HEARTBEAT_MS, streamChannel } from '../../platform/sse.ts';
import { parseInput } from '../../platform/validation.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { publishOrderChange } from '../lifecycle/publish.ts';
import { expireIfOverdue } from '../payments/expire-unpaid-orders.ts';
import { findContactOrder, loadFollowUp, loadSupportInfo } from './queries.ts';

const ORDER_NOT_FOUND = 'No encontramos este pedido. Revisá el link que recibiste.';

/** Order codes are upper case letters and digits; anything else is no code of ours. */
const OrderCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{4,40}$/, { error: ORDER_NOT_FOUND })
  .transform((code) => code.toUpperCase());

const AliasOrIdSchema = z
  .string()
  .regex(/^[a-zA-Z0-9-]{1,120}$/, { error: 'No encontramos este local.' })
  .transform((value) => (/^\d+$/.test(value) ? { id: Number(value) } : { alias: value.toLowerCase() }));

/**
 * The diner's side of a placed order (post-order-and-logistics.md): the follow-up data and the order
 * details update (the problem report). Both are reached by the order code alone, so they are rate-limited.
 */
export async function followUpRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());

  /** The order a follow-up path names; a malformed alias or code names none: the same 404. */
  async function findByParams(params: { aliasOrId: string; orderCode: string }) {
    const contact = AliasOrIdSchema.safeParse(params.aliasOrId);
    const code = OrderCodeSchema.safeParse(params.orderCode);
    if (!contact.success || !code.success) throw notFound(ORDER_NOT_FOUND);
    if (contact.data.id !== undefined && !Number.isSafeInteger(contact.data.id))
      throw notFound(ORDER_NOT_FOUND);
    const found = await findContactOrder(db, contact.data, code.data);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return found;
  }

  app.get<{ Params: { aliasOrId: string; orderCode: string } }>(
    '/api/diner/:aliasOrId/order/:orderCode',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply) => {
      let found = await findByParams(request.params);
      const now = app.deps.clock();
      // an unpaid order past its time to pay expires as it is read (the sweep may not have come by)
      const limit = app.deps.payments?.timeLimitMinutes;
      if (limit && (await expireIfOverdue({ ...lifecycleDepsOf(app), now }, found.order, limit)))
        found = await findByParams(request.params);
      // an order changes while the diner watches it: never answered from a cache
      reply.header('Cache-Control', 'no-store');
      return loadFollowUp(db, found, now);
    },
  );

  /**
   * The order's own channel over SSE (DESIGN.md, live updates; path not in the spec): 'order-update'
   * events carrying the whole follow-up answer, the current one first. Open orders' pages listen.
   */
  app.get<{ Params: { aliasOrId: string; orderCode: string } }>(
    '/api/events/order/:aliasOrId/:orderCode',
    {
      compress: false,
      config: { rateLimit: { max: app.deps.streamRateLimit ?? 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const found = await findByParams(request.params);
      const served = await streamChannel(request, reply, {
        bus: app.deps.bus,
        channel: orderChannel(found.order.id),
        event: ORDER_UPDATE_EVENT,
        snapshot: async () => {
          const current = await findContactOrder(db, { id: found.contact.id }, found.order.code);
          return current ? loadFollowUp(db, current, app.deps.clock()) : null;
        },
        streams,
        heartbeatMs: app.deps.sseHeartbeatMs ?? SSE_HEARTBEAT_MS,
      });
      if (!served) throw notFound(ORDER_NOT_FOUND);
      return reply;
    },
  );

  /**
   * The support page's data (`/soporte?referenceId={orderCode}`; path not in the spec): the order's shop
   * and its chat. Reached by the unguessable code alone, like the report below, so rate-limited; an
   * unknown or malformed code is the same 404.
   */
  app.get<{ Params: { referenceId: string } }>(
    '/api/diner/support/:referenceId',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const code = OrderCodeSchema.safeParse(request.params.referenceId);
      const info = code.success ? await loadSupportInfo(db, code.data) : null;
      if (!info) throw notFound(ORDER_NOT_FOUND);
      // the owner may change the chat meanwhile
      reply.header('Cache-Control', 'no-store');
      return info;
    },
  );

  /**
   * The order details update (section 7: `POST /api/diner/order/details`, body the updated order details):
   * what a diner may change of a placed order is its `dinerOrderDetails`, i.e. the problem report (the
   * spec's order update with code and errorType), and only when the spec allows a report: delivered, in
   * the last 24 hours, not reported yet (decision 019). The order's code is the diner's key to it, as for
   * the follow-up page itself.
   */
  async function updateOrderDetails(body: unknown) {
    const update = parseInput(OrderDetailsUpdateSchema, body);
    const code = parseInput(OrderCodeSchema, update.code);
    const [order] = await db.select().from(t.orders).where(eq(t.orders.code, code));
    const notAllowed = () =>
      new AppError('ORDER_ERROR_NOT_ALLOWED', 409, ORDER_ERROR_REPORT_MESSAGES.notAllowed);
    // an unknown code is answered as an order that may not be reported: the call does not tell
    // which codes exist
    if (!order) throw notAllowed();
    const now = app.deps.clock();
    if (order.errorType)
      throw new AppError('ORDER_ERROR_REPORTED', 409, ORDER_ERROR_REPORT_MESSAGES.alreadyReported);
    if (!canReportOrderError(order, now)) throw notAllowed();
    // 'llegó tarde' is no choice of a take-away: each mode has its own list (core)
    if (!isOrderErrorTypeFor(order.type, update.errorType))
      throw new AppError('BAD_REQUEST', 400, ORDER_ERROR_DETAIL_MESSAGES.notForMode);
    // the conditions again in the update itself: of two reports at once, only one is stored
    const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const updated = await db
      .update(t.orders)
      .set({
        errorType: update.errorType,
        errorDetail: storedOrderErrorDetail(update.errorType, update.errorDetail),
        updatedAt: now,
      })
      .where(
        and(
          eq(t.orders.id, order.id),
          isNull(t.orders.errorType),
          eq(t.orders.status, 'DELIVERED'),
          gte(t.orders.orderedAt, dayAgo),
        ),
      )
      .returning({ id: t.orders.id });
    if (updated.length === 0)
      throw new AppError('ORDER_ERROR_REPORTED', 409, ORDER_ERROR_REPORT_MESSAGES.alreadyReported);
    const found = await findContactOrder(db, { id: order.branchContactId }, code);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    // the diner's other pages and the staff's board both learn of the report
    await publishOrderChange({ db, bus: app.deps.bus, log: app.appLog, now }, order.id);
    return loadFollowUp(db, found, now);
  }

  const updateLimit = { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } };
  app.post('/api/diner/order/details', updateLimit, (request) => updateOrderDetails(request.body));
  /** The same update at its earlier path (not in the spec), kept for clients that still call it. */
  app.put('/api/diner/order/error', updateLimit, (request) => updateOrderDetails(request.body));
}
