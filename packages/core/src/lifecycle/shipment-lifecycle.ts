/**
 * The shipment's lifecycle (post-order-and-logistics.md section 4) as a table of allowed moves: the
 * rider takes a shipment looking for a driver and advances it one step at a time along the forward
 * order; the rider may give it up (DRIVER_CANCELED) only while it is theirs and not yet delivered; a
 * delivered return shipment goes back to the shop (RETURNED). The order follows its shipment.
 */
import type { OrderStatus } from '../follow-up/follow-up.ts';
import type { ShipmentStatus } from '../logistics/shipment-status.ts';
import type { LifecycleActor, TransitionCheck } from './order-lifecycle.ts';

export type ShipmentEffect =
  /** the shipment gets the rider who moved it (the auction is won) */
  | 'ASSIGN_RIDER'
  /** the shipment loses its rider and is offered again */
  | 'RELEASE_RIDER'
  /** the order is marked READY if the kitchen has not done it yet */
  | 'ORDER_READY'
  /** the order is marked DELIVERED (points earned) */
  | 'ORDER_DELIVERED'
  /** the delivery code the diner shares must match */
  | 'CHECK_DELIVERY_CODE';

interface ShipmentMove {
  to: ShipmentStatus;
  actors: readonly LifecycleActor[];
  effects: readonly ShipmentEffect[];
  /** only for return shipments (DELIVERED -> RETURNED), or only for the others */
  returnShipment?: boolean;
}

const GIVE_UP: ShipmentMove = { to: 'DRIVER_CANCELED', actors: ['RIDER', 'STAFF', 'SYSTEM'], effects: [] };

export const SHIPMENT_TRANSITIONS: Record<ShipmentStatus, readonly ShipmentMove[]> = {
  LOOKING_FOR_DRIVER: [
    { to: 'ON_ROUTE_TO_PICK_UP', actors: ['RIDER'], effects: ['ASSIGN_RIDER'] },
    { to: 'STACKING', actors: ['STAFF', 'SYSTEM'], effects: [] },
    // the shop withdraws the request (the order was cancelled, or it delivers by other means)
    { to: 'DRIVER_CANCELED', actors: ['STAFF', 'SYSTEM'], effects: [] },
  ],
  STACKING: [
    { to: 'LOOKING_FOR_DRIVER', actors: ['STAFF', 'SYSTEM'], effects: [] },
    { to: 'DRIVER_CANCELED', actors: ['STAFF', 'SYSTEM'], effects: [] },
  ],
  ON_ROUTE_TO_PICK_UP: [{ to: 'IN_STORE', actors: ['RIDER'], effects: [] }, GIVE_UP],
  IN_STORE: [
    { to: 'ON_ROUTE_TO_DROP_OFF', actors: ['RIDER'], effects: ['ORDER_READY'] },
    { to: 'ON_ROUTE_TO_DROP_OFFS', actors: ['RIDER'], effects: ['ORDER_READY'] },
    GIVE_UP,
  ],
  ON_ROUTE_TO_DROP_OFF: [
    { to: 'DELIVERED', actors: ['RIDER'], effects: ['CHECK_DELIVERY_CODE', 'ORDER_DELIVERED'] },
    GIVE_UP,
  ],
  ON_ROUTE_TO_DROP_OFFS: [
    { to: 'DELIVERED', actors: ['RIDER'], effects: ['CHECK_DELIVERY_CODE', 'ORDER_DELIVERED'] },
    GIVE_UP,
  ],
  DELIVERED: [{ to: 'RETURNED', actors: ['RIDER'], effects: [], returnShipment: true }],
  RETURNED: [],
  DRIVER_CANCELED: [],
};

export const SHIPMENT_LIFECYCLE_MESSAGES = {
  notAllowed: 'No tienes permisos para ver los envíos',
  /** another rider won the auction ('expired by other') */
  takenByOther: 'Otro repartidor ya tomó este envío.',
  finished: 'Este envío ya terminó y no puede cambiar de estado.',
  illegal: 'Hubo un error pasando el envío de estado...',
  notYours: 'Este envío lo tiene otro repartidor.',
} as const;

/**
 * May `actor` move a shipment from `from` to `to`? Riders may only take the next step of the forward
 * order, or give the shipment up; return legs only exist for return shipments.
 */
export function checkShipmentTransition(
  actor: LifecycleActor,
  from: ShipmentStatus,
  to: ShipmentStatus,
  shipment: { returnShipment: boolean },
): TransitionCheck<ShipmentEffect> {
  const moves = SHIPMENT_TRANSITIONS[from].filter(
    (move) => move.returnShipment === undefined || move.returnShipment === shipment.returnShipment,
  );
  if (moves.length === 0)
    return { ok: false, code: 'TRANSITION_NOT_ALLOWED', message: SHIPMENT_LIFECYCLE_MESSAGES.finished };
  const move = moves.find((candidate) => candidate.to === to);
  if (!move)
    return { ok: false, code: 'TRANSITION_NOT_ALLOWED', message: SHIPMENT_LIFECYCLE_MESSAGES.illegal };
  if (!move.actors.includes(actor))
    return { ok: false, code: 'TRANSITION_FORBIDDEN', message: SHIPMENT_LIFECYCLE_MESSAGES.notAllowed };
  return { ok: true, effects: move.effects };
}

/**
 * The slider's next status (section 4): the forward order, a stack's drop-offs for a stacked shipment,
 * and the return leg only for a return shipment. null when there is no next step.
 */
export function nextShipmentStatus(
  status: ShipmentStatus,
  shipment: { returnShipment: boolean; stacked?: boolean },
): ShipmentStatus | null {
  switch (status) {
    case 'LOOKING_FOR_DRIVER':
      return 'ON_ROUTE_TO_PICK_UP';
    case 'ON_ROUTE_TO_PICK_UP':
      return 'IN_STORE';
    case 'IN_STORE':
      return shipment.stacked ? 'ON_ROUTE_TO_DROP_OFFS' : 'ON_ROUTE_TO_DROP_OFF';
    case 'ON_ROUTE_TO_DROP_OFF':
    case 'ON_ROUTE_TO_DROP_OFFS':
      return 'DELIVERED';
    case 'DELIVERED':
      return shipment.returnShipment ? 'RETURNED' : null;
    default:
      return null;
  }
}

/** The order status a shipment's move leads to, if any (applied through the order's own table). */
export function orderStatusAfterShipment(effects: readonly ShipmentEffect[]): OrderStatus | null {
  if (effects.includes('ORDER_DELIVERED')) return 'DELIVERED';
  if (effects.includes('ORDER_READY')) return 'READY';
  return null;
}

/** Shipments that are still alive: waiting, being stacked or with a rider. */
export function isOpenShipment(status: ShipmentStatus): boolean {
  return status !== 'DELIVERED' && status !== 'RETURNED' && status !== 'DRIVER_CANCELED';
}
