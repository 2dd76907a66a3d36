import type { ConsoleBoard, ConsoleOrder } from '@comanda/core/contract';

/** The board's sections, in the order the kitchen reads them. */
export type ColumnId = 'new' | 'preparing' | 'ready' | 'scheduled' | 'payment' | 'done';

export interface ColumnInfo {
  id: ColumnId;
  title: string;
  /** Shown in place of the cards when the column has none. */
  empty: string;
}

export const COLUMNS: readonly ColumnInfo[] = [
  { id: 'new', title: 'Nuevos', empty: 'No hay pedidos nuevos' },
  { id: 'preparing', title: 'En preparación', empty: 'No hay pedidos en preparación' },
  { id: 'ready', title: 'Listos', empty: 'No hay pedidos listos' },
  { id: 'scheduled', title: 'Programados', empty: 'No hay pedidos programados' },
  { id: 'payment', title: 'Esperando el pago', empty: 'No hay pedidos esperando el pago' },
  { id: 'done', title: 'Entregados / Cancelados', empty: 'Todavía no hay pedidos terminados hoy' },
];

/** A scheduled order stays apart until this long before its time, then joins the kitchen's columns. */
export const SCHEDULED_LEAD_MINUTES = 30;

/** Kitchen work that a scheduled order may be in while it waits for its time. */
const WAITING_STATUSES: readonly ConsoleOrder['status'][] = ['UNCONFIRMED', 'GENERATED', 'ACCEPTED'];

export function isScheduledAhead(order: ConsoleOrder, nowMs: number): boolean {
  if (!order.scheduled || !order.scheduledAt || !WAITING_STATUSES.includes(order.status)) return false;
  return Date.parse(order.scheduledAt) - nowMs > SCHEDULED_LEAD_MINUTES * 60_000;
}

/** Which section of the board an order belongs in, at the server's `nowMs`. */
export function columnOf(order: ConsoleOrder, nowMs: number): ColumnId {
  if (isScheduledAhead(order, nowMs)) return 'scheduled';
  switch (order.status) {
    case 'GENERATED':
    case 'UNCONFIRMED':
      return 'new';
    case 'ACCEPTED':
      return 'preparing';
    case 'READY':
      return 'ready';
    case 'PAY_NEEDED':
      return 'payment';
    default:
      return 'done';
  }
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/**
 * The board's orders by section. Work in progress reads oldest first (first in, first out), scheduled
 * orders by their time, finished ones newest first.
 */
export function groupByColumn(
  orders: readonly ConsoleOrder[],
  nowMs: number,
): Record<ColumnId, ConsoleOrder[]> {
  const groups: Record<ColumnId, ConsoleOrder[]> = {
    new: [],
    preparing: [],
    ready: [],
    scheduled: [],
    payment: [],
    done: [],
  };
  for (const order of orders) groups[columnOf(order, nowMs)].push(order);
  const oldestFirst = (a: ConsoleOrder, b: ConsoleOrder) => time(a.orderedAt) - time(b.orderedAt);
  groups.new.sort(oldestFirst);
  groups.preparing.sort(oldestFirst);
  groups.ready.sort(oldestFirst);
  groups.payment.sort(oldestFirst);
  groups.scheduled.sort((a, b) => time(a.scheduledAt) - time(b.scheduledAt));
  groups.done.sort((a, b) => time(b.finishedAt ?? b.orderedAt) - time(a.finishedAt ?? a.orderedAt));
  return groups;
}

/** The board with one order put in (new) or replaced (changed), newest first as the server sends it. */
export function upsertOrder(board: ConsoleBoard, order: ConsoleOrder): ConsoleBoard {
  if (order.branchContactId !== board.contactId) return board;
  const others = board.orders.filter((candidate) => candidate.id !== order.id);
  const orders = [order, ...others].sort((a, b) => time(b.orderedAt) - time(a.orderedAt));
  return { ...board, orders };
}
