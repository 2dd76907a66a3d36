import { IdParamSchema } from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { findContact } from '../diner/queries.ts';
import { loadOrderModes, scheduleOf } from './queries.ts';

export async function orderModeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  /** The order modes of a branch contact (the spec names the parameter branchId; it is the contact's id). */
  app.get<{ Params: { branchId: string } }>('/api/diner/branchordermodes/:branchId', async (request) => {
    const contact = await findContact(db, { id: parseInput(IdParamSchema, request.params.branchId) });
    if (!contact?.active) throw notFound('No encontramos este local.');
    return loadOrderModes(db, contact, app.deps.clock());
  });

  app.get<{ Params: { orderModeId: string } }>('/api/ordermode/schedule/:orderModeId', async (request) => {
    const orderModeId = parseInput(IdParamSchema, request.params.orderModeId);
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
    const slots = scheduleOf(row.mode, schedule?.workingDays ?? [], row.contact, app.deps.clock());
    return { orderModeId, timeZone: row.contact.timeZone, ...slots };
  });
}
