import {
  CONSOLE_BOARD_EVENT,
  CONSOLE_ORDER_EVENT,
  ORDER_UPDATE_EVENT,
  type PushConnectionState,
} from '@comanda/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type EventSourceLike,
  type LiveChannelOptions,
  RECONNECT_MAX_MS,
  reconnectDelayMs,
  subscribeToLiveChannel,
} from './live-channel.ts';

class FakeEventSource implements EventSourceLike {
  static last: FakeEventSource | null = null;
  readyState = 0;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  emit(type: string, data?: unknown) {
    const event = { data: typeof data === 'string' ? data : JSON.stringify(data) } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

interface Order {
  code: string;
  status: string;
}

const order = (status: string, code = 'DMP8QN5T4R'): Order => ({ code, status });

const isOrder = (value: unknown): value is Order =>
  !!value && typeof value === 'object' && typeof (value as Order).code === 'string';

const URL = '/api/events/order/donmateo-palermo/DMP8QN5T4R';

type Extra = Partial<Pick<LiveChannelOptions, 'bindDelayMs' | 'onOpen' | 'reconnectAfterMs'>>;

function subscribe(extra: Extra = { bindDelayMs: 1000 }) {
  const updates: Order[] = [];
  const states: PushConnectionState[] = [];
  const stop = subscribeToLiveChannel({
    url: URL,
    event: ORDER_UPDATE_EVENT,
    isPayload: isOrder,
    onUpdate: (o) => updates.push(o),
    onState: (s) => states.push(s),
    createEventSource: (url) => new FakeEventSource(url),
    ...extra,
  });
  const source = FakeEventSource.last as FakeEventSource;
  return { updates, states, stop, source };
}

function subscribeToBoard(bindDelayMs?: number) {
  const received: [string, unknown][] = [];
  const stop = subscribeToLiveChannel({
    url: '/api/events/console',
    events: {
      [CONSOLE_BOARD_EVENT]: (payload) => received.push([CONSOLE_BOARD_EVENT, payload]),
      [CONSOLE_ORDER_EVENT]: (payload) => received.push([CONSOLE_ORDER_EVENT, payload]),
    },
    bindDelayMs,
    createEventSource: (url) => new FakeEventSource(url),
  });
  const source = FakeEventSource.last as FakeEventSource;
  return { received, stop, source };
}

describe('subscribeToLiveChannel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to the channel stream and reports the connection states', () => {
    const { states, source } = subscribe();
    expect(source.url).toBe(URL);
    source.emit('open');
    source.readyState = 0;
    source.emit('error');
    source.emit('open');
    source.readyState = 2;
    source.emit('error');
    expect(states).toEqual(['connected', 'disconnected', 'connected', 'failed']);
  });

  it('binds the event after the delay, keeping the newest event received before', () => {
    const { updates, source } = subscribe();
    source.emit(ORDER_UPDATE_EVENT, order('PENDING'));
    source.emit(ORDER_UPDATE_EVENT, order('IN_PREPARATION'));
    vi.advanceTimersByTime(999);
    expect(updates).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(updates).toEqual([order('IN_PREPARATION')]);
    source.emit(ORDER_UPDATE_EVENT, order('ON_THE_WAY'));
    expect(updates.at(-1)).toEqual(order('ON_THE_WAY'));
  });

  it('applies events at once without a bind delay', () => {
    const { updates, source } = subscribe({});
    source.emit(ORDER_UPDATE_EVENT, order('PENDING'));
    expect(updates).toEqual([order('PENDING')]);
  });

  it('ignores malformed events and payloads the guard refuses, even while holding one', () => {
    const { updates, source } = subscribe();
    source.emit(ORDER_UPDATE_EVENT, order('PENDING'));
    source.emit(ORDER_UPDATE_EVENT, 'no es json');
    source.emit(ORDER_UPDATE_EVENT, { hello: 'world' });
    vi.advanceTimersByTime(1000);
    expect(updates).toEqual([order('PENDING')]);
    source.emit(ORDER_UPDATE_EVENT, 'no es json');
    source.emit(ORDER_UPDATE_EVENT, { hello: 'world' });
    source.emit('message', order('DELIVERED'));
    expect(updates).toEqual([order('PENDING')]);
  });

  it('disconnects when the page goes away and applies nothing afterwards', () => {
    const { updates, states, source, stop } = subscribe();
    source.emit(ORDER_UPDATE_EVENT, order('PENDING'));
    stop();
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(5000);
    source.emit(ORDER_UPDATE_EVENT, order('DELIVERED'));
    source.emit('open');
    source.emit('error');
    expect(updates).toEqual([]);
    expect(states).toEqual([]);
  });

  it('is unavailable without EventSource', () => {
    const states: PushConnectionState[] = [];
    const stop = subscribeToLiveChannel({
      url: '/x',
      event: ORDER_UPDATE_EVENT,
      isPayload: isOrder,
      onUpdate: () => {},
      onState: (s) => states.push(s),
      createEventSource: null,
    });
    expect(states).toEqual(['unavailable']);
    stop();
  });

  it('is unavailable when the EventSource cannot be created', () => {
    const states: PushConnectionState[] = [];
    subscribeToLiveChannel({
      url: '/x',
      events: {},
      onState: (s) => states.push(s),
      createEventSource: () => {
        throw new Error('blocked');
      },
    });
    expect(states).toEqual(['unavailable']);
  });

  it('tells each opening whether it is a reconnection', () => {
    const opens: boolean[] = [];
    const { states, source } = subscribe({ onOpen: ({ isReconnect }) => opens.push(isReconnect) });
    source.emit('open');
    source.emit('error');
    source.emit('open');
    source.emit('error');
    source.emit('open');
    expect(opens).toEqual([false, true, true]);
    expect(states).toEqual(['connected', 'disconnected', 'connected', 'disconnected', 'connected']);
  });

  it('hands each of several events its own parsed payload', () => {
    const { received, source } = subscribeToBoard();
    source.emit(CONSOLE_BOARD_EVENT, [{ id: 1 }]);
    source.emit(CONSOLE_ORDER_EVENT, { id: 2 });
    source.emit(CONSOLE_ORDER_EVENT, 'no es json');
    source.emit('message', { id: 3 });
    expect(received).toEqual([
      [CONSOLE_BOARD_EVENT, [{ id: 1 }]],
      [CONSOLE_ORDER_EVENT, { id: 2 }],
    ]);
  });

  it('holds the newest of each event until the binding, in the order they arrived', () => {
    const { received, source } = subscribeToBoard(1000);
    source.emit(CONSOLE_ORDER_EVENT, { id: 1 });
    source.emit(CONSOLE_BOARD_EVENT, [{ id: 1 }]);
    source.emit(CONSOLE_ORDER_EVENT, { id: 2 });
    expect(received).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(received).toEqual([
      [CONSOLE_BOARD_EVENT, [{ id: 1 }]],
      [CONSOLE_ORDER_EVENT, { id: 2 }],
    ]);
  });

  it('stays failed when the browser gives up, unless asked to reconnect', () => {
    const { states, source } = subscribe({});
    source.readyState = 2;
    source.emit('error');
    vi.advanceTimersByTime(RECONNECT_MAX_MS * 2);
    expect(FakeEventSource.last).toBe(source);
    expect(states).toEqual(['failed']);
  });
});

