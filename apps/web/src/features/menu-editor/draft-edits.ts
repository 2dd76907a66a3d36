import type { MenuDiscountType } from '@comanda/core';
import {
  type DraftCategory,
  type DraftGarnish,
  type DraftGarnishGroup,
  type DraftIndicator,
  type DraftMenu,
  type DraftMenuDiscount,
  type DraftPlate,
  type DraftSize,
  draftKeys,
  type MenuDraft,
  newDraftKey,
} from '@comanda/core/back-office';

/**
 * The menu editor's edits, pure: each takes the draft and answers a new one, leaving the old one as it
 * was (React compares by reference). Things are found by key, never by a position the screen saw a
 * moment ago, so a drag or a delete elsewhere cannot make an edit land on the wrong plate. Removing a
 * plate or a category also removes every reference to it (featured, upsold, discounts, exclusions),
 * so an edit never leaves the draft pointing at something gone.
 */

/** What the storefront allows (the draft's contract): the editor stops adding at these. */
export const DRAFT_LIMITS = {
  menus: 10,
  categories: 100,
  platesPerCategory: 300,
  sizes: 20,
  garnishGroups: 20,
  garnishes: 60,
  indicators: 30,
  plateIndicators: 20,
  featured: 30,
  discounts: 100,
  nameLength: 120,
  descriptionLength: 600,
} as const;

export type PlateList = 'remarked' | 'upsold';

export interface PlatePlace {
  menu: number;
  category: number;
  plate: number;
}

export interface CategoryPlace {
  menu: number;
  category: number;
}

// ------------------------------------------------------------------ finding

export function findPlate(draft: MenuDraft, plateKey: string): (PlatePlace & { value: DraftPlate }) | null {
  for (const [m, menu] of draft.menus.entries()) {
    for (const [c, category] of menu.categories.entries()) {
      const p = category.plates.findIndex((plate) => plate.key === plateKey);
      const value = category.plates[p];
      if (value) return { menu: m, category: c, plate: p, value };
    }
  }
  return null;
}

export function findCategory(
  draft: MenuDraft,
  categoryKey: string,
): (CategoryPlace & { value: DraftCategory }) | null {
  for (const [m, menu] of draft.menus.entries()) {
    const c = menu.categories.findIndex((category) => category.key === categoryKey);
    const value = menu.categories[c];
    if (value) return { menu: m, category: c, value };
  }
  return null;
}

/** The JSON path core's problems use for a plate: `menus.0.categories.1.plates.2`. */
export const platePath = (place: PlatePlace) =>
  `menus.${place.menu}.categories.${place.category}.plates.${place.plate}`;

export const categoryPath = (place: CategoryPlace) => `menus.${place.menu}.categories.${place.category}`;

/** Every plate of the draft with where it is, for pickers (discounts) and names in messages. */
export function allPlates(
  draft: MenuDraft,
): { plate: DraftPlate; category: DraftCategory; menu: DraftMenu; place: PlatePlace }[] {
  return draft.menus.flatMap((menu, m) =>
    menu.categories.flatMap((category, c) =>
      category.plates.map((plate, p) => ({
        plate,
        category,
        menu,
        place: { menu: m, category: c, plate: p },
      })),
    ),
  );
}

// ------------------------------------------------------------------ helpers

const replaceAt = <T>(list: readonly T[], index: number, value: T): T[] =>
  list.map((item, i) => (i === index ? value : item));

/** Moves one item of a list from one position to another (dnd-kit's arrayMove, without the import). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

function mapMenu(draft: MenuDraft, m: number, change: (menu: DraftMenu) => DraftMenu): MenuDraft {
  const menu = draft.menus[m];
  return menu ? { ...draft, menus: replaceAt(draft.menus, m, change(menu)) } : draft;
}

function mapCategory(
  draft: MenuDraft,
  categoryKey: string,
  change: (category: DraftCategory) => DraftCategory,
): MenuDraft {
  const place = findCategory(draft, categoryKey);
  if (!place) return draft;
  return mapMenu(draft, place.menu, (menu) => ({
    ...menu,
    categories: replaceAt(menu.categories, place.category, change(place.value)),
  }));
}

/** Takes plate keys out of every list that names plates: featured, upsold, discounts. */
function forgetPlates(draft: MenuDraft, keys: ReadonlySet<string>): MenuDraft {
  if (keys.size === 0) return draft;
  const keep = (key: string) => !keys.has(key);
  return {
    ...draft,
    menus: draft.menus.map((menu) => ({
      ...menu,
      remarked: menu.remarked.filter(keep),
      upsold: menu.upsold.filter(keep),
    })),
    menuDiscounts: draft.menuDiscounts.map((discount) =>
      discount.plates.some((key) => keys.has(key))
        ? { ...discount, plates: discount.plates.filter(keep) }
        : discount,
    ),
  };
}

