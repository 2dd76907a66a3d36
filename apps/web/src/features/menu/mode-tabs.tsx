import type { OrderMode } from '@comanda/core/contract';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { ModeIcon } from '../order-mode/mode-icon.tsx';
import { modePath } from '../order-mode/mode-labels.ts';

/** Switch between the contact's order modes; with items in the cart, onSelect asks first. */
export function ModeTabs({
  alias,
  modes,
  current,
  onSelect,
}: {
  alias: string;
  modes: OrderMode[];
  current: OrderMode;
  onSelect: (event: MouseEvent, target: OrderMode) => void;
}) {
  const { search } = useLocation();
  if (modes.length < 2) return null;
  return (
    <nav className="mode-tabs" aria-label="Modos de pedido">
      <ul className="mode-tabs__track">
        {modes.map((mode) => {
          const isCurrent = mode.id === current.id;
          return (
            <li key={mode.id}>
              <Link
                className="chip"
                to={modePath(alias, mode.showName, search)}
                aria-current={isCurrent ? 'page' : undefined}
                onClick={isCurrent ? undefined : (event) => onSelect(event, mode)}
              >
                <ModeIcon type={mode.type} size={18} />
                {mode.showName}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
