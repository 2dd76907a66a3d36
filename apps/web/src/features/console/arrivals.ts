import type { OrderStatus } from '@comanda/core';
import type { ConsoleOrder } from '@comanda/core/contract';

/**
 * New orders for the kitchen: which ones just arrived (a sound, an announcement) and which ones the staff
 * have not looked at yet (the badge and the tab title). Whatever brings the board (the live feed, a
 * refetch after a reconnection) goes through `trackArrivals`, so an order missed while offline still rings.
 */
export interface ArrivalState {
  /** Orders the kitchen already knows about: never announced again. */
  known: ReadonlySet<number>;
  /** Unseen new orders, with the status they arrived in: they stop counting once someone moves them. */
  unseen: ReadonlyMap<number, OrderStatus>;
}

/** Statuses in which an order is not the kitchen's yet: when one gets paid or confirmed, it arrives. */
const NOT_YET_IN_KITCHEN: readonly OrderStatus[] = ['PAY_NEEDED', 'UNCONFIRMED'];
/** Statuses an order arrives in: new, or already accepted when the contact accepts by itself. */
const ARRIVING: readonly OrderStatus[] = ['GENERATED', 'ACCEPTED'];

function knownIds(orders: readonly ConsoleOrder[], known: ReadonlySet<number> = new Set()): Set<number> {
  const ids = new Set(known);
  for (const order of orders) if (!NOT_YET_IN_KITCHEN.includes(order.status)) ids.add(order.id);
  return ids;
}

/** The board as first loaded: what is there is not news. */
export function startArrivals(orders: readonly ConsoleOrder[]): ArrivalState {
  return { known: knownIds(orders), unseen: new Map() };
}

export function trackArrivals(
  state: ArrivalState,
  orders: readonly ConsoleOrder[],
): { state: ArrivalState; arrivals: ConsoleOrder[] } {
  const arrivals = orders.filter((order) => ARRIVING.includes(order.status) && !state.known.has(order.id));
  const current = new Map(orders.map((order) => [order.id, order.status]));
  const unseen = new Map<number, OrderStatus>();
  for (const [id, status] of state.unseen) if (current.get(id) === status) unseen.set(id, status);
  for (const order of arrivals) unseen.set(order.id, order.status);
  const changed = arrivals.length > 0 || unseen.size !== state.unseen.size;
  const known = knownIds(orders, state.known);
  if (!changed && known.size === state.known.size) return { state, arrivals };
  return { state: { known, unseen }, arrivals };
}

/** The staff looked at these orders (touched their card, or opened the new ones). */
export function acknowledge(state: ArrivalState, ids: readonly number[] | 'all'): ArrivalState {
  if (ids === 'all' ? state.unseen.size === 0 : !ids.some((id) => state.unseen.has(id))) return state;
  const unseen = new Map(state.unseen);
  if (ids === 'all') unseen.clear();
  else for (const id of ids) unseen.delete(id);
  return { ...state, unseen };
}

export const CONSOLE_TITLE = 'Pedidos · Comanda';

/** The tab's title: counts the unseen new orders so a background tab still tells. */
export function consoleTitle(unseen: number): string {
  if (unseen <= 0) return CONSOLE_TITLE;
  return `(${unseen}) ${unseen === 1 ? 'Pedido nuevo' : 'Pedidos nuevos'} · Comanda`;
}

export function unseenBadgeText(unseen: number): string {
  return unseen === 1 ? '1 pedido nuevo' : `${unseen} pedidos nuevos`;
}

export function arrivalAnnouncement(arrivals: readonly ConsoleOrder[]): string {
  return arrivals.map((order) => `Nuevo pedido ${order.code}`).join('. ');
}
