import {
  type CurrencyInfo,
  canPrintForKitchen,
  ORDER_STATUS_LABELS,
  orderErrorLabel,
  PAYMENT_MESSAGES,
  trackingStatusBadge,
} from '@comanda/core';
import type { ConsoleOrder, OrderStatusChange } from '@comanda/core/contract';
import { useState } from 'react';
import { IconClock } from '../../ui/icons.tsx';
import { consoleApi } from './console-api.ts';
import { IconBike, IconPrinter } from './console-icons.tsx';
import {
  ageText,
  amountLines,
  cancelReasonText,
  changeText,
  extraLines,
  itemTitle,
  minutesSince,
  money,
  paymentName,
  paymentState,
  placeText,
  preparationText,
  returnText,
  scheduledText,
} from './order-text.ts';
import { usePrintTicket } from './print-ticket.tsx';
import { AcceptDialog, CancelDialog, HistoryDialog } from './status-dialogs.tsx';
import { useAction } from './use-action.ts';

/** A new order waiting this long turns its age red: somebody should look at it. */
const LATE_NEW_MINUTES = 5;

export interface OrderCardProps {
  order: ConsoleOrder;
  nowMs: number;
  timeZone: string;
  currency: CurrencyInfo;
  unseen: boolean;
  /** Finished orders show a short card; the details open on demand. */
  compact?: boolean;
  printOnAccept: boolean;
  onSeen: (orderId: number) => void;
  onChanged: (order: ConsoleOrder) => void;
  onFailed: (error: unknown) => void;
}

type Dialog = 'accept' | 'cancel' | 'history' | null;

export function OrderCard(props: OrderCardProps) {
  const { order, nowMs, timeZone, currency, unseen, compact = false, onSeen } = props;
  const titleId = `order-${order.id}-title`;
  const statusClass = `order-card--${order.status.toLowerCase().replace('_', '-')}`;
  const age = ageText(order.orderedAt, nowMs);
  const late = order.status === 'GENERATED' && minutesSince(order.orderedAt, nowMs) >= LATE_NEW_MINUTES;
  const place = placeText(order);
  const scheduled = scheduledText(order, nowMs, timeZone);

  return (
    // the card counts as seen once the staff tap it or one of its buttons; on the click, not on the
    // press: the card's look changes, and nothing may move under a finger that is still down
    <article
      id={`order-${order.id}`}
      tabIndex={-1}
      className={`order-card ${statusClass}${unseen ? ' order-card--unseen' : ''}`}
      aria-labelledby={titleId}
      onClickCapture={unseen ? () => onSeen(order.id) : undefined}
    >
      <header className="order-card__head">
        <h3 id={titleId} className="order-card__code">
          <span className="sr-only">Pedido </span>#{order.code}
        </h3>
        <span className="order-card__status">{ORDER_STATUS_LABELS[order.status]}</span>
        {unseen ? <span className="order-card__new">Sin ver</span> : null}
        <span className={`order-card__age${late ? ' order-card__age--late' : ''}`}>{age}</span>
      </header>
      <p className="order-card__meta">
        <span className="order-card__mode">{order.orderModeName}</span>
        <span className="order-card__customer user-text">{order.customerName}</span>
        {order.source === 'STAFF' ? <span className="order-card__source">Por teléfono</span> : null}
      </p>
      {scheduled ? <p className="order-card__scheduled">{scheduled}</p> : null}
      {place ? <p className="order-card__place user-text">{place}</p> : null}
      {order.surveyRating ? (
        <p className="order-card__rating">
          <span aria-hidden="true">★</span> Calificación del cliente: {order.surveyRating}/5
        </p>
      ) : null}
      {order.problem ? (
        <p className="order-card__problem">
          <strong className="order-card__cancel">
            Problema reportado: {orderErrorLabel(order.problem.errorType)}
          </strong>
          {order.problem.errorDetail ? (
            <>
              {' “'}
              <span className="user-text">{order.problem.errorDetail}</span>”
            </>
          ) : null}
        </p>
      ) : null}
      {compact ? (
        <CompactBody {...props} />
      ) : (
        <>
          <OrderDetails order={order} currency={currency} timeZone={timeZone} />
          <OrderActions {...props} />
        </>
      )}
    </article>
  );
}

