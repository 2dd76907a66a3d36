/**
 * The business's order console API (`/api/console/...`, not in the spec; DESIGN.md faces). Every call
 * but the sign-in needs a staff session, and reaches only the staff member's own branch (403 otherwise).
 * Handlers parse, authorise, call the use case and publish after commit.
 */
import { CONSOLE_BOARD_EVENT, CONSOLE_ORDER_EVENT, contactOrdersChannel } from '@comanda/core';
import {
  CONSOLE_MESSAGES,
  type ConsoleBoard,
  type ConsoleContact,
  type ConsoleOrder,
  type ConsoleOrderHistory,
  type ConsoleOrderMode,
  type ConsoleSession,
  type ConsoleStock,
  ContactSettingsSchema,
  IdParamSchema,
  OrderModePauseSchema,
  OrderStatusChangeSchema,
  PlateStockSchema,
  StaffSignInSchema,
} from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as t from '../../db/schema.ts';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import {
  assertSameBranch,
  authenticateStaff,
  clearStaffCookie,
  revokeSession,
  STAFF_SESSION_COOKIE,
  type StaffPrincipal,
  setStaffCookie,
} from '../../platform/auth/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { EventStreams, SSE_HEARTBEAT_MS, streamChannel } from '../../platform/sse.ts';
import { parseInput } from '../../platform/validation.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { AfterCommit, lifecycleDepsOf } from '../lifecycle/engine.ts';
import { loadOrderHistory } from '../lifecycle/history.ts';
import { changeOrderStatus } from '../lifecycle/order-moves.ts';
import { publishStorefrontChange } from '../menu/storefront-events.ts';
import { loadConsoleBoard, loadConsoleOrder } from './console-orders.ts';
import { consoleContactsOf, loadConsoleSession } from './console-session.ts';
import { loadContactStock, plateOwner, setPlateStock } from './plate-stock.ts';
import { requestRider } from './request-rider.ts';
import { createStaffSignIn } from './sign-in.ts';

