import { OrderModeSchema, ScheduleSchema } from '@comanda/core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';

/** Monday 16 November 2026, 15:00 in Buenos Aires: Don Mateo Belgrano is closed on Mondays. */
const MONDAY = '2026-11-16T15:00:00-03:00';

describe.each(databaseKinds)('order modes and schedules on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('lists the active modes of a contact in order, with payment types, open state and delivery figures', async () => {
    const { contactId } = await idsOf(t.app, 'donmateo-palermo');
    const res = await getJson(t.app, `/api/diner/branchordermodes/${contactId}`);
    const modes = OrderModeSchema.array().parse(res.body);
    expect(modes.map((m) => [m.showName, m.type])).toEqual([
      ['Delivery', 'DELIVERY'],
      ['Take Away', 'TAKE_AWAY'],
      ['Mesa', 'TABLE'],
      ['Mostrador', 'COUNTER_SELF_SERVICE'],
    ]);
    const delivery = modes[0];
    expect(delivery).toMatchObject({
      '@type': 'DELIVERY',
      minDelayInMinutes: 30,
      maxDelayInMinutes: 50,
      openNow: true,
    });
    expect(delivery?.paymentTypes.map((p) => p.showName)).toEqual([
      'Efectivo',
      'Tarjeta online',
      'Transferencia',
    ]);
    expect(delivery?.deliveryInfo).toEqual({
      minimumOrder: 8000,
      minFee: 1200,
      maxFee: 2500,
      freeDeliveryFrom: 30000,
    });
    expect(modes[1]?.deliveryInfo).toBeNull();
  });

  it('marks a scheduled-only mode as closed now but able to schedule', async () => {
    const { contactId } = await idsOf(t.app, 'kenzo-nunez');
    const modes = OrderModeSchema.array().parse(
      (await getJson(t.app, `/api/diner/branchordermodes/${contactId}`)).body,
    );
    const delivery = modes.find((m) => m.type === 'DELIVERY');
    expect(delivery).toMatchObject({
      nowEnabled: false,
      useSchedule: true,
      openNow: false,
      canSchedule: true,
    });
  });

  it('computes slots in the contact time zone from the server clock, today first', async () => {
    const { modeId } = await idsOf(t.app, 'donmateo-palermo');
    const res = await getJson(t.app, `/api/ordermode/schedule/${modeId('Delivery')}`);
    const schedule = ScheduleSchema.parse(res.body);
    expect(schedule.timeZone).toBe('America/Argentina/Buenos_Aires');
    const today = schedule.schedulerDaysInfo[0];
    expect(today?.date).toBe('2026-11-18');
    expect(today?.dayOfWeek).toBe('WEDNESDAY');
    // 15:00 now: slots before now plus the lead time are gone
    expect(today?.availableHours.every((h) => h > '15:00')).toBe(true);
    expect(schedule.datesBetween[0]).toBe('2026-11-18');
    expect(schedule.datesBetween.length).toBe(schedule.schedulerDaysInfo.length);
  });

  it('answers empty slots for a mode without scheduling, 404 unknown and 400 malformed ids', async () => {
    const { modeId } = await idsOf(t.app, 'donmateo-palermo');
    const mesa = ScheduleSchema.parse(
      (await getJson(t.app, `/api/ordermode/schedule/${modeId('Mesa')}`)).body,
    );
    expect(mesa.schedulerDaysInfo).toEqual([]);
    expectApiError(await getJson(t.app, '/api/ordermode/schedule/123456'), 404);
    expectApiError(await getJson(t.app, '/api/ordermode/schedule/-3'), 400);
    expectApiError(await getJson(t.app, '/api/diner/branchordermodes/abc'), 400);
    expectApiError(await getJson(t.app, '/api/diner/branchordermodes/424242'), 404);
  });
});

describe.each(databaseKinds)('a Monday on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { now: MONDAY });
  });
  afterAll(() => t.close());

  it('shows Don Mateo Belgrano closed and unable to take orders for later', async () => {
    const contact = (await getJson(t.app, '/api/diner/donmateo-belgrano')).body.info;
    expect(contact.open).toBe(false);
    const modes = OrderModeSchema.array().parse(
      (await getJson(t.app, `/api/diner/branchordermodes/${contact.id}`)).body,
    );
    const delivery = modes.find((m) => m.type === 'DELIVERY');
    expect(delivery).toMatchObject({ openNow: false, canSchedule: false });
  });

  it('leaves Monday out of Palermo slots only after its hours, and keeps the day while slots remain', async () => {
    const { modeId } = await idsOf(t.app, 'donmateo-palermo');
    const schedule = ScheduleSchema.parse(
      (await getJson(t.app, `/api/ordermode/schedule/${modeId('Take Away')}`)).body,
    );
    expect(schedule.schedulerDaysInfo[0]).toMatchObject({ date: '2026-11-16', dayOfWeek: 'MONDAY' });
    expect(schedule.schedulerDaysInfo[1]).toMatchObject({ date: '2026-11-17', dayOfWeek: 'TUESDAY' });
  });

  it('keeps Palermo open on the same Monday', async () => {
    expect((await getJson(t.app, '/api/diner/donmateo-palermo')).body.info.open).toBe(true);
  });
});
