import { describe, expect, it } from 'vitest';
import type { DayOfWeek } from '../schedule.ts';
import { workingDaysProblems } from './working-hours.ts';

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
