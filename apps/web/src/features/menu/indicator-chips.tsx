import type { Indicator } from '@comanda/core/contract';

/** 'Vegetariana', 'Sin TACC': each in the colours the business chose. */
export function IndicatorChips({ indicators }: { indicators: Indicator[] }) {
  if (indicators.length === 0) return null;
  return (
    <ul className="indicator-chips" aria-label="Características">
      {indicators.map((indicator) => (
        <li
          key={indicator.id}
          className="indicator-chip"
          style={{ backgroundColor: indicator.backgroundColor, color: indicator.textColor }}
        >
          {indicator.showName}
        </li>
      ))}
    </ul>
  );
}
