import { describe, expect, it } from 'vitest';
import {
  acknowledge,
  arrivalAnnouncement,
  consoleTitle,
  startArrivals,
  trackArrivals,
  unseenBadgeText,
} from './arrivals.ts';
import { anOrder } from './console-factories.ts';

describe('trackArrivals', () => {
  it('does not announce the orders already on the board when it first loads', () => {
    const state = startArrivals([anOrder({ id: 1, status: 'GENERATED' })]);
    const { arrivals, state: next } = trackArrivals(state, [anOrder({ id: 1, status: 'GENERATED' })]);
    expect(arrivals).toEqual([]);
    expect(next.unseen.size).toBe(0);
  });

  it('announces a new order once and counts it as unseen', () => {
    const start = startArrivals([]);
    const first = trackArrivals(start, [anOrder({ id: 2, code: 'AB12' })]);
    expect(first.arrivals.map((order) => order.code)).toEqual(['AB12']);
    expect(first.state.unseen.size).toBe(1);
    const again = trackArrivals(first.state, [anOrder({ id: 2, code: 'AB12' })]);
    expect(again.arrivals).toEqual([]);
    expect(again.state.unseen.size).toBe(1);
  });

  it('announces an order accepted by itself (auto-accept) and one that just got paid', () => {
    const start = startArrivals([anOrder({ id: 3, status: 'PAY_NEEDED' })]);
    const { arrivals } = trackArrivals(start, [
      anOrder({ id: 3, status: 'GENERATED' }),
      anOrder({ id: 4, status: 'ACCEPTED' }),
    ]);
    expect(arrivals.map((order) => order.id)).toEqual([3, 4]);
  });

  it('does not announce an order that arrives ready, finished or waiting for payment', () => {
    const { arrivals } = trackArrivals(startArrivals([]), [
      anOrder({ id: 5, status: 'READY' }),
      anOrder({ id: 6, status: 'CANCELED' }),
      anOrder({ id: 7, status: 'PAY_NEEDED' }),
    ]);
    expect(arrivals).toEqual([]);
  });

  it('stops counting an unseen order once somebody moves it', () => {
    const first = trackArrivals(startArrivals([]), [anOrder({ id: 8 })]);
    const moved = trackArrivals(first.state, [anOrder({ id: 8, status: 'ACCEPTED' })]);
    expect(moved.arrivals).toEqual([]);
    expect(moved.state.unseen.size).toBe(0);
  });
});

describe('acknowledge', () => {
  it('marks one or all new orders as seen', () => {
    const { state } = trackArrivals(startArrivals([]), [anOrder({ id: 1 }), anOrder({ id: 2 })]);
    expect([...acknowledge(state, [1]).unseen.keys()]).toEqual([2]);
    expect(acknowledge(state, 'all').unseen.size).toBe(0);
    expect(acknowledge(state, [9])).toBe(state);
  });
});

describe('texts', () => {
  it('counts the unseen orders in the tab title', () => {
    expect(consoleTitle(0)).toBe('Pedidos · Comanda');
    expect(consoleTitle(1)).toBe('(1) Pedido nuevo · Comanda');
    expect(consoleTitle(2)).toBe('(2) Pedidos nuevos · Comanda');
  });

  it('says how many new orders wait and which ones arrived', () => {
    expect(unseenBadgeText(1)).toBe('1 pedido nuevo');
    expect(unseenBadgeText(3)).toBe('3 pedidos nuevos');
    expect(arrivalAnnouncement([anOrder({ code: 'AB12' }), anOrder({ code: 'CD34' })])).toBe(
      'Nuevo pedido AB12. Nuevo pedido CD34',
    );
  });
});
