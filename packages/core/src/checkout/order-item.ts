import type { CartLine } from '../cart/cart.ts';
import { fromMinor } from '../money.ts';

/**
 * A cart line as the order payload carries it (storefront.md section 3, "Cart line"): the same fields,
 * amounts back in currency units. The server prices it again and compares.
 */
export function orderItemOf(line: CartLine, decimals: number) {
  const units = (minor: number) => fromMinor(minor, decimals);
  return {
    referenceId: line.referenceId,
    referenceType: line.referenceType,
    name: line.name,
    notes: line.notes,
    quantity: line.quantity,
    price: units(line.price),
    originalPrice: units(line.originalPrice),
    priceWithoutModifiers: units(line.priceWithoutModifiers),
    sizeId: line.sizeId,
    categoryId: line.categoryId,
    categoryShowName: line.categoryShowName,
    discount: line.discount ? { ...line.discount, amount: units(line.discount.amount) } : null,
    source: line.source,
    upsell: line.upsell,
    maxQuantity: line.maxQuantity,
    extras: line.extras.map((group) => ({
      ...group,
      groupItems: group.groupItems.map((item) => ({ ...item, price: units(item.price) })),
    })),
  };
}