function CompactBody(props: OrderCardProps) {
  const { order, currency } = props;
  const reason = cancelReasonText(order);
  const total = amountLines(order, currency).at(-1);
  return (
    <>
      {reason ? <p className="order-card__cancel user-text">{reason}</p> : null}
      <p className="order-card__compact-total">
        {order.items.reduce((sum, item) => sum + item.quantity, 0)} productos · {total?.amount}
      </p>
      <details className="order-card__more">
        <summary>Ver detalle</summary>
        <OrderDetails order={order} currency={currency} timeZone={props.timeZone} />
        <OrderActions {...props} />
      </details>
    </>
  );
}

/** The card's details (items, payment, amounts, shipment): the history's detail shows them too. */
export function OrderDetails({
  order,
  currency,
  timeZone,
}: {
  order: ConsoleOrder;
  currency: CurrencyInfo;
  timeZone: string;
}) {
  const change = changeText(order, currency);
  const preparation = order.status === 'ACCEPTED' ? preparationText(order, timeZone) : null;
  const reason = cancelReasonText(order);
  const payment = paymentState(order, currency);
  const badge = order.shipment
    ? trackingStatusBadge(order.shipment.status, order.shipment.returnShipment)
    : null;
  const returned = returnText(order.shipment);
  return (
    <>
      {preparation ? <p className="order-card__preparation">{preparation}</p> : null}
      <ul className="order-card__items">
        {order.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines never move
          <li key={index} className="order-card__item">
            <span className="order-card__item-title">{itemTitle(item)}</span>
            {extraLines(item).map((line) => (
              <span key={line} className="order-card__extra">
                {line}
              </span>
            ))}
            {item.notes ? <em className="order-card__item-note user-text">{item.notes}</em> : null}
          </li>
        ))}
      </ul>
      {order.notes ? (
        <p className="order-card__notes">
          <strong>Notas del pedido:</strong> <span className="user-text">{order.notes}</span>
        </p>
      ) : null}
      <div className="order-card__payment">
        <span>{paymentName(order)}</span>
        <span className={`order-card__paid order-card__paid--${payment.tone}`}>{payment.text}</span>
      </div>
      {change ? <p className="order-card__change">{change}</p> : null}
      <dl className="order-card__amounts">
        {amountLines(order, currency).map((line) => (
          <div key={line.label} className={line.total ? 'order-card__amount--total' : undefined}>
            <dt>{line.label}</dt>
            <dd>{line.amount}</dd>
          </div>
        ))}
      </dl>
      {order.shipment && badge ? (
        <p className="order-card__shipment">
          <span className="order-card__shipment-badge" style={{ background: badge.color }}>
            {badge.label}
          </span>
          {order.shipment.shipmentStackId !== null ? (
            <span className="order-card__stack">Multientrega</span>
          ) : null}
          {order.shipment.riderName ? (
            <span>
              {order.shipment.riderName}
              {order.shipment.riderPhone ? (
                <>
                  {' · '}
                  <a href={`tel:${order.shipment.riderPhone}`}>{order.shipment.riderPhone}</a>
                </>
              ) : null}
            </span>
          ) : null}
        </p>
      ) : null}
      {returned ? <p className="order-card__return user-text">{returned}</p> : null}
      {reason ? <p className="order-card__cancel user-text">{reason}</p> : null}
    </>
  );
}

const FORWARD: Partial<Record<ConsoleOrder['status'], string>> = {
  READY: 'Listo',
  DELIVERED: 'Entregado',
};

