import { formatDecimal } from '@comanda/core';
import type { MenuDiscount } from '@comanda/core/contract';
import { useFormatMoney } from '../../ui/money.tsx';
import './dish-price.css';

/** '-20%', 'Llevá 3, pagá 2', '-$500'; null for a final price (shown as the price itself). */
export function useDiscountLabel(discount: MenuDiscount | undefined): string | null {
  const formatMoney = useFormatMoney();
  if (!discount) return null;
  switch (discount.type) {
    case 'PERCENT': {
      const percentage = discount.percentage ?? 0;
      if (percentage <= 0) return null;
      return `-${Number.isInteger(percentage) ? percentage : formatDecimal(percentage, 1)}%`;
    }
    case 'FIXED':
      return discount.fixedDiscount ? formatMoney(-discount.fixedDiscount) : null;
    case 'MULTIPLE':
      return discount.buy && discount.pay !== null ? `Llevá ${discount.buy}, pagá ${discount.pay}` : null;
    default:
      return null;
  }
}

export function DiscountPill({ discount }: { discount: MenuDiscount | undefined }) {
  const label = useDiscountLabel(discount);
  if (!label) return null;
  return <span className="discount-pill">{label}</span>;
}
