import type { OrderMode } from '@comanda/core/contract';
import type { ReactNode } from 'react';
import { IconBag, IconClock, IconDelivery } from '../../ui/icons.tsx';
import { Money } from '../../ui/money.tsx';

/** '30–50 min' from the mode's delay range; null when the mode gives none. */
export function arrivalTimeText(
  mode: Pick<OrderMode, 'minDelayInMinutes' | 'maxDelayInMinutes'>,
): string | null {
  const { minDelayInMinutes: min, maxDelayInMinutes: max } = mode;
  if (min !== null && max !== null && max > min) return `${min}–${max} min`;
  const single = max ?? min;
  return single !== null ? `${single} min` : null;
}

function ShippingFee({ minFee, maxFee }: { minFee: number; maxFee: number }) {
  if (maxFee <= 0) return <>Gratis</>;
  if (minFee === maxFee) return <Money amount={minFee} />;
  return (
    <>
      <Money amount={minFee} /> – <Money amount={maxFee} />
    </>
  );
}

/** The order-mode info table: arrival time, shipping fee range and minimum order (without decimals). */
export function ModeInfo({ mode }: { mode: OrderMode }) {
  const rows: { key: string; icon: ReactNode; label: string; value: ReactNode }[] = [];
  const arrival = arrivalTimeText(mode);
  if (arrival) {
    rows.push({
      key: 'arrival',
      icon: <IconClock size={20} />,
      label: mode.type === 'DELIVERY' ? 'Tiempo de entrega' : 'Tiempo de preparación',
      value: arrival,
    });
  }
  const info = mode.deliveryInfo;
  if (info) {
    rows.push({
      key: 'shipping',
      icon: <IconDelivery size={20} />,
      label: 'Envío',
      value: <ShippingFee minFee={info.minFee} maxFee={info.maxFee} />,
    });
    if (info.minimumOrder > 0) {
      rows.push({
        key: 'minimum',
        icon: <IconBag size={20} />,
        label: 'Pedido mínimo',
        value: <Money amount={info.minimumOrder} withDecimals={false} />,
      });
    }
  }
  if (rows.length === 0) return null;
  return (
    <dl className="mode-info">
      {rows.map((row) => (
        <div key={row.key} className="mode-info__item">
          <dt className="mode-info__label">
            {row.icon}
            {row.label}
          </dt>
          <dd className="mode-info__value">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
