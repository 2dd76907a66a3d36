/**
 * The one shape of the four lifecycles (order, shipment, stack, payment): for each status, the moves out
 * of it, each with the actors who may make it and the effects it sets off. The server's lifecycle engine
 * (apps/server/src/features/lifecycle) asks `checkTransition` before every status write and never decides
 * a move itself; the tables are in the files beside this one.
 */

/** Who asks for a change: the shop's staff, a rider, the server itself, or the payment provider. */
export type LifecycleActor = 'STAFF' | 'RIDER' | 'SYSTEM' | 'PAYMENT_PROVIDER' | 'DINER';

/** The things with a status, each with its own table. */
export type LifecycleEntity = 'ORDER' | 'SHIPMENT' | 'STACK' | 'PAYMENT';

export interface Move<S extends string, E extends string> {
  to: S;
  actors: readonly LifecycleActor[];
  effects: readonly E[];
  /**
   * A named variant, for two moves between the same statuses that mean different things (a shipment
   * DELIVERED to the diner, or 'UNDELIVERABLE': the drop-off failed and the rider brings it back).
   */
  via?: string;
  /** Only for return shipments (true), or only for the others (false); absent for all. */
  returnShipment?: boolean;
}

export type TransitionTable<S extends string, E extends string> = Record<S, readonly Move<S, E>[]>;

export type TransitionCheck<E> =
  | { ok: true; effects: readonly E[] }
  | { ok: false; code: 'TRANSITION_NOT_ALLOWED' | 'TRANSITION_FORBIDDEN'; message: string };

export interface TransitionMessages {
  /** the status has no moves at all */
  finished: string;
  /** the table has no such move */
  illegal: (from: string, to: string) => string;
  /** the move exists, for other actors */
  notAllowed: string;
}

export interface TransitionRequest<S extends string> {
  actor: LifecycleActor;
  from: S;
  to: S;
  via?: string | undefined;
  /** whether the row is a return shipment (only the shipment table cares) */
  returnShipment?: boolean | undefined;
}

/**
 * May `actor` move a row from `from` to `to` (by `via`)? Answers the move's effects, or why not in
 * Spanish: a move the table lacks is illegal for everyone (409); a move the table has for other actors
 * only is forbidden to this one (403).
 */
export function checkTransition<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  messages: TransitionMessages,
  request: TransitionRequest<S>,
): TransitionCheck<E> {
  const moves = movesOf(table, request.from, request.returnShipment);
  if (moves.length === 0) return { ok: false, code: 'TRANSITION_NOT_ALLOWED', message: messages.finished };
  const move = moves.find((candidate) => candidate.to === request.to && candidate.via === request.via);
  if (!move)
    return {
      ok: false,
      code: 'TRANSITION_NOT_ALLOWED',
      message: messages.illegal(request.from, request.to),
    };
  if (!move.actors.includes(request.actor))
    return { ok: false, code: 'TRANSITION_FORBIDDEN', message: messages.notAllowed };
  return { ok: true, effects: move.effects };
}

/** The moves out of a status that apply to this row. */
export function movesOf<S extends string, E extends string>(
  table: TransitionTable<S, E>,
  from: S,
  returnShipment?: boolean,
): readonly Move<S, E>[] {
  return table[from].filter(
    (move) => move.returnShipment === undefined || move.returnShipment === (returnShipment ?? false),
  );
}

/** A status with no moves out of it. */
export function isFinal<S extends string>(table: TransitionTable<S, string>, status: S): boolean {
  return table[status].length === 0;
}
