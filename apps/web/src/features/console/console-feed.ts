import { CONSOLE_BOARD_EVENT, CONSOLE_ORDER_EVENT } from '@comanda/core';
import type { ConsoleBoard, ConsoleOrder } from '@comanda/core/contract';

/** What the feed uses of the browser's EventSource (a fake one in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type FeedState = 'connecting' | 'connected' | 'reconnecting';

const CLOSED = 2;
/** After the browser gives up (say, the server restarted and answered an error), we try again. */
export const FEED_RETRY_MS = 5000;

export interface ConsoleFeedOptions {
  url: string;
  onOrder: (order: ConsoleOrder) => void;
  /** The whole board: the server's snapshot on each connection. */
  onBoard: (board: ConsoleBoard) => void;
  /** Each (re)connection: the board is to be brought again, so nothing missed offline is lost. */
  onConnected: () => void;
  onState: (state: FeedState) => void;
  /** The browser gave up reconnecting: the session may have ended. */
  onGaveUp?: () => void;
  createEventSource?: (url: string) => EventSourceLike;
  retryMs?: number;
}

function parse(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return null;
  }
}

export function isConsoleOrder(value: unknown): value is ConsoleOrder {
  if (!value || typeof value !== 'object') return false;
  const order = value as Partial<ConsoleOrder>;
  return typeof order.id === 'number' && typeof order.code === 'string' && typeof order.status === 'string';
}

function isConsoleBoard(value: unknown): value is ConsoleBoard {
  if (!value || typeof value !== 'object') return false;
  const board = value as Partial<ConsoleBoard>;
  return typeof board.contactId === 'number' && Array.isArray(board.orders) && typeof board.now === 'string';
}

/**
 * The contact's order feed: each new or changed order's card, and the whole board on each connection.
 * EventSource reconnects by itself after a drop; when it gives up (CLOSED) we open a new one after
 * `retryMs`. Returns the disconnection.
 */
export function subscribeToConsoleFeed(options: ConsoleFeedOptions): () => void {
  const create = options.createEventSource ?? ((url: string) => new EventSource(url));
  let source: EventSourceLike | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function connect() {
    if (stopped) return;
    options.onState(source ? 'reconnecting' : 'connecting');
    const current = create(options.url);
    source = current;
    current.addEventListener('open', () => {
      if (stopped || source !== current) return;
      options.onState('connected');
      options.onConnected();
    });
    current.addEventListener('error', () => {
      if (stopped || source !== current) return;
      options.onState('reconnecting');
      if (current.readyState === CLOSED) {
        current.close();
        options.onGaveUp?.();
        retry = setTimeout(connect, options.retryMs ?? FEED_RETRY_MS);
      }
    });
    current.addEventListener(CONSOLE_ORDER_EVENT, (event) => {
      const payload = parse(event);
      if (!stopped && source === current && isConsoleOrder(payload)) options.onOrder(payload);
    });
    current.addEventListener(CONSOLE_BOARD_EVENT, (event) => {
      const payload = parse(event);
      if (!stopped && source === current && isConsoleBoard(payload)) options.onBoard(payload);
    });
  }

  if (typeof EventSource === 'undefined' && !options.createEventSource) {
    options.onState('reconnecting');
    return () => {};
  }
  connect();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
  };
}
