import type { ConsoleBoard } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { COLUMNS, columnOf, groupByColumn, upsertOrder } from './board-columns.ts';
import { anOrder } from './console-factories.ts';

const NOW = Date.parse('2026-11-18T18:00:00Z');

describe('columnOf', () => {
  it('puts each status in its kitchen column', () => {
    expect(columnOf(anOrder({ status: 'GENERATED' }), NOW)).toBe('new');
    expect(columnOf(anOrder({ status: 'UNCONFIRMED' }), NOW)).toBe('new');
    expect(columnOf(anOrder({ status: 'ACCEPTED' }), NOW)).toBe('preparing');
    expect(columnOf(anOrder({ status: 'READY' }), NOW)).toBe('ready');
    expect(columnOf(anOrder({ status: 'PAY_NEEDED' }), NOW)).toBe('payment');
    expect(columnOf(anOrder({ status: 'DELIVERED' }), NOW)).toBe('done');
    expect(columnOf(anOrder({ status: 'CANCELED' }), NOW)).toBe('done');
    expect(columnOf(anOrder({ status: 'PAYMENT_EXPIRED' }), NOW)).toBe('done');
  });

  it('keeps a scheduled order apart until 30 minutes before its time', () => {
    const at = (iso: string) => anOrder({ status: 'GENERATED', scheduled: true, scheduledAt: iso });
    expect(columnOf(at('2026-11-18T19:00:00Z'), NOW)).toBe('scheduled');
    expect(columnOf(at('2026-11-18T18:31:00Z'), NOW)).toBe('scheduled');
    expect(columnOf(at('2026-11-18T18:30:00Z'), NOW)).toBe('new');
    expect(columnOf(at('2026-11-18T17:00:00Z'), NOW)).toBe('new');
  });

  it('keeps an accepted scheduled order apart too, but not a ready or finished one', () => {
    const order = { scheduled: true, scheduledAt: '2026-11-18T21:00:00Z' };
    expect(columnOf(anOrder({ ...order, status: 'ACCEPTED' }), NOW)).toBe('scheduled');
    expect(columnOf(anOrder({ ...order, status: 'READY' }), NOW)).toBe('ready');
    expect(columnOf(anOrder({ ...order, status: 'CANCELED' }), NOW)).toBe('done');
  });
});

describe('groupByColumn', () => {
  it('lists work oldest first and finished orders newest first', () => {
    const groups = groupByColumn(
      [
        anOrder({ id: 1, status: 'GENERATED', orderedAt: '2026-11-18T17:50:00Z' }),
        anOrder({ id: 2, status: 'GENERATED', orderedAt: '2026-11-18T17:40:00Z' }),
        anOrder({
          id: 3,
          status: 'DELIVERED',
          orderedAt: '2026-11-18T16:00:00Z',
          finishedAt: '2026-11-18T16:40:00Z',
        }),
        anOrder({
          id: 4,
          status: 'CANCELED',
          orderedAt: '2026-11-18T15:00:00Z',
          finishedAt: '2026-11-18T17:00:00Z',
        }),
      ],
      NOW,
    );
    expect(groups.new.map((order) => order.id)).toEqual([2, 1]);
    expect(groups.done.map((order) => order.id)).toEqual([4, 3]);
    expect(groups.preparing).toEqual([]);
  });

  it('has the Spanish titles and empty texts of the board', () => {
    expect(COLUMNS.map((column) => column.title)).toEqual([
      'Nuevos',
      'En preparación',
      'Listos',
      'Programados',
      'Esperando el pago',
      'Entregados / Cancelados',
    ]);
    expect(COLUMNS[0]?.empty).toBe('No hay pedidos nuevos');
  });
});

describe('upsertOrder', () => {
  const board = (orders: ConsoleBoard['orders']): ConsoleBoard => ({
    contactId: 7,
    orders,
    now: '2026-11-18T18:00:00Z',
    totals: {
      orders: 0,
      delivered: 0,
      canceled: 0,
      revenueByPayment: [],
      revenue: 0,
      averagePreparationMinutes: null,
    },
  });

  it('adds a new order first and replaces a changed one in place', () => {
    const old = anOrder({ id: 1, orderedAt: '2026-11-18T17:00:00Z' });
    const added = upsertOrder(board([old]), anOrder({ id: 2, orderedAt: '2026-11-18T17:30:00Z' }));
    expect(added.orders.map((order) => order.id)).toEqual([2, 1]);
    const changed = upsertOrder(added, { ...old, status: 'ACCEPTED' });
    expect(changed.orders.map((order) => [order.id, order.status])).toEqual([
      [2, 'GENERATED'],
      [1, 'ACCEPTED'],
    ]);
  });

  it("ignores another contact's order", () => {
    const start = board([]);
    expect(upsertOrder(start, anOrder({ branchContactId: 8 }))).toBe(start);
  });
});
