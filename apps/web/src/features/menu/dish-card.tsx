import type { MenuDiscount, Plate } from '@comanda/core/contract';
import type { ReactNode } from 'react';
import { IconPlus } from '../../ui/icons.tsx';
import { DishLink, useDishesOrderable } from '../dish/dish-link.tsx';
import { DishPrice } from './dish-price.tsx';
import { displayPriceOf } from './dish-pricing.ts';
import { IndicatorChips } from './indicator-chips.tsx';
import { PlateImage, plateImageUrl } from './plate-image.tsx';

export interface DishCardProps {
  plate: Plate;
  discount: MenuDiscount | undefined;
  /** Slot for the add-to-cart control of a later issue, placed under the image (or the price). */
  action?: ReactNode;
}

export function DishCard({ plate, discount, action }: DishCardProps) {
  const image = plateImageUrl(plate);
  const headingId = `plate-${plate.id}`;
  // a visual cue only: the whole card is the link
  const plus = useDishesOrderable() ? (
    <span className="dish-card__plus" aria-hidden="true">
      <IconPlus size={18} />
    </span>
  ) : null;
  return (
    <article className="dish-card" aria-labelledby={headingId}>
      <div className="dish-card__body">
        <h3 id={headingId} className="dish-card__name">
          <DishLink plate={plate} className="dish-card__link">
            {plate.showName || plate.name}
          </DishLink>
        </h3>
        {plate.description ? <p className="dish-card__description">{plate.description}</p> : null}
        <IndicatorChips indicators={plate.indicators} />
        <DishPrice price={displayPriceOf(plate)} discount={discount} />
      </div>
      {image || action || plus ? (
        <div className="dish-card__aside">
          <PlateImage plate={plate} className="dish-card__image" width={96} height={96} />
          {action}
          {plus}
        </div>
      ) : null}
    </article>
  );
}
