import { MESSAGES } from '@comanda/core';
import type { MenuDiscount, Plate } from '@comanda/core/contract';
import { DishPrice } from './dish-price.tsx';
import { displayPriceOf } from './dish-pricing.ts';

/** 'Lo más destacado': the remarked plates in a horizontal slider. */
export function Highlights({ plates, discounts }: { plates: Plate[]; discounts: Map<number, MenuDiscount> }) {
  if (plates.length === 0) return null;
  return (
    <section className="highlights" aria-labelledby="highlights-title">
      <h2 id="highlights-title" className="menu-section-title">
        {MESSAGES.highlighted}
      </h2>
      {/* focusable so keyboard users can scroll the slider (until the cards themselves become buttons) */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
      <ul className="highlights__track" tabIndex={0} aria-label={MESSAGES.highlighted}>
        {plates.map((plate) => {
          const image = plate.withImage && plate.imageUrl ? plate.imageUrl : null;
          return (
            <li key={plate.id} className="highlight-card">
              {image ? (
                <img
                  className="highlight-card__image"
                  src={image}
                  alt=""
                  width={160}
                  height={96}
                  loading="lazy"
                />
              ) : null}
              <h3 className="highlight-card__name">{plate.showName || plate.name}</h3>
              {plate.description ? <p className="highlight-card__description">{plate.description}</p> : null}
              <DishPrice price={displayPriceOf(plate)} discount={discounts.get(plate.id)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
