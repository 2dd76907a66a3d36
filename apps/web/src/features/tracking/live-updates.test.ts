import type { PushConnectionState } from '@comanda/core';
import type { TrackingInfo } from '@comanda/core/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventSourceLike, subscribeToTracking } from './live-updates.ts';

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

const info = (status: TrackingInfo['status'], lat = -34.5861): TrackingInfo => ({
  id: 7,
  orderCode: 'DMP8QN5T4R',
  status,
  createdAt: '2026-11-18T17:35:00.000Z',
  timeZone: 'America/Argentina/Buenos_Aires',
  rider: { name: 'Martín Gómez', phone: '+5491160000001', lat, lng: -58.4097 },
  branchLocation: { lat: -34.588, lng: -58.411 },
  destinationLocation: { lat: -34.5838, lng: -58.4083 },
  eta: null,
  securityCode: '7390',
  branch: { id: 1, name: 'Pizzería Don Mateo', customLogoURL: null },
});

function subscribe() {
  const updates: TrackingInfo[] = [];
  const states: PushConnectionState[] = [];
  const stop = subscribeToTracking({
    url: '/api/events/tracking/donmateo-palermo/DMP8QN5T4R',
    onUpdate: (i) => updates.push(i),
    onState: (s) => states.push(s),
    createEventSource: (url) => new FakeEventSource(url),
  });
  const source = FakeEventSource.last as FakeEventSource;
  return { updates, states, stop, source };
}

describe('subscribeToTracking', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects to the order stream and reports the connection states', () => {
    const { states, source } = subscribe();
    expect(source.url).toBe('/api/events/tracking/donmateo-palermo/DMP8QN5T4R');
    source.emit('open');
    source.readyState = 0;
    source.emit('error');
    source.emit('open');
    source.readyState = 2;
    source.emit('error');
    expect(states).toEqual(['connected', 'disconnected', 'connected', 'failed']);
  });

  it('binds the update event after 1000 ms, keeping the newest event received before', () => {
    const { updates, source } = subscribe();
    source.emit('logistics-tracking-update', info('IN_STORE'));
    source.emit('logistics-tracking-update', info('ON_ROUTE_TO_DROP_OFF'));
    vi.advanceTimersByTime(999);
    expect(updates).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(updates).toEqual([info('ON_ROUTE_TO_DROP_OFF')]);
    source.emit('logistics-tracking-update', info('ON_ROUTE_TO_DROP_OFF', -34.585));
    expect(updates.at(-1)).toEqual(info('ON_ROUTE_TO_DROP_OFF', -34.585));
  });

  it('ignores payloads that are not tracking info', () => {
    const { updates, source } = subscribe();
    vi.advanceTimersByTime(1000);
    source.emit('logistics-tracking-update', 'no es json');
    source.emit('logistics-tracking-update', { hello: 'world' });
    source.emit('message', info('DELIVERED'));
    expect(updates).toEqual([]);
  });

  it('disconnects when the page goes away and applies nothing afterwards', () => {
    const { updates, states, source, stop } = subscribe();
    source.emit('logistics-tracking-update', info('IN_STORE'));
    stop();
    expect(source.closed).toBe(true);
    vi.advanceTimersByTime(5000);
    source.emit('logistics-tracking-update', info('DELIVERED'));
    source.emit('error');
    expect(updates).toEqual([]);
    expect(states).toEqual([]);
  });

  it('is unavailable without EventSource', () => {
    const states: PushConnectionState[] = [];
    const stop = subscribeToTracking({
      url: '/x',
      onUpdate: () => {},
      onState: (s) => states.push(s),
      createEventSource: null,
    });
    expect(states).toEqual(['unavailable']);
    stop();
  });
});
