import { describe, expect, it } from 'vitest';
import {
  computeScheduleSlots,
  DAY_NAMES_ES,
  type DayOfWeek,
  formatWorkingHours,
  isOpenAt,
  localDayOfWeek,
  nextOpeningAt,
  parseTimeOfDay,
  scheduleSlotToDate,
  type WorkingDay,
} from './schedule.ts';

const BUENOS_AIRES = 'America/Argentina/Buenos_Aires'; // UTC-3 all year
const SANTIAGO = 'America/Santiago'; // UTC-4 in winter, UTC-3 from the first Sunday of September

function day(dayOfWeek: DayOfWeek, ...ranges: Array<[string, string]>): WorkingDay {
  return { dayOfWeek, workingHours: ranges.map(([startAt, endAt]) => ({ startAt, endAt })) };
}

const EVERY_DAY: DayOfWeek[] = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];

function everyDay(...ranges: Array<[string, string]>): WorkingDay[] {
  return EVERY_DAY.map((dayOfWeek) => day(dayOfWeek, ...ranges));
}

// Wednesday 2025-06-11
const lunchOnWednesday = [day('WEDNESDAY', ['12:00', '15:00'])];

describe('parsing a time of day', () => {
  it.each([
    ['00:00', 0],
    ['9:30', 570],
    ['23:59', 1439],
    ['11:00:00', 660],
    ['24:00', 1440],
  ])('reads %s as %d minutes', (text, minutes) => {
    expect(parseTimeOfDay(text)).toBe(minutes);
  });

  it.each(['', '12', '25:00', '12:60', 'noon'])('rejects %j', (text) => {
    expect(parseTimeOfDay(text)).toBeNull();
  });
});

describe('isOpenAt', () => {
  it('reads the clock in the shop time zone, so the same instant differs between Buenos Aires and Santiago', () => {
    const now = new Date('2025-06-11T15:30:00Z'); // 12:30 in Buenos Aires, 11:30 in Santiago
    expect(isOpenAt(lunchOnWednesday, now, BUENOS_AIRES)).toBe(true);
    expect(isOpenAt(lunchOnWednesday, now, SANTIAGO)).toBe(false);
  });

  it('treats startAt as open and endAt as closed', () => {
    expect(isOpenAt(lunchOnWednesday, new Date('2025-06-11T15:00:00Z'), BUENOS_AIRES)).toBe(true);
    expect(isOpenAt(lunchOnWednesday, new Date('2025-06-11T17:59:59Z'), BUENOS_AIRES)).toBe(true);
    expect(isOpenAt(lunchOnWednesday, new Date('2025-06-11T18:00:00Z'), BUENOS_AIRES)).toBe(false);
  });

  it('is closed on a weekday without working hours', () => {
    expect(isOpenAt(lunchOnWednesday, new Date('2025-06-12T15:30:00Z'), BUENOS_AIRES)).toBe(false);
    expect(isOpenAt([day('THURSDAY')], new Date('2025-06-12T15:30:00Z'), BUENOS_AIRES)).toBe(false);
  });

  it('keeps a range crossing midnight open into the next day, until its endAt', () => {
    const lateFriday = [day('FRIDAY', ['20:00', '02:00'])];
    expect(isOpenAt(lateFriday, new Date('2025-06-14T02:00:00Z'), BUENOS_AIRES)).toBe(true); // Fri 23:00
    expect(isOpenAt(lateFriday, new Date('2025-06-14T04:30:00Z'), BUENOS_AIRES)).toBe(true); // Sat 01:30
    expect(isOpenAt(lateFriday, new Date('2025-06-14T05:00:00Z'), BUENOS_AIRES)).toBe(false); // Sat 02:00
    expect(isOpenAt(lateFriday, new Date('2025-06-13T22:30:00Z'), BUENOS_AIRES)).toBe(false); // Fri 19:30
    expect(isOpenAt(lateFriday, new Date('2025-06-15T00:00:00Z'), BUENOS_AIRES)).toBe(false); // Sat 21:00
  });

  it('reads endAt 23:59 as the end of the day, its last minute included', () => {
    const evening = [day('WEDNESDAY', ['19:00', '23:59'])];
    expect(isOpenAt(evening, new Date('2025-06-12T02:59:30Z'), BUENOS_AIRES)).toBe(true); // Wed 23:59:30
    expect(isOpenAt(evening, new Date('2025-06-12T03:00:00Z'), BUENOS_AIRES)).toBe(false); // Thu 00:00
  });

  it('reads endAt 00:00 as the end of the day, not as a range crossing midnight', () => {
    const evening = [day('WEDNESDAY', ['19:00', '00:00'])];
    expect(isOpenAt(evening, new Date('2025-06-12T02:45:00Z'), BUENOS_AIRES)).toBe(true); // Wed 23:45
    expect(isOpenAt(evening, new Date('2025-06-12T03:00:00Z'), BUENOS_AIRES)).toBe(false); // Thu 00:00
    expect(isOpenAt(evening, new Date('2025-06-11T12:00:00Z'), BUENOS_AIRES)).toBe(false); // Wed 09:00
  });

  it('reads 00:00 to 00:00 as open all day', () => {
    expect(
      isOpenAt([day('WEDNESDAY', ['00:00', '00:00'])], new Date('2025-06-11T03:00:00Z'), BUENOS_AIRES),
    ).toBe(true);
  });

  it('follows the Santiago wall clock across the September DST jump', () => {
    const sundayMorning = [day('SUNDAY', ['10:00', '12:00'])];
    // on 2025-09-07 Santiago moves to UTC-3, so 10:00 local is 13:00Z instead of 14:00Z
    expect(isOpenAt(sundayMorning, new Date('2025-09-07T13:00:00Z'), SANTIAGO)).toBe(true);
    expect(isOpenAt(sundayMorning, new Date('2025-09-07T15:00:00Z'), SANTIAGO)).toBe(false);
    // a week earlier, still UTC-4: 13:00Z is 09:00 local
    expect(isOpenAt(sundayMorning, new Date('2025-08-31T13:00:00Z'), SANTIAGO)).toBe(false);
  });

  it('ignores malformed ranges', () => {
    const broken = [day('WEDNESDAY', ['noon', '15:00'], ['12:00', '12:00'])];
    expect(isOpenAt(broken, new Date('2025-06-11T15:30:00Z'), BUENOS_AIRES)).toBe(false);
  });
});

