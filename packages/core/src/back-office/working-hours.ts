import type { ModeHoursInput } from '../contract/back-office.ts';
import type { DayOfWeek, WorkingDay } from '../schedule.ts';
import { BACK_OFFICE_MESSAGES, fillMessage } from './messages.ts';

export const DAY_NAMES: Record<DayOfWeek, string> = {
  MONDAY: 'lunes',
  TUESDAY: 'martes',
  WEDNESDAY: 'miércoles',
  THURSDAY: 'jueves',
  FRIDAY: 'viernes',
  SATURDAY: 'sábado',
  SUNDAY: 'domingo',
};

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const MINUTES_PER_DAY = 24 * 60;

/** A range as minutes of its day: an end at or before the start runs past midnight ('00:00' ends the day). */
function span(range: { startAt: string; endAt: string }): [number, number] {
  const start = minutesOf(range.startAt);
  const end = minutesOf(range.endAt);
  return [start, end <= start ? end + MINUTES_PER_DAY : end];
}

const WEEK = Object.keys(DAY_NAMES) as DayOfWeek[];

/** The day before, Monday's being Sunday (a week repeats). */
const dayBefore = (day: DayOfWeek): DayOfWeek => WEEK[(WEEK.indexOf(day) + 6) % 7] ?? day;

/**
 * How far into the next day the ranges of `day` run, in minutes after its midnight (0 when none crosses
 * it): Monday 20:00-02:00 holds Tuesday until 02:00. A range that starts and ends at the same time is
 * refused on its own day and holds nothing here.
 */
function spillAfter(days: WorkingDay[], day: DayOfWeek): number {
  return Math.max(
    0,
    ...days
      .filter((d) => d.dayOfWeek === day)
      .flatMap((d) => d.workingHours.filter((r) => r.startAt !== r.endAt).map(span))
      .map(([, end]) => end - MINUTES_PER_DAY),
  );
}

/**
 * Problems of a week of opening hours, one per day at most: a range that starts and ends at the same
 * time, or two ranges of one day that overlap (Monday 08-12 and 11-17 would make 11-12 count twice).
 * A range past midnight also holds the next day's early hours: Monday 20:00-02:00 overlaps Tuesday
 * 01:00-05:00 (Tuesday's problem), while ranges that only touch (08-12 and 12-17; Monday 20:00-02:00
 * and Tuesday 02:00-05:00) do not overlap.
 */
export function workingDaysProblems(days: WorkingDay[]): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  days.forEach((day, d) => {
    const name = DAY_NAMES[day.dayOfWeek];
    const empty = day.workingHours.findIndex((r) => r.startAt === r.endAt);
    if (empty >= 0) {
      problems.push({
        path: `${d}.workingHours.${empty}`,
        message: fillMessage(BACK_OFFICE_MESSAGES.hoursEmptyRange, { day: name }),
      });
      return;
    }
    const spans = day.workingHours.map(span).sort((a, b) => a[0] - b[0]);
    const spill = spillAfter(days, dayBefore(day.dayOfWeek));
    const overlaps =
      spans.some((current, i) => i > 0 && current[0] < (spans[i - 1]?.[1] ?? 0)) ||
      spans.some(([start]) => start < spill);
    if (overlaps)
      problems.push({
        path: `${d}.workingHours`,
        message: fillMessage(BACK_OFFICE_MESSAGES.hoursOverlap, { day: name }),
      });
  });
  const seen = new Set<string>();
  days.forEach((day, d) => {
    if (seen.has(day.dayOfWeek))
      problems.push({
        path: `${d}.dayOfWeek`,
        message: fillMessage(BACK_OFFICE_MESSAGES.hoursOverlap, { day: DAY_NAMES[day.dayOfWeek] }),
      });
    seen.add(day.dayOfWeek);
  });
  return problems;
}

/** The slot lengths an owner may choose for scheduled orders, in minutes. */
export const SLOT_MINUTES = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const;
/** The most a kitchen may ask in advance: 48 hours. */
export const MAX_LEAD_MINUTES = 48 * 60;
export const MAX_DAYS_AHEAD = 30;

/**
 * Problems of one order mode's hours (issue 27): each week of ranges as `workingDaysProblems` sees it,
 * at least one way to order (now or scheduled), hours for each way that is on, and the scheduling
 * settings within bounds (checked even with scheduling off, so turning it on again finds them valid).
 */
export function modeHoursProblems(input: ModeHoursInput): { path: string; message: string }[] {
  const M = BACK_OFFICE_MESSAGES;
  const within = (prefix: string, days: WorkingDay[]) =>
    workingDaysProblems(days).map((p) => ({ ...p, path: `${prefix}.${p.path}` }));
  const ranges = (days: WorkingDay[]) => days.reduce((sum, day) => sum + day.workingHours.length, 0);
  const problems = [...within('nowDays', input.nowDays), ...within('scheduledDays', input.scheduledDays)];
  if (!input.nowEnabled && !input.useSchedule)
    problems.push({ path: 'nowEnabled', message: M.modeNoWayToOrder });
  if (input.nowEnabled && ranges(input.nowDays) === 0)
    problems.push({ path: 'nowDays', message: M.modeNowHoursRequired });
  if (input.useSchedule && ranges(input.scheduledDays) === 0)
    problems.push({ path: 'scheduledDays', message: M.modeScheduledHoursRequired });
  const { leadMinutes, slotMinutes, daysAhead } = input.schedule;
  if (leadMinutes < 0 || leadMinutes > MAX_LEAD_MINUTES)
    problems.push({ path: 'schedule.leadMinutes', message: M.modeLeadRange });
  if (!(SLOT_MINUTES as readonly number[]).includes(slotMinutes))
    problems.push({ path: 'schedule.slotMinutes', message: M.modeSlotLength });
  if (daysAhead < 1 || daysAhead > MAX_DAYS_AHEAD)
    problems.push({ path: 'schedule.daysAhead', message: M.modeDaysAheadRange });
  return problems;
}
