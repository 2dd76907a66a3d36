/**
 * A rider's move of a shipment or of a whole stack (post-order-and-logistics.md section 4), asked of
 * core's shipment table: taking it (the auction: one conditional update, so of many riders exactly one
 * wins and the others get 'Otro repartidor ya tomó este envío.'), each next step, giving it up, and the
 * delivery with the code the diner shares. The order follows in the same transaction (picked up: ready;
 * delivered: delivered, points earned once).
 */
import { timingSafeEqual } from 'node:crypto';
import {
  checkShipmentTransition,
  deliveryWindow,
  distanceInMeters,
  ERROR_CODES,
  nextShipmentStatus,
  orderStatusAfterShipment,
  SHIPMENT_LIFECYCLE_MESSAGES,
  type ShipmentEffect,
  type ShipmentStatus,
} from '@comanda/core';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { changeOrderStatusIn } from '../order-lifecycle/change-order-status.ts';

export const RIDER_IN_PROGRESS: ShipmentStatus[] = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

export const DELIVERY_CODE_WRONG = 'La clave de entrega no es correcta. Pídesela al cliente.';

type RiderRow = typeof t.riders.$inferSelect;
type ShipmentRow = typeof t.shipments.$inferSelect;

export interface ShipmentMoved {
  shipmentIds: number[];
  orderIds: number[];
}

export const notYourShipments = () => new AppError('FORBIDDEN', 403, SHIPMENT_LIFECYCLE_MESSAGES.notAllowed);
const takenByOther = () => new AppError('SHIPMENT_TAKEN', 409, SHIPMENT_LIFECYCLE_MESSAGES.takenByOther);
const illegal = (message: string) => new AppError('TRANSITION_NOT_ALLOWED', 409, message);

