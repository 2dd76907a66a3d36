import { DAY_NAMES_ES, type DayOfWeek } from '@comanda/core';
import type { ModeHoursInput, OwnerShop, OwnerShopMode } from '@comanda/core/contract';

/** Monday first, as the owner reads a week. */
export const WEEK = Object.keys(DAY_NAMES_ES) as DayOfWeek[];

/** The slot lengths a scheduled order may have, in minutes. */
export const SLOT_MINUTES = [5, 10, 15, 20, 30, 45, 60, 90, 120] as const;

export type WeekKind = 'now' | 'scheduled';
export type ScheduleField = 'leadMinutes' | 'slotMinutes' | 'daysAhead';

/** One range being edited; `key` keeps React's rows apart while the times change. */
export interface RangeDraft {
  key: number;
  startAt: string;
  endAt: string;
}

export type WeekDraft = Record<DayOfWeek, RangeDraft[]>;

/** An order mode's hours as the form holds them: the numbers as typed. */
export interface ModeHoursDraft {
  nowEnabled: boolean;
  now: WeekDraft;
  useSchedule: boolean;
  scheduled: WeekDraft;
  leadMinutes: string;
  slotMinutes: string;
  daysAhead: string;
}

let lastKey = 0;
export const nextKey = () => {
  lastKey += 1;
  return lastKey;
};

/** A week of the contract ('HH:MM:SS' tolerated) as the editor's seven days, Monday first. */
export function weekDraft(days: OwnerShop['workingDays']): WeekDraft {
  const week = Object.fromEntries(WEEK.map((day) => [day, [] as RangeDraft[]])) as WeekDraft;
  for (const day of days) {
    const ranges = week[day.dayOfWeek as DayOfWeek];
    if (!ranges) continue;
    for (const range of day.workingHours)
      ranges.push({ key: nextKey(), startAt: range.startAt.slice(0, 5), endAt: range.endAt.slice(0, 5) });
  }
  return week;
}

export function modeDraft(mode: OwnerShopMode): ModeHoursDraft {
  return {
    nowEnabled: mode.nowEnabled,
    now: weekDraft(mode.nowDays),
    useSchedule: mode.useSchedule,
    scheduled: weekDraft(mode.scheduledDays),
    leadMinutes: String(mode.schedule.leadMinutes),
    slotMinutes: String(mode.schedule.slotMinutes),
    daysAhead: String(mode.schedule.daysAhead),
  };
}

/** The days sent, Monday first, only those with ranges: a 400's 'nowDays.N' is the Nth of this list. */
export function sentDays(week: WeekDraft): DayOfWeek[] {
  return WEEK.filter((day) => week[day].length > 0);
}

const weekInput = (week: WeekDraft) =>
  sentDays(week).map((dayOfWeek) => ({
    dayOfWeek,
    workingHours: week[dayOfWeek].map(({ startAt, endAt }) => ({ startAt, endAt })),
  }));

export const NUMBER_PROBLEM = 'Escribí un número entero.';

/** The body of `PUT .../modes/{modeId}/hours`, or the fields whose numbers cannot be sent. */
export function modeHoursInput(
  draft: ModeHoursDraft,
):
  | { input: ModeHoursInput; problems: null }
  | { input: null; problems: Partial<Record<ScheduleField, string>> } {
  const problems: Partial<Record<ScheduleField, string>> = {};
  const number = (field: ScheduleField) => {
    const text = draft[field].trim();
    const value = Number(text);
    if (text === '' || !Number.isInteger(value)) problems[field] = NUMBER_PROBLEM;
    return value;
  };
  const schedule = {
    leadMinutes: number('leadMinutes'),
    slotMinutes: number('slotMinutes'),
    daysAhead: number('daysAhead'),
  };
  if (Object.keys(problems).length > 0) return { input: null, problems };
  return {
    input: {
      nowEnabled: draft.nowEnabled,
      nowDays: weekInput(draft.now),
      useSchedule: draft.useSchedule,
      scheduledDays: weekInput(draft.scheduled),
      schedule,
    },
    problems: null,
  };
}

/** A 400's problems placed where the owner reads them: under a day, under a field, or above the button. */
export interface ModeHoursProblems {
  days: Record<WeekKind, Partial<Record<DayOfWeek, string>>>;
  fields: Partial<Record<ScheduleField, string>>;
  general: string[];
}

export const noProblems = (): ModeHoursProblems => ({
  days: { now: {}, scheduled: {} },
  fields: {},
  general: [],
});

/**
 * Splits `errors: [{ path, message }]` of a 400 by the body sent: 'nowDays.N...' is the Nth day of
 * `sent.now`, 'scheduledDays.N...' of `sent.scheduled`, 'schedule.slotMinutes' its field; the rest (and
 * the answer's `message` when no problem came) is general. A week that is off is not shown, so its
 * problems are general too.
 */
export function splitModeHoursProblems(
  errors: readonly unknown[] | undefined,
  sent: Record<WeekKind, DayOfWeek[]>,
  shown: Record<WeekKind, boolean>,
  fallback?: string,
): ModeHoursProblems {
  const problems = noProblems();
  const general = (message: string) => {
    if (!problems.general.includes(message)) problems.general.push(message);
  };
  for (const item of errors ?? []) {
    if (!item || typeof item !== 'object') continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const where = typeof path === 'string' ? path : '';
    const day = /^(nowDays|scheduledDays)\.(\d+)(\.|$)/.exec(where);
    const field = /^schedule\.(leadMinutes|slotMinutes|daysAhead)(\.|$)/.exec(where);
    if (day) {
      const kind: WeekKind = day[1] === 'nowDays' ? 'now' : 'scheduled';
      const dayOfWeek = sent[kind][Number(day[2])];
      if (dayOfWeek && shown[kind]) problems.days[kind][dayOfWeek] ??= message;
      else general(message);
    } else if (field) {
      problems.fields[field[1] as ScheduleField] ??= message;
    } else general(message);
  }
  const none =
    problems.general.length === 0 &&
    Object.keys(problems.fields).length === 0 &&
    Object.keys(problems.days.now).length === 0 &&
    Object.keys(problems.days.scheduled).length === 0;
  if (none && fallback) problems.general.push(fallback);
  return problems;
}

export function hasProblems(problems: ModeHoursProblems): boolean {
  return (
    problems.general.length > 0 ||
    Object.keys(problems.fields).length > 0 ||
    Object.keys(problems.days.now).length > 0 ||
    Object.keys(problems.days.scheduled).length > 0
  );
}
