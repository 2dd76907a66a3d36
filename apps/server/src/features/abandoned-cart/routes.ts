import { normalizePhone } from '@comanda/core';
import {
  AbandonedCartBodySchema,
  AbandonedCartCancelSchema,
  IdParamSchema,
  type RecoveryItem,
} from '@comanda/core/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { parseInput } from '../../platform/validation.ts';

const INVALID_PHONE = 'Debe ingresar un número de teléfono válido para continuar.';

/** The contact must exist and belong to the branch the client names. */
async function contactOf(db: Db, branchContactId: number, branchId: number) {
  const [contact] = await db
    .select({ id: t.branchContacts.id, country: t.branchContacts.country })
    .from(t.branchContacts)
    .where(and(eq(t.branchContacts.id, branchContactId), eq(t.branchContacts.branchId, branchId)));
  if (!contact) throw notFound('No encontramos este local.');
  return contact;
}

function phoneOrFail(raw: string, country: string): string {
  const phone = normalizePhone(raw, country);
  if (!phone) throw badRequest(INVALID_PHONE);
  return phone;
}

export async function abandonedCartRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const limit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

  /** Sent when the page is hidden with a stored phone and a non-empty cart: one active cart per phone and shop. */
  app.post('/api/abandoned/cart/', limit, async (request, reply) => {
    const body = parseInput(AbandonedCartBodySchema, request.body);
    const contact = await contactOf(db, body.branchContactId, body.branchId);
    const phone = phoneOrFail(body.phone, contact.country);
    if (body.orderModeId) {
      const [mode] = await db
        .select({ id: t.orderModes.id })
        .from(t.orderModes)
        .where(and(eq(t.orderModes.id, body.orderModeId), eq(t.orderModes.branchContactId, contact.id)));
      if (!mode) throw notFound('No encontramos este modo de pedido.');
    }
    const id = await db.transaction(async (tx) => {
      const now = app.deps.clock();
      const [existing] = await tx
        .select({ id: t.abandonedCarts.id })
        .from(t.abandonedCarts)
        .where(
          and(
            eq(t.abandonedCarts.phone, phone),
            eq(t.abandonedCarts.branchContactId, contact.id),
            eq(t.abandonedCarts.status, 'ACTIVE'),
          ),
        )
        .for('update');
      const values = {
        items: body.items,
        email: body.email ?? null,
        orderModeId: body.orderModeId ?? null,
        navigationEvent: body.navigationEvent ?? null,
        updatedAt: now,
      };
      if (existing) {
        await tx.update(t.abandonedCarts).set(values).where(eq(t.abandonedCarts.id, existing.id));
        return existing.id;
      }
      const [created] = await tx
        .insert(t.abandonedCarts)
        .values({ ...values, phone, branchContactId: contact.id, branchId: body.branchId, createdAt: now })
        .returning({ id: t.abandonedCarts.id });
      if (!created) throw new AppError('INTERNAL', 500, 'No se pudo guardar el carrito.');
      return created.id;
    });
    return reply.status(201).send({ id });
  });

  /** Sent when the page is visible again: the diner came back, so the cart is no longer abandoned. */
  app.put('/api/abandoned/cart/cancel/', limit, async (request) => {
    const body = parseInput(AbandonedCartCancelSchema, request.body);
    const contact = await contactOf(db, body.branchContactId, body.branchId);
    const phone = phoneOrFail(body.phone, contact.country);
    const cancelled = await db
      .update(t.abandonedCarts)
      .set({
        status: 'CANCELLED',
        navigationEvent: body.navigationEvent ?? null,
        updatedAt: app.deps.clock(),
      })
      .where(
        and(
          eq(t.abandonedCarts.phone, phone),
          eq(t.abandonedCarts.branchContactId, contact.id),
          eq(t.abandonedCarts.status, 'ACTIVE'),
        ),
      )
      .returning({ id: t.abandonedCarts.id });
    return { cancelled: cancelled.length };
  });

  /** The recovery link's cart: the newest abandoned (active) cart of that phone at that shop. */
  app.get<{ Params: { phone: string; branchContactId: string } }>(
    '/api/recovery/cart/:phone/:branchContactId',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const branchContactId = parseInput(IdParamSchema, request.params.branchContactId);
      const [contact] = await db
        .select({ country: t.branchContacts.country })
        .from(t.branchContacts)
        .where(eq(t.branchContacts.id, branchContactId));
      if (!contact) throw notFound('No encontramos este local.');
      const phone = phoneOrFail(request.params.phone, contact.country);
      const [cart] = await db
        .select({ orderModeId: t.abandonedCarts.orderModeId, items: t.abandonedCarts.items })
        .from(t.abandonedCarts)
        .where(
          and(
            eq(t.abandonedCarts.phone, phone),
            eq(t.abandonedCarts.branchContactId, branchContactId),
            eq(t.abandonedCarts.status, 'ACTIVE'),
          ),
        )
        .orderBy(desc(t.abandonedCarts.updatedAt))
        .limit(1);
      if (!cart) throw notFound('Cart not found');
      return { orderModeId: cart.orderModeId, items: cart.items as RecoveryItem[] };
    },
  );
}
