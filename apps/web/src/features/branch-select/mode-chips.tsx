import type { OrderModeType } from '@comanda/core/contract';
import { ModeIcon } from '../order-mode/mode-icon.tsx';

export interface ModeChipsProps {
  types: readonly OrderModeType[];
  labels: Record<OrderModeType, string>;
  selected: OrderModeType | undefined;
  onToggle: (type: OrderModeType) => void;
}

/** Order-mode filter: one toggle per mode type offered by the branch's contacts. */
export function ModeChips({ types, labels, selected, onToggle }: ModeChipsProps) {
  if (types.length === 0) return null;
  return (
    <fieldset className="mode-chips">
      <legend className="sr-only">Modo de pedido</legend>
      {types.map((type) => (
        <button
          key={type}
          type="button"
          className="chip"
          aria-pressed={selected === type}
          onClick={() => onToggle(type)}
        >
          <ModeIcon type={type} size={18} />
          {labels[type]}
        </button>
      ))}
    </fieldset>
  );
}
