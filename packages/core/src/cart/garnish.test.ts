import { describe, expect, it } from 'vitest';
import {
  decrementGarnish,
  extrasPrice,
  type GarnishGroupRule,
  incrementGarnish,
  isGroupSelectionValid,
  toggleGarnish,
  validateGarnishes,
} from './garnish.ts';

const masa: GarnishGroupRule = {
  id: 1,
  name: 'Masa',
  minGarnishAmount: 1,
  maxGarnishAmount: 1,
  multipleSelection: false,
  mandatory: true,
  garnishes: [
    { id: 10, name: 'Tradicional', price: 0 },
    { id: 11, name: 'Integral', price: 50_000 },
  ],
};
const extras: GarnishGroupRule = {
  id: 2,
  name: 'Extras',
  minGarnishAmount: 0,
  maxGarnishAmount: 3,
  multipleSelection: true,
  mandatory: false,
  garnishes: [
    { id: 20, name: 'Jamón', price: 120_000 },
    { id: 21, name: 'Morrones', price: 80_000 },
    { id: 22, name: 'Aceitunas', price: 60_000 },
    { id: 23, name: 'Huevo', price: 70_000 },
  ],
};
const salsas: GarnishGroupRule = {
  id: 3,
  name: 'Salsas',
  minGarnishAmount: 1,
  maxGarnishAmount: 2,
  multipleSelection: false,
  mandatory: true,
  garnishes: [
    { id: 30, name: 'Criolla', price: 0 },
    { id: 31, name: 'Chimichurri', price: 0 },
    { id: 32, name: 'Alioli', price: 0 },
  ],
};

describe('garnish groups', () => {
  it('swaps the choice in a single-maximum group', () => {
    const first = toggleGarnish(masa, {}, 10).selection;
    expect(toggleGarnish(masa, first, 11)).toEqual({ selection: { 11: 1 } });
  });

  it('refuses a third choice in a full single-selection group with the spec message', () => {
    const two = toggleGarnish(salsas, toggleGarnish(salsas, {}, 30).selection, 31).selection;
    expect(toggleGarnish(salsas, two, 32)).toEqual({
      selection: two,
      error: 'Ya se ha seleccionado el maximo de opcionales permitidos en este grupo',
    });
    expect(toggleGarnish(salsas, two, 30).selection).toEqual({ 31: 1 });
  });

  it('refuses units past the maximum of a multiple-selection group with the spec message', () => {
    let selection = {};
    for (const id of [20, 20, 21]) selection = incrementGarnish(extras, selection, id).selection;
    expect(incrementGarnish(extras, selection, 22)).toEqual({
      selection,
      error: 'No se pueden agregar mas que el máximo',
    });
    expect(decrementGarnish(selection, 20).selection).toEqual({ 20: 1, 21: 1 });
    expect(decrementGarnish({ 21: 1 }, 21).selection).toEqual({});
  });

  it('asks for the right count in mandatory groups before adding', () => {
    const message = 'Revise que haya agregado la cantidad correcta de guarniciones';
    expect(validateGarnishes([masa, extras], {})).toBe(message);
    expect(validateGarnishes([masa, extras], { 1: { 11: 1 } })).toBeNull();
    expect(validateGarnishes([masa, extras], { 1: { 11: 1 }, 2: { 20: 4 } })).toBe(message);
    expect(validateGarnishes([masa], { 1: { 99: 1 } })).toBe(message);
    expect(validateGarnishes([masa], { 1: { 10: 1 }, 7: { 1: 1 } })).toBe(message);
  });

  it('checks min..max for mandatory multiple groups and more than zero and min for single ones', () => {
    const mandatoryMultiple = { ...extras, mandatory: true, minGarnishAmount: 2 };
    expect(isGroupSelectionValid(mandatoryMultiple, { 20: 1 })).toBe(false);
    expect(isGroupSelectionValid(mandatoryMultiple, { 20: 2 })).toBe(true);
    expect(isGroupSelectionValid(salsas, {})).toBe(false);
    expect(isGroupSelectionValid(salsas, { 30: 1 })).toBe(true);
    expect(isGroupSelectionValid(salsas, { 30: 2 })).toBe(false);
    expect(isGroupSelectionValid(extras, {})).toBe(true);
  });

  describe('a group with a minimum that is not mandatory (3 to 5 toppings, may be left out)', () => {
    const message = 'Revise que haya agregado la cantidad correcta de guarniciones';
    const toppings: GarnishGroupRule = {
      ...extras,
      id: 4,
      name: 'Toppings',
      minGarnishAmount: 3,
      maxGarnishAmount: 5,
    };

    it('may be left empty', () => {
      expect(isGroupSelectionValid(toppings, {})).toBe(true);
      expect(validateGarnishes([masa, toppings], { 1: { 10: 1 } })).toBeNull();
    });

    it('needs its minimum once the diner picks from it', () => {
      expect(isGroupSelectionValid(toppings, { 20: 1 })).toBe(false);
      expect(isGroupSelectionValid(toppings, { 20: 1, 21: 1 })).toBe(false);
      expect(validateGarnishes([masa, toppings], { 1: { 10: 1 }, 4: { 20: 1, 21: 1 } })).toBe(message);
      expect(validateGarnishes([masa, toppings], { 1: { 10: 1 }, 4: { 20: 2, 21: 1 } })).toBeNull();
      expect(validateGarnishes([masa, toppings], { 1: { 10: 1 }, 4: { 20: 2, 21: 2, 22: 1 } })).toBeNull();
      expect(validateGarnishes([masa, toppings], { 1: { 10: 1 }, 4: { 20: 3, 21: 3 } })).toBe(message);
    });

    it('counts the minimum of a single-selection group the same way', () => {
      const twoSauces = { ...salsas, mandatory: false, minGarnishAmount: 2, maxGarnishAmount: 3 };
      expect(isGroupSelectionValid(twoSauces, {})).toBe(true);
      expect(isGroupSelectionValid(twoSauces, { 30: 1 })).toBe(false);
      expect(isGroupSelectionValid(twoSauces, { 30: 1, 31: 1 })).toBe(true);
    });
  });

  it('asks a mandatory group for at least one garnish, even with a minimum of zero', () => {
    const mandatoryWithoutMin = { ...extras, mandatory: true, minGarnishAmount: 0 };
    expect(isGroupSelectionValid(mandatoryWithoutMin, {})).toBe(false);
    expect(isGroupSelectionValid(mandatoryWithoutMin, { 20: 1 })).toBe(true);
    expect(validateGarnishes([mandatoryWithoutMin], {})).toBe(
      'Revise que haya agregado la cantidad correcta de guarniciones',
    );
  });

  it('prices the extras of one unit', () => {
    expect(extrasPrice([masa, extras], { 1: { 11: 1 }, 2: { 20: 1, 21: 1 } })).toBe(250_000);
  });
});
