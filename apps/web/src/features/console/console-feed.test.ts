import { CONSOLE_BOARD_EVENT, CONSOLE_ORDER_EVENT } from '@comanda/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anOrder } from './console-factories.ts';
import { type EventSourceLike, type FeedState, subscribeToConsoleFeed } from './console-feed.ts';

class FakeSource implements EventSourceLike {
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data?: unknown) {
    const event = { data: data === undefined ? undefined : JSON.stringify(data) } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  close() {
    this.closed = true;
  }
}

function setUp() {
  const sources: FakeSource[] = [];
  const states: FeedState[] = [];
  const orders: number[] = [];
  const boards: number[] = [];
  let connections = 0;
  const stop = subscribeToConsoleFeed({
    url: '/api/events/console/7',
    onOrder: (order) => orders.push(order.id),
    onBoard: (board) => boards.push(board.orders.length),
    onConnected: () => connections++,
    onState: (state) => states.push(state),
    createEventSource: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    retryMs: 1000,
  });
  return { sources, states, orders, boards, connections: () => connections, stop };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('subscribeToConsoleFeed', () => {
  it('reports the connection and passes on each order and the board', () => {
    const feed = setUp();
    const source = feed.sources[0] as FakeSource;
    expect(feed.states).toEqual(['connecting']);
    source.emit('open');
    source.emit(CONSOLE_BOARD_EVENT, { contactId: 7, orders: [anOrder()], now: '2026-11-18T18:00:00Z' });
    source.emit(CONSOLE_ORDER_EVENT, anOrder({ id: 42 }));
    source.emit(CONSOLE_ORDER_EVENT, { nonsense: true });
    expect(feed.states).toEqual(['connecting', 'connected']);
    expect(feed.connections()).toBe(1);
    expect(feed.orders).toEqual([42]);
    expect(feed.boards).toEqual([1]);
  });

  it('shows the drop and asks for the board again on reconnection', () => {
    const feed = setUp();
    const source = feed.sources[0] as FakeSource;
    source.emit('open');
    source.emit('error');
    expect(feed.states.at(-1)).toBe('reconnecting');
    source.emit('open');
    expect(feed.states.at(-1)).toBe('connected');
    expect(feed.connections()).toBe(2);
  });

  it('opens a new connection when the browser gives up, and stops for good when asked', () => {
    vi.useFakeTimers();
    const feed = setUp();
    const first = feed.sources[0] as FakeSource;
    first.readyState = 2;
    first.emit('error');
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(feed.sources).toHaveLength(2);
    feed.stop();
    expect(feed.sources[1]?.closed).toBe(true);
  });
});
