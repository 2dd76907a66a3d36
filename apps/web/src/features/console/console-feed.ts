import type { PushConnectionState } from '@comanda/core';
import type { ConsoleBoard, ConsoleOrder } from '@comanda/core/contract';

/** What the header shows of the live feed. */
export type FeedState = 'connecting' | 'connected' | 'reconnecting';

/** After the browser gives up (say, the server restarted and answered an error), we try again. */
export const FEED_RETRY_MS = 5000;

/**
 * The header's state from the channel's: nothing yet is the first connection; any drop, or a browser
 * without EventSource (the board then refreshes itself every 30 s), is 'reconnecting'.
 */
export function feedState(connection: PushConnectionState | null): FeedState {
  if (connection === null) return 'connecting';
  return connection === 'connected' ? 'connected' : 'reconnecting';
}

export function isConsoleOrder(value: unknown): value is ConsoleOrder {
  if (!value || typeof value !== 'object') return false;
  const order = value as Partial<ConsoleOrder>;
  return typeof order.id === 'number' && typeof order.code === 'string' && typeof order.status === 'string';
}

export function isConsoleBoard(value: unknown): value is ConsoleBoard {
  if (!value || typeof value !== 'object') return false;
  const board = value as Partial<ConsoleBoard>;
  return typeof board.contactId === 'number' && Array.isArray(board.orders) && typeof board.now === 'string';
}