// ------------------------------------------------------------------ menus

/** A first menu for a shop that has none (a draft needs one). */
export function addMenu(draft: MenuDraft, name: string): { draft: MenuDraft; key: string } {
  const key = newDraftKey('menu', draftKeys(draft));
  const menu: DraftMenu = { key, name: name.trim(), categories: [], remarked: [], upsold: [] };
  return { draft: { ...draft, menus: [...draft.menus, menu] }, key };
}

// ------------------------------------------------------------------ categories

export interface CategoryFields {
  name: string;
  description: string;
  visible: boolean;
}

export function addCategory(
  draft: MenuDraft,
  menuKey: string,
  fields: CategoryFields,
): { draft: MenuDraft; key: string } {
  const m = draft.menus.findIndex((menu) => menu.key === menuKey);
  const key = newDraftKey('category', draftKeys(draft));
  if (m < 0) return { draft, key };
  const category: DraftCategory = {
    key,
    name: fields.name.trim(),
    description: fields.description.trim() || null,
    visible: fields.visible,
    plates: [],
  };
  return {
    draft: mapMenu(draft, m, (menu) => ({ ...menu, categories: [...menu.categories, category] })),
    key,
  };
}

export function updateCategory(
  draft: MenuDraft,
  categoryKey: string,
  fields: Partial<CategoryFields>,
): MenuDraft {
  return mapCategory(draft, categoryKey, (category) => ({
    ...category,
    ...(fields.name === undefined ? {} : { name: fields.name.trim() }),
    ...(fields.description === undefined ? {} : { description: fields.description.trim() || null }),
    ...(fields.visible === undefined ? {} : { visible: fields.visible }),
  }));
}

/** Deletes a category with its plates, and whatever pointed at them. */
export function deleteCategory(draft: MenuDraft, categoryKey: string): MenuDraft {
  const place = findCategory(draft, categoryKey);
  if (!place) return draft;
  const gone = new Set(place.value.plates.map((plate) => plate.key));
  const without = mapMenu(draft, place.menu, (menu) => ({
    ...menu,
    categories: menu.categories
      .filter((category) => category.key !== categoryKey)
      .map((category) => ({
        ...category,
        plates: category.plates.map((plate) =>
          plate.excludedCategories.includes(categoryKey)
            ? { ...plate, excludedCategories: plate.excludedCategories.filter((key) => key !== categoryKey) }
            : plate,
        ),
      })),
  }));
  return forgetPlates(without, gone);
}

/** Puts the dragged category where the one it was dropped on is (dnd-kit's onDragEnd). */
export function reorderCategories(draft: MenuDraft, activeKey: string, overKey: string): MenuDraft {
  const active = findCategory(draft, activeKey);
  const over = findCategory(draft, overKey);
  if (!active || !over || active.menu !== over.menu) return draft;
  return mapMenu(draft, active.menu, (menu) => ({
    ...menu,
    categories: moveItem(menu.categories, active.category, over.category),
  }));
}

/** 'Subir' (-1) and 'Bajar' (+1). */
export function moveCategoryBy(draft: MenuDraft, categoryKey: string, delta: number): MenuDraft {
  const place = findCategory(draft, categoryKey);
  if (!place) return draft;
  return mapMenu(draft, place.menu, (menu) => ({
    ...menu,
    categories: moveItem(menu.categories, place.category, place.category + delta),
  }));
}

// ------------------------------------------------------------------ plates

