/**
 * One order of the history, in a dialog (a side panel on a desktop): when and how it was ordered, the
 * diner's contact and address, the board card's details (items, payment, amounts, shipment), every
 * payment attempt with its refunds, and the whole history of moves with who and when.
 */
import { type CurrencyInfo, localDateTime, ORDER_STATUS_LABELS } from '@comanda/core';
import { PAYMENT_STATUS_LABELS } from '@comanda/core/back-office';
import type { OrderHistoryDetail } from '@comanda/core/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { LoadingRegion, Skeleton } from '../../ui/skeleton.tsx';
import { useLastDefined } from '../../ui/use-last-defined.ts';
import { OrderDetails } from '../console/order-card.tsx';
import { addressLines, historyLines, money } from '../console/order-text.ts';
import { historyApi } from './history-api.ts';

const REFUND_REASONS: Record<string, string> = {
  ORDER_CANCELED: 'Pedido cancelado',
  PAID_AFTER_EXPIRY: 'Pagado después del vencimiento',
  AMOUNT_MISMATCH: 'Monto distinto del pedido',
  PAID_TWICE: 'Pagado dos veces',
};
const REFUND_STATES: Record<string, string> = {
  REQUESTED: 'pedido',
  PENDING: 'en curso',
  DONE: 'hecho',
  FAILED: 'falló',
};

export function OrderDetailDialog({
  code,
  currency,
  wide,
  onClose,
}: {
  code: string | null;
  currency: CurrencyInfo;
  wide: boolean;
  onClose: () => void;
}) {
  // the dialog keeps its order while it animates closed
  const shown = useLastDefined(code ?? undefined);
  const detail = useQuery({
    queryKey: ['back-office', 'history-order', shown],
    queryFn: ({ signal }) => historyApi.detail(shown as string, signal),
    enabled: shown !== undefined && code !== null,
    staleTime: 30_000,
  });
  return (
    <Modal
      open={code !== null}
      onClose={onClose}
      variant={wide ? 'drawer' : 'sheet'}
      title={shown ? `Pedido #${shown}` : 'Pedido'}
      className="console-dialog history-detail"
      footer={
        <Button variant="secondary" block onClick={onClose}>
          Cerrar
        </Button>
      }
    >
      {detail.data ? (
        <DetailBody detail={detail.data} currency={currency} />
      ) : detail.isError ? (
        <div className="history-detail__problem">
          <p role="alert">{detail.error.message}</p>
          <button type="button" className="back-office__retry" onClick={() => void detail.refetch()}>
            Reintentar
          </button>
        </div>
      ) : (
        <LoadingRegion label="Cargando el pedido…">
          <div className="back-office__skeleton">
            <Skeleton height={24} width="60%" />
            <Skeleton height={90} radius={12} />
            <Skeleton height={140} radius={12} />
            <Skeleton height={180} radius={12} />
          </div>
        </LoadingRegion>
      )}
    </Modal>
  );
}

function DetailBody({ detail, currency }: { detail: OrderHistoryDetail; currency: CurrencyInfo }) {
  const { order, shop } = detail;
  const timeZone = shop.timeZone;
  const address = addressLines(order.destination);
  const lines = historyLines({ events: detail.history }, timeZone, currency);
  const online = detail.payments.filter((payment) => payment.provider !== null);
  return (
    <div className="history-detail__body">
      <p className="history-detail__summary">
        <span className={`history-status history-status--${order.status.toLowerCase().replace('_', '-')}`}>
          {ORDER_STATUS_LABELS[order.status]}
        </span>
        <span>
          {localDateTime(order.orderedAt, timeZone)} · {order.orderModeName} · {shop.name}
        </span>
      </p>

      <section className="history-detail__section" aria-labelledby="history-detail-diner">
        <h3 id="history-detail-diner" className="history-detail__title">
          Cliente
        </h3>
        <p className="user-text">{order.customerName}</p>
        <p>
          <a href={`tel:${order.phone}`}>{order.phone}</a>
          {detail.customerEmail ? (
            <>
              {' · '}
              <a href={`mailto:${detail.customerEmail}`}>{detail.customerEmail}</a>
            </>
          ) : null}
        </p>
        {order.tableUid ? <p>Mesa {order.tableUid}</p> : null}
        {address.length > 0 ? <p className="user-text">{address.join(' · ')}</p> : null}
      </section>

      <section className="history-detail__section" aria-labelledby="history-detail-order">
        <h3 id="history-detail-order" className="history-detail__title">
          Pedido
        </h3>
        <OrderDetails order={order} currency={currency} timeZone={timeZone} />
      </section>

      {online.length > 0 ? (
        <section className="history-detail__section" aria-labelledby="history-detail-payments">
          <h3 id="history-detail-payments" className="history-detail__title">
            Pagos en línea
          </h3>
          <ul className="history-detail__payments">
            {online.map((payment) => (
              <li key={payment.id}>
                <p>
                  <strong>{PAYMENT_STATUS_LABELS[payment.status] ?? payment.status}</strong> ·{' '}
                  {money(payment.amount, currency)} · {localDateTime(payment.createdAt, timeZone)}
                </p>
                {payment.refunds.map((refund) => (
                  <p key={`${refund.reason}-${refund.createdAt}`} className="back-office__hint">
                    Reembolso {REFUND_STATES[refund.status] ?? refund.status}:{' '}
                    {money(refund.amount, currency)} ({REFUND_REASONS[refund.reason] ?? refund.reason})
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="history-detail__section" aria-labelledby="history-detail-history">
        <h3 id="history-detail-history" className="history-detail__title">
          Historial
        </h3>
        {lines.length > 0 ? (
          <ol className="console-history">
            {lines.map((line) => (
              <li key={line.key} className="console-history__event">
                <time className="console-history__time" dateTime={line.at}>
                  {line.day ? <span className="console-history__day">{line.day} </span> : null}
                  {line.time}
                </time>
                <div className="console-history__body">
                  <p className="console-history__label">{line.label}</p>
                  <p className="console-history__meta">
                    {line.who}
                    {line.amount ? <span className="console-history__amount"> · {line.amount}</span> : null}
                  </p>
                  {line.reason ? (
                    <p className="console-history__reason user-text">Motivo: {line.reason}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <p className="console-history__empty">Todavía no hay movimientos en este pedido.</p>
        )}
      </section>
    </div>
  );
}