export async function consoleRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const secureCookies = app.deps.publicUrl.startsWith('https:');
  const signIn = createStaffSignIn(db, app.attemptStore);
  const streams = new EventStreams();
  app.addHook('preClose', async () => streams.closeAll());

  // every route here needs a staff session (routes marked public aside): the group's own hook
  guardStaffFace(app, (request) => authenticateStaff(db, request, app.deps.clock()));
  const staffOf = (request: FastifyRequest) => staffOfRequest(request);

  /** The contact of a path id, if it is the staff member's branch's. */
  async function ownContact(staff: StaffPrincipal, rawId: unknown) {
    const id = parseInput(IdParamSchema, rawId);
    const [contact] = await db.select().from(t.branchContacts).where(eq(t.branchContacts.id, id));
    if (!contact) throw notFound(CONSOLE_MESSAGES.contactNotFound);
    assertSameBranch(staff, contact.branchId);
    return contact;
  }

  /** The order of a path id, if it is of the staff member's branch. */
  async function ownOrder(staff: StaffPrincipal, rawId: unknown) {
    const id = parseInput(IdParamSchema, rawId);
    const [row] = await db
      .select({ id: t.orders.id, branchId: t.branchContacts.branchId })
      .from(t.orders)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
      .where(eq(t.orders.id, id));
    if (!row) throw notFound(CONSOLE_MESSAGES.orderNotFound);
    assertSameBranch(staff, row.branchId);
    return row.id;
  }

  async function cardOf(orderId: number): Promise<ConsoleOrder> {
    const card = await loadConsoleOrder(db, orderId);
    if (!card) throw notFound(CONSOLE_MESSAGES.orderNotFound);
    return card;
  }

  app.post(
    '/api/console/login',
    // per address; wrong passwords slow their sender down (sign-in.ts)
    { config: { public: true, rateLimit: { max: 20, timeWindow: '5 minutes' } } },
    async (request, reply): Promise<ConsoleSession> => {
      const credentials = parseInput(StaffSignInSchema, request.body);
      const { staff, token } = await signIn(credentials, app.deps.clock(), request.ip);
      setStaffCookie(reply, token, secureCookies);
      reply.header('Cache-Control', 'no-store');
      return loadConsoleSession(db, staff);
    },
  );

  app.post('/api/console/logout', { config: { public: true } }, async (request, reply) => {
    const token = request.cookies[STAFF_SESSION_COOKIE];
    if (token) await revokeSession(db, 'STAFF', token);
    clearStaffCookie(reply, secureCookies);
    return reply.status(204).send();
  });

  app.get('/api/console/me', async (request, reply): Promise<ConsoleSession> => {
    const staff = await staffOf(request);
    reply.header('Cache-Control', 'no-store');
    return loadConsoleSession(db, staff);
  });

  app.get<{ Params: { contactId: string } }>(
    '/api/console/contacts/:contactId/orders',
    async (request, reply): Promise<ConsoleBoard> => {
      const contact = await ownContact(await staffOf(request), request.params.contactId);
      reply.header('Cache-Control', 'no-store');
      return loadConsoleBoard(db, contact, app.deps.clock());
    },
  );

  /** The contact's order feed: the whole board first, then each new or changed order's card. */
  app.get<{ Params: { contactId: string } }>(
    '/api/events/console/:contactId',
    { compress: false },
    async (request, reply) => {
      const contact = await ownContact(await staffOf(request), request.params.contactId);
      await streamChannel(request, reply, {
        bus: app.deps.bus,
        channel: contactOrdersChannel(contact.id),
        event: CONSOLE_ORDER_EVENT,
        snapshotEvent: CONSOLE_BOARD_EVENT,
        snapshot: () => loadConsoleBoard(db, contact, app.deps.clock()),
        streams,
        heartbeatMs: app.deps.sseHeartbeatMs ?? SSE_HEARTBEAT_MS,
      });
      return reply;
    },
  );

  app.put<{ Params: { orderId: string } }>(
    '/api/console/orders/:orderId/status',
    async (request): Promise<ConsoleOrder> => {
      const staff = await staffOf(request);
      const orderId = await ownOrder(staff, request.params.orderId);
      const body = parseInput(OrderStatusChangeSchema, request.body);
      const after = new AfterCommit();
      await changeOrderStatus(
        lifecycleDepsOf(app),
        {
          orderId,
          to: body.status,
          actor: 'STAFF',
          staffId: staff.id,
          expectedStatus: body.expectedStatus,
          reason: body.reason,
          preparationMinutes: body.preparationMinutes,
        },
        after,
      );
      // the card the run published after commit (refunds made), read once
      return after.cards.get(orderId) ?? cardOf(orderId);
    },
  );

  /** 'Historial': every move of the order, its shipments and its payments (who, when, why). */
  app.get<{ Params: { orderId: string } }>(
    '/api/console/orders/:orderId/history',
    async (request, reply): Promise<ConsoleOrderHistory> => {
      const orderId = await ownOrder(await staffOf(request), request.params.orderId);
      const [order] = await db
        .select({ code: t.orders.code, country: t.branchContacts.country })
        .from(t.orders)
        .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
        .where(eq(t.orders.id, orderId));
      if (!order) throw notFound(CONSOLE_MESSAGES.orderNotFound);
      reply.header('Cache-Control', 'no-store');
      const decimals = await currencyDecimalsOf(db, order.country);
      return { orderId, code: order.code, events: await loadOrderHistory(db, orderId, decimals) };
    },
  );

  app.post<{ Params: { orderId: string } }>(
    '/api/console/orders/:orderId/shipment',
    async (request, reply): Promise<ConsoleOrder> => {
      const staff = await staffOf(request);
      const orderId = await ownOrder(staff, request.params.orderId);
      const after = new AfterCommit();
      await requestRider(lifecycleDepsOf(app), orderId, staff.id, after);
      reply.status(201);
      return after.cards.get(orderId) ?? cardOf(orderId);
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/contacts/:contactId/settings',
    { config: { roles: ['OWNER'] } },
    async (request): Promise<ConsoleContact> => {
      const contact = await ownContact(await staffOf(request), request.params.contactId);
      const { autoAccept } = parseInput(ContactSettingsSchema, request.body);
      const [updated] = await db
        .update(t.branchContacts)
        .set({ autoAccept })
        .where(eq(t.branchContacts.id, contact.id))
        .returning();
      if (!updated) throw notFound(CONSOLE_MESSAGES.contactNotFound);
      // the order placement reads contacts through the catalogue's caches
      await publishStorefrontChange(db, app.deps.bus, { branchContactId: contact.id });
      const [answer] = await consoleContactsOf(db, [updated]);
      if (!answer) throw notFound(CONSOLE_MESSAGES.contactNotFound);
      return answer;
    },
  );

  /** Pauses or resumes an order mode: the storefront stops (or starts again) taking its orders at once. */
  app.put<{ Params: { modeId: string } }>(
    '/api/console/ordermodes/:modeId',
    { config: { roles: ['OWNER'] } },
    async (request): Promise<ConsoleOrderMode> => {
      const staff = await staffOf(request);
      const modeId = parseInput(IdParamSchema, request.params.modeId);
      const { orderEnabled } = parseInput(OrderModePauseSchema, request.body);
      const [mode] = await db
        .select({ mode: t.orderModes, branchId: t.branchContacts.branchId })
        .from(t.orderModes)
        .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orderModes.branchContactId))
        .where(eq(t.orderModes.id, modeId));
      if (!mode) throw notFound('No encontramos este modo de pedido.');
      assertSameBranch(staff, mode.branchId);
      const [updated] = await db
        .update(t.orderModes)
        .set({ orderEnabled })
        .where(eq(t.orderModes.id, modeId))
        .returning();
      if (!updated) throw new AppError('NOT_FOUND', 404, 'No encontramos este modo de pedido.');
      await publishStorefrontChange(db, app.deps.bus, {
        branchContactId: updated.branchContactId,
        menuId: updated.menuId,
      });
      return {
        id: updated.id,
        type: updated.type,
        showName: updated.showName,
        orderEnabled: updated.orderEnabled,
      };
    },
  );

  app.get<{ Params: { contactId: string } }>(
    '/api/console/contacts/:contactId/plates',
    async (request, reply): Promise<ConsoleStock> => {
      const contact = await ownContact(await staffOf(request), request.params.contactId);
      reply.header('Cache-Control', 'no-store');
      return loadContactStock(db, contact.id);
    },
  );

  /** Marks a plate out of stock, or back in stock: the menus drop or regain it at once. */
  app.put<{ Params: { plateId: string } }>('/api/console/plates/:plateId', async (request) => {
    const staff = await staffOf(request);
    const plateId = parseInput(IdParamSchema, request.params.plateId);
    const { outOfStock } = parseInput(PlateStockSchema, request.body);
    const owner = await plateOwner(db, plateId);
    if (!owner) throw notFound('No encontramos este producto.');
    assertSameBranch(staff, owner.branchId);
    const plate = await setPlateStock(db, plateId, owner.menuId, outOfStock);
    if (!plate) throw notFound('No encontramos este producto.');
    await publishStorefrontChange(db, app.deps.bus, { menuId: owner.menuId });
    return plate;
  });
}
