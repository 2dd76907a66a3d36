import { TZDate } from '@date-fns/tz';
import type { ShopClosure } from './closures.ts';
import { MESSAGES } from './messages.ts';
import type { DayOfWeek } from './week-days.ts';

export { DAY_NAMES_ES, type DayOfWeek } from './week-days.ts';

/** HH:MM in 24 h. endAt '00:00' or '23:59' means the end of the day; endAt before startAt crosses midnight. */
export interface WorkingHours {
  startAt: string;
  endAt: string;
}

export interface WorkingDay {
  dayOfWeek: DayOfWeek;
  workingHours: WorkingHours[];
}

export interface SchedulerDayInfo {
  dayOfWeek: DayOfWeek;
  /** YYYY-MM-DD in the shop's time zone */
  date: string;
  /** 'HH:MM', sorted */
  availableHours: string[];
}

export interface ScheduleSlots {
  schedulerDaysInfo: SchedulerDayInfo[];
  datesBetween: string[];
}

export interface ComputeScheduleSlotsInput {
  workingDays: WorkingDay[];
  now: Date;
  timeZone: string;
  /** days in the window, today included; default 7 */
  daysAhead?: number;
  /** default 30 */
  slotMinutes?: number;
  /** default 0 */
  minLeadMinutes?: number;
  /** holidays and one-off closures: their local dates offer no slot (issue 27) */
  closures?: readonly ShopClosure[];
}

// Index 0 is Sunday, as Date#getDay counts.
const DAYS_BY_JS_INDEX: readonly DayOfWeek[] = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
];

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;

/** Minutes after local midnight for 'HH:MM' (seconds, if present, are ignored); null when malformed. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** A working-hours range as minutes from the start day's midnight; end > 1440 when it crosses midnight. */
interface MinuteRange {
  start: number;
  end: number;
}

function toMinuteRange(hours: WorkingHours): MinuteRange | null {
  const start = parseTimeOfDay(hours.startAt);
  const end = parseTimeOfDay(hours.endAt);
  if (start === null || end === null || start >= MINUTES_PER_DAY) return null;
  // '00:00' and '23:59' are how the data says "until the end of the day"
  if (end === 0 || end === MINUTES_PER_DAY - 1 || end === MINUTES_PER_DAY)
    return { start, end: MINUTES_PER_DAY };
  if (end > start) return { start, end };
  if (end < start) return { start, end: end + MINUTES_PER_DAY };
  return null;
}

function rangesFor(workingDays: WorkingDay[], day: DayOfWeek): MinuteRange[] {
  return workingDays
    .filter((workingDay) => workingDay.dayOfWeek === day)
    .flatMap((workingDay) => workingDay.workingHours.map(toMinuteRange))
    .filter((range): range is MinuteRange => range !== null);
}