describe('nextOpeningAt', () => {
  it('answers now while the shop is open', () => {
    const now = new Date('2025-06-11T15:30:00Z');
    expect(nextOpeningAt(lunchOnWednesday, now, BUENOS_AIRES)).toEqual(now);
  });

  it('finds the opening later today', () => {
    const now = new Date('2025-06-11T13:00:00Z'); // Wed 10:00
    expect(nextOpeningAt(lunchOnWednesday, now, BUENOS_AIRES)).toEqual(new Date('2025-06-11T15:00:00Z'));
  });

  it('finds the same weekday next week when today has already closed', () => {
    const now = new Date('2025-06-11T19:00:00Z'); // Wed 16:00
    expect(nextOpeningAt(lunchOnWednesday, now, BUENOS_AIRES)).toEqual(new Date('2025-06-18T15:00:00Z'));
  });

  it('converts the opening with the offset in force that day', () => {
    const now = new Date('2025-09-06T16:00:00Z'); // Saturday 12:00, UTC-4
    const sunday = [day('SUNDAY', ['10:00', '12:00'])];
    expect(nextOpeningAt(sunday, now, SANTIAGO)).toEqual(new Date('2025-09-07T13:00:00Z')); // 10:00 at UTC-3
  });

  it('answers null when there is no opening within the searched days', () => {
    expect(nextOpeningAt([], new Date('2025-06-11T15:30:00Z'), BUENOS_AIRES)).toBeNull();
    expect(nextOpeningAt(lunchOnWednesday, new Date('2025-06-12T15:30:00Z'), BUENOS_AIRES, 2)).toBeNull();
  });
});

