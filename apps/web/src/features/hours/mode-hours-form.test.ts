import type { OwnerShopMode } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import {
  modeDraft,
  modeHoursInput,
  NUMBER_PROBLEM,
  sentDays,
  splitModeHoursProblems,
} from './mode-hours-form.ts';

const TAKE_AWAY: OwnerShopMode = {
  id: 7,
  type: 'TAKE_AWAY',
  showName: 'Take Away',
  active: true,
  nowEnabled: true,
  nowDays: [
    { dayOfWeek: 'WEDNESDAY', workingHours: [{ startAt: '19:00:00', endAt: '01:00:00' }] },
    { dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:00', endAt: '15:00' }] },
  ],
  useSchedule: false,
  scheduledDays: [],
  schedule: { leadMinutes: 30, slotMinutes: 15, daysAhead: 3 },
};

describe('mode hours form', () => {
  it('sends the days with ranges, Monday first, times as HH:MM', () => {
    const draft = modeDraft(TAKE_AWAY);
    expect(sentDays(draft.now)).toEqual(['MONDAY', 'WEDNESDAY']);
    expect(modeHoursInput(draft).input).toEqual({
      nowEnabled: true,
      nowDays: [
        { dayOfWeek: 'MONDAY', workingHours: [{ startAt: '12:00', endAt: '15:00' }] },
        { dayOfWeek: 'WEDNESDAY', workingHours: [{ startAt: '19:00', endAt: '01:00' }] },
      ],
      useSchedule: false,
      scheduledDays: [],
      schedule: { leadMinutes: 30, slotMinutes: 15, daysAhead: 3 },
    });
  });

  it('keeps a blank or decimal number from being sent', () => {
    const draft = { ...modeDraft(TAKE_AWAY), leadMinutes: '', daysAhead: '1.5' };
    expect(modeHoursInput(draft)).toEqual({
      input: null,
      problems: { leadMinutes: NUMBER_PROBLEM, daysAhead: NUMBER_PROBLEM },
    });
  });

  it('places a 400’s problems under the day sent at that index, the field, or above the button', () => {
    const problems = splitModeHoursProblems(
      [
        { path: 'nowDays.1.workingHours', message: 'Los horarios del miércoles se superponen.' },
        { path: 'nowDays.0.workingHours.1.endAt', message: 'Usá horas en formato HH:MM.' },
        { path: 'scheduledDays.0.workingHours', message: 'oculto' },
        { path: 'schedule.slotMinutes', message: 'Elegí una duración de turno.' },
        { path: 'nowEnabled', message: 'Elegí al menos una forma de pedir.' },
      ],
      { now: ['MONDAY', 'WEDNESDAY'], scheduled: ['FRIDAY'] },
      { now: true, scheduled: false },
      'Elegí al menos una forma de pedir.',
    );
    expect(problems).toEqual({
      days: {
        now: {
          WEDNESDAY: 'Los horarios del miércoles se superponen.',
          MONDAY: 'Usá horas en formato HH:MM.',
        },
        scheduled: {},
      },
      fields: { slotMinutes: 'Elegí una duración de turno.' },
      general: ['oculto', 'Elegí al menos una forma de pedir.'],
    });
  });

  it('falls back to the answer’s message when no problem is listed', () => {
    const problems = splitModeHoursProblems(
      undefined,
      { now: [], scheduled: [] },
      { now: true, scheduled: true },
      'Sin conexión.',
    );
    expect(problems.general).toEqual(['Sin conexión.']);
  });
});
