import type { MenuDiscountType } from '../cart/menu-discount.ts';
import { fillMessage, BACK_OFFICE_MESSAGES as M } from './messages.ts';

/**
 * The owner's menu as the editor holds it until it is published: the branch's menus, indicators and
 * menu discounts in the import format's shape (amounts in currency units, cross references by key),
 * plus the database id of each thing that already exists, so publishing updates it in place and
 * open carts keep their plates, sizes and garnishes.
 */
export interface DraftGarnish {
  id?: number;
  name: string;
  description?: string | null;
  price: number;
  visible: boolean;
}

export interface DraftGarnishGroup {
  id?: number;
  name: string;
  minGarnishAmount: number;
  maxGarnishAmount: number;
  multipleSelection: boolean;
  mandatory: boolean;
  garnishes: DraftGarnish[];
}

export interface DraftSize {
  id?: number;
  name: string;
  price: number;
}

export interface DraftPlate {
  id?: number;
  key: string;
  name: string;
  description?: string | null;
  price: number;
  imageUrl?: string | null;
  visible: boolean;
  outOfStock: boolean;
  maxQuantity?: number | null;
  indicators: string[];
  sizes: DraftSize[];
  garnishGroups: DraftGarnishGroup[];
  /** category keys of the same menu: not suggested while all of these are in the cart */
  excludedCategories: string[];
}

export interface DraftCategory {
  id?: number;
  key: string;
  name: string;
  description?: string | null;
  visible: boolean;
  plates: DraftPlate[];
}

export interface DraftMenu {
  id?: number;
  key: string;
  name: string;
  categories: DraftCategory[];
  /** plate keys for 'Lo más destacado' */
  remarked: string[];
  /** plate keys for the cart's 'Te recomendamos' */
  upsold: string[];
}

export interface DraftIndicator {
  id?: number;
  key: string;
  showName: string;
  backgroundColor: string;
  textColor: string;
}

export const MENU_DISCOUNT_TYPES = [
  'PERCENT',
  'FIXED',
  'MULTIPLE',
  'FINAL_PRICE',
] as const satisfies readonly MenuDiscountType[];

export interface DraftMenuDiscount {
  id?: number;
  name: string;
  type: MenuDiscountType;
  percentage?: number | null;
  fixedDiscount?: number | null;
  buy?: number | null;
  pay?: number | null;
  finalPrice?: number | null;
  active: boolean;
  /** plate keys of any menu of the branch */
  plates: string[];
}

export interface MenuDraft {
  menus: DraftMenu[];
  indicators: DraftIndicator[];
  menuDiscounts: DraftMenuDiscount[];
}

export interface DraftProblem {
  /** where, as a JSON path into the draft: menus.0.categories.1.plates.2.price */
  path: string;
  message: string;
}

/**
 * Every rule the storefront relies on that a shape check alone cannot see: keys unique and resolvable,
 * garnish groups that can be satisfied, sizes told apart, discounts with the field their type needs.
 * The import applies the same checks (business-import), the editor shows them beside each field.
 */
export function menuDraftProblems(draft: MenuDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  if (draft.menus.length === 0) add('menus', M.menuRequired);

  const indicatorKeys = uniqueKeys(
    draft.indicators.map((indicator, i) => [indicator.key, `indicators.${i}.key`]),
    add,
  );
  const plateKeys = new Set<string>();
  const allKeys: [string, string][] = [];
  draft.menus.forEach((menu, m) => {
    allKeys.push([menu.key, `menus.${m}.key`]);
    menu.categories.forEach((category, c) => {
      allKeys.push([category.key, `menus.${m}.categories.${c}.key`]);
      category.plates.forEach((plate, p) => {
        allKeys.push([plate.key, `menus.${m}.categories.${c}.plates.${p}.key`]);
        plateKeys.add(plate.key);
      });
    });
  });
  uniqueKeys(allKeys, add);

  draft.menus.forEach((menu, m) => {
    const at = `menus.${m}`;
    if (!menu.name.trim()) add(`${at}.name`, M.nameRequired);
    const categoryKeys = new Set(menu.categories.map((category) => category.key));
    const menuPlates = new Set(menu.categories.flatMap((category) => category.plates.map((p) => p.key)));
    menu.categories.forEach((category, c) => {
      const catAt = `${at}.categories.${c}`;
      if (!category.name.trim()) add(`${catAt}.name`, M.nameRequired);
      category.plates.forEach((plate, p) => {
        plateProblems(plate, `${catAt}.plates.${p}`, { categoryKeys, indicatorKeys }, add);
      });
    });
    for (const list of ['remarked', 'upsold'] as const) {
      menu[list].forEach((key, i) => {
        if (!menuPlates.has(key)) add(`${at}.${list}.${i}`, fillMessage(M.plateUnknown, { key }));
      });
    }
  });

  draft.indicators.forEach((indicator, i) => {
    if (!indicator.showName.trim()) add(`indicators.${i}.showName`, M.nameRequired);
  });

  draft.menuDiscounts.forEach((discount, d) => {
    const at = `menuDiscounts.${d}`;
    if (!discount.name.trim()) add(`${at}.name`, M.nameRequired);
    const typeProblem = discountTypeProblem(discount);
    if (typeProblem) add(`${at}.${typeProblem.field}`, typeProblem.message);
    if (discount.plates.length === 0)
      add(`${at}.plates`, fillMessage(M.discountWithoutPlates, { name: discount.name }));
    discount.plates.forEach((key, i) => {
      if (!plateKeys.has(key)) add(`${at}.plates.${i}`, fillMessage(M.plateUnknown, { key }));
    });
  });
  return problems;
}

