import { describe, expect, it } from 'vitest';
import { aliasFromName, aliasProblem, signUpAliases } from './alias.ts';

describe('shop aliases', () => {
  it('takes lower-case words joined by single dashes', () => {
    expect(aliasProblem('la-esquina')).toBeNull();
    expect(aliasProblem('bar24')).toBeNull();
  });

  it.each(['ab', 'La-Esquina', '-esquina', 'esquina-', 'la--esquina', 'la esquina', 'x'.repeat(41)])(
    'refuses %s with the format message',
    (alias) => {
      expect(aliasProblem(alias)).toBe(
        'El link lleva de 3 a 40 letras minúsculas, números o guiones, sin guion al principio ni al final.',
      );
    },
  );

  it('keeps the platform’s own words back', () => {
    expect(aliasProblem('console')).toBe('Ese link está reservado. Probá con otro.');
    expect(aliasProblem('registro')).toBe('Ese link está reservado. Probá con otro.');
  });

  it('makes an alias from a Spanish name', () => {
    expect(aliasFromName('Pizzería Don Mateo')).toBe('pizzeria-don-mateo');
    expect(aliasFromName('  Café & Té  ')).toBe('cafe-te');
  });

  it('derives the company and branch aliases from the shop’s', () => {
    expect(signUpAliases('la-esquina')).toEqual({
      contact: 'la-esquina',
      branch: 'la-esquina-marca',
      company: 'la-esquina-empresa',
    });
  });
});
