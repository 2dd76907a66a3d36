import type { FollowUpOrder, TrackingInfo } from '@comanda/core/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EventSourceLike, subscribeToLiveChannel } from '../../app/live-channel.ts';
import { isTrackingWaiting, trackingLiveChannel, waitingIsOver } from './live-updates.ts';

class FakeEventSource implements EventSourceLike {
  static last: FakeEventSource | null = null;
  readyState = 0;
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
    this.readyState = 2;
  }
}

const info = (status: TrackingInfo['status'], lat = -34.5861): TrackingInfo => ({
  id: 7,
  orderCode: 'DMP8QN5T4R',
  status,
  returnShipment: false,
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
  const stop = subscribeToLiveChannel({
    ...trackingLiveChannel('donmateo-palermo', 'DMP8QN5T4R', { onUpdate: (i) => updates.push(i) }),
    createEventSource: (url) => new FakeEventSource(url),
  });
  const source = FakeEventSource.last as FakeEventSource;
  return { updates, stop, source };
}

describe('trackingLiveChannel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("listens to the order's tracking stream", () => {
    const { source } = subscribe();
    expect(source.url).toBe('/api/events/tracking/donmateo-palermo/DMP8QN5T4R');
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
});

describe('waiting for a shipment', () => {
  it('tells the waiting answer from the tracking info', () => {
    const waiting = {
      waiting: true as const,
      orderCode: 'ABCD2345',
      orderedAt: '2026-11-18T18:00:00.000Z',
      timeZone: 'America/Argentina/Buenos_Aires',
      branchLocation: null,
      branch: { id: 1, name: 'Pizzería Don Mateo', customLogoURL: null },
    };
    expect(isTrackingWaiting(waiting)).toBe(true);
    expect(isTrackingWaiting(null)).toBe(false);
  });

  it('asks for the tracking again once the order has a shipment or is over', () => {
    const shipment = { id: 1 } as FollowUpOrder['shipments'][number];
    expect(waitingIsOver({ status: 'ACCEPTED', shipments: [] })).toBe(false);
    expect(waitingIsOver({ status: 'ACCEPTED', shipments: [shipment] })).toBe(true);
    expect(waitingIsOver({ status: 'CANCELED', shipments: [] })).toBe(true);
    expect(waitingIsOver({ status: 'DELIVERED', shipments: [] })).toBe(true);
  });
});