function OrderActions({
  order,
  timeZone,
  currency,
  printOnAccept,
  onSeen,
  onChanged,
  onFailed,
}: OrderCardProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const printTicket = usePrintTicket();
  const change = useAction((body: OrderStatusChange) => consoleApi.changeStatus(order.id, body), {
    onSuccess: (updated, body) => {
      setDialog(null);
      onChanged(updated);
      if (body.status === 'ACCEPTED' && printOnAccept) printTicket('kitchen', updated);
    },
    onError: (error) => {
      setDialog(null);
      onFailed(error);
    },
  });
  const rider = useAction(() => consoleApi.requestRider(order.id), {
    onSuccess: onChanged,
    onError: onFailed,
  });
  const expectedStatus = order.status as OrderStatusChange['expectedStatus'];
  const send = (body: Omit<OrderStatusChange, 'expectedStatus'>) => {
    onSeen(order.id);
    change.run({ ...body, expectedStatus });
  };
  const busy = change.isPending;
  const canAccept = order.nextStatuses.includes('ACCEPTED');
  const canCancel = order.nextStatuses.includes('CANCELED');
  const forward = order.nextStatuses.find((status) => FORWARD[status]);

  return (
    <div className="order-card__actions">
      {canAccept || forward || order.canRequestRider ? (
        <div className="order-card__main-actions">
          {canAccept ? (
            <button
              type="button"
              className="console-action console-action--accept"
              aria-disabled={busy || undefined}
              onClick={() => !busy && setDialog('accept')}
            >
              Aceptar
            </button>
          ) : null}
          {forward ? (
            <button
              type="button"
              className={`console-action console-action--${forward.toLowerCase()}`}
              aria-disabled={busy || undefined}
              aria-busy={(busy && change.variables?.status === forward) || undefined}
              onClick={() => send({ status: forward as 'READY' | 'DELIVERED' })}
            >
              {busy && change.variables?.status === forward ? 'Guardando…' : FORWARD[forward]}
            </button>
          ) : null}
          {order.canRequestRider ? (
            <button
              type="button"
              className="console-action console-action--rider"
              aria-disabled={rider.isPending || undefined}
              aria-busy={rider.isPending || undefined}
              onClick={() => {
                onSeen(order.id);
                rider.run(undefined);
              }}
            >
              <IconBike size={20} />
              {rider.isPending ? 'Pidiendo…' : 'Pedir repartidor'}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className="order-card__more-actions">
        {/* an order whose payment is due is not cooked: nothing to print until it is paid */}
        {canPrintForKitchen(order.status) ? (
          <>
            <button
              type="button"
              className="console-small-action"
              aria-label="Imprimir comanda"
              onClick={() => printTicket('kitchen', order)}
            >
              <IconPrinter size={18} />
              Comanda
            </button>
            <button
              type="button"
              className="console-small-action"
              aria-label="Imprimir ticket"
              onClick={() => printTicket('package', order)}
            >
              <IconPrinter size={18} />
              Ticket
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="console-small-action"
          aria-haspopup="dialog"
          onClick={() => setDialog('history')}
        >
          <IconClock size={18} />
          Historial
        </button>
        {canCancel ? (
          <button
            type="button"
            className="console-small-action console-small-action--danger"
            aria-disabled={busy || undefined}
            onClick={() => !busy && setDialog('cancel')}
          >
            Cancelar
          </button>
        ) : null}
      </div>
      <AcceptDialog
        open={dialog === 'accept'}
        code={order.code}
        busy={busy}
        onClose={() => setDialog(null)}
        onAccept={(preparationMinutes) => send({ status: 'ACCEPTED', preparationMinutes })}
      />
      <CancelDialog
        open={dialog === 'cancel'}
        code={order.code}
        busy={busy}
        refundText={
          order.refundOnCancel > 0
            ? PAYMENT_MESSAGES.refundOnCancel(money(order.refundOnCancel, currency))
            : null
        }
        onClose={() => setDialog(null)}
        onCancelOrder={(reason) => send({ status: 'CANCELED', reason })}
      />
      <HistoryDialog
        open={dialog === 'history'}
        orderId={order.id}
        code={order.code}
        timeZone={timeZone}
        currency={currency}
        onClose={() => setDialog(null)}
        onUnauthorized={onFailed}
      />
    </div>
  );
}
