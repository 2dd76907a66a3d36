/**
 * A rider's move of a shipment or of a whole stack (post-order-and-logistics.md section 4), made through
 * the lifecycle engine (features/lifecycle): taking it (the auction: one conditional update, so of many
 * riders exactly one wins and the others get 'Otro repartidor ya tomó este envío.'), each next step,
 * giving it up, the delivery with the code the diner shares, and 'No pude entregar' (the order comes
 * back: a return shipment, RETURNED at the shop). The order follows in the same transaction.
 */
import { SHIPMENT_LIFECYCLE_MESSAGES, type ShipmentStatus, UNDELIVERABLE } from '@comanda/core';
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { LifecycleDeps, MoveContext } from '../lifecycle/engine.ts';
import { runLifecycle } from '../lifecycle/run.ts';
import {
  DELIVERY_CODE_WRONG,
  illegalShipmentMove,
  moveShipment,
  moveStack,
  notYourShipments,
} from '../lifecycle/shipment-moves.ts';

export { DELIVERY_CODE_WRONG, notYourShipments };

export const RIDER_IN_PROGRESS: ShipmentStatus[] = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

type RiderRow = typeof t.riders.$inferSelect;

/** The rider still holds the shipment: on the way, or bringing a return back to the shop. */
export const riderHoldsShipment = () =>
  or(
    inArray(t.shipments.status, RIDER_IN_PROGRESS),
    and(eq(t.shipments.status, 'DELIVERED'), eq(t.shipments.returnShipment, true)),
  );

export interface ShipmentMoved {
  shipmentIds: number[];
  orderIds: number[];
}

export interface RiderStep {
  securityCode?: string | undefined;
  /** 'No pude entregar': with DELIVERED, the drop-off failed for this reason */
  undeliverableReason?: string | undefined;
}

/** A rider holds one job at a time: a shipment, or one stack. */
async function assertFree(ctx: MoveContext, riderId: number, exceptStackId: number | null): Promise<void> {
  const [busy] = await ctx.tx
    .select({ id: t.shipments.id })
    .from(t.shipments)
    .where(
      and(
        eq(t.shipments.riderId, riderId),
        riderHoldsShipment(),
        exceptStackId === null
          ? undefined
          : or(isNull(t.shipments.shipmentStackId), ne(t.shipments.shipmentStackId, exceptStackId)),
      ),
    )
    .limit(1);
  if (busy) throw new AppError('RIDER_BUSY', 409, 'Termina tu envío en curso antes de aceptar otro.');
}

/** The engine's request for a rider's step on one shipment. */
function riderMove(rider: RiderRow, to: ShipmentStatus, step: RiderStep, stacked: boolean) {
  const undeliverable = to === 'DELIVERED' && step.undeliverableReason !== undefined;
  return {
    to,
    actor: 'RIDER' as const,
    riderId: rider.id,
    stacked,
    securityCode: step.securityCode,
    ...(undeliverable ? { via: UNDELIVERABLE, reason: step.undeliverableReason } : {}),
  };
}

/** PUT /api/shipments/{id}: a lone shipment's move. */
export async function advanceShipment(
  deps: LifecycleDeps,
  rider: RiderRow,
  shipmentId: number,
  to: ShipmentStatus,
  step: RiderStep,
): Promise<ShipmentMoved> {
  return runLifecycle(deps, async (ctx) => {
    const [shipment] = await ctx.tx.select().from(t.shipments).where(eq(t.shipments.id, shipmentId));
    if (!shipment || shipment.branchContactId !== rider.branchContactId) throw notYourShipments();
    if (shipment.shipmentStackId !== null && to === 'ON_ROUTE_TO_PICK_UP')
      throw illegalShipmentMove('Este envío es parte de una multientrega: acéptala completa.');
    if (to === 'ON_ROUTE_TO_PICK_UP') await assertFree(ctx, rider.id, null);
    const orderId = await moveShipment(ctx, {
      shipment,
      ...riderMove(rider, to, step, shipment.shipmentStackId !== null),
    });
    return { shipmentIds: [shipment.id], orderIds: orderId === null ? [] : [orderId] };
  });
}

/**
 * PUT /api/stacking/{id}: taking a stack takes all its waiting shipments at once (all or none); the
 * steps to the shop and out of it move every open shipment; a delivery (or a failed one, or a return
 * reaching the shop) moves the one shipment named by `shipmentId` with its own code.
 */
export async function advanceStack(
  deps: LifecycleDeps,
  rider: RiderRow,
  stackId: number,
  to: ShipmentStatus,
  step: RiderStep & { shipmentId?: number | undefined },
): Promise<ShipmentMoved> {
  return runLifecycle(deps, async (ctx) => {
    const { tx } = ctx;
    const [stack] = await tx.select().from(t.shipmentStacks).where(eq(t.shipmentStacks.id, stackId));
    if (!stack || stack.branchContactId !== rider.branchContactId) throw notYourShipments();
    const members = await tx.select().from(t.shipments).where(eq(t.shipments.shipmentStackId, stackId));
    const moved: ShipmentMoved = { shipmentIds: [], orderIds: [] };
    const record = (shipmentId: number, orderId: number | null) => {
      moved.shipmentIds.push(shipmentId);
      if (orderId !== null && !moved.orderIds.includes(orderId)) moved.orderIds.push(orderId);
    };

    if (to === 'DELIVERED' || to === 'RETURNED' || (to === 'DRIVER_CANCELED' && step.shipmentId)) {
      const one = members.find((member) => member.id === step.shipmentId);
      if (!one) throw badRequest('Indica cuál de los envíos de la multientrega estás entregando.');
      record(one.id, await moveShipment(ctx, { shipment: one, ...riderMove(rider, to, step, true) }));
      return moved;
    }
    if (to === 'ON_ROUTE_TO_PICK_UP') await assertFree(ctx, rider.id, stackId);
    const open = members.filter(
      (member) => !['DELIVERED', 'RETURNED', 'DRIVER_CANCELED', 'STACKING'].includes(member.status),
    );
    if (open.length === 0) throw illegalShipmentMove(SHIPMENT_LIFECYCLE_MESSAGES.finished);
    // the stack first: of two riders taking it at once, the loser stops here
    if (to === 'ON_ROUTE_TO_PICK_UP' || to === 'IN_STORE' || to === 'ON_ROUTE_TO_DROP_OFFS')
      await moveStack(ctx, { stackId, from: stack.status, to, actor: 'RIDER', riderId: rider.id });
    else if (to === 'DRIVER_CANCELED' && stack.riderId === rider.id)
      await moveStack(ctx, { stackId, from: stack.status, to, actor: 'RIDER', riderId: rider.id });
    for (const member of open)
      record(member.id, await moveShipment(ctx, { shipment: member, ...riderMove(rider, to, step, true) }));
    return moved;
  });
}