/** A plate as 'Agregá un plato' starts it: no name and no price yet, visible, in stock. */
export function blankPlate(key: string): DraftPlate {
  return {
    key,
    name: '',
    description: null,
    price: Number.NaN,
    imageUrl: null,
    visible: true,
    outOfStock: false,
    maxQuantity: null,
    indicators: [],
    sizes: [],
    garnishGroups: [],
    excludedCategories: [],
  };
}

/** A plate still as blankPlate made it: closing its editor drops it instead of leaving an empty row. */
export function isBlankPlate(plate: DraftPlate): boolean {
  const blank = blankPlate(plate.key);
  return (
    plate.id === undefined &&
    plate.name.trim() === '' &&
    !plate.description?.trim() &&
    Number.isNaN(plate.price) &&
    !plate.imageUrl &&
    plate.sizes.length === 0 &&
    plate.garnishGroups.length === 0 &&
    plate.indicators.length === 0 &&
    plate.visible === blank.visible &&
    plate.outOfStock === blank.outOfStock &&
    (plate.maxQuantity ?? null) === null
  );
}

export function addPlate(draft: MenuDraft, categoryKey: string): { draft: MenuDraft; key: string } {
  const key = newDraftKey('plate', draftKeys(draft));
  return {
    draft: mapCategory(draft, categoryKey, (category) => ({
      ...category,
      plates: [...category.plates, blankPlate(key)],
    })),
    key,
  };
}

export function updatePlate(
  draft: MenuDraft,
  plateKey: string,
  change: Partial<Omit<DraftPlate, 'key' | 'id'>> | ((plate: DraftPlate) => DraftPlate),
): MenuDraft {
  const place = findPlate(draft, plateKey);
  if (!place) return draft;
  const next = typeof change === 'function' ? change(place.value) : { ...place.value, ...change };
  return mapPlates(draft, place, (plates) => replaceAt(plates, place.plate, next));
}

export function deletePlate(draft: MenuDraft, plateKey: string): MenuDraft {
  const place = findPlate(draft, plateKey);
  if (!place) return draft;
  const without = mapMenu(draft, place.menu, (menu) => ({
    ...menu,
    categories: menu.categories.map((category, c) =>
      c === place.category
        ? { ...category, plates: category.plates.filter((plate) => plate.key !== plateKey) }
        : category,
    ),
  }));
  return forgetPlates(without, new Set([plateKey]));
}

export function reorderPlates(draft: MenuDraft, activeKey: string, overKey: string): MenuDraft {
  const active = findPlate(draft, activeKey);
  const over = findPlate(draft, overKey);
  if (!active || !over || active.menu !== over.menu || active.category !== over.category) return draft;
  return mapPlates(draft, active, (plates) => moveItem(plates, active.plate, over.plate));
}

export function movePlateBy(draft: MenuDraft, plateKey: string, delta: number): MenuDraft {
  const place = findPlate(draft, plateKey);
  if (!place) return draft;
  return mapPlates(draft, place, (plates) => moveItem(plates, place.plate, place.plate + delta));
}

function mapPlates(
  draft: MenuDraft,
  place: CategoryPlace,
  change: (plates: DraftPlate[]) => DraftPlate[],
): MenuDraft {
  return mapMenu(draft, place.menu, (menu) => ({
    ...menu,
    categories: menu.categories.map((category, c) =>
      c === place.category ? { ...category, plates: change(category.plates) } : category,
    ),
  }));
}

/**
 * Moves a plate to the end of another category. Into another menu it takes its 'Destacado' and
 * 'Recomendado' marks along and drops exclusions that name the old menu's categories.
 */
