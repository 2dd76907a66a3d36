import type { Plate } from '@comanda/core/contract';
import { useId } from 'react';
import { Money } from '../../ui/money.tsx';
import { GroupHeader } from './group-header.tsx';

export const SIZE_GROUP_TITLE = 'Tamaño';

/** The plate's sizes as a radio group; the first one comes chosen so the price shows from the start. */
export function SizePicker({
  plate,
  sizeId,
  onChange,
}: {
  plate: Plate;
  sizeId: number | null;
  onChange: (sizeId: number) => void;
}) {
  const id = useId();
  if (plate.sizes.length === 0) return null;
  return (
    <section className="dish-group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`}>
      <GroupHeader id={id} title={SIZE_GROUP_TITLE} hint="Elegí 1" mandatory complete={sizeId !== null} />
      <div className="dish-options" role="radiogroup" aria-labelledby={`${id}-title`} aria-required>
        {plate.sizes.map((size) => (
          <label key={size.id} className="dish-option">
            <input
              className="dish-option__input"
              type="radio"
              name={`${id}-size`}
              checked={size.id === sizeId}
              onChange={() => onChange(size.id)}
            />
            <span className="dish-option__text">
              <span className="dish-option__name">{size.name}</span>
            </span>
            <Money className="dish-option__price" amount={size.price} />
          </label>
        ))}
      </div>
    </section>
  );
}
