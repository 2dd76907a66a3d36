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
