import { describe, expect, it } from 'vitest';
import { anOrder } from './console-factories.ts';
import { feedState, isConsoleBoard, isConsoleOrder } from './console-feed.ts';

describe('feedState', () => {
  it.each([
    [null, 'connecting'],
    ['connected', 'connected'],
    ['disconnected', 'reconnecting'],
    ['failed', 'reconnecting'],
    ['unavailable', 'reconnecting'],
  ] as const)('shows the channel state %s as %s', (connection, shown) => {
    expect(feedState(connection)).toBe(shown);
  });
});

describe('the feed payload guards', () => {
  it('accepts an order card and refuses anything else', () => {
    expect(isConsoleOrder(anOrder({ id: 42 }))).toBe(true);
    expect(isConsoleOrder({ nonsense: true })).toBe(false);
    expect(isConsoleOrder(null)).toBe(false);
    expect(isConsoleOrder('DMP8QN5T4R')).toBe(false);
  });

  it('accepts a board and refuses an order or a board without its clock', () => {
    expect(isConsoleBoard({ contactId: 7, orders: [anOrder()], now: '2026-11-18T18:00:00Z' })).toBe(true);
    expect(isConsoleBoard({ contactId: 7, orders: [anOrder()] })).toBe(false);
    expect(isConsoleBoard(anOrder())).toBe(false);
    expect(isConsoleBoard([])).toBe(false);
  });
});