describe('subscribeToLiveChannel with reconnectAfterMs', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function failed(source: FakeEventSource) {
    source.readyState = 2;
    source.emit('error');
  }

  it('opens a new stream after the browser gives up, and tells its opening is a reconnection', () => {
    const opens: boolean[] = [];
    const {
      states,
      updates,
      source: first,
    } = subscribe({
      reconnectAfterMs: 1000,
      onOpen: ({ isReconnect }) => opens.push(isReconnect),
    });
    first.emit('open');
    failed(first);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.last).toBe(first);
    vi.advanceTimersByTime(1);
    const second = FakeEventSource.last as FakeEventSource;
    expect(second).not.toBe(first);
    expect(second.url).toBe(URL);
    second.emit('open');
    second.emit(ORDER_UPDATE_EVENT, order('READY'));
    expect(states).toEqual(['connected', 'failed', 'connected']);
    expect(opens).toEqual([false, true]);
    expect(updates).toEqual([order('READY')]);
  });

  it('leaves the retrying to the browser while it is still connecting', () => {
    const { states, source } = subscribe({ reconnectAfterMs: 1000 });
    source.emit('open');
    source.emit('error');
    vi.advanceTimersByTime(5000);
    expect(FakeEventSource.last).toBe(source);
    expect(source.closed).toBe(false);
    expect(states).toEqual(['connected', 'disconnected']);
  });

  it('waits twice as long after each failure in a row, up to 30 s, and starts over once connected', () => {
    const { source } = subscribe({ reconnectAfterMs: 5000 });
    const waits: number[] = [];
    let current = source;
    for (let failure = 0; failure < 6; failure++) {
      failed(current);
      let waited = 0;
      while (FakeEventSource.last === current) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
      current = FakeEventSource.last as FakeEventSource;
    }
    expect(waits).toEqual([5000, 10_000, 20_000, 30_000, 30_000, 30_000]);
    current.emit('open');
    failed(current);
    vi.advanceTimersByTime(5000);
    expect(FakeEventSource.last).not.toBe(current);
  });

  it('ignores what a replaced stream still sends', () => {
    const { states, updates, source: first } = subscribe({ reconnectAfterMs: 1000, bindDelayMs: 0 });
    failed(first);
    vi.advanceTimersByTime(1000);
    first.emit('open');
    first.emit(ORDER_UPDATE_EVENT, order('PENDING'));
    first.emit('error');
    expect(states).toEqual(['failed']);
    expect(updates).toEqual([]);
  });

  it('tries again later when the new stream cannot be created', () => {
    let created = 0;
    const states: PushConnectionState[] = [];
    subscribeToLiveChannel({
      url: '/x',
      events: {},
      reconnectAfterMs: 1000,
      onState: (s) => states.push(s),
      createEventSource: (url) => {
        created++;
        if (created === 2) throw new Error('blocked');
        return new FakeEventSource(url);
      },
    });
    failed(FakeEventSource.last as FakeEventSource);
    vi.advanceTimersByTime(1000);
    expect(created).toBe(2);
    vi.advanceTimersByTime(2000);
    expect(created).toBe(3);
    expect(states).toEqual(['failed']);
  });

  it('stops reconnecting when the page goes away', () => {
    const { stop, source } = subscribe({ reconnectAfterMs: 1000 });
    failed(source);
    stop();
    vi.advanceTimersByTime(RECONNECT_MAX_MS);
    expect(FakeEventSource.last).toBe(source);
  });

  it('closes the stream it reopened when the page goes away', () => {
    const { stop, source } = subscribe({ reconnectAfterMs: 1000 });
    failed(source);
    vi.advanceTimersByTime(1000);
    const second = FakeEventSource.last as FakeEventSource;
    stop();
    expect(second.closed).toBe(true);
  });
});

describe('reconnectDelayMs', () => {
  it.each([
    [1000, 1, 1000],
    [1000, 2, 2000],
    [1000, 5, 16_000],
    [1000, 6, 30_000],
    [5000, 40, 30_000],
    [45_000, 3, 45_000],
  ])('waits %i ms doubled for attempt %i: %i ms', (firstMs, attempt, expected) => {
    expect(reconnectDelayMs(firstMs, attempt)).toBe(expected);
  });
});
