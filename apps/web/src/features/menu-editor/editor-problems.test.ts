import { BACK_OFFICE_MESSAGES } from '@comanda/core/back-office';
import { describe, expect, it } from 'vitest';
import { amountText, parseAmount, parseWhole, sameAmount } from './amount-text.ts';
import { discountSummary, platesCount, searchable } from './discount-text.ts';
import { addGarnishGroup, updatePlate } from './draft-edits.ts';
import { sampleDraft } from './draft-factories.ts';
import {
  EDITOR_MESSAGES,
  editorProblems,
  fieldId,
  indexProblems,
  onlyTouched,
  problemPlace,
  problemsOfError,
  problemTarget,
} from './editor-problems.ts';

describe('editorProblems', () => {
  it('finds nothing in a valid draft', () => {
    expect(editorProblems(sampleDraft())).toEqual([]);
  });

  it('reports core’s rules and the save contract’s limits at the field’s path', () => {
    let draft = updatePlate(sampleDraft(), 'plate-2', (p) => ({
      ...addGarnishGroup(p),
      name: ' ',
      maxQuantity: 0,
    }));
    draft = updatePlate(draft, 'plate-2', (p) => ({
      ...p,
      garnishGroups: p.garnishGroups.map((g) => ({
        ...g,
        name: 'Salsa',
        maxGarnishAmount: 1.5,
        garnishes: [],
      })),
    }));
    const at = 'menus.0.categories.0.plates.1';
    expect(editorProblems(draft)).toEqual([
      { path: `${at}.name`, message: BACK_OFFICE_MESSAGES.nameRequired },
      { path: `${at}.maxQuantity`, message: EDITOR_MESSAGES.maxQuantity },
      { path: `${at}.garnishGroups.0.maxGarnishAmount`, message: EDITOR_MESSAGES.groupMax },
      { path: `${at}.garnishGroups.0.garnishes`, message: EDITOR_MESSAGES.groupWithoutOptions },
    ]);
  });

  it('limits featured plates to 30 per menu', () => {
    const draft = sampleDraft();
    const many = {
      ...draft,
      menus: draft.menus.map((m, i) => (i === 0 ? { ...m, remarked: Array(31).fill('plate-1') } : m)),
    };
    expect(editorProblems(many)).toContainEqual({
      path: 'menus.0.remarked',
      message: EDITOR_MESSAGES.tooManyFeatured,
    });
  });
});

describe('indexProblems', () => {
  const index = indexProblems([
    { path: 'menus.0.categories.0.plates.1.name', message: 'A' },
    { path: 'menus.0.categories.0.plates.1.sizes.0.price', message: 'B' },
    { path: 'menus.0.categories.0.plates.10.name', message: 'C' },
  ]);

  it('answers the message at a field and counts what is under a row', () => {
    expect(index.at('menus.0.categories.0.plates.1.name')).toBe('A');
    expect(index.at('menus.0.categories.0.plates.1.price')).toBeUndefined();
    expect(index.under('menus.0.categories.0.plates.1').map((p) => p.message)).toEqual(['A', 'B']);
    expect(index.under('menus.0.categories.0')).toHaveLength(3);
  });
});

describe('onlyTouched', () => {
  it('keeps the problems of fields the owner has changed', () => {
    const index = indexProblems([
      { path: 'menus.0.categories.0.plates.1.name', message: 'A' },
      { path: 'menus.0.categories.0.plates.1.price', message: 'B' },
    ]);
    const quiet = onlyTouched(index, new Set([fieldId('menus.0.categories.0.plates.1.price')]));
    expect(quiet.at('menus.0.categories.0.plates.1.name')).toBeUndefined();
    expect(quiet.at('menus.0.categories.0.plates.1.price')).toBe('B');
    expect(quiet.under('menus.0.categories.0.plates.1')).toHaveLength(1);
  });
});

describe('problemsOfError', () => {
  it('reads a save’s 400 errors at the draft’s paths', () => {
    expect(
      problemsOfError([
        { path: 'draft.menus.0.categories.1.plates.2.price', message: 'Precio' },
        { path: 'menus.0.name', message: 'Nombre' },
        { message: 'sin ruta' },
        'basura',
      ]),
    ).toEqual([
      { path: 'menus.0.categories.1.plates.2.price', message: 'Precio' },
      { path: 'menus.0.name', message: 'Nombre' },
    ]);
    expect(problemsOfError(undefined)).toEqual([]);
  });
});

