/**
 * The rider's shipment calls (post-order-and-logistics.md section 7), authenticated by the rider token.
 * A rider lists only their own contact's fleet, and reads or moves another contact's shipment never
 * (403 'No tienes permisos para ver los envíos'). Moves publish after commit to the follow-up, the
 * console and the tracking pages.
 */
import {
  contactShipmentsChannel,
  DELIVERY_CODE_ATTEMPTS,
  DELIVERY_CODE_LOCKED,
  MESSAGES,
  SHIPMENT_CHANGE_EVENT,
  SHIPMENTS_OPEN_EVENT,
  type ShipmentStatus,
} from '@comanda/core';
import {
  IdParamSchema,
  type RiderShipment,
  type RiderShipmentStack,
  type ShipmentList,
  ShipmentListQuerySchema,
  ShipmentStackListQuerySchema,
  ShipmentUpdateSchema,
} from '@comanda/core/contract';
import { and, asc, count, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import { AttemptLimiter } from '../../platform/attempt-limiter.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { EventStreams, SSE_HEARTBEAT_MS, streamChannel } from '../../platform/sse.ts';
import { parseInput } from '../../platform/validation.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { authenticateRider, type RiderRow } from '../rider/auth.ts';
import { advanceShipment, advanceStack, notYourShipments, riderHoldsShipment } from './advance-shipment.ts';
import { loadRiderStack, loadRiderStacks, loadShipmentRows, riderShipmentsOf } from './shipment-views.ts';

const LISTING_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;

export async function shipmentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  // per token (riders share carrier addresses); checked before the token is looked up
  const limited = (max: number) => ({
    config: {
      rateLimit: {
        max,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) =>
          request.headers.authorization?.slice(0, 120) ?? request.cookies?.rider?.slice(0, 120) ?? request.ip,
      },
    },
  });

  // wrong delivery codes per shipment, whoever types them: a 4-digit code falls to guessing otherwise
  const deliveryCodes = new AttemptLimiter(
    DELIVERY_CODE_ATTEMPTS.max,
    DELIVERY_CODE_ATTEMPTS.windowMs,
    app.attemptStore,
    'delivery-code',
  );

  /** A delivery with its code, counted: locked after too many wrong codes, cleared by the right one. */
  async function withDeliveryCodeLimit<T>(
    body: { status: string; undeliverableReason?: string | undefined },
    shipmentId: number | null,
    move: () => Promise<T>,
  ): Promise<T> {
    if (body.status !== 'DELIVERED' || body.undeliverableReason !== undefined || shipmentId === null)
      return move();
    const key = String(shipmentId);
    const now = app.deps.clock().getTime();
    if (await deliveryCodes.isBlocked(key, now))
      throw new AppError('DELIVERY_CODE_LOCKED', 429, DELIVERY_CODE_LOCKED);
    try {
      const done = await move();
      await deliveryCodes.reset(key);
      return done;
    } catch (error) {
      if (error instanceof AppError && error.code === 'DELIVERY_CODE_WRONG')
        await deliveryCodes.recordFailure(key, now);
      throw error;
    }
  }

  // every route here needs a rider on shift: the group's own hook, so no route can be added without it
  const onShiftRiders = new WeakMap<FastifyRequest, RiderRow>();
  app.addHook('preHandler', async (request) => {
    const rider = await authenticateRider(db, request, app.deps.clock());
    if (!rider.active) throw new AppError('RIDER_OFF_SHIFT', 403, MESSAGES.noShipmentPermission);
    onShiftRiders.set(request, rider);
  });

  /** The rider the group's hook let in. */
  async function onShift(request: FastifyRequest): Promise<RiderRow> {
    const rider = onShiftRiders.get(request);
    if (!rider) throw new AppError('UNAUTHORIZED', 401, MESSAGES.accessDenied);
    return rider;
  }

  async function shipmentOf(riderId: number, contactId: number, shipmentId: number): Promise<RiderShipment> {
    const rows = await loadShipmentRows(db, eq(t.shipments.id, shipmentId));
    const row = rows[0];
    if (!row || row.contact.id !== contactId) throw notYourShipments();
    const [shipment] = await riderShipmentsOf(db, [row], riderId);
    if (!shipment) throw notFound(MESSAGES.shipmentFetchFailed);
    return shipment;
  }

  async function stackOf(riderId: number, contactId: number, stackId: number): Promise<RiderShipmentStack> {
    const loaded = await loadRiderStack(db, stackId, riderId);
    if (!loaded || loaded.branchContactId !== contactId) throw notYourShipments();
    return loaded.stack;
  }

  /**
   * The rider's contact's fleet channel (path not in the spec): a ShipmentChange per created or moved
   * shipment, so an open list refreshes by itself and a new job rings (features/lifecycle/publish.ts).
   */
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());
  app.get('/api/events/shipments', { ...limited(30), compress: false }, async (request, reply) => {
    const rider = await onShift(request);
    await streamChannel(request, reply, {
      bus: app.deps.bus,
      channel: contactShipmentsChannel(rider.branchContactId),
      event: SHIPMENT_CHANGE_EVENT,
      snapshotEvent: SHIPMENTS_OPEN_EVENT,
      snapshot: async () => ({ branchContactId: rider.branchContactId }),
      streams,
      heartbeatMs: app.deps.sseHeartbeatMs ?? SSE_HEARTBEAT_MS,
    });
    return reply;
  });

  /** Shipments looking for a driver at the rider's contact, in the spec's window (3 days), not stacked. */
  app.get('/api/shipments', limited(120), async (request): Promise<ShipmentList> => {
    const rider = await onShift(request);
    const query = parseInput(ShipmentListQuerySchema, request.query);
    if (query.branchContactId !== rider.branchContactId) throw notYourShipments();
    // the window is the spec's 3 days by the server's clock: the phone sends startDate and endDate from
    // its own, which may run ahead or behind and would hide the newest shipments
    const now = app.deps.clock();
    const where = and(
      eq(t.shipments.branchContactId, rider.branchContactId),
      eq(t.shipments.status, query.status),
      eq(t.shipments.providerName, query.providerName),
      isNull(t.shipments.shipmentStackId),
      gte(t.shipments.createdAt, new Date(now.getTime() - LISTING_WINDOW_MS)),
      lte(t.shipments.createdAt, now),
    );
    const [rows, total] = await Promise.all([
      loadShipmentRows(db, where).then((all) =>
        (query.sort === 'DESC' ? all.reverse() : all).slice(
          query.page * query.pageSize,
          (query.page + 1) * query.pageSize,
        ),
      ),
      db.select({ n: count() }).from(t.shipments).where(where),
    ]);
    return {
      shipments: await riderShipmentsOf(db, rows, rider.id),
      total: total[0]?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  /** Stacks of the rider's contact whose shipments are all in the asked status (looking for a driver). */
  app.get('/api/shipmentstacks', limited(120), async (request): Promise<RiderShipmentStack[]> => {
    const rider = await onShift(request);
    const query = parseInput(ShipmentStackListQuerySchema, request.query);
    if (query.branchContactId !== undefined && query.branchContactId !== rider.branchContactId)
      throw notYourShipments();
    const since = new Date(app.deps.clock().getTime() - LISTING_WINDOW_MS);
    const stacks = await db
      .select({ id: t.shipmentStacks.id })
      .from(t.shipmentStacks)
      .where(
        and(
          eq(t.shipmentStacks.branchContactId, rider.branchContactId),
          eq(t.shipmentStacks.providerName, query.delivery_provider_name),
          gte(t.shipmentStacks.createdAt, since),
          sql`exists (select 1 from shipments s where s.shipment_stack_id = ${t.shipmentStacks.id})`,
          sql`not exists (select 1 from shipments s where s.shipment_stack_id = ${t.shipmentStacks.id} and s.status <> ${query.status})`,
        ),
      )
      .orderBy(asc(t.shipmentStacks.createdAt));
    return loadRiderStacks(
      db,
      stacks.map((stack) => stack.id),
      rider.id,
    );
  });

  /** The rider's shipment in progress (a lone shipment, or the stack it belongs to). */
  app.get('/api/shipments/rider', limited(120), async (request) => {
    const rider = await onShift(request);
    const [current] = await db
      .select({ id: t.shipments.id, stackId: t.shipments.shipmentStackId })
      .from(t.shipments)
      .where(and(eq(t.shipments.riderId, rider.id), riderHoldsShipment()))
      .orderBy(asc(t.shipments.updatedAt))
      .limit(1);
    if (!current) return { shipment: null, stack: null };
    if (current.stackId !== null)
      return { shipment: null, stack: await stackOf(rider.id, rider.branchContactId, current.stackId) };
    return { shipment: await shipmentOf(rider.id, rider.branchContactId, current.id), stack: null };
  });

  /**
   * The spec's `GET api/shipments/order/{orderId}`: the shipments of an order, for the rider who
   * carries them (issue 28); any other rider, or an order without shipments of this rider, gets a 404.
   */
  app.get<{ Params: { orderId: string } }>(
    '/api/shipments/order/:orderId',
    limited(120),
    async (request): Promise<RiderShipment[]> => {
      const rider = await onShift(request);
      const orderId = parseInput(IdParamSchema, request.params.orderId);
      const rows = await db
        .select({ id: t.shipments.id })
        .from(t.shipments)
        .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
        .where(and(eq(t.logisticsOrders.orderId, orderId), eq(t.shipments.riderId, rider.id)))
        .orderBy(asc(t.shipments.id));
      if (rows.length === 0) throw notFound(MESSAGES.shipmentFetchFailed);
      return Promise.all(rows.map((row) => shipmentOf(rider.id, rider.branchContactId, row.id)));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/shipments/:id',
    limited(240),
    async (request): Promise<RiderShipment> => {
      const rider = await onShift(request);
      return shipmentOf(rider.id, rider.branchContactId, parseInput(IdParamSchema, request.params.id));
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/shipments/:id',
    limited(60),
    async (request): Promise<RiderShipment> => {
      const rider = await onShift(request);
      const id = parseInput(IdParamSchema, request.params.id);
      const body = parseInput(ShipmentUpdateSchema, request.body);
      // the run publishes the order's pages and the tracking page after commit
      await withDeliveryCodeLimit(body, id, () =>
        advanceShipment(lifecycleDepsOf(app), rider, id, body.status as ShipmentStatus, {
          securityCode: body.securityCode,
          undeliverableReason: body.undeliverableReason,
        }),
      );
      return shipmentOf(rider.id, rider.branchContactId, id);
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/stacking/:id',
    limited(240),
    async (request): Promise<RiderShipmentStack> => {
      const rider = await onShift(request);
      return stackOf(rider.id, rider.branchContactId, parseInput(IdParamSchema, request.params.id));
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/stacking/:id',
    limited(60),
    async (request): Promise<RiderShipmentStack> => {
      const rider = await onShift(request);
      const id = parseInput(IdParamSchema, request.params.id);
      const body = parseInput(ShipmentUpdateSchema, request.body);
      await withDeliveryCodeLimit(body, body.id ?? null, () =>
        advanceStack(lifecycleDepsOf(app), rider, id, body.status as ShipmentStatus, {
          shipmentId: body.id,
          securityCode: body.securityCode,
          undeliverableReason: body.undeliverableReason,
        }),
      );
      return stackOf(rider.id, rider.branchContactId, id);
    },
  );
}
