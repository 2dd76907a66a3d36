import { describe, expect, it } from 'vitest';
import { cannotOpenReason, openingChecklist } from './opening-checklist.ts';
import { workingDaysProblems } from './working-hours.ts';

describe('the opening checklist', () => {
  it('lists what a new shop still needs, in order', () => {
    const items = openingChecklist({
      visiblePlates: 0,
      openingRanges: 0,
      activeModes: 0,
      activePaymentTypes: 0,
    });
    expect(items.map((item) => [item.key, item.done])).toEqual([
      ['MENU', false],
      ['HOURS', false],
      ['MODE', false],
      ['PAYMENT', false],
    ]);
    expect(cannotOpenReason(items)).toBe(
      'Todavía no podés abrir la tienda. Te falta: publicá un menú con al menos un plato visible; cargá tus horarios de atención; activá al menos una forma de pedido (retiro, mesa o mostrador); elegí al menos un medio de pago.',
    );
  });

  it('lets the shop open when everything is done', () => {
    const items = openingChecklist({
      visiblePlates: 3,
      openingRanges: 7,
      activeModes: 1,
      activePaymentTypes: 1,
    });
    expect(items.every((item) => item.done)).toBe(true);
    expect(cannotOpenReason(items)).toBeNull();
  });

  it('names only what is missing', () => {
    const items = openingChecklist({
      visiblePlates: 3,
      openingRanges: 7,
      activeModes: 0,
      activePaymentTypes: 1,
    });
    expect(cannotOpenReason(items)).toBe(
      'Todavía no podés abrir la tienda. Te falta: activá al menos una forma de pedido (retiro, mesa o mostrador).',
    );
  });
});

describe('opening hours', () => {
  it('takes separate ranges and ranges past midnight', () => {
    expect(
      workingDaysProblems([
        {
          dayOfWeek: 'FRIDAY',
          workingHours: [
            { startAt: '12:00', endAt: '15:00' },
            { startAt: '20:00', endAt: '02:00' },
          ],
        },
        { dayOfWeek: 'SATURDAY', workingHours: [{ startAt: '11:00', endAt: '00:00' }] },
      ]),
    ).toEqual([]);
  });

  it('refuses two ranges of one day that overlap (Monday 08-12 and 11-17)', () => {
    expect(
      workingDaysProblems([
        {
          dayOfWeek: 'MONDAY',
          workingHours: [
            { startAt: '08:00', endAt: '12:00' },
            { startAt: '11:00', endAt: '17:00' },
          ],
        },
      ]),
    ).toEqual([
      { path: '0.workingHours', message: 'Los horarios del lunes se superponen. Revisá los rangos.' },
    ]);
  });

  it('refuses a range that starts and ends at the same time, and a day listed twice', () => {
    expect(
      workingDaysProblems([
        { dayOfWeek: 'TUESDAY', workingHours: [{ startAt: '10:00', endAt: '10:00' }] },
        { dayOfWeek: 'WEDNESDAY', workingHours: [] },
        { dayOfWeek: 'WEDNESDAY', workingHours: [] },
      ]).map((p) => p.message),
    ).toEqual([
      'Un horario del martes empieza y termina a la misma hora.',
      'Los horarios del miércoles se superponen. Revisá los rangos.',
    ]);
  });
});
