import { describe, expect, it } from 'vitest';
import { closureTitle, longDate } from './closure-text.ts';
import { splitClosureProblems } from './hours-api.ts';

describe('closure texts', () => {
  it('names a range and a single day, with the year only when it is another', () => {
    expect(closureTitle({ startsOn: '2026-12-24', endsOn: '2026-12-26' }, 2026)).toBe(
      'Cerrado del 24 de diciembre al 26 de diciembre',
    );
    expect(closureTitle({ startsOn: '2027-01-01', endsOn: '2027-01-01' }, 2027)).toBe(
      'Cerrado el 1 de enero',
    );
    expect(closureTitle({ startsOn: '2026-12-31', endsOn: '2027-01-02' }, 2026)).toBe(
      'Cerrado del 31 de diciembre al 2 de enero de 2027',
    );
    expect(longDate('nope', 2026)).toBe('nope');
  });
});

describe('splitClosureProblems', () => {
  it('puts the new closure’s problems under its fields and the rest in the alert', () => {
    expect(
      splitClosureProblems(
        [
          { path: 'closures.2.endsOn', message: 'El cierre termina antes de empezar. Revisá las fechas.' },
          { path: '2.message', message: 'Largo.' },
          { path: 'closures.0', message: 'Se superponen.' },
          { path: 'closures', message: 'Demasiados.' },
          { path: 'closures.1.startsOn', message: 'Demasiados.' },
          'junk',
        ],
        2,
      ),
    ).toEqual({
      fields: { endsOn: 'El cierre termina antes de empezar. Revisá las fechas.', message: 'Largo.' },
      other: ['Se superponen.', 'Demasiados.'],
    });
  });
});
