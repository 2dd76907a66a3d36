/**
 * The shipment's lifecycle (post-order-and-logistics.md section 4) as a table of allowed moves: the
 * rider takes a shipment looking for a driver and advances it one step at a time along the forward
 * order; the rider may give it up (DRIVER_CANCELED) only while it is theirs and not yet delivered. A
 * rider who cannot deliver (diner absent, wrong address, refused) ends the drop-off leg 'UNDELIVERABLE':
 * the shipment becomes a return shipment, DELIVERED on the way back, and RETURNED once the food is back
 * at the shop ('Regreso al local'). STACKING is a cancelled-type status (the spec): nothing leaves it.
 * The order follows its shipment through the order's own table.
 */
import type { OrderStatus } from '../follow-up/follow-up.ts';
import { isCancelledShipmentStatus, type ShipmentStatus } from '../logistics/shipment-status.ts';
import {
  checkTransition,
  type LifecycleActor,
  type Move,
  type TransitionCheck,
  type TransitionTable,
} from './transition-table.ts';

export type ShipmentEffect =
  /** the shipment gets the rider who moved it (the auction is won) */
  | 'ASSIGN_RIDER'
  /** the order is marked READY if the kitchen has not done it yet */
  | 'ORDER_READY'
  /** the order is marked DELIVERED (points earned) */
  | 'ORDER_DELIVERED'
  /** the delivery code the diner shares must match */
  | 'CHECK_DELIVERY_CODE'
  /** the drop-off failed: the shipment becomes a return shipment, with the rider's reason */
  | 'START_RETURN'
  /** the delivery window is set from the shop to the drop-off */
  | 'SET_ETA';

/** The variant of DELIVERED that means the drop-off failed and the order comes back. */
export const UNDELIVERABLE = 'UNDELIVERABLE';

const GIVE_UP: Move<ShipmentStatus, ShipmentEffect> = {
  to: 'DRIVER_CANCELED',
  actors: ['RIDER', 'STAFF', 'SYSTEM'],
  effects: [],
};
const DELIVER: Move<ShipmentStatus, ShipmentEffect> = {
  to: 'DELIVERED',
  actors: ['RIDER'],
  effects: ['CHECK_DELIVERY_CODE', 'ORDER_DELIVERED'],
};
const CANNOT_DELIVER: Move<ShipmentStatus, ShipmentEffect> = {
  to: 'DELIVERED',
  via: UNDELIVERABLE,
  actors: ['RIDER'],
  effects: ['START_RETURN'],
};

export const SHIPMENT_TRANSITIONS: TransitionTable<ShipmentStatus, ShipmentEffect> = {
  LOOKING_FOR_DRIVER: [
    { to: 'ON_ROUTE_TO_PICK_UP', actors: ['RIDER'], effects: ['ASSIGN_RIDER'] },
    // the shop withdraws the request (the order was cancelled, or it delivers by other means)
    { to: 'DRIVER_CANCELED', actors: ['STAFF', 'SYSTEM'], effects: [] },
  ],
  ON_ROUTE_TO_PICK_UP: [{ to: 'IN_STORE', actors: ['RIDER'], effects: [] }, GIVE_UP],
  IN_STORE: [
    { to: 'ON_ROUTE_TO_DROP_OFF', actors: ['RIDER'], effects: ['ORDER_READY', 'SET_ETA'] },
    { to: 'ON_ROUTE_TO_DROP_OFFS', actors: ['RIDER'], effects: ['ORDER_READY', 'SET_ETA'] },
    GIVE_UP,
  ],
  ON_ROUTE_TO_DROP_OFF: [DELIVER, CANNOT_DELIVER, GIVE_UP],
  ON_ROUTE_TO_DROP_OFFS: [DELIVER, CANNOT_DELIVER, GIVE_UP],
  // a return shipment is on its way back to the shop with the order
  DELIVERED: [{ to: 'RETURNED', actors: ['RIDER', 'STAFF'], effects: [], returnShipment: true }],
  RETURNED: [],
  DRIVER_CANCELED: [],
  STACKING: [],
};

export const SHIPMENT_LIFECYCLE_MESSAGES = {
  notAllowed: 'No tienes permisos para ver los envíos',
  /** another rider won the auction ('expired by other') */
  takenByOther: 'Otro repartidor ya tomó este envío.',
  finished: 'Este envío ya terminó y no puede cambiar de estado.',
  illegal: 'Hubo un error pasando el envío de estado...',
  notYours: 'Este envío lo tiene otro repartidor.',
  returnReasonRequired: 'Elegí por qué no pudiste entregar el pedido.',
} as const;

const SHIPMENT_MESSAGES = {
  finished: SHIPMENT_LIFECYCLE_MESSAGES.finished,
  notAllowed: SHIPMENT_LIFECYCLE_MESSAGES.notAllowed,
  illegal: () => SHIPMENT_LIFECYCLE_MESSAGES.illegal,
};

/**
 * May `actor` move a shipment from `from` to `to` (by `via`)? Riders may only take the next step of
 * the forward order, give the shipment up, or report it undeliverable; the return leg only exists for
 * return shipments.
 */
export function checkShipmentTransition(
  actor: LifecycleActor,
  from: ShipmentStatus,
  to: ShipmentStatus,
  shipment: { returnShipment: boolean },
  via?: string,
): TransitionCheck<ShipmentEffect> {
  return checkTransition(SHIPMENT_TRANSITIONS, SHIPMENT_MESSAGES, {
    actor,
    from,
    to,
    via,
    returnShipment: shipment.returnShipment,
  });
}

/** Why a rider could not deliver: the choices of 'No pude entregar', as the console and the diner read them. */
export const UNDELIVERABLE_REASONS = [
  'El cliente no estaba',
  'La dirección es incorrecta',
  'El cliente rechazó el pedido',
  'No pude llegar al domicilio',
] as const;
export const RETURN_REASON_MAX_CHARS = 200;

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

/** Shipments that are still alive: waiting for a rider, or with a rider (bringing a return back included). */
export function isOpenShipment(status: ShipmentStatus, returnShipment = false): boolean {
  if (status === 'DELIVERED') return returnShipment;
  return status !== 'RETURNED' && !isCancelledShipmentStatus(status);
}

/** A rider holds the shipment: taken and not yet delivered, or bringing the order back. */
export function isShipmentInFlight(status: ShipmentStatus, returnShipment = false): boolean {
  return isOpenShipment(status, returnShipment) && status !== 'LOOKING_FOR_DRIVER';
}
