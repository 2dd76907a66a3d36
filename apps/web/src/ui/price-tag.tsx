import { MinorMoney } from './money.tsx';
import './price-tag.css';

/** What a screen reader says before a struck price (a strike-through itself is not announced). */
export const PREVIOUS_PRICE_LABEL = 'Precio anterior';

export interface PriceTagProps {
  /** What the diner pays, in minor units (from core). */
  price: number;
  /** The price before the discount, struck through; null when nothing is discounted. */
  originalPrice: number | null;
  /** The discount's pill ('-20%', '-$500', 'Llevá 3, pagá 2'); null for none. */
  pill: string | null;
  /** The plate has sizes: the cheapest is shown as 'desde'. */
  from?: boolean;
  size?: 'md' | 'lg';
  className?: string;
  amountClassName?: string;
}

/**
 * The one way a price is shown on the menu, the dish and the cart: the paid price first and boldest,
 * the old price struck through beside it, then the discount as a pill.
 */
export function PriceTag({
  price,
  originalPrice,
  pill,
  from = false,
  size = 'md',
  className,
  amountClassName,
}: PriceTagProps) {
  return (
    <span className={['price-tag', `price-tag--${size}`, className].filter(Boolean).join(' ')}>
      {from ? <span className="price-tag__from">desde</span> : null}
      <MinorMoney
        className={['price-tag__amount', amountClassName].filter(Boolean).join(' ')}
        minor={price}
      />
      {originalPrice !== null ? (
        <PreviousPrice minor={originalPrice} className="price-tag__original" />
      ) : null}
      {pill ? <DiscountPill label={pill} /> : null}
    </span>
  );
}

/** A struck price read as 'Precio anterior: $12.800'. */
export function PreviousPrice({ minor, className }: { minor: number; className?: string }) {
  return (
    <s className={className}>
      <span className="sr-only">{PREVIOUS_PRICE_LABEL}: </span>
      <MinorMoney minor={minor} />
    </s>
  );
}

export function DiscountPill({ label }: { label: string }) {
  return (
    <span className="discount-pill">
      <span className="sr-only">Descuento: </span>
      {label}
    </span>
  );
}