function sameCode(given: string | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A rider holds one job at a time: a shipment, or one stack. */
async function assertFree(tx: Tx, riderId: number, exceptStackId: number | null): Promise<void> {
  const [busy] = await tx
    .select({ id: t.shipments.id })
    .from(t.shipments)
    .where(
      and(
        eq(t.shipments.riderId, riderId),
        inArray(t.shipments.status, RIDER_IN_PROGRESS),
        exceptStackId === null
          ? undefined
          : or(isNull(t.shipments.shipmentStackId), ne(t.shipments.shipmentStackId, exceptStackId)),
      ),
    )
    .limit(1);
  if (busy) throw new AppError('RIDER_BUSY', 409, 'Termina tu envío en curso antes de aceptar otro.');
}

/** The order moves its shipment's effects ask for, through the order's own table (a rider actor). */
async function moveOrder(
  tx: Tx,
  shipment: ShipmentRow,
  effects: readonly ShipmentEffect[],
  rider: RiderRow,
  now: Date,
) {
  const target = orderStatusAfterShipment(effects);
  if (!target) return null;
  const [row] = await tx
    .select({ orderId: t.logisticsOrders.orderId, status: t.orders.status })
    .from(t.logisticsOrders)
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .where(eq(t.logisticsOrders.id, shipment.logisticsOrderId));
  if (!row) return null;
  // the kitchen may not have marked it ready: the rider leaving with it does
  const path: ('READY' | 'DELIVERED')[] =
    target === 'READY' ? ['READY'] : row.status === 'ACCEPTED' ? ['READY', 'DELIVERED'] : ['DELIVERED'];
  let status = row.status;
  for (const to of path) {
    if (status === to || (to === 'READY' && status !== 'ACCEPTED')) continue;
    await changeOrderStatusIn(tx, {
      orderId: row.orderId,
      to,
      actor: 'RIDER',
      riderId: rider.id,
      expectedStatus: status,
      now,
    });
    status = to;
  }
  return row.orderId;
}

async function orderIdOf(tx: Tx, shipment: ShipmentRow): Promise<number | null> {
  const [row] = await tx
    .select({ orderId: t.logisticsOrders.orderId })
    .from(t.logisticsOrders)
    .where(eq(t.logisticsOrders.id, shipment.logisticsOrderId));
  return row?.orderId ?? null;
}

/** The delivery window from the shop to the drop-off, set when the rider leaves the shop. */
async function etaOnLeaving(tx: Tx, shipment: ShipmentRow, now: Date) {
  const [row] = await tx
    .select({ destination: t.orders.destination, lat: t.branchContacts.lat, lng: t.branchContacts.lng })
    .from(t.logisticsOrders)
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .where(eq(t.logisticsOrders.id, shipment.logisticsOrderId));
  const destination = row?.destination;
  if (!row || !destination?.lat || !destination?.lng) return {};
  return deliveryWindow(
    distanceInMeters({ lat: row.lat, lng: row.lng }, { lat: destination.lat, lng: destination.lng }),
    now,
  );
}

/** One shipment's move by its rider (or its taking); the caller has checked the rider's contact. */
async function moveOne(
  tx: Tx,
  shipment: ShipmentRow,
  to: ShipmentStatus,
  rider: RiderRow,
  options: { securityCode?: string | undefined; stacked: boolean; now: Date },
): Promise<number | null> {
  const from = shipment.status as ShipmentStatus;
  const check = checkShipmentTransition('RIDER', from, to, { returnShipment: shipment.returnShipment });
  const othersShipment = shipment.riderId !== null && shipment.riderId !== rider.id;
  // the auction's losers learn that it went to another rider; anything else on another's shipment is refused
  if (othersShipment) throw to === 'ON_ROUTE_TO_PICK_UP' ? takenByOther() : notYourShipments();
  if (!check.ok) throw new AppError(check.code, ERROR_CODES[check.code], check.message);
  // only the next step of the forward order (or giving up): the slider never skips one
  if (
    to !== 'DRIVER_CANCELED' &&
    to !== nextShipmentStatus(from, { returnShipment: shipment.returnShipment, stacked: options.stacked })
  )
    throw illegal(SHIPMENT_LIFECYCLE_MESSAGES.illegal);
  if (check.effects.includes('CHECK_DELIVERY_CODE') && !sameCode(options.securityCode, shipment.securityCode))
    throw new AppError('DELIVERY_CODE_WRONG', 400, DELIVERY_CODE_WRONG);

  const taking = check.effects.includes('ASSIGN_RIDER');
  const leaving = to === 'ON_ROUTE_TO_DROP_OFF' || to === 'ON_ROUTE_TO_DROP_OFFS';
  const moved = await tx
    .update(t.shipments)
    .set({
      status: to,
      updatedAt: options.now,
      ...(taking ? { riderId: rider.id } : {}),
      ...(leaving ? await etaOnLeaving(tx, shipment, options.now) : {}),
    })
    .where(
      and(
        eq(t.shipments.id, shipment.id),
        eq(t.shipments.status, from),
        taking ? isNull(t.shipments.riderId) : eq(t.shipments.riderId, rider.id),
      ),
    )
    .returning({ id: t.shipments.id });
  if (moved.length === 0) throw taking ? takenByOther() : illegal(SHIPMENT_LIFECYCLE_MESSAGES.illegal);
  return (
    (await moveOrder(tx, shipment, check.effects, rider, options.now)) ?? (await orderIdOf(tx, shipment))
  );
}

/** PUT /api/shipments/{id}: a lone shipment's move. */
export async function advanceShipment(
  db: Db,
  rider: RiderRow,
  shipmentId: number,
  to: ShipmentStatus,
  options: { securityCode?: string | undefined; now: Date },
): Promise<ShipmentMoved> {
  return db.transaction(async (tx) => {
    const [shipment] = await tx.select().from(t.shipments).where(eq(t.shipments.id, shipmentId));
    if (!shipment || shipment.branchContactId !== rider.branchContactId) throw notYourShipments();
    if (shipment.shipmentStackId !== null && to === 'ON_ROUTE_TO_PICK_UP')
      throw illegal('Este envío es parte de una multientrega: acéptala completa.');
    if (to === 'ON_ROUTE_TO_PICK_UP') await assertFree(tx, rider.id, null);
    const orderId = await moveOne(tx, shipment, to, rider, {
      ...options,
      stacked: shipment.shipmentStackId !== null,
    });
    return { shipmentIds: [shipment.id], orderIds: orderId === null ? [] : [orderId] };
  });
}

/**
 * PUT /api/stacking/{id}: taking a stack takes all its waiting shipments at once (all or none); the
 * steps to the shop and out of it move every open shipment; a delivery moves the one shipment named
 * by `shipmentId` with its own code.
 */
export async function advanceStack(
  db: Db,
  rider: RiderRow,
  stackId: number,
  to: ShipmentStatus,
  options: { shipmentId?: number | undefined; securityCode?: string | undefined; now: Date },
): Promise<ShipmentMoved> {
  return db.transaction(async (tx) => {
    const [stack] = await tx.select().from(t.shipmentStacks).where(eq(t.shipmentStacks.id, stackId));
    if (!stack || stack.branchContactId !== rider.branchContactId) throw notYourShipments();
    const members = await tx.select().from(t.shipments).where(eq(t.shipments.shipmentStackId, stackId));
    const moved: ShipmentMoved = { shipmentIds: [], orderIds: [] };
    const record = (shipmentId: number, orderId: number | null) => {
      moved.shipmentIds.push(shipmentId);
      if (orderId !== null && !moved.orderIds.includes(orderId)) moved.orderIds.push(orderId);
    };

    if (to === 'DELIVERED' || to === 'RETURNED' || (to === 'DRIVER_CANCELED' && options.shipmentId)) {
      const one = members.find((member) => member.id === options.shipmentId);
      if (!one) throw badRequest('Indica cuál de los envíos de la multientrega estás entregando.');
      record(one.id, await moveOne(tx, one, to, rider, { ...options, stacked: true }));
      return moved;
    }
    if (to === 'ON_ROUTE_TO_PICK_UP') {
      await assertFree(tx, rider.id, stackId);
      const taken = await tx
        .update(t.shipmentStacks)
        .set({ riderId: rider.id, status: to, updatedAt: options.now })
        .where(and(eq(t.shipmentStacks.id, stackId), isNull(t.shipmentStacks.riderId)))
        .returning({ id: t.shipmentStacks.id });
      if (taken.length === 0) throw takenByOther();
    }
    const open = members.filter(
      (member) => !['DELIVERED', 'RETURNED', 'DRIVER_CANCELED'].includes(member.status),
    );
    if (open.length === 0) throw illegal(SHIPMENT_LIFECYCLE_MESSAGES.finished);
    for (const member of open)
      record(member.id, await moveOne(tx, member, to, rider, { ...options, stacked: true }));
    if (to !== 'ON_ROUTE_TO_PICK_UP')
      await tx
        .update(t.shipmentStacks)
        .set({ status: to, updatedAt: options.now })
        .where(eq(t.shipmentStacks.id, stackId));
    return moved;
  });
}