describe('where a problem is', () => {
  it('names the plate, category or discount a path points at', () => {
    const draft = sampleDraft();
    expect(problemPlace(draft, 'menus.0.categories.0.plates.1.sizes.0.price')).toBe('Pizzas › Fugazza');
    expect(problemPlace(draft, 'menus.0.categories.1.name')).toBe('Bebidas');
    expect(problemPlace(draft, 'menuDiscounts.0.plates')).toBe('Descuento 2x1 de muzza');
    expect(problemPlace(draft, 'indicators.0.showName')).toBe('Indicador Vegetariana');
    expect(problemPlace(draft, 'menus')).toBe('Menú');
  });

  it('tells which editor opens for a path', () => {
    expect(problemTarget('menus.1.categories.2.plates.3.garnishGroups.0.name')).toEqual({
      kind: 'plate',
      menu: 1,
      category: 2,
      plate: 3,
    });
    expect(problemTarget('menus.0.categories.4.name')).toEqual({ kind: 'category', menu: 0, category: 4 });
    expect(problemTarget('menuDiscounts.2.percentage')).toEqual({ kind: 'discount', discount: 2 });
    expect(problemTarget('menus.0.remarked.1')).toEqual({ kind: 'other' });
    expect(fieldId('menus.0.categories.1.name')).toBe('menu-field-menus-0-categories-1-name');
  });
});

describe('amounts as typed', () => {
  it.each([
    ['9000', 2, 9000],
    ['9.000', 2, 9000],
    ['1.250.000', 2, 1250000],
    ['1.250,50', 2, 1250.5],
    ['12,5', 2, 12.5],
    ['12.50', 2, 12.5],
    ['$ 1.500', 0, 1500],
    ['0', 2, 0],
  ])('reads %s with %i decimals as %d', (text, decimals, value) => {
    expect(parseAmount(text, decimals)).toBe(value);
  });

  it.each([
    ['', 2],
    ['abc', 2],
    ['-5', 2],
    ['12,345', 2],
    ['1500,5', 0],
    ['1,2,3', 2],
    ['12.5.0', 2],
  ])('refuses %s with %i decimals', (text, decimals) => {
    expect(parseAmount(text, decimals)).toBeNaN();
  });

  it('writes amounts back the way they are typed', () => {
    expect(amountText(9000, 2)).toBe('9000');
    expect(amountText(1250.5, 2)).toBe('1250,5');
    expect(amountText(Number.NaN, 2)).toBe('');
    expect(amountText(null, 0)).toBe('');
    expect(sameAmount('9.000', 9000, 2)).toBe(true);
    expect(sameAmount('', Number.NaN, 2)).toBe(true);
    expect(sameAmount('90', 9000, 2)).toBe(false);
  });

  it('reads whole numbers only', () => {
    expect(parseWhole(' 3 ')).toBe(3);
    expect(parseWhole('1,5')).toBeNaN();
    expect(parseWhole('')).toBeNaN();
  });
});

describe('discount texts', () => {
  const money = (amount: number) => `$${amount}`;

  it('sums up each type in a line', () => {
    const base = { name: 'x', active: true, plates: [] };
    expect(discountSummary({ ...base, type: 'PERCENT', percentage: 20 }, money)).toBe('20% de descuento');
    expect(discountSummary({ ...base, type: 'FIXED', fixedDiscount: 500 }, money)).toBe('$500 menos');
    expect(discountSummary({ ...base, type: 'MULTIPLE', buy: 3, pay: 2 }, money)).toBe('3x2');
    expect(discountSummary({ ...base, type: 'FINAL_PRICE', finalPrice: 3000 }, money)).toBe(
      'Precio final $3000',
    );
    expect(discountSummary({ ...base, type: 'PERCENT', percentage: null }, money)).toBe(
      'Porcentaje sin completar',
    );
  });

  it('counts plates and searches without accents', () => {
    expect(platesCount(1)).toBe('1 plato');
    expect(platesCount(3)).toBe('3 platos');
    expect(searchable('Limón Ñandú')).toBe('limon nandu');
  });
});
