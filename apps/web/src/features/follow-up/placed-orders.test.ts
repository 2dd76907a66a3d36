import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { orderInProgress, PLACED_ORDERS_KEY, rememberPlacedOrder } from './placed-orders.ts';

describe('orders placed on this device', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  const now = new Date('2026-11-18T18:00:00Z');

  it('offers the newest order of the contact dated within 24 hours', () => {
    rememberPlacedOrder({ alias: 'donmateo-palermo', code: 'OLD22222', at: '2026-11-17T17:00:00Z' });
    rememberPlacedOrder({ alias: 'donmateo-palermo', code: 'NEW33333', at: '2026-11-18T17:30:00Z' });
    rememberPlacedOrder({ alias: 'kenzo-nunez', code: 'KEN44444', at: '2026-11-18T17:40:00Z' });
    expect(orderInProgress('donmateo-palermo', now)?.code).toBe('NEW33333');
    expect(orderInProgress('aurora-centro', now)).toBeNull();
  });

  it('counts a scheduled order by its scheduled time', () => {
    rememberPlacedOrder({ alias: 'kenzo-nunez', code: 'LATER555', at: '2026-11-20T23:30:00Z' });
    expect(orderInProgress('kenzo-nunez', now)).toBeNull();
    expect(orderInProgress('kenzo-nunez', new Date('2026-11-20T10:00:00Z'))?.code).toBe('LATER555');
  });

  it('keeps ten entries, one per code, and survives foreign data', () => {
    for (let i = 0; i < 12; i++)
      rememberPlacedOrder({ alias: 'donmateo-palermo', code: `CODE${i}`, at: '2026-11-18T17:00:00Z' });
    rememberPlacedOrder({ alias: 'donmateo-palermo', code: 'CODE11', at: '2026-11-18T17:00:00Z' });
    expect(JSON.parse(localStorage.getItem(PLACED_ORDERS_KEY) ?? '[]')).toHaveLength(10);
    localStorage.setItem(PLACED_ORDERS_KEY, '{"not":"a list"}');
    expect(orderInProgress('donmateo-palermo', now)).toBeNull();
    localStorage.setItem(PLACED_ORDERS_KEY, 'not json');
    expect(orderInProgress('donmateo-palermo', now)).toBeNull();
  });
});
