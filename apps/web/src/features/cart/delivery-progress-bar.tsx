import { type DeliveryProgress, deliveryProgress, formatMoney, toMinor } from '@comanda/core';
import type { OrderMode } from '@comanda/core/contract';
import { useCurrency } from '../../ui/money.tsx';

/** The mode's minimum-order / free-delivery progress for a subtotal (minor units); delivery only. */
export function useDeliveryProgress(mode: OrderMode | undefined, subtotal: number): DeliveryProgress {
  const currency = useCurrency();
  const info = mode?.deliveryInfo ?? null;
  return deliveryProgress({
    isDelivery: mode?.type === 'DELIVERY' && info !== null,
    subtotal,
    minimumOrder: info ? toMinor(info.minimumOrder, currency.decimals) : 0,
    freeDeliveryFrom:
      info?.freeDeliveryFrom === null || info?.freeDeliveryFrom === undefined
        ? null
        : toMinor(info.freeDeliveryFrom, currency.decimals),
    // the spec shows the minimum order's money without decimals
    format: (minor) => formatMoney(minor, currency, { withDecimals: false }),
  });
}

/** 'Suma $3.000 para llegar al mínimo' over a bar; full and green once delivery is free. */
export function DeliveryProgressBar({ progress }: { progress: DeliveryProgress }) {
  if (!progress.message) return null;
  const percent = Math.round(Math.min(1, Math.max(0, progress.ratio)) * 100);
  const tone = progress.minimumUnmet ? 'minimum' : progress.freeDelivery ? 'free' : 'progress';
  return (
    <div className={`cart-progress cart-progress--${tone}`}>
      <p className="cart-progress__message" role="status">
        {progress.message}
      </p>
      <div
        className="cart-progress__bar"
        role="progressbar"
        aria-label={progress.message}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="cart-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
