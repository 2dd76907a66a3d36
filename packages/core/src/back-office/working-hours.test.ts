import { describe, expect, it } from 'vitest';
import type { DayOfWeek } from '../schedule.ts';
import { modeHoursProblems, workingDaysProblems } from './working-hours.ts';

const day = (dayOfWeek: DayOfWeek, ...ranges: [string, string][]) => ({
  dayOfWeek,
  workingHours: ranges.map(([startAt, endAt]) => ({ startAt, endAt })),
});

const overlap = (path: string, name: string) => ({
  path,
  message: `Los horarios del ${name} se superponen. Revisá los rangos.`,
});

describe('overlapping opening hours', () => {
  it('takes ranges that only touch, within a day and across midnight', () => {
    expect(
      workingDaysProblems([
        day('MONDAY', ['08:00', '12:00'], ['12:00', '17:00'], ['20:00', '02:00']),
        day('TUESDAY', ['02:00', '05:00'], ['18:00', '00:00']),
        day('WEDNESDAY', ['00:00', '03:00']),
      ]),
    ).toEqual([]);
  });

  it('refuses a range past midnight that overlaps a later range of its own day', () => {
    expect(workingDaysProblems([day('FRIDAY', ['20:00', '02:00'], ['21:00', '23:00'])])).toEqual([
      overlap('0.workingHours', 'viernes'),
    ]);
    expect(workingDaysProblems([day('FRIDAY', ['18:00', '00:00'], ['22:00', '03:00'])])).toEqual([
      overlap('0.workingHours', 'viernes'),
    ]);
  });

  it("takes a day's early hours next to its own range past midnight: they are hours of different days", () => {
    // Monday 01:00-05:00 is Monday morning; Monday 22:00-02:00 holds Tuesday until 02:00
    expect(workingDaysProblems([day('MONDAY', ['01:00', '05:00'], ['22:00', '02:00'])])).toEqual([]);
  });

  it("refuses the next day's ranges that the range past midnight still holds", () => {
    expect(
      workingDaysProblems([day('MONDAY', ['20:00', '02:00']), day('TUESDAY', ['01:00', '05:00'])]),
    ).toEqual([overlap('1.workingHours', 'martes')]);
    // listed in any order, and from Sunday into Monday
    expect(
      workingDaysProblems([
        day('MONDAY', ['00:00', '03:00'], ['12:00', '15:00']),
        day('SUNDAY', ['19:00', '01:00']),
      ]),
    ).toEqual([overlap('0.workingHours', 'lunes')]);
  });

  it('lets no empty range hold the next day, and names each day once', () => {
    expect(
      workingDaysProblems([
        day('MONDAY', ['10:00', '10:00']),
        day('TUESDAY', ['09:00', '12:00'], ['11:00', '13:00']),
        day('WEDNESDAY', ['09:00', '12:00']),
      ]),
    ).toEqual([
      { path: '0.workingHours.0', message: 'Un horario del lunes empieza y termina a la misma hora.' },
      overlap('1.workingHours', 'martes'),
    ]);
  });
});

describe('hours of an order mode', () => {
  const valid = {
    nowEnabled: true,
    nowDays: [day('MONDAY', ['12:00', '15:00'], ['19:00', '01:00']), day('TUESDAY', ['12:00', '15:00'])],
    useSchedule: true,
    scheduledDays: [day('MONDAY', ['19:00', '23:00'])],
    schedule: { leadMinutes: 45, slotMinutes: 15, daysAhead: 3 },
  };

  it('takes several ranges a day, past midnight, for now and scheduled orders', () => {
    expect(modeHoursProblems(valid)).toEqual([]);
    expect(modeHoursProblems({ ...valid, useSchedule: false, scheduledDays: [] })).toEqual([]);
    expect(modeHoursProblems({ ...valid, nowEnabled: false, nowDays: [] })).toEqual([]);
    expect(
      modeHoursProblems({ ...valid, schedule: { leadMinutes: 0, slotMinutes: 120, daysAhead: 30 } }),
    ).toEqual([]);
    expect(
      modeHoursProblems({ ...valid, schedule: { leadMinutes: 2880, slotMinutes: 5, daysAhead: 1 } }),
    ).toEqual([]);
  });

  it('checks each week of ranges, with the path of its list', () => {
    expect(
      modeHoursProblems({
        ...valid,
        nowDays: [day('MONDAY', ['12:00', '15:00'], ['14:00', '16:00'])],
        scheduledDays: [day('MONDAY', ['19:00', '23:00']), day('FRIDAY', ['10:00', '10:00'])],
      }),
    ).toEqual([
      overlap('nowDays.0.workingHours', 'lunes'),
      {
        path: 'scheduledDays.1.workingHours.0',
        message: 'Un horario del viernes empieza y termina a la misma hora.',
      },
    ]);
  });

  it('needs one way to order, and hours for each way that is on', () => {
    expect(modeHoursProblems({ ...valid, nowEnabled: false, useSchedule: false })).toEqual([
      { path: 'nowEnabled', message: 'Elegí al menos una forma de pedir: para ahora o programado.' },
    ]);
    expect(modeHoursProblems({ ...valid, nowDays: [day('MONDAY')] })).toEqual([
      { path: 'nowDays', message: 'Cargá al menos un horario para pedir ahora.' },
    ]);
    expect(modeHoursProblems({ ...valid, scheduledDays: [] })).toEqual([
      { path: 'scheduledDays', message: 'Cargá al menos un horario para pedidos programados.' },
    ]);
  });

  it('keeps the scheduling settings within bounds', () => {
    const withSchedule = (schedule: Partial<typeof valid.schedule>) =>
      modeHoursProblems({ ...valid, schedule: { ...valid.schedule, ...schedule } });
    const lead = { path: 'schedule.leadMinutes', message: 'La anticipación va de 0 a 48 horas.' };
    const slot = { path: 'schedule.slotMinutes', message: 'Elegí turnos de 5 a 120 minutos.' };
    const days = { path: 'schedule.daysAhead', message: 'Se puede programar de 1 a 30 días.' };
    expect(withSchedule({ leadMinutes: -1 })).toEqual([lead]);
    expect(withSchedule({ leadMinutes: 2881 })).toEqual([lead]);
    for (const slotMinutes of [0, 7, 25, 180]) expect(withSchedule({ slotMinutes })).toEqual([slot]);
    expect(withSchedule({ daysAhead: 0 })).toEqual([days]);
    expect(withSchedule({ daysAhead: 31 })).toEqual([days]);
    expect(withSchedule({ leadMinutes: 3000, slotMinutes: 7, daysAhead: 0 })).toEqual([lead, slot, days]);
  });
});
