/**
 * A campaign link's plates (`?menu=`, repeatable: plate ids or names) preselected on the contact's menu
 * (decision 021): each plate that needs no choice goes into the cart once, and the first one that needs
 * a size or garnishes opens its dish view so the diner chooses. Once per link and session, on the first
 * menu of the contact the diner opens; the menu loads this module only for a link with `menu`.
 */
import type { CartLineInput } from '@comanda/core';
import type { BranchContact, Menu, MenuDiscount, OrderMode, Plate } from '@comanda/core/contract';
import { cartActions, getCart, getStoredCart } from '../cart/cart-store.ts';
import { discountRulesOf, needsChoices, simpleLineInputOf } from '../cart/from-menu.ts';
import { platePath } from '../dish/dish-path.ts';
import { parseEntryParams } from './entry-params.ts';
import { getEntry, updateEntry } from './entry-store.ts';

/** Not quoted by the spec: what the link put in the cart. */
export function preselectedAdded(names: readonly string[]): string {
  return `Agregamos a tu pedido: ${names.join(', ')}.`;
}

/** Lower case, without accents or repeated spaces: 'Coca-Cola  500 ML' and 'coca-cola 500 ml' match. */
function comparable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** The menu's plates the link names, in link order, each once: by id, else by show name or name. */
export function platesOfLink(entries: readonly string[], menu: Menu): Plate[] {
  const plates = menu.categories.flatMap((category) => category.plates);
  const found: Plate[] = [];
  for (const entry of entries) {
    const wanted = comparable(entry);
    const plate =
      plates.find((candidate) => String(candidate.id) === entry.trim()) ??
      plates.find(
        (candidate) =>
          comparable(candidate.showName || candidate.name) === wanted ||
          comparable(candidate.name) === wanted,
      );
    if (plate && !found.includes(plate)) found.push(plate);
  }
  return found;
}

export interface Preselection {
  /** One unit of each plate that needs no choice. */
  inputs: CartLineInput[];
  /** The first plate that needs a size or garnishes: its dish view opens. */
  toChoose: Plate | null;
}

export function preselectionOf(entries: readonly string[], menu: Menu, decimals: number): Preselection {
  const plates = platesOfLink(entries, menu);
  return {
    inputs: plates
      .filter((plate) => !needsChoices(plate))
      .map((plate) => simpleLineInputOf(plate, decimals, 'PLATE')),
    toChoose: plates.find(needsChoices) ?? null,
  };
}

/** Where to go (a dish to choose) and what to say after the link's plates were preselected. */
export interface PreselectOutcome {
  to: string | null;
  toast: string | null;
}

export interface PreselectRequest {
  contact: BranchContact;
  mode: OrderMode;
  menu: Menu;
  discounts: readonly MenuDiscount[];
  decimals: number;
  /** The mode takes no orders now: the link only shows its first plate. */
  viewOnly: boolean;
  search: string;
}

/**
 * Called by the menu once its data is in and no question about the cart is open: preselects the link's
 * plates, once per link, shop and session; nothing when another shop's items or items of another menu
 * of this shop are in the cart (the menu asks about those first; the next menu opened tries again).
 */
export function preselectLinkPlates(request: PreselectRequest): PreselectOutcome | null {
  const { contact, mode, menu, decimals, search } = request;
  const entries = parseEntryParams(search).menu;
  const key = `${contact.alias}|${entries.join(',')}`;
  if (entries.length === 0 || getEntry().menuApplied === key) return null;
  const stored = getStoredCart();
  if (stored.alias !== null && stored.alias !== contact.alias && stored.lines.length > 0) return null;
  const cart = getCart(contact.alias);
  if (cart.lines.length > 0 && cart.orderModeId !== mode.id && cart.menuHash !== menu.hash) return null;
  updateEntry({ menuApplied: key });

  if (request.viewOnly) {
    const first = platesOfLink(entries, menu)[0];
    return first ? { to: platePath(contact.alias, mode.showName, first, search), toast: null } : null;
  }
  const { inputs, toChoose } = preselectionOf(entries, menu, decimals);
  if (cart.orderModeId !== mode.id || cart.menuHash !== menu.hash)
    cartActions.setMode(contact.alias, mode.id, menu.hash, true);
  const rules = discountRulesOf(request.discounts, decimals);
  const added = inputs
    .filter((input) => !cartActions.add(contact.alias, input, rules).error)
    .map((input) => input.name);
  return {
    to: toChoose ? platePath(contact.alias, mode.showName, toChoose, search) : null,
    toast: added.length > 0 ? preselectedAdded(added) : null,
  };
}