describe('computeScheduleSlots', () => {
  it('lists slots every 30 minutes from startAt, strictly before endAt', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('THURSDAY', ['11:00', '13:00'])],
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
    });
    expect(schedulerDaysInfo).toEqual([
      { dayOfWeek: 'THURSDAY', date: '2025-06-12', availableHours: ['11:00', '11:30', '12:00', '12:30'] },
    ]);
  });

  it("drops today's slots that have passed", () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: lunchOnWednesday,
      now: new Date('2025-06-11T15:10:00Z'), // Wed 12:10
      timeZone: BUENOS_AIRES,
    });
    expect(schedulerDaysInfo[0]).toEqual({
      dayOfWeek: 'WEDNESDAY',
      date: '2025-06-11',
      availableHours: ['12:30', '13:00', '13:30', '14:00', '14:30'],
    });
  });

  it('drops today when no slot is left, and shows only weekdays with working hours', () => {
    const result = computeScheduleSlots({
      workingDays: [day('MONDAY', ['12:00', '13:00']), ...lunchOnWednesday, day('FRIDAY')],
      now: new Date('2025-06-11T18:00:00Z'), // Wed 15:00, lunch over
      timeZone: BUENOS_AIRES,
    });
    expect(result.schedulerDaysInfo).toEqual([
      { dayOfWeek: 'MONDAY', date: '2025-06-16', availableHours: ['12:00', '12:30'] },
    ]);
    expect(result.datesBetween).toEqual(['2025-06-16']);
  });

  it('covers today and the next six days by default', () => {
    const { datesBetween, schedulerDaysInfo } = computeScheduleSlots({
      workingDays: everyDay(['20:00', '21:00']),
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
    });
    expect(datesBetween).toEqual([
      '2025-06-11',
      '2025-06-12',
      '2025-06-13',
      '2025-06-14',
      '2025-06-15',
      '2025-06-16',
      '2025-06-17',
    ]);
    expect(schedulerDaysInfo.map((info) => info.dayOfWeek)).toEqual([
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SATURDAY',
      'SUNDAY',
      'MONDAY',
      'TUESDAY',
    ]);
  });

  it('keeps only slots starting at least minLeadMinutes from now', () => {
    const slots = (minLeadMinutes: number, now: string) =>
      computeScheduleSlots({
        workingDays: lunchOnWednesday,
        now: new Date(now),
        timeZone: BUENOS_AIRES,
        minLeadMinutes,
      }).schedulerDaysInfo[0]?.availableHours;
    expect(slots(45, '2025-06-11T15:10:00Z')?.[0]).toBe('13:00'); // 12:10 + 45 = 12:55
    expect(slots(30, '2025-06-11T15:00:00Z')?.[0]).toBe('12:30'); // exactly the lead is fine
    expect(slots(0, '2025-06-11T15:00:00Z')?.[0]).toBe('12:00');
  });

  // TastyIgniter's WorkingScheduleTest ('generates timeslot correctly'): Monday 08:00-12:00 and
  // 13:00-17:00, 15-minute slots and lead, now Monday 10:00: 22 slots, the reopening's first at 13:15
  it('gives the first slot after a reopening the lead time too, as TastyIgniter does', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('MONDAY', ['08:00', '12:00'], ['13:00', '17:00'])],
      now: new Date('2023-01-02T10:00:00Z'),
      timeZone: 'UTC',
      daysAhead: 1,
      slotMinutes: 15,
      minLeadMinutes: 15,
    });
    const hours = schedulerDaysInfo[0]?.availableHours ?? [];
    expect(hours).toHaveLength(22);
    expect(hours.slice(0, 8)).toEqual([
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
      '11:45',
      '13:15',
    ]);
    expect(hours.at(-1)).toBe('16:45');
  });

  it("gives the lead time after every opening: a day's second range and the next day's first", () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: everyDay(['10:00', '14:00'], ['18:00', '22:00']),
      now: new Date('2025-06-11T18:00:00Z'), // Wed 15:00, closed until 18:00
      timeZone: BUENOS_AIRES,
      daysAhead: 2,
      minLeadMinutes: 30,
    });
    expect(schedulerDaysInfo).toEqual([
      {
        dayOfWeek: 'WEDNESDAY',
        date: '2025-06-11',
        availableHours: ['18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'],
      },
      {
        dayOfWeek: 'THURSDAY',
        date: '2025-06-12',
        availableHours: [
          ...['10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'],
          ...['18:30', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30'],
        ],
      },
    ]);
  });

  it('keeps the grid of the range: a lead that is not a whole number of slots drops the slots it covers', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('THURSDAY', ['12:00', '14:00'])],
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
      minLeadMinutes: 45,
    });
    // 12:00 + 45 = 12:45: the first slot of the 30-minute grid from 12:00 at or after it
    expect(schedulerDaysInfo[0]?.availableHours).toEqual(['13:00', '13:30']);
  });

  it('takes the later of now and the opening, each plus the lead', () => {
    const slots = (now: string) =>
      computeScheduleSlots({
        workingDays: lunchOnWednesday,
        now: new Date(now),
        timeZone: BUENOS_AIRES,
        daysAhead: 1,
        minLeadMinutes: 60,
      }).schedulerDaysInfo[0]?.availableHours[0];
    expect(slots('2025-06-11T13:00:00Z')).toBe('13:00'); // now 10:00: the opening, 12:00 + 60, decides
    expect(slots('2025-06-11T15:40:00Z')).toBe('14:00'); // now 12:40: 12:40 + 60 = 13:40 decides
  });

  it('does not count ranges that touch as a reopening: the shop never closed', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [
        day('MONDAY', ['19:00', '23:59']),
        day('TUESDAY', ['00:00', '02:00'], ['11:00', '15:00'], ['15:00', '17:00']),
      ],
      now: new Date('2025-06-16T15:00:00Z'), // Mon 12:00
      timeZone: BUENOS_AIRES,
      daysAhead: 2,
      minLeadMinutes: 30,
    });
    expect(schedulerDaysInfo[0]?.availableHours[0]).toBe('19:30');
    expect(schedulerDaysInfo[1]?.availableHours).toEqual([
      ...['00:00', '00:30', '01:00', '01:30'],
      ...['11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30'],
      ...['15:00', '15:30', '16:00', '16:30'],
    ]);
  });

  it('counts the lead of a range crossing midnight from its start, not from midnight', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('FRIDAY', ['22:00', '02:00'])],
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
      minLeadMinutes: 60,
    });
    expect(schedulerDaysInfo).toEqual([
      { dayOfWeek: 'FRIDAY', date: '2025-06-13', availableHours: ['23:00', '23:30'] },
      { dayOfWeek: 'SATURDAY', date: '2025-06-14', availableHours: ['00:00', '00:30', '01:00', '01:30'] },
    ]);
  });

  it('keeps every slot of a shop open all day, every day, whatever the lead', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: everyDay(['00:00', '00:00']),
      now: new Date('2025-06-11T15:00:00Z'), // Wed 12:00
      timeZone: BUENOS_AIRES,
      daysAhead: 2,
      minLeadMinutes: 30,
    });
    expect(schedulerDaysInfo[0]?.availableHours[0]).toBe('12:30');
    expect(schedulerDaysInfo[1]?.availableHours).toHaveLength(48);
  });

  it('applies the lead time across midnight too', () => {
    const slots = (workingDays: WorkingDay[]) =>
      computeScheduleSlots({
        workingDays,
        now: new Date('2025-06-12T02:30:00Z'), // Wed 23:30
        timeZone: BUENOS_AIRES,
        minLeadMinutes: 90,
      }).schedulerDaysInfo[0];
    // open since Wednesday 23:00: now + 90 decides (Thursday's own 23:00 opening has no slot 90 minutes in)
    expect(slots(everyDay(['23:00', '02:00']))).toEqual({
      dayOfWeek: 'THURSDAY',
      date: '2025-06-12',
      availableHours: ['01:00', '01:30'],
    });
    // closed until Thursday 00:00: the opening + 90 decides
    expect(slots(everyDay(['00:00', '02:00']))).toEqual({
      dayOfWeek: 'THURSDAY',
      date: '2025-06-12',
      availableHours: ['01:30'],
    });
  });

  it('lists the after-midnight part of a crossing range on the next date, where it really starts', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('FRIDAY', ['22:00', '01:00'])],
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
    });
    expect(schedulerDaysInfo).toEqual([
      { dayOfWeek: 'FRIDAY', date: '2025-06-13', availableHours: ['22:00', '22:30', '23:00', '23:30'] },
      { dayOfWeek: 'SATURDAY', date: '2025-06-14', availableHours: ['00:00', '00:30'] },
    ]);
  });

  it("offers the rest of yesterday's crossing range early today", () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('TUESDAY', ['22:00', '02:00'])],
      now: new Date('2025-06-11T03:40:00Z'), // Wed 00:40
      timeZone: BUENOS_AIRES,
      daysAhead: 1,
    });
    expect(schedulerDaysInfo).toEqual([
      { dayOfWeek: 'WEDNESDAY', date: '2025-06-11', availableHours: ['01:00', '01:30'] },
    ]);
  });

  it('stops at the end of the window, cutting a crossing range on its last day', () => {
    const { datesBetween } = computeScheduleSlots({
      workingDays: everyDay(['23:00', '01:00']),
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
      daysAhead: 2,
    });
    expect(datesBetween).toEqual(['2025-06-11', '2025-06-12']);
  });

  it('ends at 23:30 for both endAt 23:59 and endAt 00:00', () => {
    for (const endAt of ['23:59', '00:00']) {
      const { schedulerDaysInfo } = computeScheduleSlots({
        workingDays: [day('THURSDAY', ['22:00', endAt])],
        now: new Date('2025-06-11T15:00:00Z'),
        timeZone: BUENOS_AIRES,
      });
      expect(schedulerDaysInfo).toEqual([
        { dayOfWeek: 'THURSDAY', date: '2025-06-12', availableHours: ['22:00', '22:30', '23:00', '23:30'] },
      ]);
    }
  });

  it('merges several ranges and entries of one weekday into sorted, unique hours', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [
        day('THURSDAY', ['20:00', '21:00'], ['11:00', '12:00']),
        day('THURSDAY', ['11:30', '12:30']),
      ],
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
    });
    expect(schedulerDaysInfo[0]?.availableHours).toEqual(['11:00', '11:30', '12:00', '20:00', '20:30']);
  });

  it('honours a custom slot length', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('THURSDAY', ['11:00', '12:00'])],
      now: new Date('2025-06-11T15:00:00Z'),
      timeZone: BUENOS_AIRES,
      slotMinutes: 20,
    });
    expect(schedulerDaysInfo[0]?.availableHours).toEqual(['11:00', '11:20', '11:40']);
  });

  it('decides what "today" is in the shop time zone', () => {
    // 2025-06-12T03:30Z is still Wednesday 23:30 in Santiago but Thursday 00:30 in Buenos Aires
    const input = {
      workingDays: everyDay(['10:00', '11:00']),
      now: new Date('2025-06-12T03:30:00Z'),
      daysAhead: 1,
    };
    expect(computeScheduleSlots({ ...input, timeZone: SANTIAGO }).datesBetween).toEqual([]);
    expect(computeScheduleSlots({ ...input, timeZone: BUENOS_AIRES }).datesBetween).toEqual(['2025-06-12']);
  });

  it('skips the wall times Santiago jumps over when DST starts', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('SUNDAY', ['00:00', '02:00'])],
      now: new Date('2025-09-06T16:00:00Z'), // Saturday 12:00
      timeZone: SANTIAGO,
      daysAhead: 2,
    });
    expect(schedulerDaysInfo).toEqual([
      { dayOfWeek: 'SUNDAY', date: '2025-09-07', availableHours: ['01:00', '01:30'] },
    ]);
  });

  it('lists the hour Santiago repeats when DST ends only once', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('SATURDAY', ['22:00', '23:59'])],
      now: new Date('2025-04-05T12:00:00Z'),
      timeZone: SANTIAGO,
      daysAhead: 1,
    });
    expect(schedulerDaysInfo[0]?.availableHours).toEqual(['22:00', '22:30', '23:00', '23:30']);
  });

  it('compares slots with now in real time across the DST change', () => {
    // Saturday 2025-09-06 23:10 local (UTC-4); a 90-minute lead lands on Sunday 01:40 local (UTC-3);
    // the shop opened at 22:00, so the opening's lead is long met
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('SATURDAY', ['22:00', '03:00'])],
      now: new Date('2025-09-07T03:10:00Z'),
      timeZone: SANTIAGO,
      daysAhead: 2,
      minLeadMinutes: 90,
    });
    expect(schedulerDaysInfo[0]?.availableHours).toEqual(['02:00', '02:30']);
  });

  it('has no slots without working days', () => {
    expect(computeScheduleSlots({ workingDays: [], now: new Date(), timeZone: BUENOS_AIRES })).toEqual({
      schedulerDaysInfo: [],
      datesBetween: [],
    });
  });

  it('refuses a slot length that is not a positive integer', () => {
    expect(() =>
      computeScheduleSlots({ workingDays: [], now: new Date(), timeZone: BUENOS_AIRES, slotMinutes: 0 }),
    ).toThrow(RangeError);
  });
});

