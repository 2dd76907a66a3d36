import { IdParamSchema } from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { CATALOG_CHANNEL, ReadCache, remember } from '../../platform/catalog-events.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { findContact } from '../diner/queries.ts';
import { loadOrderModes, scheduleOf } from './queries.ts';

/** Slots and open states change by the minute: answers are kept per minute of the server clock. */
const PER_MINUTE_TTL_MS = 60_000;
const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

export async function orderModeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const modeLists = new ReadCache<Promise<Awaited<ReturnType<typeof loadOrderModes>> | null>>(
    PER_MINUTE_TTL_MS,
  );
  const schedules = new ReadCache<Promise<object | null>>(PER_MINUTE_TTL_MS);
  const stop = await app.deps.bus.subscribe(CATALOG_CHANNEL, () => {
    modeLists.clear();
    schedules.clear();
  });
  app.addHook('onClose', stop);

  /** The order modes of a branch contact (the spec names the parameter branchId; it is the contact's id). */
  app.get<{ Params: { branchId: string } }>('/api/diner/branchordermodes/:branchId', async (request) => {
    const contactId = parseInput(IdParamSchema, request.params.branchId);
    const now = app.deps.clock();
    const modes = await remember(modeLists, `${contactId}:${minuteOf(now)}`, async () => {
      const contact = await findContact(db, { id: contactId });
      return contact?.active ? loadOrderModes(db, contact, now) : null;
    });
    if (!modes) throw notFound('No encontramos este local.');
    return modes;
  });

  app.get<{ Params: { orderModeId: string } }>('/api/ordermode/schedule/:orderModeId', async (request) => {
    const orderModeId = parseInput(IdParamSchema, request.params.orderModeId);
    const now = app.deps.clock();
    const schedule = await remember(schedules, `${orderModeId}:${minuteOf(now)}`, () =>
      loadSchedule(orderModeId, now),
    );
    if (!schedule) throw notFound('No encontramos este modo de pedido.');
    return schedule;
  });

  async function loadSchedule(orderModeId: number, now: Date) {
    const [row] = await db
      .select({ mode: t.orderModes, contact: t.branchContacts })
      .from(t.orderModes)
      .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orderModes.branchContactId))
      .where(eq(t.orderModes.id, orderModeId));
    if (!row?.mode.active) throw notFound('No encontramos este modo de pedido.');
    const [schedule] = await db
      .select({ workingDays: t.orderModeSchedules.workingDays })
      .from(t.orderModeSchedules)
      .where(
        and(eq(t.orderModeSchedules.orderModeId, orderModeId), eq(t.orderModeSchedules.kind, 'SCHEDULED')),
      );
    const slots = scheduleOf(row.mode, schedule?.workingDays ?? [], row.contact, now);
    return { orderModeId, timeZone: row.contact.timeZone, ...slots };
  }
}
