/** How many suggestions 'Te recomendamos' shows (the spec leaves the constant out). */
export const UPSELL_LIMIT = 6;

export interface UpsellPlate {
  id: number;
  excludedCategoryIds: readonly number[];
}

/**
 * Upsell candidates: plates not already in the cart, except those whose excluded categories are all
 * present in the cart (a drink is not pushed on a diner who already has one).
 */
export function upsellCandidates<P extends UpsellPlate>(
  plates: readonly P[],
  cart: readonly { referenceId: number; categoryId: number }[],
  limit = UPSELL_LIMIT,
): P[] {
  const inCart = new Set(cart.map((l) => l.referenceId));
  const categories = new Set(cart.map((l) => l.categoryId));
  return plates
    .filter((p) => !inCart.has(p.id))
    .filter(
      (p) => p.excludedCategoryIds.length === 0 || !p.excludedCategoryIds.every((c) => categories.has(c)),
    )
    .slice(0, limit);
}
