import { MESSAGES } from '@comanda/core';
import type { MenuDiscount, Plate } from '@comanda/core/contract';
import { IconPlus } from '../../ui/icons.tsx';
import { DishPrice } from '../menu/dish-price.tsx';
import { displayPriceOf } from '../menu/dish-pricing.ts';
import { PlateImage } from '../menu/plate-image.tsx';

/** 'Te recomendamos': plates to add with one tap (or to open, when they need a choice first). */
export function UpsellList({
  plates,
  discounts,
  onAdd,
}: {
  plates: readonly Plate[];
  discounts: ReadonlyMap<number, MenuDiscount>;
  onAdd: (plate: Plate) => void;
}) {
  if (plates.length === 0) return null;
  return (
    <section className="cart-section upsell" aria-labelledby="upsell-title">
      <h2 id="upsell-title" className="cart-section__title">
        {MESSAGES.upsellTitle}
      </h2>
      <ul className="upsell__track">
        {plates.map((plate) => {
          const name = plate.showName || plate.name;
          return (
            <li key={plate.id} className="upsell-card">
              <PlateImage
                plate={plate}
                className="upsell-card__image"
                width={144}
                height={88}
                fetchPriority="low"
              />
              <h3 className="upsell-card__name">{name}</h3>
              <div className="upsell-card__footer">
                <DishPrice price={displayPriceOf(plate)} discount={discounts.get(plate.id)} />
                <button
                  type="button"
                  className="icon-button upsell-card__add"
                  aria-label={`Agregar ${name}`}
                  onClick={() => onAdd(plate)}
                >
                  <IconPlus size={20} />
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