/** A wall-calendar date, free of any zone; arithmetic on it runs in UTC where days are always 24 h. */
interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function dayOfWeekOf(date: CalendarDate): DayOfWeek {
  return DAYS_BY_JS_INDEX[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? 'SUNDAY';
}

function pad2(value: number): string {
  return String(value).padStart(2, '0');
}

function formatDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad2(date.month)}-${pad2(date.day)}`;
}

function formatMinutes(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

function localParts(
  now: Date,
  timeZone: string,
): { date: CalendarDate; minute: number; dayOfWeek: DayOfWeek } {
  const local = new TZDate(now.getTime(), timeZone);
  const date = { year: local.getFullYear(), month: local.getMonth() + 1, day: local.getDate() };
  const minute =
    local.getHours() * 60 +
    local.getMinutes() +
    local.getSeconds() / 60 +
    local.getMilliseconds() / MS_PER_MINUTE;
  return { date, minute, dayOfWeek: DAYS_BY_JS_INDEX[local.getDay()] ?? 'SUNDAY' };
}

/** The instant of a wall time; a time skipped by a DST jump resolves to the first instant after the gap. */
function wallTimeToInstant(date: CalendarDate, minute: number, timeZone: string): TZDate {
  return new TZDate(
    date.year,
    date.month - 1,
    date.day,
    Math.floor(minute / 60),
    minute % 60,
    0,
    0,
    timeZone,
  );
}

/** Like wallTimeToInstant, but null for a wall time that does not exist (inside a DST gap). */
function existingWallTimeToInstant(date: CalendarDate, minute: number, timeZone: string): number | null {
  const instant = wallTimeToInstant(date, minute, timeZone);
  const exists =
    instant.getDate() === date.day &&
    instant.getHours() === Math.floor(minute / 60) &&
    instant.getMinutes() === minute % 60;
  return exists ? instant.getTime() : null;
}

/** The local date of an instant in the zone, 'YYYY-MM-DD'. */
export function localDateOf(now: Date, timeZone: string): string {
  return formatDate(localParts(now, timeZone).date);
}

export function localDayOfWeek(now: Date, timeZone: string): DayOfWeek {
  return localParts(now, timeZone).dayOfWeek;
}

/** Open when a range of today contains the local time, or a range of yesterday crossing midnight still runs. */
export function isOpenAt(workingDays: WorkingDay[], now: Date, timeZone: string): boolean {
  const { date, minute, dayOfWeek } = localParts(now, timeZone);
  const openToday = rangesFor(workingDays, dayOfWeek).some(
    (range) => minute >= range.start && minute < range.end,
  );
  if (openToday) return true;
  return rangesFor(workingDays, dayOfWeekOf(addDays(date, -1))).some(
    (range) => range.end > MINUTES_PER_DAY && minute < range.end - MINUTES_PER_DAY,
  );
}

/**
 * The earliest moment at or after now when the shop is open: now itself when open, otherwise the next
 * range start among today and the following searchDays local days; null when none is found.
 */
export function nextOpeningAt(
  workingDays: WorkingDay[],
  now: Date,
  timeZone: string,
  searchDays = 7,
): Date | null {
  if (isOpenAt(workingDays, now, timeZone)) return new Date(now.getTime());
  const today = localParts(now, timeZone).date;
  for (let offset = 0; offset <= searchDays; offset++) {
    const date = addDays(today, offset);
    const starts = rangesFor(workingDays, dayOfWeekOf(date))
      .map((range) => wallTimeToInstant(date, range.start, timeZone).getTime())
      .filter((instant) => instant > now.getTime());
    // ranges of a later day always start after those of an earlier day, so the first day with one wins
    if (starts.length > 0) return new Date(Math.min(...starts));
  }
  return null;
}

/**
 * Slots a diner may schedule an order for, per local date, from today through daysAhead - 1.
 *
 * Slots start at each range's startAt and every slotMinutes after, strictly before endAt. Each slot is
 * listed under the local date on which it actually starts, so date + hour always names the right
 * instant: the after-midnight part of a range crossing midnight is listed on the next date (and
 * yesterday's crossing range lends its early slots to today). Wall times skipped by a DST jump are
 * dropped. A date left without slots is dropped, so the diner never sees an empty day.
 *
 * The lead time. The spec: "Same-day slots must start at least a minimum lead time from now." The lead
 * is the time the kitchen needs to have an order ready, and it only has it while the shop is open: a
 * slot is offered when it starts at least minLeadMinutes after now (on any day, not only today) and at
 * least minLeadMinutes after the opening it belongs to, so the first slot after each opening (the day's
 * first, the one after a midday break, the next day's) is held back the same way the first slot after
 * now is. As TastyIgniter's WorkingScheduleTest has it: 08:00-12:00 and 13:00-17:00, 15-minute slots
 * and lead, now 10:00 gives 22 slots, the afternoon's first at 13:15. Unlike TastyIgniter, which starts
 * its grid at opening + lead, slots stay on the range's grid (startAt + n * slotMinutes): a lead that is
 * not a whole number of slots drops the slots it covers (12:00 with a 45-minute lead starts at 13:00).
 * Ranges that overlap or touch (until 23:59 and again from 00:00, 11:00-15:00 and 15:00-20:00) are
 * one opening: the shop never closed between them.
 *
 * Closures (issue 27): a closed local date offers no slot, whatever its hours, and the shop reopens
 * after it: the first slot after a closure waits for the lead like the first after any opening (a
 * shop open around the clock and closed on the 24th offers the 25th from 00:00 plus the lead).
 */
export function computeScheduleSlots(input: ComputeScheduleSlotsInput): ScheduleSlots {
  const { workingDays, now, timeZone } = input;
  const daysAhead = input.daysAhead ?? 7;
  const slotMinutes = input.slotMinutes ?? 30;
  const minLeadMinutes = input.minLeadMinutes ?? 0;
  if (!Number.isInteger(slotMinutes) || slotMinutes <= 0) {
    throw new RangeError(`slotMinutes must be a positive integer, got ${slotMinutes}`);
  }
  if (!Number.isInteger(daysAhead) || daysAhead < 0) {
    throw new RangeError(`daysAhead must be a non-negative integer, got ${daysAhead}`);
  }

  const today = localParts(now, timeZone).date;
  const isClosed = closedDayTest(input.closures ?? [], today);
  const leadMs = minLeadMinutes * MS_PER_MINUTE;
  const earliest = now.getTime() + leadMs;
  const openings = openingsAround(workingDays, today, daysAhead, minLeadMinutes, isClosed);
  const readyFromByOpening = new Map<MinuteRange, number>();
  const readyFromOf = (opening: MinuteRange): number => {
    let readyFrom = readyFromByOpening.get(opening);
    if (readyFrom === undefined) {
      readyFrom = Math.max(earliest, openingInstant(opening, today, timeZone) + leadMs);
      readyFromByOpening.set(opening, readyFrom);
    }
    return readyFrom;
  };
  const minutesByOffset = new Map<number, Set<number>>();

  // starting at yesterday, whose range may cross into today
  for (let offset = -1; offset < daysAhead; offset++) {
    const date = addDays(today, offset);
    for (const range of rangesFor(workingDays, dayOfWeekOf(date))) {
      for (let minute = range.start; minute < range.end; minute += slotMinutes) {
        const dayShift = Math.floor(minute / MINUTES_PER_DAY);
        const slotOffset = offset + dayShift;
        if (slotOffset < 0 || slotOffset >= daysAhead || isClosed(slotOffset)) continue;
        const slotMinute = minute % MINUTES_PER_DAY;
        const instant = existingWallTimeToInstant(addDays(date, dayShift), slotMinute, timeZone);
        if (instant === null) continue;
        // a closure may cut a range in two: the slot's own opening, not the range's start, holds it back
        const opening = openingOf(openings, offset * MINUTES_PER_DAY + minute);
        if (instant < readyFromOf(opening)) continue;
        let minutes = minutesByOffset.get(slotOffset);
        if (!minutes) {
          minutes = new Set();
          minutesByOffset.set(slotOffset, minutes);
        }
        minutes.add(slotMinute);
      }
    }
  }

  const schedulerDaysInfo = [...minutesByOffset.entries()]
    .sort(([a], [b]) => a - b)
    .map(([offset, minutes]) => {
      const date = addDays(today, offset);
      return {
        dayOfWeek: dayOfWeekOf(date),
        date: formatDate(date),
        availableHours: [...minutes].sort((a, b) => a - b).map(formatMinutes),
      };
    });
  return { schedulerDaysInfo, datesBetween: schedulerDaysInfo.map((day) => day.date) };
}

/**
 * Whether the local date `offset` days from today is closed. Dates are compared as 'YYYY-MM-DD'
 * strings, which sort like the dates they name (closures.ts's closureOn does the same; this file
 * cannot import it back).
 */
function closedDayTest(closures: readonly ShopClosure[], today: CalendarDate): (offset: number) => boolean {
  if (closures.length === 0) return () => false;
  const known = new Map<number, boolean>();
  return (offset) => {
    let closed = known.get(offset);
    if (closed === undefined) {
      const date = formatDate(addDays(today, offset));
      closed = closures.some((closure) => closure.startsOn <= date && date <= closure.endsOn);
      known.set(offset, closed);
    }
    return closed;
  };
}

/**
 * The openings of the window as wall minutes from today's midnight: every range, overlapping or
 * touching ones joined, closed days cut out. It looks back far enough that an opening started before
 * the window (a shop open around the clock) is not mistaken for one starting at the window's first range.
 */
function openingsAround(
  workingDays: WorkingDay[],
  today: CalendarDate,
  daysAhead: number,
  minLeadMinutes: number,
  isClosed: (offset: number) => boolean,
): MinuteRange[] {
  const lookBack = 1 + Math.ceil(minLeadMinutes / MINUTES_PER_DAY);
  const ranges: MinuteRange[] = [];
  for (let offset = -lookBack; offset < daysAhead; offset++) {
    for (const range of rangesFor(workingDays, dayOfWeekOf(addDays(today, offset)))) {
      const start = offset * MINUTES_PER_DAY + range.start;
      const end = offset * MINUTES_PER_DAY + range.end;
      // the part of the range on each local date it touches (two at most), but for closed dates
      for (let day = Math.floor(start / MINUTES_PER_DAY); day * MINUTES_PER_DAY < end; day++) {
        if (isClosed(day)) continue;
        ranges.push({
          start: Math.max(start, day * MINUTES_PER_DAY),
          end: Math.min(end, (day + 1) * MINUTES_PER_DAY),
        });
      }
    }
  }
  ranges.sort((a, b) => a.start - b.start);
  const openings: MinuteRange[] = [];
  for (const range of ranges) {
    const last = openings.at(-1);
    if (last && range.start <= last.end) last.end = Math.max(last.end, range.end);
    else openings.push({ ...range });
  }
  return openings;
}

/** The opening holding wall minute `at` (minutes from today's midnight). */
function openingOf(openings: readonly MinuteRange[], at: number): MinuteRange {
  // every slot of an open date lies in an opening, so the fallback never serves
  return openings.find((opening) => opening.start <= at && at < opening.end) ?? { start: at, end: at };
}

/** The instant an opening starts; a start skipped by a DST jump is the first instant after the gap. */
function openingInstant(opening: MinuteRange, today: CalendarDate, timeZone: string): number {
  const dayShift = Math.floor(opening.start / MINUTES_PER_DAY);
  const minute = opening.start - dayShift * MINUTES_PER_DAY;
  return wallTimeToInstant(addDays(today, dayShift), minute, timeZone).getTime();
}

/** The instant a scheduled slot names ('2025-09-07', '13:30' in the zone); null if malformed or skipped by DST. */
export function scheduleSlotToDate(date: string, hour: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const minute = parseTimeOfDay(hour);
  if (!match || minute === null || minute >= MINUTES_PER_DAY) return null;
  const calendarDate = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (formatDate(addDays(calendarDate, 0)) !== date) return null;
  const instant = existingWallTimeToInstant(calendarDate, minute, timeZone);
  return instant === null ? null : new Date(instant);
}

/** '11:00 a 15:00 y 19:00 a 23:59'; a day without hours reads 'Cerrado'. */
export function formatWorkingHours(day: WorkingDay): string {
  const ranges = [...day.workingHours]
    .sort((a, b) => (parseTimeOfDay(a.startAt) ?? 0) - (parseTimeOfDay(b.startAt) ?? 0))
    .map((hours) => `${shortTime(hours.startAt)} a ${shortTime(hours.endAt)}`);
  if (ranges.length === 0) return MESSAGES.closed;
  if (ranges.length === 1) return ranges[0] ?? '';
  return `${ranges.slice(0, -1).join(', ')} y ${ranges.at(-1)}`;
}

function shortTime(text: string): string {
  const minutes = parseTimeOfDay(text);
  return minutes === null ? text.trim() : formatMinutes(minutes);
}
