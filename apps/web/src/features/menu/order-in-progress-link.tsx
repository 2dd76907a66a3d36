import { MESSAGES } from '@comanda/core';
import { IconReceipt } from '../../ui/icons.tsx';
import { useOrderInProgress } from '../follow-up/placed-orders.ts';

/** 'PEDIDO EN CURSO': opens the follow-up of the diner's open order in a new tab. */
export function OrderInProgressLink({ alias }: { alias: string }) {
  const order = useOrderInProgress(alias);
  if (!order) return null;
  return (
    <a
      className="order-in-progress"
      href={`/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(order.code)}`}
      target="_blank"
      rel="noopener"
    >
      <IconReceipt size={20} />
      <span>{MESSAGES.orderInProgress}</span>
      <span className="sr-only"> (se abre en otra pestaña)</span>
    </a>
  );
}
