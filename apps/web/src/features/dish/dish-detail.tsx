import { findPlateDiscount, type MenuDiscountRule, menuUnitPrice } from '@comanda/core';
import type { Plate } from '@comanda/core/contract';
import { useEffect, useRef } from 'react';
import { useBottomOffset } from '../../ui/bottom-offset.ts';
import { MinorMoney, useCurrency, useFormatMinor } from '../../ui/money.tsx';
import { PreviousPrice, PriceTag } from '../../ui/price-tag.tsx';
import { QuantityStepper } from '../../ui/quantity-stepper.tsx';
import { track } from '../analytics/track.ts';
import { IndicatorChips } from '../menu/indicator-chips.tsx';
import { GarnishGroupField } from './garnish-group-field.tsx';
import { NotesField } from './notes-field.tsx';
import { SizePicker } from './size-picker.tsx';
import { type DishForm, useDishForm } from './use-dish-form.ts';
import './dish.css';

export const ADD_TO_ORDER_LABEL = 'Agregar';

/** What both the dish modal and the dish page need. */
export interface DishViewProps {
  plate: Plate;
  alias: string;
  rules: readonly MenuDiscountRule[];
  decimals: number;
  notesLimit: number | null;
  /** The order mode cannot take this order (ordering off, or closed with no scheduling): look, don't add. */
  viewOnlyReason: string | null;
  source?: 'PLATE' | 'UPSOLD';
}

/** The form of one dish, with ITEM_VIEW recorded once per opened dish. */
export function useDishView(props: DishViewProps, onAdded: () => void): DishForm {
  const { plate } = props;
  useEffect(() => {
    track('ITEM_VIEW', {
      plateId: plate.id,
      name: plate.showName || plate.name,
      categoryId: plate.category.id,
    });
  }, [plate]);
  return useDishForm({
    plate,
    alias: props.alias,
    rules: props.rules,
    decimals: props.decimals,
    notesLimit: props.notesLimit,
    source: props.source ?? 'PLATE',
    onAdded,
  });
}

/** Image, description, indicators, unit price, then the choices: size, garnish groups, notes. */
export function DishBody({ view, form }: { view: DishViewProps; form: DishForm }) {
  const { plate } = view;
  const image = plate.withImage && plate.imageUrl ? plate.imageUrl : null;
  const currency = useCurrency();
  // one unit of the chosen size (or the plate) as the card shows it; the footer totals the choices
  const unit = menuUnitPrice(
    findPlateDiscount(view.rules, plate.id),
    form.line.priceWithoutModifiers,
    currency,
  );
  return (
    <div className="dish">
      {image ? <img className="dish__image" src={image} alt="" width={640} height={360} /> : null}
      <div className="dish__intro">
        {plate.description ? <p className="dish__description">{plate.description}</p> : null}
        <IndicatorChips indicators={plate.indicators} />
        <p className="dish__price">
          <PriceTag size="lg" {...unit} />
        </p>
      </div>
      <SizePicker plate={plate} sizeId={form.sizeId} onChange={form.chooseSize} />
      {form.groups.map((group) => (
        <GarnishGroupField
          key={group.id}
          group={group}
          source={plate.garnishGroups.find((candidate) => candidate.id === group.id)}
          selection={form.selections[group.id] ?? {}}
          showErrors={form.showErrors}
          onToggle={(garnishId) => form.toggle(group, garnishId)}
          onIncrement={(garnishId) => form.increment(group, garnishId)}
          onDecrement={(garnishId) => form.decrement(group, garnishId)}
        />
      ))}
      {view.viewOnlyReason === null ? (
        <NotesField value={form.notes} limit={view.notesLimit} onChange={form.changeNotes} />
      ) : null}
    </div>
  );
}

/** Quantity and 'Agregar' with the live total; a view-only dish says why it cannot be added. */
export function DishFooter({ view, form }: { view: DishViewProps; form: DishForm }) {
  const ref = useRef<HTMLDivElement>(null);
  const formatMinor = useFormatMinor();
  useBottomOffset(ref);
  const name = view.plate.showName || view.plate.name;
  if (view.viewOnlyReason !== null) {
    return (
      <div ref={ref} className="dish-footer dish-footer--view-only" role="note">
        {view.viewOnlyReason}
      </div>
    );
  }
  const { line } = form;
  const discounted = line.price < line.originalPrice;
  return (
    <div ref={ref} className="dish-footer">
      <QuantityStepper
        value={form.quantity}
        label={`Cantidad de ${name}`}
        incrementLabel="Sumar una unidad"
        decrementLabel="Quitar una unidad"
        onIncrement={form.incrementQuantity}
        onDecrement={form.decrementQuantity}
      />
      <button
        type="button"
        className="button button--primary dish-footer__add"
        onClick={() => {
          // focus would be left on a button that is going away; the invalid group is shown instead
          if (!form.submit()) scrollToFirstInvalid(ref.current);
        }}
      >
        <span>{ADD_TO_ORDER_LABEL}</span>
        <span className="dish-footer__total">
          {discounted ? <PreviousPrice className="dish-footer__original" minor={line.originalPrice} /> : null}
          <MinorMoney minor={line.price} />
        </span>
      </button>
      <span className="sr-only" aria-live="polite">
        Total {formatMinor(line.price)}
      </span>
    </div>
  );
}

function scrollToFirstInvalid(from: HTMLElement | null) {
  // after React painted the invalid state
  requestAnimationFrame(() => {
    const root = from?.closest('.modal__panel, .dish-page') ?? document;
    root.querySelector('[data-invalid]')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  });
}
