import type { OrderMode } from '@comanda/core/contract';
import { Link, useLocation } from 'react-router';
import { ModeIcon } from '../order-mode/mode-icon.tsx';
import { modePath } from '../order-mode/mode-labels.ts';

/** Switch between the contact's order modes (no cart yet, so no confirmation to ask for). */
export function ModeTabs({
  alias,
  modes,
  current,
}: {
  alias: string;
  modes: OrderMode[];
  current: OrderMode;
}) {
  const { search } = useLocation();
  if (modes.length < 2) return null;
  return (
    <nav className="mode-tabs" aria-label="Modos de pedido">
      <ul className="mode-tabs__track">
        {modes.map((mode) => (
          <li key={mode.id}>
            <Link
              className="chip"
              to={modePath(alias, mode.showName, search)}
              aria-current={mode.id === current.id ? 'page' : undefined}
            >
              <ModeIcon type={mode.type} size={18} />
              {mode.showName}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
