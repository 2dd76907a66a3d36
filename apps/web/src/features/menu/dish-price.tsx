import { menuUnitPrice, toMinor } from '@comanda/core';
import type { MenuDiscount } from '@comanda/core/contract';
import { useCurrency } from '../../ui/money.tsx';
import { PriceTag } from '../../ui/price-tag.tsx';
import { type DisplayPrice, discountRuleOf } from './dish-pricing.ts';
import './dish-price.css';

/** Price row of a dish card: what one unit costs after the menu discount, as core prices it. */
export function DishPrice({ price, discount }: { price: DisplayPrice; discount: MenuDiscount | undefined }) {
  const currency = useCurrency();
  const unit = menuUnitPrice(
    discountRuleOf(discount, currency.decimals),
    toMinor(price.amount, currency.decimals),
    currency,
  );
  return <PriceTag className="dish-price" from={price.from} {...unit} />;
}