describe('computeScheduleSlots with closures', () => {
  const now = new Date('2025-06-11T15:00:00Z'); // Wed 12:00 in Buenos Aires

  it('offers no slot on a closed date, whatever its hours', () => {
    const { datesBetween } = computeScheduleSlots({
      workingDays: everyDay(['20:00', '21:00']),
      now,
      timeZone: BUENOS_AIRES,
      closures: [{ startsOn: '2025-06-12', endsOn: '2025-06-13', message: 'Inventario' }],
    });
    expect(datesBetween).toEqual(['2025-06-11', '2025-06-14', '2025-06-15', '2025-06-16', '2025-06-17']);
  });

  it('drops today when a closure covers it, and every date of a closure covering the window', () => {
    const slots = (startsOn: string, endsOn: string) =>
      computeScheduleSlots({
        workingDays: everyDay(['20:00', '21:00']),
        now,
        timeZone: BUENOS_AIRES,
        closures: [{ startsOn, endsOn, message: null }],
      }).datesBetween;
    expect(slots('2025-06-11', '2025-06-11')[0]).toBe('2025-06-12');
    expect(slots('2025-06-01', '2025-07-01')).toEqual([]);
    // a closure over or still to come leaves the window alone
    expect(slots('2025-06-01', '2025-06-10')).toHaveLength(7);
    expect(slots('2025-06-18', '2025-06-30')).toHaveLength(7);
  });

  it('decides the closed date in the shop time zone', () => {
    const { datesBetween } = computeScheduleSlots({
      workingDays: everyDay(['20:00', '21:00']),
      now: new Date('2025-06-12T02:00:00Z'), // still Wed 23:00 in Buenos Aires
      timeZone: BUENOS_AIRES,
      daysAhead: 2,
      closures: [{ startsOn: '2025-06-12', endsOn: '2025-06-12', message: null }],
    });
    expect(datesBetween).toEqual([]);
  });

  it('closes the after-midnight part of a crossing range on the closed date it falls on', () => {
    const { schedulerDaysInfo } = computeScheduleSlots({
      workingDays: [day('FRIDAY', ['22:00', '02:00'])],
      now,
      timeZone: BUENOS_AIRES,
      closures: [{ startsOn: '2025-06-14', endsOn: '2025-06-14', message: null }],
    });
    expect(schedulerDaysInfo).toEqual([
      { dayOfWeek: 'FRIDAY', date: '2025-06-13', availableHours: ['22:00', '22:30', '23:00', '23:30'] },
    ]);
  });

  it('gives the lead time after a closure: the shop reopens at the first open minute', () => {
    // Friday is closed: Friday's range reopens at Saturday 00:00, whose first hour is the lead
    const crossing = computeScheduleSlots({
      workingDays: [day('FRIDAY', ['22:00', '02:00'])],
      now,
      timeZone: BUENOS_AIRES,
      minLeadMinutes: 60,
      closures: [{ startsOn: '2025-06-13', endsOn: '2025-06-13', message: null }],
    });
    expect(crossing.schedulerDaysInfo).toEqual([
      { dayOfWeek: 'SATURDAY', date: '2025-06-14', availableHours: ['01:00', '01:30'] },
    ]);
    // open around the clock and closed on Thursday: Friday starts at 00:30 with a 30-minute lead
    const allDay = computeScheduleSlots({
      workingDays: everyDay(['00:00', '00:00']),
      now,
      timeZone: BUENOS_AIRES,
      daysAhead: 3,
      minLeadMinutes: 30,
      closures: [{ startsOn: '2025-06-12', endsOn: '2025-06-12', message: null }],
    });
    expect(allDay.datesBetween).toEqual(['2025-06-11', '2025-06-13']);
    expect(allDay.schedulerDaysInfo[0]?.availableHours[0]).toBe('12:30');
    expect(allDay.schedulerDaysInfo[0]?.availableHours.at(-1)).toBe('23:30');
    expect(allDay.schedulerDaysInfo[1]?.availableHours[0]).toBe('00:30');
    expect(allDay.schedulerDaysInfo[1]?.availableHours).toHaveLength(47);
  });

  it('leaves the slots as they were without closures', () => {
    const input = {
      workingDays: everyDay(['10:00', '14:00'], ['18:00', '02:00']),
      now,
      timeZone: BUENOS_AIRES,
    };
    expect(computeScheduleSlots({ ...input, minLeadMinutes: 45, closures: [] })).toEqual(
      computeScheduleSlots({ ...input, minLeadMinutes: 45 }),
    );
  });
});

