import { describe, expect, it } from 'vitest';
import { splitStreetNumber } from './street-number.ts';

describe('splitStreetNumber', () => {
  it('takes the last number of the street line as the house number', () => {
    expect(splitStreetNumber('Av. Santa Fe 3253')).toEqual({ street: 'Av. Santa Fe', number: '3253' });
    expect(splitStreetNumber('  Charcas   3641 ')).toEqual({ street: 'Charcas', number: '3641' });
    expect(splitStreetNumber('Calle 13 1450')).toEqual({ street: 'Calle 13', number: '1450' });
    expect(splitStreetNumber('Güemes 4120B')).toEqual({ street: 'Güemes', number: '4120B' });
  });

  it('keeps a line that goes on after a comma whole, so it is never reordered', () => {
    expect(splitStreetNumber('Charcas 3641, PB')).toEqual({ street: 'Charcas 3641, PB', number: '' });
    expect(splitStreetNumber('Charcas, Palermo 3641')).toEqual({
      street: 'Charcas, Palermo 3641',
      number: '',
    });
  });

  it('keeps a line without a trailing number, or with only a number, as the street', () => {
    expect(splitStreetNumber('25 de Mayo')).toEqual({ street: '25 de Mayo', number: '' });
    expect(splitStreetNumber('3641')).toEqual({ street: '3641', number: '' });
    expect(splitStreetNumber('Ruta 8 1234567')).toEqual({ street: 'Ruta 8 1234567', number: '' });
    expect(splitStreetNumber('')).toEqual({ street: '', number: '' });
  });
});
