import { describe, expect, it } from 'vitest';
import {
  canPrintForKitchen,
  canRequestRider,
  consoleDayTotals,
  startOfLocalDay,
  type TotalsInput,
} from './console-rules.ts';

describe('canRequestRider', () => {
  const order = {
    type: 'DELIVERY',
    status: 'ACCEPTED' as const,
    ownFleet: true,
    hasDestinationLocation: true,
    shipments: [],
  };
  it('applies to an accepted or ready delivery of an own-fleet contact with no live shipment', () => {
    expect(canRequestRider(order)).toBe(true);
    expect(canRequestRider({ ...order, status: 'READY' })).toBe(true);
    expect(
      canRequestRider({ ...order, shipments: [{ status: 'DRIVER_CANCELED', returnShipment: false }] }),
    ).toBe(true);
  });
  it('does not apply otherwise', () => {
    expect(canRequestRider({ ...order, status: 'GENERATED' })).toBe(false);
    expect(canRequestRider({ ...order, status: 'DELIVERED' })).toBe(false);
    expect(canRequestRider({ ...order, type: 'TAKE_AWAY' })).toBe(false);
    expect(canRequestRider({ ...order, ownFleet: false })).toBe(false);
    expect(canRequestRider({ ...order, hasDestinationLocation: false })).toBe(false);
    expect(
      canRequestRider({ ...order, shipments: [{ status: 'LOOKING_FOR_DRIVER', returnShipment: false }] }),
    ).toBe(false);
  });
});

describe('consoleDayTotals', () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 18, 15, minutes));
  const row = (over: Partial<TotalsInput>): TotalsInput => ({
    status: 'DELIVERED',
    total: 1_000_00,
    paymentMethod: 'CASH',
    paymentTypeName: 'Efectivo',
    orderedAt: at(0),
    readyAt: at(20),
    ...over,
  });

  it('counts revenue of orders not cancelled nor unpaid, by payment type, and the average preparation', () => {
    const totals = consoleDayTotals([
      row({}),
      row({ total: 3_000_00, paymentMethod: 'CARD', paymentTypeName: 'Tarjeta', readyAt: at(30) }),
      row({ status: 'ACCEPTED', readyAt: null, total: 500_00 }),
      row({ status: 'CANCELED', total: 9_999_00 }),
      row({ status: 'PAY_NEEDED', total: 7_777_00, readyAt: null }),
    ]);
    expect(totals).toEqual({
      orders: 4,
      delivered: 2,
      canceled: 1,
      revenue: 4_500_00,
      revenueByPayment: [
        { paymentMethod: 'CARD', showName: 'Tarjeta', total: 3_000_00 },
        { paymentMethod: 'CASH', showName: 'Efectivo', total: 1_500_00 },
      ],
      averagePreparationMinutes: 25,
    });
  });

  it('has no average without an order that got ready', () => {
    expect(consoleDayTotals([]).averagePreparationMinutes).toBeNull();
  });
});

describe('startOfLocalDay', () => {
  it("is midnight of the contact's local day, not the server's", () => {
    // 01:30 UTC on the 19th is still the 18th in Buenos Aires (UTC-3)
    const now = new Date('2026-11-19T01:30:00Z');
    expect(startOfLocalDay(now, 'America/Argentina/Buenos_Aires').toISOString()).toBe(
      '2026-11-18T03:00:00.000Z',
    );
    expect(startOfLocalDay(now, 'UTC').toISOString()).toBe('2026-11-19T00:00:00.000Z');
  });
});

describe('printing for the kitchen', () => {
  it('prints what the kitchen cooks, never an order whose payment is due, expired or cancelled', () => {
    for (const status of ['UNCONFIRMED', 'GENERATED', 'ACCEPTED', 'READY', 'DELIVERED'] as const)
      expect(canPrintForKitchen(status)).toBe(true);
    for (const status of ['PAY_NEEDED', 'PAYMENT_EXPIRED', 'CANCELED'] as const)
      expect(canPrintForKitchen(status)).toBe(false);
  });
});
