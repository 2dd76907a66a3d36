import type { DraftCategory, DraftMenu, DraftPlate, MenuDraft } from '@comanda/core/back-office';

/** Test data for the editor's pure modules (the demo seed is for journeys). */
export function plate(key: string, fields: Partial<DraftPlate> = {}): DraftPlate {
  return {
    key,
    name: key,
    description: null,
    price: 1000,
    imageUrl: null,
    visible: true,
    outOfStock: false,
    maxQuantity: null,
    indicators: [],
    sizes: [],
    garnishGroups: [],
    excludedCategories: [],
    ...fields,
  };
}

export function category(
  key: string,
  plates: DraftPlate[],
  fields: Partial<DraftCategory> = {},
): DraftCategory {
  return { key, name: key, description: null, visible: true, plates, ...fields };
}

export function menu(key: string, categories: DraftCategory[], fields: Partial<DraftMenu> = {}): DraftMenu {
  return { key, name: key, categories, remarked: [], upsold: [], ...fields };
}

export function draftOf(menus: DraftMenu[], fields: Partial<MenuDraft> = {}): MenuDraft {
  return { menus, indicators: [], menuDiscounts: [], ...fields };
}

/** Pizzas (muzza, fugazza) and Bebidas (agua) in one menu, plus Postres (flan) in a second one. */
export function sampleDraft(): MenuDraft {
  return draftOf(
    [
      menu(
        'menu-1',
        [
          category(
            'category-1',
            [plate('plate-1', { id: 1, name: 'Muzzarella' }), plate('plate-2', { name: 'Fugazza' })],
            {
              id: 1,
              name: 'Pizzas',
            },
          ),
          category('category-2', [plate('plate-3', { name: 'Agua', excludedCategories: ['category-1'] })], {
            name: 'Bebidas',
          }),
        ],
        { id: 1, name: 'Carta', remarked: ['plate-1'], upsold: ['plate-3'] },
      ),
      menu('menu-2', [category('category-3', [plate('plate-4', { name: 'Flan' })], { name: 'Postres' })], {
        name: 'Postres',
      }),
    ],
    {
      indicators: [
        { key: 'indicator-1', showName: 'Vegetariana', backgroundColor: '#2e7d32', textColor: '#ffffff' },
      ],
      menuDiscounts: [
        {
          name: '2x1 de muzza',
          type: 'MULTIPLE',
          buy: 2,
          pay: 1,
          active: true,
          plates: ['plate-1', 'plate-3'],
        },
      ],
    },
  );
}