export function movePlateToCategory(draft: MenuDraft, plateKey: string, categoryKey: string): MenuDraft {
  const from = findPlate(draft, plateKey);
  const to = findCategory(draft, categoryKey);
  if (!from || !to) return draft;
  const fromCategory = draft.menus[from.menu]?.categories[from.category];
  if (!fromCategory || fromCategory.key === categoryKey) return draft;
  const sameMenu = from.menu === to.menu;
  const targetCategories = new Set(draft.menus[to.menu]?.categories.map((category) => category.key));
  const plate = sameMenu
    ? from.value
    : {
        ...from.value,
        excludedCategories: from.value.excludedCategories.filter((key) => targetCategories.has(key)),
      };
  let next: MenuDraft = {
    ...draft,
    menus: draft.menus.map((menu, m) => ({
      ...menu,
      categories: menu.categories.map((category) => {
        if (m === from.menu && category.key === fromCategory.key)
          return { ...category, plates: category.plates.filter((p) => p.key !== plateKey) };
        if (m === to.menu && category.key === categoryKey)
          return { ...category, plates: [...category.plates, plate] };
        return category;
      }),
    })),
  };
  if (!sameMenu) {
    for (const list of ['remarked', 'upsold'] as const) {
      const marked = isPlateIn(draft, plateKey, list);
      next = setPlateIn(next, plateKey, list, false);
      if (marked) next = setPlateIn(next, plateKey, list, true);
    }
  }
  return next;
}

/** Whether the plate is in its menu's 'Lo más destacado' (remarked) or cart suggestions (upsold). */
export function isPlateIn(draft: MenuDraft, plateKey: string, list: PlateList): boolean {
  return draft.menus.some((menu) => menu[list].includes(plateKey));
}

export function setPlateIn(draft: MenuDraft, plateKey: string, list: PlateList, on: boolean): MenuDraft {
  const place = findPlate(draft, plateKey);
  return {
    ...draft,
    menus: draft.menus.map((menu, m) => {
      const has = menu[list].includes(plateKey);
      const wanted = on && place?.menu === m;
      if (has === wanted) return menu;
      return {
        ...menu,
        [list]: wanted ? [...menu[list], plateKey] : menu[list].filter((key) => key !== plateKey),
      };
    }),
  };
}

// ------------------------------------------------------------------ indicators

export interface IndicatorFields {
  showName: string;
  backgroundColor: string;
  textColor: string;
}

export function addIndicator(draft: MenuDraft, fields: IndicatorFields): { draft: MenuDraft; key: string } {
  const key = newDraftKey('indicator', draftKeys(draft));
  const indicator: DraftIndicator = {
    key,
    showName: fields.showName.trim(),
    backgroundColor: fields.backgroundColor.toLowerCase(),
    textColor: fields.textColor.toLowerCase(),
  };
  return { draft: { ...draft, indicators: [...draft.indicators, indicator] }, key };
}

export function togglePlateIndicator(draft: MenuDraft, plateKey: string, indicatorKey: string): MenuDraft {
  return updatePlate(draft, plateKey, (plate) => ({
    ...plate,
    indicators: plate.indicators.includes(indicatorKey)
      ? plate.indicators.filter((key) => key !== indicatorKey)
      : [...plate.indicators, indicatorKey],
  }));
}

// ------------------------------------------------------------------ a plate's sizes and garnishes

export const addSize = (plate: DraftPlate): DraftPlate => ({
  ...plate,
  sizes: [...plate.sizes, { name: '', price: Number.NaN }],
});

export const updateSize = (
  plate: DraftPlate,
  index: number,
  fields: Partial<Omit<DraftSize, 'id'>>,
): DraftPlate => ({
  ...plate,
  sizes: plate.sizes.map((size, i) => (i === index ? { ...size, ...fields } : size)),
});

export const removeSize = (plate: DraftPlate, index: number): DraftPlate => ({
  ...plate,
  sizes: plate.sizes.filter((_, i) => i !== index),
});

/** A new group of options: pick one, optional, with one option to fill in. */
export const addGarnishGroup = (plate: DraftPlate): DraftPlate => ({
  ...plate,
  garnishGroups: [
    ...plate.garnishGroups,
    {
      name: '',
      minGarnishAmount: 0,
      maxGarnishAmount: 1,
      multipleSelection: false,
      mandatory: false,
      garnishes: [{ name: '', price: 0, visible: true }],
    },
  ],
});

/**
 * Changes a group's fields. 'Obligatorio' needs a minimum of at least 1, so turning it on raises a 0
 * minimum to 1 (and the maximum with it); turning it off leaves the numbers as the owner set them.
 */
