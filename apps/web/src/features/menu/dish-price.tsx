import type { MenuDiscount } from '@comanda/core/contract';
import { Money } from '../../ui/money.tsx';
import { DiscountPill } from './discount-pill.tsx';
import { type DisplayPrice, finalPriceOf } from './dish-pricing.ts';
import './dish-price.css';

/** Price row of a dish: 'desde' for sizes, a final price over the struck original, a discount pill. */
export function DishPrice({ price, discount }: { price: DisplayPrice; discount: MenuDiscount | undefined }) {
  // the spec shows discount pills only on priced plates
  const priced = price.amount > 0;
  const finalPrice = priced ? finalPriceOf(discount, price.amount) : null;
  return (
    <span className="dish-price">
      {price.from ? <span className="dish-price__from">desde</span> : null}
      {finalPrice !== null ? (
        <>
          <Money className="dish-price__amount dish-price__amount--final" amount={finalPrice} />
          <s className="dish-price__original">
            <span className="sr-only">Antes: </span>
            <Money amount={price.amount} />
          </s>
        </>
      ) : (
        <Money className="dish-price__amount" amount={price.amount} />
      )}
      {priced ? <DiscountPill discount={discount} /> : null}
    </span>
  );
}
