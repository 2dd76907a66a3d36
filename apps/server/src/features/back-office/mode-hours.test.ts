import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectApiError, getJson, idsOf } from '../../../test/http.ts';
import {
  buildOrder,
  type OrderContext,
  orderContext,
  PALERMO_ADDRESS,
  postOrder,
} from '../../../test/order-payload.ts';
import { asStaff, DONMATEO_COOK, DONMATEO_OWNER, KENZO_OWNER, staffCookie } from '../../../test/staff.ts';
import { createTestApp, databaseKinds, type TestApp } from '../../../test/test-app.ts';
import * as t from '../../db/schema.ts';

// the test clock: Wednesday 18 November 2026, 15:00 in Buenos Aires (test/test-now.ts)
const TODAY = '2026-11-18';
const WEEK = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
/** two ranges a day, the evening one past midnight */
const TWO_RANGES = WEEK.map((dayOfWeek) => ({
  dayOfWeek,
  workingHours: [
    { startAt: '12:00', endAt: '15:00' },
    { startAt: '19:00', endAt: '01:00' },
  ],
}));
const HOURS = {
  nowEnabled: true,
  nowDays: TWO_RANGES,
  useSchedule: true,
  scheduledDays: TWO_RANGES,
  schedule: { leadMinutes: 45, slotMinutes: 15, daysAhead: 3 },
};
const DELIVERY_SERVICE_FEE = { userFee: 300, percentageUserFee: 0.02 };

