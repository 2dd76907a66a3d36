import type { MenuDiscount, Plate } from '@comanda/core/contract';
import type { ReactNode } from 'react';
import { DishPrice } from './dish-price.tsx';
import { displayPriceOf } from './dish-pricing.ts';
import { IndicatorChips } from './indicator-chips.tsx';

export interface DishCardProps {
  plate: Plate;
  discount: MenuDiscount | undefined;
  /** Slot for the add-to-cart control of a later issue, placed under the image (or the price). */
  action?: ReactNode;
}

export function DishCard({ plate, discount, action }: DishCardProps) {
  const image = plate.withImage && plate.imageUrl ? plate.imageUrl : null;
  const headingId = `plate-${plate.id}`;
  return (
    <article className="dish-card" aria-labelledby={headingId}>
      <div className="dish-card__body">
        <h3 id={headingId} className="dish-card__name">
          {plate.showName || plate.name}
        </h3>
        {plate.description ? <p className="dish-card__description">{plate.description}</p> : null}
        <IndicatorChips indicators={plate.indicators} />
        <DishPrice price={displayPriceOf(plate)} discount={discount} />
      </div>
      {image || action ? (
        <div className="dish-card__aside">
          {image ? (
            <img
              className="dish-card__image"
              src={image}
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
            />
          ) : null}
          {action}
        </div>
      ) : null}
    </article>
  );
}
