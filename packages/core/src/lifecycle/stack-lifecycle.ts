/**
 * A shipment stack's lifecycle ('Multientrega': one rider, several drop-offs). The stack is taken and
 * advanced as one up to the drop-offs; each member is then delivered (or brought back) on its own, and
 * the stack is FINISHED by the server once every member is delivered, returned or cancelled (the spec's
 * "a stack is finished when every shipment is delivered, driver-canceled or returned").
 */
import { isCancelledShipmentStatus } from '../logistics/shipment-status.ts';
import {
  checkTransition,
  type LifecycleActor,
  type TransitionCheck,
  type TransitionTable,
} from './transition-table.ts';

export const STACK_STATUSES = [
  'PENDING',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFFS',
  'FINISHED',
  'DRIVER_CANCELED',
] as const;
export type StackStatus = (typeof STACK_STATUSES)[number];

export type StackEffect = 'ASSIGN_RIDER';

const GIVE_UP = { to: 'DRIVER_CANCELED', actors: ['RIDER', 'STAFF', 'SYSTEM'], effects: [] } as const;

export const STACK_TRANSITIONS: TransitionTable<StackStatus, StackEffect> = {
  PENDING: [
    { to: 'ON_ROUTE_TO_PICK_UP', actors: ['RIDER'], effects: ['ASSIGN_RIDER'] },
    { to: 'DRIVER_CANCELED', actors: ['STAFF', 'SYSTEM'], effects: [] },
  ],
  ON_ROUTE_TO_PICK_UP: [{ to: 'IN_STORE', actors: ['RIDER'], effects: [] }, GIVE_UP],
  IN_STORE: [{ to: 'ON_ROUTE_TO_DROP_OFFS', actors: ['RIDER'], effects: [] }, GIVE_UP],
  ON_ROUTE_TO_DROP_OFFS: [{ to: 'FINISHED', actors: ['SYSTEM'], effects: [] }, GIVE_UP],
  FINISHED: [],
  DRIVER_CANCELED: [],
};

export function isStackStatus(value: unknown): value is StackStatus {
  return typeof value === 'string' && (STACK_STATUSES as readonly string[]).includes(value);
}

const STACK_MESSAGES = {
  finished: 'Esta multientrega ya terminó y no puede cambiar de estado.',
  illegal: () => 'Hubo un error pasando la multientrega de estado...',
  notAllowed: 'No tienes permisos para ver los envíos',
};

export function checkStackTransition(
  actor: LifecycleActor,
  from: StackStatus,
  to: StackStatus,
): TransitionCheck<StackEffect> {
  return checkTransition(STACK_TRANSITIONS, STACK_MESSAGES, { actor, from, to });
}

/** The stack is done when no member is open (a return still on its way back keeps it open). */
export function isStackDone(members: readonly { status: string; returnShipment: boolean }[]): boolean {
  return members.every(
    (member) =>
      member.status === 'RETURNED' ||
      isCancelledShipmentStatus(member.status) ||
      (member.status === 'DELIVERED' && !member.returnShipment),
  );
}
