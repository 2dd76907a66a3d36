import { describe, expect, it } from 'vitest';
import { closedShopNotice } from './open-status.ts';
import type { WorkingDay } from './schedule.ts';

const lunchOnWednesday: WorkingDay[] = [
  { dayOfWeek: 'WEDNESDAY', workingHours: [{ startAt: '12:00', endAt: '15:00' }] },
];
const timeZone = 'America/Argentina/Buenos_Aires';
const openInstant = new Date('2025-06-11T15:30:00Z'); // Wed 12:30
const closedInstant = new Date('2025-06-11T19:30:00Z'); // Wed 16:30

describe('closed-shop notice', () => {
  it('says nothing while the shop is open', () => {
    expect(
      closedShopNotice({
        workingDays: lunchOnWednesday,
        timeZone,
        now: openInstant,
        canScheduleLater: false,
      }),
    ).toBeNull();
  });

  it('tells the diner ordering is impossible when the shop is closed and cannot schedule', () => {
    expect(
      closedShopNotice({
        workingDays: lunchOnWednesday,
        timeZone,
        now: closedInstant,
        canScheduleLater: false,
      }),
    ).toEqual({
      kind: 'closed',
      title: 'Local cerrado',
      body: 'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
      banner: 'Local cerrado.',
    });
  });

  it('invites the diner to schedule when the shop is closed but takes scheduled orders', () => {
    expect(
      closedShopNotice({
        workingDays: lunchOnWednesday,
        timeZone,
        now: closedInstant,
        canScheduleLater: true,
      }),
    ).toEqual({
      kind: 'schedule',
      title: 'Programa tu pedido',
      body: 'Programa tu pedido para más adelante. En este momento el local está cerrado.',
      banner: 'Local cerrado, programa tu pedido.',
    });
  });

  it('reads the opening hours in the shop time zone', () => {
    // 12:30 in Buenos Aires is 11:30 in Santiago, before lunch opens
    expect(
      closedShopNotice({
        workingDays: lunchOnWednesday,
        timeZone: 'America/Santiago',
        now: openInstant,
        canScheduleLater: false,
      })?.kind,
    ).toBe('closed');
  });

  describe('during a closure', () => {
    const closure = {
      startsOn: '2025-06-11',
      endsOn: '2025-06-12',
      message: 'Cerramos por inventario, volvemos el viernes.',
    };

    it('is closed even inside its hours, the body being the closure message', () => {
      expect(
        closedShopNotice({
          workingDays: lunchOnWednesday,
          timeZone,
          now: openInstant,
          canScheduleLater: false,
          closure,
        }),
      ).toEqual({
        kind: 'closed',
        title: 'Local cerrado',
        body: 'Cerramos por inventario, volvemos el viernes.',
        banner: 'Local cerrado.',
      });
    });

    it('still invites the diner to schedule when the mode can schedule later', () => {
      expect(
        closedShopNotice({
          workingDays: lunchOnWednesday,
          timeZone,
          now: openInstant,
          canScheduleLater: true,
          closure,
        }),
      ).toEqual({
        kind: 'schedule',
        title: 'Programa tu pedido',
        body: 'Cerramos por inventario, volvemos el viernes.',
        banner: 'Local cerrado, programa tu pedido.',
      });
    });

    it("keeps the spec's body for a closure without a message", () => {
      expect(
        closedShopNotice({
          workingDays: lunchOnWednesday,
          timeZone,
          now: openInstant,
          canScheduleLater: false,
          closure: { ...closure, message: null },
        })?.body,
      ).toBe(
        'El local está cerrado y no es posible realizar pedidos. Intenta nuevamente dentro del horario de apertura.',
      );
    });

    it('opens as the hours say without a closure', () => {
      expect(
        closedShopNotice({
          workingDays: lunchOnWednesday,
          timeZone,
          now: openInstant,
          canScheduleLater: false,
          closure: null,
        }),
      ).toBeNull();
    });
  });
});
