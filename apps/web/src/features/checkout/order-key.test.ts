import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { forgetOrderKey, orderKeyFor } from './order-key.ts';

describe('orderKeyFor', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('gives the same order the same key across a reload, and another order a new one', () => {
    const order = { items: [{ referenceId: 25, quantity: 1 }], price: 13500 };
    const first = orderKeyFor('donmateo-palermo', order);
    // a reload rebuilds the same payload
    expect(orderKeyFor('donmateo-palermo', structuredClone(order))).toBe(first);
    const changed = orderKeyFor('donmateo-palermo', { ...order, price: 15000 });
    expect(changed).not.toBe(first);
    expect(orderKeyFor('donmateo-belgrano', order)).not.toBe(changed);
  });

  it('starts over once the order is placed', () => {
    const order = { items: [], price: 1 };
    const first = orderKeyFor('kenzo-nunez', order);
    forgetOrderKey('kenzo-nunez');
    expect(orderKeyFor('kenzo-nunez', order)).not.toBe(first);
  });
});
