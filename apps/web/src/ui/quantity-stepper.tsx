import { IconMinus, IconPlus, IconTrash } from './icons.tsx';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  onIncrement: () => void;
  onDecrement: () => void;
  /** Accessible names of the buttons, e.g. 'Sumar una unidad de Flan casero'. */
  incrementLabel: string;
  decrementLabel: string;
  /** At the minimum the minus becomes a trash can with this name (cart lines); otherwise it is disabled. */
  removeLabel?: string;
  /** Names the group for assistive technology ('Cantidad'). */
  label: string;
  min?: number;
  size?: 'md' | 'sm';
}

/** − value + with 44 px targets; the plus is never disabled, so a refused unit can say why (a toast). */
export function QuantityStepper({
  value,
  onIncrement,
  onDecrement,
  incrementLabel,
  decrementLabel,
  removeLabel,
  label,
  min = 1,
  size = 'md',
}: QuantityStepperProps) {
  const atMin = value <= min;
  const removes = atMin && removeLabel !== undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a border and legend for three buttons
    <div className={`stepper stepper--${size}`} role="group" aria-label={label}>
      <button
        type="button"
        className={`stepper__button${removes ? ' stepper__button--remove' : ''}`}
        aria-label={removes ? removeLabel : decrementLabel}
        disabled={atMin && !removes}
        onClick={onDecrement}
      >
        {removes ? <IconTrash size={18} /> : <IconMinus size={18} />}
      </button>
      <output className="stepper__value" aria-live="polite">
        {value}
      </output>
      <button type="button" className="stepper__button" aria-label={incrementLabel} onClick={onIncrement}>
        <IconPlus size={18} />
      </button>
    </div>
  );
}
