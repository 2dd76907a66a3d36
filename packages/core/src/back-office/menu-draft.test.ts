import { describe, expect, it } from 'vitest';
import { type DraftPlate, draftKeys, type MenuDraft, menuDraftProblems, newDraftKey } from './menu-draft.ts';

const plate = (key: string, extra: Partial<DraftPlate> = {}): DraftPlate => ({
  key,
  name: `Plato ${key}`,
  price: 1000,
  visible: true,
  outOfStock: false,
  indicators: [],
  sizes: [],
  garnishGroups: [],
  excludedCategories: [],
  ...extra,
});

const draftWith = (plates: DraftPlate[], more: Partial<MenuDraft> = {}): MenuDraft => ({
  menus: [
    {
      key: 'carta',
      name: 'Carta',
      categories: [{ key: 'pizzas', name: 'Pizzas', visible: true, plates }],
      remarked: [],
      upsold: [],
    },
  ],
  indicators: [{ key: 'veg', showName: 'Vegetariano', backgroundColor: '#2E7D32', textColor: '#FFFFFF' }],
  menuDiscounts: [],
  ...more,
});

describe('menu draft rules', () => {
  it('takes a complete menu', () => {
    const draft = draftWith([plate('muzza', { indicators: ['veg'] }), plate('fugazza')], {
      menuDiscounts: [{ name: '2x1', type: 'MULTIPLE', buy: 2, pay: 1, active: true, plates: ['muzza'] }],
    });
    draft.menus[0]?.remarked.push('fugazza');
    expect(menuDraftProblems(draft)).toEqual([]);
  });

  it('points at each problem by its path, in Spanish', () => {
    const draft = draftWith(
      [
        plate('muzza', { name: ' ', price: -1, indicators: ['gluten'] }),
        plate('muzza'),
        plate('empanada', {
          sizes: [
            { name: 'Chica', price: 100 },
            { name: 'chica', price: 200 },
          ],
          garnishGroups: [
            {
              name: 'Salsas',
              minGarnishAmount: 3,
              maxGarnishAmount: 2,
              multipleSelection: false,
              mandatory: false,
              garnishes: [{ name: 'Criolla', price: 0, visible: true }],
            },
          ],
        }),
      ],
      {
        menuDiscounts: [
          { name: 'Mitad', type: 'PERCENT', percentage: 0, active: true, plates: ['ninguno'] },
          { name: 'Promo', type: 'MULTIPLE', buy: 1, pay: 1, active: true, plates: [] },
        ],
      },
    );
    expect(menuDraftProblems(draft)).toEqual([
      { path: 'menus.0.categories.0.plates.1.key', message: 'Hay dos elementos con la misma clave (muzza).' },
      { path: 'menus.0.categories.0.plates.0.name', message: 'Ingresá un nombre.' },
      { path: 'menus.0.categories.0.plates.0.price', message: 'Ingresá un precio válido (0 o más).' },
      { path: 'menus.0.categories.0.plates.0.indicators.0', message: 'El indicador gluten no existe.' },
      {
        path: 'menus.0.categories.0.plates.2.sizes.1.name',
        message: 'El plato Plato empanada repite el tamaño chica.',
      },
      {
        path: 'menus.0.categories.0.plates.2.garnishGroups.0.minGarnishAmount',
        message: 'El mínimo del grupo Salsas es mayor que su máximo.',
      },
      {
        path: 'menus.0.categories.0.plates.2.garnishGroups.0.minGarnishAmount',
        message: 'El grupo Salsas pide más opciones de las que ofrece.',
      },
      {
        path: 'menuDiscounts.0.percentage',
        message: 'El descuento Mitad necesita un porcentaje entre 1 y 100.',
      },
      { path: 'menuDiscounts.0.plates.0', message: 'El plato ninguno no existe en el menú.' },
      {
        path: 'menuDiscounts.1.buy',
        message: 'El descuento Promo necesita "lleva" mayor que "paga" (por ejemplo, 2x1).',
      },
      { path: 'menuDiscounts.1.plates', message: 'El descuento Promo no tiene platos.' },
    ]);
  });

  it('needs a menu, and featured plates of that menu', () => {
    expect(menuDraftProblems({ menus: [], indicators: [], menuDiscounts: [] })).toEqual([
      { path: 'menus', message: 'La tienda necesita al menos un menú.' },
    ]);
    const draft = draftWith([plate('muzza')]);
    draft.menus[0]?.upsold.push('flan');
    expect(menuDraftProblems(draft)).toEqual([
      { path: 'menus.0.upsold.0', message: 'El plato flan no existe en el menú.' },
    ]);
  });

  it('gives new things keys no existing row has', () => {
    const draft = draftWith([plate('plate-new-1')]);
    expect(newDraftKey('plate', draftKeys(draft))).toBe('plate-new-2');
  });
});