describe('scheduleSlotToDate', () => {
  it('turns a listed date and hour into the instant in the shop zone', () => {
    expect(scheduleSlotToDate('2025-06-12', '13:30', BUENOS_AIRES)).toEqual(new Date('2025-06-12T16:30:00Z'));
    expect(scheduleSlotToDate('2025-09-07', '10:00', SANTIAGO)).toEqual(new Date('2025-09-07T13:00:00Z'));
  });

  it('answers null for a malformed, impossible or skipped wall time', () => {
    expect(scheduleSlotToDate('2025-02-30', '10:00', BUENOS_AIRES)).toBeNull();
    expect(scheduleSlotToDate('2025-06-12', '25:00', BUENOS_AIRES)).toBeNull();
    expect(scheduleSlotToDate('12/06/2025', '10:00', BUENOS_AIRES)).toBeNull();
    expect(scheduleSlotToDate('2025-09-07', '00:30', SANTIAGO)).toBeNull();
  });
});

describe('day names and working-hours text', () => {
  it('gives the local weekday in the shop zone', () => {
    const lateTuesdayInBuenosAires = new Date('2025-06-11T02:00:00Z');
    expect(localDayOfWeek(lateTuesdayInBuenosAires, BUENOS_AIRES)).toBe('TUESDAY');
    expect(localDayOfWeek(lateTuesdayInBuenosAires, 'UTC')).toBe('WEDNESDAY');
  });

  it('names the days in Spanish', () => {
    expect(EVERY_DAY.map((dayOfWeek) => DAY_NAMES_ES[dayOfWeek])).toEqual([
      'Lunes',
      'Martes',
      'Miércoles',
      'Jueves',
      'Viernes',
      'Sábado',
      'Domingo',
    ]);
  });

  it.each([
    [day('MONDAY', ['11:00', '15:00'], ['19:00', '23:59']), '11:00 a 15:00 y 19:00 a 23:59'],
    [day('MONDAY', ['19:00', '23:59'], ['11:00', '15:00']), '11:00 a 15:00 y 19:00 a 23:59'],
    [day('MONDAY', ['9:00:00', '12:00:00']), '09:00 a 12:00'],
    [
      day('MONDAY', ['08:00', '10:00'], ['12:00', '14:00'], ['20:00', '02:00']),
      '08:00 a 10:00, 12:00 a 14:00 y 20:00 a 02:00',
    ],
    [day('MONDAY'), 'Cerrado'],
  ])('writes %j as %s', (workingDay, expected) => {
    expect(formatWorkingHours(workingDay)).toBe(expected);
  });
});
