import { discountRulesOf, type MenuDiscountRule } from '@comanda/core';
import type { MenuDiscount, Plate } from '@comanda/core/contract';

export interface DisplayPrice {
  /** Currency units, as the API sends them. */
  amount: number;
  /** The plate has sizes: the amount is the cheapest, shown as 'desde'. */
  from: boolean;
}

export function displayPriceOf(plate: Plate): DisplayPrice {
  if (plate.sizes.length === 0) return { amount: plate.price, from: false };
  return { amount: Math.min(...plate.sizes.map((size) => size.price)), from: true };
}

/** The menu discount of each plate (the first one listing it, as core's findPlateDiscount). */
export function discountsByPlate(discounts: MenuDiscount[] | undefined): Map<number, MenuDiscount> {
  const byPlate = new Map<number, MenuDiscount>();
  for (const discount of discounts ?? []) {
    for (const plateId of discount.plates) if (!byPlate.has(plateId)) byPlate.set(plateId, discount);
  }
  return byPlate;
}

/** A plate's menu discount as the core rule the cart prices with (amounts in minor units). */
export function discountRuleOf(
  discount: MenuDiscount | undefined,
  decimals: number,
): MenuDiscountRule | undefined {
  return discount ? discountRulesOf([discount], decimals)[0] : undefined;
}