function uniqueKeys(entries: [string, string][], add: (path: string, message: string) => void): Set<string> {
  const seen = new Set<string>();
  for (const [key, path] of entries) {
    if (seen.has(key)) add(path, fillMessage(M.keyRepeated, { key }));
    seen.add(key);
  }
  return seen;
}

function plateProblems(
  plate: DraftPlate,
  at: string,
  known: { categoryKeys: Set<string>; indicatorKeys: Set<string> },
  add: (path: string, message: string) => void,
): void {
  if (!plate.name.trim()) add(`${at}.name`, M.nameRequired);
  if (!validAmount(plate.price)) add(`${at}.price`, M.priceInvalid);
  if (plate.imageUrl && !/^(https?:\/\/|\/)\S+$/.test(plate.imageUrl))
    add(`${at}.imageUrl`, fillMessage(M.imageUrlInvalid, { plate: plate.name }));
  plate.indicators.forEach((key, i) => {
    if (!known.indicatorKeys.has(key)) add(`${at}.indicators.${i}`, fillMessage(M.indicatorUnknown, { key }));
  });
  plate.excludedCategories.forEach((key, i) => {
    if (!known.categoryKeys.has(key))
      add(`${at}.excludedCategories.${i}`, fillMessage(M.categoryUnknown, { key }));
  });
  const sizeNames = new Set<string>();
  plate.sizes.forEach((size, s) => {
    if (!size.name.trim()) add(`${at}.sizes.${s}.name`, M.nameRequired);
    if (!validAmount(size.price)) add(`${at}.sizes.${s}.price`, M.priceInvalid);
    const name = size.name.trim().toLowerCase();
    if (sizeNames.has(name))
      add(`${at}.sizes.${s}.name`, fillMessage(M.sizeRepeated, { plate: plate.name, size: size.name }));
    sizeNames.add(name);
  });
  plate.garnishGroups.forEach((group, g) => {
    const groupAt = `${at}.garnishGroups.${g}`;
    const values = { group: group.name };
    if (!group.name.trim()) add(`${groupAt}.name`, M.nameRequired);
    if (group.minGarnishAmount > group.maxGarnishAmount)
      add(`${groupAt}.minGarnishAmount`, fillMessage(M.groupMinAboveMax, values));
    // a diner must be able to reach the minimum with what the group offers
    const offered = group.multipleSelection
      ? Number.POSITIVE_INFINITY
      : group.garnishes.filter((garnish) => garnish.visible).length;
    if (group.minGarnishAmount > offered)
      add(`${groupAt}.minGarnishAmount`, fillMessage(M.groupMaxAboveOptions, values));
    if (group.mandatory && group.minGarnishAmount < 1)
      add(`${groupAt}.minGarnishAmount`, fillMessage(M.groupMandatoryWithoutMin, values));
    group.garnishes.forEach((garnish, x) => {
      if (!garnish.name.trim()) add(`${groupAt}.garnishes.${x}.name`, M.nameRequired);
      if (!validAmount(garnish.price)) add(`${groupAt}.garnishes.${x}.price`, M.priceInvalid);
    });
  });
}

const validAmount = (value: number) => Number.isFinite(value) && value >= 0;

/** The field a menu discount's type needs, with what is wrong with it; null when it is right. */
export function discountTypeProblem(
  discount: Pick<
    DraftMenuDiscount,
    'name' | 'type' | 'percentage' | 'fixedDiscount' | 'buy' | 'pay' | 'finalPrice'
  >,
): { field: string; message: string } | null {
  const values = { name: discount.name };
  switch (discount.type) {
    case 'PERCENT':
      return discount.percentage != null && discount.percentage > 0 && discount.percentage <= 100
        ? null
        : { field: 'percentage', message: fillMessage(M.discountPercentage, values) };
    case 'FIXED':
      return discount.fixedDiscount != null && discount.fixedDiscount > 0
        ? null
        : { field: 'fixedDiscount', message: fillMessage(M.discountFixed, values) };
    case 'MULTIPLE':
      return discount.buy != null && discount.pay != null && discount.pay >= 1 && discount.buy > discount.pay
        ? null
        : { field: 'buy', message: fillMessage(M.discountMultiple, values) };
    case 'FINAL_PRICE':
      return discount.finalPrice != null && discount.finalPrice >= 0
        ? null
        : { field: 'finalPrice', message: fillMessage(M.discountFinalPrice, values) };
  }
}

/** A fresh key for something new in the draft (never the `plate-12` form existing rows get). */
export function newDraftKey(kind: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const key = `${kind}-new-${n}`;
    if (!taken.has(key)) return key;
  }
}

/** Every key in use in a draft (menus, categories, plates, indicators). */
export function draftKeys(draft: MenuDraft): Set<string> {
  const keys = new Set<string>(draft.indicators.map((indicator) => indicator.key));
  for (const menu of draft.menus) {
    keys.add(menu.key);
    for (const category of menu.categories) {
      keys.add(category.key);
      for (const plate of category.plates) keys.add(plate.key);
    }
  }
  return keys;
}