export function updateGarnishGroup(
  plate: DraftPlate,
  index: number,
  fields: Partial<Omit<DraftGarnishGroup, 'id' | 'garnishes'>>,
): DraftPlate {
  return {
    ...plate,
    garnishGroups: plate.garnishGroups.map((group, g) => {
      if (g !== index) return group;
      const next = { ...group, ...fields };
      if (fields.mandatory === true && !(next.minGarnishAmount >= 1)) {
        next.minGarnishAmount = 1;
        if (!(next.maxGarnishAmount >= 1)) next.maxGarnishAmount = 1;
      }
      return next;
    }),
  };
}

export const removeGarnishGroup = (plate: DraftPlate, index: number): DraftPlate => ({
  ...plate,
  garnishGroups: plate.garnishGroups.filter((_, g) => g !== index),
});

export const addGarnish = (plate: DraftPlate, groupIndex: number): DraftPlate => ({
  ...plate,
  garnishGroups: plate.garnishGroups.map((group, g) =>
    g === groupIndex
      ? { ...group, garnishes: [...group.garnishes, { name: '', price: 0, visible: true }] }
      : group,
  ),
});

export const updateGarnish = (
  plate: DraftPlate,
  groupIndex: number,
  index: number,
  fields: Partial<Omit<DraftGarnish, 'id'>>,
): DraftPlate => ({
  ...plate,
  garnishGroups: plate.garnishGroups.map((group, g) =>
    g === groupIndex
      ? {
          ...group,
          garnishes: group.garnishes.map((garnish, x) => (x === index ? { ...garnish, ...fields } : garnish)),
        }
      : group,
  ),
});

export const removeGarnish = (plate: DraftPlate, groupIndex: number, index: number): DraftPlate => ({
  ...plate,
  garnishGroups: plate.garnishGroups.map((group, g) =>
    g === groupIndex ? { ...group, garnishes: group.garnishes.filter((_, x) => x !== index) } : group,
  ),
});

// ------------------------------------------------------------------ menu discounts

/** A new discount: a percentage to fill in, active, no plates yet. */
export function addDiscount(draft: MenuDraft): { draft: MenuDraft; index: number } {
  const discount: DraftMenuDiscount = {
    name: '',
    type: 'PERCENT',
    percentage: null,
    fixedDiscount: null,
    buy: null,
    pay: null,
    finalPrice: null,
    active: true,
    plates: [],
  };
  return {
    draft: { ...draft, menuDiscounts: [...draft.menuDiscounts, discount] },
    index: draft.menuDiscounts.length,
  };
}

/** A discount still as addDiscount made it. */
export function isBlankDiscount(discount: DraftMenuDiscount): boolean {
  return (
    discount.id === undefined &&
    discount.name.trim() === '' &&
    discount.plates.length === 0 &&
    [discount.percentage, discount.fixedDiscount, discount.buy, discount.pay, discount.finalPrice].every(
      (value) => value == null,
    )
  );
}

export function updateDiscount(
  draft: MenuDraft,
  index: number,
  fields: Partial<Omit<DraftMenuDiscount, 'id' | 'type'>>,
): MenuDraft {
  return {
    ...draft,
    menuDiscounts: draft.menuDiscounts.map((discount, d) =>
      d === index ? { ...discount, ...fields } : discount,
    ),
  };
}

/** Changes a discount's type; the amounts of the other types go, since only the type's own one counts. */
export function setDiscountType(draft: MenuDraft, index: number, type: MenuDiscountType): MenuDraft {
  return {
    ...draft,
    menuDiscounts: draft.menuDiscounts.map((discount, d) =>
      d === index && discount.type !== type
        ? { ...discount, type, percentage: null, fixedDiscount: null, buy: null, pay: null, finalPrice: null }
        : discount,
    ),
  };
}

export function toggleDiscountPlate(draft: MenuDraft, index: number, plateKey: string): MenuDraft {
  return {
    ...draft,
    menuDiscounts: draft.menuDiscounts.map((discount, d) =>
      d === index
        ? {
            ...discount,
            plates: discount.plates.includes(plateKey)
              ? discount.plates.filter((key) => key !== plateKey)
              : [...discount.plates, plateKey],
          }
        : discount,
    ),
  };
}

export function deleteDiscount(draft: MenuDraft, index: number): MenuDraft {
  return { ...draft, menuDiscounts: draft.menuDiscounts.filter((_, d) => d !== index) };
}
