import type { MenuDiscountType } from '@comanda/core';
import type { DraftMenuDiscount } from '@comanda/core/back-office';

/** The discount types as the owner picks them. */
export const DISCOUNT_TYPE_LABELS: Record<MenuDiscountType, string> = {
  PERCENT: 'Porcentaje',
  FIXED: 'Monto fijo',
  MULTIPLE: 'Lleva y paga menos (2x1, 3x2)',
  FINAL_PRICE: 'Precio final',
};

/** What a discount does, in a line: '20% off', '2x1', '$500 menos', 'Precio final $3.000'. */
export function discountSummary(discount: DraftMenuDiscount, money: (amount: number) => string): string {
  switch (discount.type) {
    case 'PERCENT':
      return discount.percentage != null && Number.isFinite(discount.percentage)
        ? `${discount.percentage}% de descuento`
        : 'Porcentaje sin completar';
    case 'FIXED':
      return discount.fixedDiscount != null && Number.isFinite(discount.fixedDiscount)
        ? `${money(discount.fixedDiscount)} menos`
        : 'Monto sin completar';
    case 'MULTIPLE':
      return discount.buy != null && discount.pay != null && Number.isFinite(discount.buy + discount.pay)
        ? `${discount.buy}x${discount.pay}`
        : 'Lleva y paga sin completar';
    case 'FINAL_PRICE':
      return discount.finalPrice != null && Number.isFinite(discount.finalPrice)
        ? `Precio final ${money(discount.finalPrice)}`
        : 'Precio final sin completar';
  }
}

/** '1 plato', '3 platos'. */
export const platesCount = (count: number) => (count === 1 ? '1 plato' : `${count} platos`);

/** Lowercase without accents, for the plate search ('limon' finds 'Limón'). */
export const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
