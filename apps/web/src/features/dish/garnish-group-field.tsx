import {
  type GarnishGroupRule,
  type GroupSelection,
  isGroupSelectionValid,
  selectedCount,
} from '@comanda/core';
import type { GarnishGroup } from '@comanda/core/contract';
import { type ReactNode, useId } from 'react';
import { IconMinus, IconPlus } from '../../ui/icons.tsx';
import { useFormatMinor } from '../../ui/money.tsx';
import { GroupHeader } from './group-header.tsx';

/** 'Elegí 1', 'Elegí entre 1 y 2', 'Hasta 3': what a group asks for, as its rules check it. */
export function groupHint(group: GarnishGroupRule): string {
  const max = group.maxGarnishAmount;
  // a mandatory group needs at least one; any other may stay empty, but once picked from needs its
  // minimum (core's isGroupSelectionValid), which only says something when above one
  const min = group.mandatory || group.minGarnishAmount > 1 ? Math.max(1, group.minGarnishAmount) : 0;
  if (min >= max) return `Elegí ${max}`;
  if (min > 0) return `Elegí entre ${min} y ${max}`;
  return `Hasta ${max}`;
}

export interface GarnishGroupFieldProps {
  group: GarnishGroupRule;
  /** The API group, for the garnishes' descriptions. */
  source: GarnishGroup | undefined;
  selection: GroupSelection;
  showErrors: boolean;
  onToggle: (garnishId: number) => void;
  onIncrement: (garnishId: number) => void;
  onDecrement: (garnishId: number) => void;
}

/**
 * One garnish group: single selection as radios (a mandatory choice of one) or checkboxes, multiple
 * selection as a − n + stepper per garnish. Refused choices are explained by the caller's toast.
 */
export function GarnishGroupField({
  group,
  source,
  selection,
  showErrors,
  onToggle,
  onIncrement,
  onDecrement,
}: GarnishGroupFieldProps) {
  const id = useId();
  const formatMinor = useFormatMinor();
  const count = selectedCount(selection);
  const valid = isGroupSelectionValid(group, selection);
  const asRadios = !group.multipleSelection && group.mandatory && group.maxGarnishAmount === 1;
  const descriptionOf = (garnishId: number) =>
    source?.garnishes.find((garnish) => garnish.id === garnishId)?.description ?? null;
  const invalid = showErrors && !valid;

  return (
    <section
      className={`dish-group${invalid ? ' dish-group--invalid' : ''}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      data-invalid={invalid || undefined}
    >
      <GroupHeader
        id={id}
        title={group.name}
        hint={groupHint(group)}
        count={group.maxGarnishAmount > 1 ? `${count}/${group.maxGarnishAmount}` : null}
        mandatory={group.mandatory}
        complete={valid && count > 0}
      />
      <OptionList radios={asRadios} labelledBy={`${id}-title`} required={group.mandatory}>
        {group.garnishes.map((garnish) => {
          const quantity = selection[garnish.id] ?? 0;
          const description = descriptionOf(garnish.id);
          const text = (
            <span className="dish-option__text">
              <span className="dish-option__name">{garnish.name}</span>
              {description ? <span className="dish-option__description">{description}</span> : null}
            </span>
          );
          const price =
            garnish.price > 0 ? (
              <span className="dish-option__price">+{formatMinor(garnish.price)}</span>
            ) : null;
          if (!group.multipleSelection) {
            return (
              <label key={garnish.id} className="dish-option">
                <input
                  className="dish-option__input"
                  type={asRadios ? 'radio' : 'checkbox'}
                  name={asRadios ? `${id}-choice` : undefined}
                  checked={quantity > 0}
                  onChange={() => onToggle(garnish.id)}
                />
                {text}
                {price}
              </label>
            );
          }
          return (
            <div key={garnish.id} className="dish-option dish-option--stepper">
              <span className="dish-option__text">
                <span className="dish-option__name">{garnish.name}</span>
                {description ? <span className="dish-option__description">{description}</span> : null}
                {price}
              </span>
              {/* biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend for a stepper */}
              <div className="garnish-stepper" role="group" aria-label={garnish.name}>
                {quantity > 0 ? (
                  <>
                    <button
                      type="button"
                      className="garnish-stepper__button"
                      aria-label={`Quitar ${garnish.name}`}
                      onClick={() => onDecrement(garnish.id)}
                    >
                      <IconMinus size={18} />
                    </button>
                    <output className="garnish-stepper__value" aria-live="polite">
                      {quantity}
                    </output>
                  </>
                ) : null}
                {/* stays the same element when the count appears, so keyboard focus is not lost */}
                <button
                  type="button"
                  className="garnish-stepper__button garnish-stepper__button--add"
                  aria-label={`Sumar ${garnish.name}`}
                  onClick={() => onIncrement(garnish.id)}
                >
                  <IconPlus size={18} />
                </button>
              </div>
            </div>
          );
        })}
      </OptionList>
    </section>
  );
}

/** A mandatory choice of one is a radio group; other groups are labelled by their section. */
function OptionList({
  radios,
  labelledBy,
  required,
  children,
}: {
  radios: boolean;
  labelledBy: string;
  required: boolean;
  children: ReactNode;
}) {
  if (!radios) return <div className="dish-options">{children}</div>;
  return (
    <div className="dish-options" role="radiogroup" aria-labelledby={labelledBy} aria-required={required}>
      {children}
    </div>
  );
}
