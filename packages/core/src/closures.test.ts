import { describe, expect, it } from 'vitest';
import {
  CLOSURE_MESSAGES,
  closureAt,
  closureOn,
  closureProblems,
  closureSpanText,
  isClosureDate,
  type ShopClosure,
  upcomingClosures,
} from './closures.ts';

const BUENOS_AIRES = 'America/Argentina/Buenos_Aires'; // UTC-3 all year

const christmas: ShopClosure = { startsOn: '2025-12-24', endsOn: '2025-12-26', message: 'Volvemos el 27.' };
const newYear: ShopClosure = { startsOn: '2026-01-01', endsOn: '2026-01-01', message: null };
const winter: ShopClosure = {
  startsOn: '2025-07-14',
  endsOn: '2025-07-27',
  message: 'Vacaciones de invierno',
};

describe('closureOn', () => {
  it('finds the closure covering a date, both ends included', () => {
    const closures = [christmas, newYear];
    expect(closureOn(closures, '2025-12-24')).toBe(christmas);
    expect(closureOn(closures, '2025-12-25')).toBe(christmas);
    expect(closureOn(closures, '2025-12-26')).toBe(christmas);
    expect(closureOn(closures, '2026-01-01')).toBe(newYear);
  });

  it('answers null for the days around it', () => {
    expect(closureOn([christmas, newYear], '2025-12-23')).toBeNull();
    expect(closureOn([christmas, newYear], '2025-12-27')).toBeNull();
    expect(closureOn([], '2025-12-25')).toBeNull();
  });
});

describe('closureAt', () => {
  it("reads now's date in the shop time zone", () => {
    // 2025-12-24 01:00 UTC is still the 23rd, 22:00, in Buenos Aires
    expect(closureAt([christmas], new Date('2025-12-24T01:00:00Z'), BUENOS_AIRES)).toBeNull();
    expect(closureAt([christmas], new Date('2025-12-24T01:00:00Z'), 'UTC')).toBe(christmas);
    // the 26th's last minute is closed; the 27th's first is not
    expect(closureAt([christmas], new Date('2025-12-27T02:59:00Z'), BUENOS_AIRES)).toBe(christmas);
    expect(closureAt([christmas], new Date('2025-12-27T03:00:00Z'), BUENOS_AIRES)).toBeNull();
  });
});

describe('upcomingClosures', () => {
  it('keeps those not over yet, today included, earliest first', () => {
    const now = new Date('2025-12-26T15:00:00Z'); // the 26th, 12:00 in Buenos Aires
    expect(upcomingClosures([newYear, winter, christmas], now, BUENOS_AIRES)).toEqual([christmas, newYear]);
    expect(upcomingClosures([newYear, christmas], new Date('2025-12-27T03:00:00Z'), BUENOS_AIRES)).toEqual([
      newYear,
    ]);
  });

  it('does not reorder the list it is given', () => {
    const closures = [newYear, christmas];
    upcomingClosures(closures, new Date('2025-06-01T12:00:00Z'), BUENOS_AIRES);
    expect(closures).toEqual([newYear, christmas]);
  });
});

describe('closure texts', () => {
  it('names one day or a span', () => {
    expect(closureSpanText(christmas)).toBe('del 24/12 al 26/12');
    expect(closureSpanText(newYear)).toBe('el 01/01');
  });

  it('tells real dates from the rest', () => {
    expect(isClosureDate('2024-02-29')).toBe(true);
    expect(isClosureDate('2025-02-29')).toBe(false);
    expect(isClosureDate('2025-13-01')).toBe(false);
    expect(isClosureDate('24/12/2025')).toBe(false);
  });
});

describe('closureProblems', () => {
  const today = '2025-12-20';

  it('accepts closures to come, one day or many, with or without a message', () => {
    expect(closureProblems([christmas, newYear], today)).toEqual([]);
    expect(closureProblems([], today)).toEqual([]);
  });

  it('accepts a closure that started before today and is not over', () => {
    expect(closureProblems([{ ...christmas, startsOn: '2025-12-10' }], today)).toEqual([]);
  });

  it('refuses dates that are not dates', () => {
    expect(closureProblems([{ startsOn: '2025-02-30', endsOn: 'mañana', message: null }], today)).toEqual([
      { path: '0.startsOn', message: 'Elegí una fecha válida.' },
      { path: '0.endsOn', message: 'Elegí una fecha válida.' },
    ]);
  });

  it('refuses an end before the start', () => {
    expect(closureProblems([{ startsOn: '2025-12-26', endsOn: '2025-12-24', message: null }], today)).toEqual(
      [{ path: '0.endsOn', message: 'El cierre termina antes de empezar. Revisá las fechas.' }],
    );
  });

  it('refuses a closure already over, unless asked to skip the check', () => {
    const past = [christmas, { startsOn: '2025-12-01', endsOn: '2025-12-19', message: null }];
    expect(closureProblems(past, today)).toEqual([
      { path: '1.endsOn', message: 'Ese cierre ya pasó. Quitalo o elegí fechas que todavía no llegaron.' },
    ]);
    expect(closureProblems(past, null)).toEqual([]);
  });

  it('refuses a closure longer than a year', () => {
    const year = { startsOn: '2026-01-01', endsOn: '2027-01-01', message: null }; // 366 days
    expect(closureProblems([year], today)).toEqual([]);
    expect(closureProblems([{ ...year, endsOn: '2027-01-02' }], today)).toEqual([
      { path: '0.endsOn', message: 'Un cierre no puede durar más de un año.' },
    ]);
  });

  it('refuses a message over 200 characters', () => {
    expect(closureProblems([{ ...christmas, message: 'a'.repeat(200) }], today)).toEqual([]);
    expect(closureProblems([{ ...christmas, message: 'a'.repeat(201) }], today)).toEqual([
      { path: '0.message', message: 'El mensaje puede tener hasta 200 caracteres.' },
    ]);
  });

  it('refuses closures covering a same day, naming the later one', () => {
    const boxingDay = { startsOn: '2025-12-26', endsOn: '2025-12-28', message: null };
    expect(closureProblems([boxingDay, christmas, newYear], today)).toEqual([
      { path: '0', message: 'Los cierres del 26/12 se superponen. Unilos en uno solo.' },
    ]);
    // one inside another
    expect(
      closureProblems([christmas, { ...christmas, startsOn: '2025-12-25', endsOn: '2025-12-25' }], today),
    ).toEqual([{ path: '1', message: 'Los cierres del 25/12 se superponen. Unilos en uno solo.' }]);
    // back to back is fine
    expect(
      closureProblems([christmas, { startsOn: '2025-12-27', endsOn: '2025-12-27', message: null }], today),
    ).toEqual([]);
  });

  it('refuses more than 50 closures', () => {
    const days = Array.from({ length: 51 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
      return { startsOn: date, endsOn: date, message: null };
    });
    expect(closureProblems(days.slice(0, 50), today)).toEqual([]);
    expect(closureProblems(days, today)).toEqual([{ path: '', message: 'Podés cargar hasta 50 cierres.' }]);
  });

  it('keeps its texts in CLOSURE_MESSAGES', () => {
    expect(CLOSURE_MESSAGES.dateInvalid).toBe('Elegí una fecha válida.');
    expect(CLOSURE_MESSAGES.tooLong).toBe('Un cierre no puede durar más de un año.');
  });
});
