import { MESSAGES } from '../messages.ts';
import {
  findPlateDiscount,
  lineDiscountAmount,
  type MenuDiscountRule,
  multipleFreeUnits,
} from './menu-discount.ts';

/** Amounts in minor units. Field names follow the spec's cart line (storefront.md section 3). */
export interface CartExtraItem {
  referenceId: number;
  referenceType: 'GARNISH';
  name: string;
  price: number;
  quantity: number;
}

export interface CartExtraGroup {
  groupId: number;
  groupName: string;
  min: number;
  max: number;
  multipleSelection: boolean;
  groupItems: CartExtraItem[];
}

/** What the dish view hands to the cart. */
export interface CartLineInput {
  referenceId: number;
  name: string;
  notes: string;
  quantity: number;
  sizeId: number | null;
  sizeName: string | null;
  /** Price of one unit of the size (or of the plate without sizes), before extras and discounts. */
  basePrice: number;
  categoryId: number;
  categoryShowName: string;
  source: 'PLATE' | 'UPSOLD';
  upsell: boolean;
  maxQuantity: number | null;
  extras: CartExtraGroup[];
}

export interface CartLine extends CartLineInput {
  referenceType: 'PLATE';
  /** Unit price without extras or discounts. */
  priceWithoutModifiers: number;
  /** Line total before the menu discount. */
  originalPrice: number;
  /** Line total after the menu discount. */
  price: number;
  /** The menu discount of the line; itemId is the plate it applies to (the spec's cart line discount). */
  discount: { itemId: number; type: string; discountReferenceId: number; amount: number } | null;
}

export interface CartChange {
  lines: CartLine[];
  error?: string;
}

/** Lines identical in reference, size, name, notes and extras (with their quantities) are one line. */
export function lineKey(
  line: Pick<CartLineInput, 'referenceId' | 'sizeId' | 'name' | 'notes' | 'extras'>,
): string {
  const extras = line.extras
    .map((g) => ({
      g: g.groupId,
      i: g.groupItems
        .filter((i) => i.quantity > 0)
        .map((i) => [i.referenceId, i.quantity] as const)
        .sort((a, b) => a[0] - b[0]),
    }))
    .filter((g) => g.i.length > 0)
    .sort((a, b) => a.g - b.g);
  return JSON.stringify([line.referenceId, line.sizeId, line.name, line.notes.trim(), extras]);
}

export function unitExtrasPrice(extras: readonly CartExtraGroup[]): number {
  return extras.reduce((sum, g) => sum + g.groupItems.reduce((s, i) => s + i.price * i.quantity, 0), 0);
}

/**
 * Derives a line's prices from its unit prices, quantity and the plate's menu discount, as if it were
 * alone in the cart (the dish view's live price); repriceCart prices lines within their cart.
 */
export function priceLine(input: CartLineInput, discounts: readonly MenuDiscountRule[]): CartLine {
  const extrasPrice = unitExtrasPrice(input.extras);
  const originalPrice = (input.basePrice + extrasPrice) * input.quantity;
  const rule = findPlateDiscount(discounts, input.referenceId);
  const amount = lineDiscountAmount(rule, {
    basePrice: input.basePrice,
    extrasPrice,
    quantity: input.quantity,
  });
  return {
    ...input,
    notes: input.notes.trim(),
    referenceType: 'PLATE',
    priceWithoutModifiers: input.basePrice,
    originalPrice,
    price: originalPrice - amount,
    discount:
      rule && amount > 0
        ? { itemId: input.referenceId, type: rule.type, discountReferenceId: rule.id, amount }
        : null,
  };
}

/** Units of each plate in the cart (the spec's hash of quantity per referenceId). */
export function quantityByReference(lines: readonly CartLine[]): Record<number, number> {
  const result: Record<number, number> = {};
  for (const line of lines) result[line.referenceId] = (result[line.referenceId] ?? 0) + line.quantity;
  return result;
}

/** Adds a dish: merges with an identical line, refuses to pass the plate's maximum of units. */
export function addLine(
  lines: readonly CartLine[],
  input: CartLineInput,
  discounts: readonly MenuDiscountRule[],
): CartChange {
  if (!Number.isInteger(input.quantity) || input.quantity < 1) return { lines: [...lines] };
  const max = input.maxQuantity;
  if (max !== null && (quantityByReference(lines)[input.referenceId] ?? 0) + input.quantity > max) {
    return { lines: [...lines], error: MESSAGES.maxUnits(max) };
  }
  const key = lineKey(input);
  const index = lines.findIndex((l) => lineKey(l) === key);
  const next =
    index === -1
      ? [...lines, input]
      : lines.map((l, i) => (i === index ? { ...l, quantity: l.quantity + input.quantity } : l));
  return { lines: repriceCart(next, discounts) };
}

/** Sets a line's quantity; zero removes it; the plate's maximum of units is kept. */
export function setLineQuantity(
  lines: readonly CartLine[],
  key: string,
  quantity: number,
  discounts: readonly MenuDiscountRule[],
): CartChange {
  const line = lines.find((l) => lineKey(l) === key);
  if (!line || !Number.isInteger(quantity) || quantity < 0) return { lines: [...lines] };
  if (quantity === 0)
    return {
      lines: repriceCart(
        lines.filter((l) => l !== line),
        discounts,
      ),
    };
  const others = (quantityByReference(lines)[line.referenceId] ?? 0) - line.quantity;
  if (line.maxQuantity !== null && others + quantity > line.maxQuantity) {
    return { lines: [...lines], error: MESSAGES.maxUnits(line.maxQuantity) };
  }
  return {
    lines: repriceCart(
      lines.map((l) => (l === line ? { ...l, quantity } : l)),
      discounts,
    ),
  };
}

/**
 * Prices every line of a cart (after each change, and when the menu discounts were fetched again).
 * A MULTIPLE rule (3x2) counts the units of all its plates together, whatever each line's notes,
 * size or extras, and makes the cheapest units free: 2 empanadas 'sin cebolla' and 1 plain are 3.
 */
export function repriceCart(
  lines: readonly CartLineInput[],
  discounts: readonly MenuDiscountRule[],
): CartLine[] {
  const priced = lines.map((l) => priceLine(l, discounts));
  for (const rule of discounts) {
    if (rule.type !== 'MULTIPLE') continue;
    const members = priced.filter((l) => rule.plates.includes(l.referenceId));
    if (members.length === 0) continue;
    let free = multipleFreeUnits(
      rule,
      members.reduce((sum, l) => sum + l.quantity, 0),
    );
    const unitPrice = (l: CartLine) => l.originalPrice / l.quantity;
    const keys = new Map(members.map((l) => [l, lineKey(l)]));
    const keyOf = (l: CartLine) => keys.get(l) ?? '';
    // cheapest first; equal prices by line key, so the result never depends on the order of adding
    const order = (a: CartLine, b: CartLine) => {
      const [ka, kb] = [keyOf(a), keyOf(b)];
      return unitPrice(a) - unitPrice(b) || (ka < kb ? -1 : ka > kb ? 1 : 0);
    };
    for (const line of [...members].sort(order)) {
      const freeHere = Math.min(free, line.quantity);
      free -= freeHere;
      const amount = freeHere * unitPrice(line);
      const index = priced.indexOf(line);
      priced[index] = {
        ...line,
        price: line.originalPrice - amount,
        discount:
          amount > 0
            ? { itemId: line.referenceId, type: rule.type, discountReferenceId: rule.id, amount }
            : null,
      };
    }
  }
  return priced;
}

export function cartSubtotal(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.price, 0);
}

export function cartItemCount(lines: readonly CartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}