interface Schedule {
  schedulerDaysInfo: { date: string; availableHours: string[] }[];
  datesBetween: string[];
}
interface StorefrontMode {
  id: number;
  openNow: boolean;
  canSchedule: boolean;
  nowEnabled: boolean;
  useSchedule: boolean;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

describe.each(databaseKinds)('hours per order mode (%s)', (kind) => {
  let test: TestApp;
  let owner: string;
  let delivery: OrderContext;

  const putHours = (cookie: string, contactId: number, modeId: number, hours: unknown) =>
    asStaff(test.app, cookie, 'PUT', `/api/console/shop/${contactId}/modes/${modeId}/hours`, hours);
  const stored = async () => ({
    mode: (await test.database.db.select().from(t.orderModes).where(eq(t.orderModes.id, delivery.modeId)))[0],
    schedules: await test.database.db
      .select({ kind: t.orderModeSchedules.kind, workingDays: t.orderModeSchedules.workingDays })
      .from(t.orderModeSchedules)
      .where(eq(t.orderModeSchedules.orderModeId, delivery.modeId))
      .orderBy(t.orderModeSchedules.kind),
  });
  const schedule = async (app = test.app, modeId = delivery.modeId) =>
    (await getJson(app, `/api/ordermode/schedule/${modeId}`)).body as Schedule;
  const storefrontMode = async (app = test.app, contactId = delivery.contactId, modeId = delivery.modeId) =>
    ((await getJson(app, `/api/diner/branchordermodes/${contactId}`)).body as StorefrontMode[]).find(
      (mode) => mode.id === modeId,
    );
  const deliveryOrder = (scheduledAt: string | null) =>
    buildOrder(delivery, {
      dishes: [{ plate: 'Fugazzeta' }],
      payment: 'CASH',
      destination: PALERMO_ADDRESS,
      serviceFee: DELIVERY_SERVICE_FEE,
      deliveryFee: 1500,
      phone: '+5491170003002',
      scheduledAt,
    });

  beforeAll(async () => {
    test = await createTestApp(kind);
    owner = await staffCookie(test.app, DONMATEO_OWNER);
    delivery = await orderContext(test.app, 'donmateo-palermo', 'Delivery');
  });
  afterAll(() => test.close());

  it('shows each mode with its hours and scheduling settings to the owner', async () => {
    const shops = (await asStaff(test.app, owner, 'GET', '/api/console/shop')).body;
    const shop = shops.find((s: { id: number }) => s.id === delivery.contactId);
    const mode = shop.modes.find((m: { id: number }) => m.id === delivery.modeId);
    const { mode: row, schedules } = await stored();
    expect(mode).toEqual({
      id: delivery.modeId,
      type: 'DELIVERY',
      showName: 'Delivery',
      active: true,
      nowEnabled: row?.nowEnabled,
      nowDays: schedules.find((s) => s.kind === 'NOW')?.workingDays ?? [],
      useSchedule: row?.useSchedule,
      scheduledDays: schedules.find((s) => s.kind === 'SCHEDULED')?.workingDays ?? [],
      schedule: {
        leadMinutes: row?.scheduleLeadMinutes,
        slotMinutes: row?.scheduleSlotMinutes,
        daysAhead: row?.scheduleDaysAhead,
      },
    });
    expect((await storefrontMode())?.openNow).toBe(true);
  });

  it('sets two ranges a day, past midnight, with scheduling, and the storefront follows', async () => {
    const saved = await putHours(owner, delivery.contactId, delivery.modeId, HOURS);
    expect(saved.status).toBe(200);
    const expected = { id: delivery.modeId, type: 'DELIVERY', showName: 'Delivery', active: true, ...HOURS };
    expect(saved.body.modes.find((m: { id: number }) => m.id === delivery.modeId)).toEqual(expected);
    const [shop] = (await asStaff(test.app, owner, 'GET', '/api/console/shop')).body.filter(
      (s: { id: number }) => s.id === delivery.contactId,
    );
    expect(shop.modes.find((m: { id: number }) => m.id === delivery.modeId)).toEqual(expected);
    const { mode, schedules } = await stored();
    expect(mode).toMatchObject({
      nowEnabled: true,
      useSchedule: true,
      scheduleLeadMinutes: 45,
      scheduleSlotMinutes: 15,
      scheduleDaysAhead: 3,
    });
    expect(schedules).toEqual([
      { kind: 'NOW', workingDays: TWO_RANGES },
      { kind: 'SCHEDULED', workingDays: TWO_RANGES },
    ]);
    const [change] = (await asStaff(test.app, owner, 'GET', '/api/console/changes')).body;
    expect(change).toMatchObject({
      area: 'SHOP',
      summary: 'Cambió los horarios de Delivery en Don Mateo Palermo',
    });

    // 15:00 falls between the ranges: closed for now, schedulable
    expect(await storefrontMode()).toMatchObject({ openNow: false, canSchedule: true });

    // today's first slot: the evening opening plus the 45-minute lead, then every 15 minutes
    const slots = await schedule();
    expect(slots.datesBetween).toEqual([TODAY, '2026-11-19', '2026-11-20']);
    const [today, tomorrow] = slots.schedulerDaysInfo;
    expect(today?.date).toBe(TODAY);
    expect(today?.availableHours.slice(0, 3)).toEqual(['19:45', '20:00', '20:15']);
    expect(today?.availableHours.at(-1)).toBe('23:45');
    const gaps = (today?.availableHours ?? [])
      .slice(1)
      .map((h, i) => minutesOf(h) - minutesOf(today?.availableHours[i] ?? h));
    expect(new Set(gaps)).toEqual(new Set([15]));
    // past midnight, the evening range goes on until 01:00 of the next date
    expect(tomorrow?.availableHours.slice(0, 4)).toEqual(['00:00', '00:15', '00:30', '00:45']);
    expect(tomorrow?.availableHours).not.toContain('01:00');
  });

  it('checks orders against the new hours', async () => {
    const now = await postOrder(test.app, deliveryOrder(null));
    expectApiError(now, 400, 'CHECKOUT_INVALID');
    const beforeLead = await postOrder(test.app, deliveryOrder(`${TODAY}T19:30:00-03:00`));
    expectApiError(beforeLead, 400, 'CHECKOUT_INVALID');
    const placed = await postOrder(test.app, deliveryOrder(`${TODAY}T19:45:00-03:00`));
    expect(placed.status).toBe(201);
    const afterMidnight = await postOrder(test.app, deliveryOrder('2026-11-19T00:30:00-03:00'));
    expect(afterMidnight.status).toBe(201);
  });

  it('is open for now past midnight by the evening range', async () => {
    const late = await createTestApp(kind, { now: '2026-11-19T00:30:00-03:00' });
    try {
      const lateOwner = await staffCookie(late.app, DONMATEO_OWNER);
      const ids = await idsOf(late.app, 'donmateo-palermo');
      const modeId = ids.modeId('Delivery');
      const url = `/api/console/shop/${ids.contactId}/modes/${modeId}/hours`;
      expect((await asStaff(late.app, lateOwner, 'PUT', url, HOURS)).status).toBe(200);
      expect(await storefrontMode(late.app, ids.contactId, modeId)).toMatchObject({ openNow: true });
      // the first slot for scheduling waits for the lead from now
      expect((await schedule(late.app, modeId)).schedulerDaysInfo[0]?.availableHours[0]).toBe('12:45');
    } finally {
      await late.close();
    }
  });

  it('refuses bad hours in Spanish and writes nothing', async () => {
    const before = await stored();
    const overlapping = [
      {
        dayOfWeek: 'MONDAY',
        workingHours: [
          { startAt: '12:00', endAt: '15:00' },
          { startAt: '14:00', endAt: '16:00' },
        ],
      },
    ];
    const cases: [unknown, string, string][] = [
      [
        { ...HOURS, nowDays: overlapping },
        'nowDays.0.workingHours',
        'Los horarios del lunes se superponen. Revisá los rangos.',
      ],
      [
        { ...HOURS, nowEnabled: false, useSchedule: false },
        'nowEnabled',
        'Elegí al menos una forma de pedir: para ahora o programado.',
      ],
      [
        { ...HOURS, schedule: { ...HOURS.schedule, slotMinutes: 25 } },
        'schedule.slotMinutes',
        'Elegí turnos de 5 a 120 minutos.',
      ],
      [
        { ...HOURS, schedule: { ...HOURS.schedule, leadMinutes: 3000 } },
        'schedule.leadMinutes',
        'La anticipación va de 0 a 48 horas.',
      ],
      [
        { ...HOURS, schedule: { ...HOURS.schedule, daysAhead: 31 } },
        'schedule.daysAhead',
        'Se puede programar de 1 a 30 días.',
      ],
      [{ ...HOURS, nowDays: [] }, 'nowDays', 'Cargá al menos un horario para pedir ahora.'],
    ];
    for (const [hours, path, message] of cases) {
      const res = await putHours(owner, delivery.contactId, delivery.modeId, hours);
      expectApiError(res, 400, 'BAD_REQUEST');
      expect(res.body.message, path).toBe(message);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    expectApiError(
      await putHours(owner, delivery.contactId, delivery.modeId, { ...HOURS, extra: true }),
      400,
      'BAD_REQUEST',
    );
    expect(await stored()).toEqual(before);
  });

  it('keeps a mode’s hours to the shop’s own owner', async () => {
    const before = await stored();
    const cook = await staffCookie(test.app, DONMATEO_COOK);
    const kenzo = await staffCookie(test.app, KENZO_OWNER);
    expectApiError(await putHours(cook, delivery.contactId, delivery.modeId, HOURS), 403, 'FORBIDDEN');
    const other = await putHours(kenzo, delivery.contactId, delivery.modeId, HOURS);
    expectApiError(other, 403, 'FORBIDDEN');
    expect(other.body.message).toBe('No tenés permisos para cambiar esta tienda.');
    // a mode of another shop of the same branch
    const belgrano = await idsOf(test.app, 'donmateo-belgrano');
    const [otherMode] = await test.database.db
      .select({ id: t.orderModes.id })
      .from(t.orderModes)
      .where(eq(t.orderModes.branchContactId, belgrano.contactId));
    const foreign = await putHours(owner, delivery.contactId, otherMode?.id ?? 999_999, HOURS);
    expectApiError(foreign, 404, 'NOT_FOUND');
    expect(foreign.body.message).toBe('No encontramos este modo de pedido.');
    expectApiError(await putHours(owner, delivery.contactId, 999_999, HOURS), 404, 'NOT_FOUND');
    expect(await stored()).toEqual(before);
  });

  it('leaves a mode with hours of its own alone when the shop’s hours change; the others follow', async () => {
    // Delivery has its own hours (the tests above); Take Away still follows the shop's
    const takeAway = await orderContext(test.app, 'donmateo-palermo', 'Take Away');
    const deliveryBefore = (await stored()).schedules;
    const week = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'].map(
      (dayOfWeek) => ({
        dayOfWeek,
        workingHours: [{ startAt: '10:00', endAt: '22:00' }],
      }),
    );
    const saved = await asStaff(test.app, owner, 'PUT', `/api/console/shop/${delivery.contactId}/hours`, {
      workingDays: week,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await stored()).schedules).toEqual(deliveryBefore);
    const takeAwayRows = await test.database.db
      .select({ workingDays: t.orderModeSchedules.workingDays })
      .from(t.orderModeSchedules)
      .where(eq(t.orderModeSchedules.orderModeId, takeAway.modeId));
    expect(takeAwayRows.length).toBeGreaterThan(0);
    for (const row of takeAwayRows) expect(row.workingDays).toEqual(week);
  });
});
