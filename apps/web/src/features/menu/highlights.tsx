import { MESSAGES } from '@comanda/core';
import type { MenuDiscount, Plate } from '@comanda/core/contract';
import { DishLink } from '../dish/dish-link.tsx';
import { DishPrice } from './dish-price.tsx';
import { displayPriceOf } from './dish-pricing.ts';
import { PlateImage } from './plate-image.tsx';

/** 'Lo más destacado': the remarked plates in a horizontal slider. */
export function Highlights({ plates, discounts }: { plates: Plate[]; discounts: Map<number, MenuDiscount> }) {
  if (plates.length === 0) return null;
  return (
    <section className="highlights" aria-labelledby="highlights-title">
      <h2 id="highlights-title" className="menu-section-title">
        {MESSAGES.highlighted}
      </h2>
      {/* each card holds a link, so keyboard users scroll the slider by tabbing through the cards */}
      <ul className="highlights__track" aria-label={MESSAGES.highlighted}>
        {plates.map((plate) => {
          return (
            <li key={plate.id} className="highlight-card">
              <PlateImage plate={plate} className="highlight-card__image" width={160} height={96} />
              <h3 className="highlight-card__name">
                <DishLink plate={plate} className="dish-card__link">
                  {plate.showName || plate.name}
                </DishLink>
              </h3>
              {plate.description ? <p className="highlight-card__description">{plate.description}</p> : null}
              <DishPrice price={displayPriceOf(plate)} discount={discounts.get(plate.id)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
