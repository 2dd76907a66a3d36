/** The blocks of the follow-up page: header, progress, detail table and amounts. */
import {
  deliveryShipmentOf,
  dinerDelivery,
  followUpProgress,
  followUpStatusNote,
  LOYALTY_INFO_MESSAGES,
  localDateTime,
  MESSAGES,
  orderErrorLabel,
  orderPlaceLine,
  orderPointsLines,
} from '@comanda/core';
import type { FollowUpItem, FollowUpOrder } from '@comanda/core/contract';
import { useId } from 'react';
import { LazyBankTransferCard } from '../../ui/bank-transfer-lazy.tsx';
import { IconCheck } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Money, useFormatMoney } from '../../ui/money.tsx';
import { PaymentIcon } from './follow-up-icons.tsx';
import { returnNotice, stepLines } from './follow-up-notices.ts';
import { isAwaitingPayment } from './pay-order.ts';

export function OrderHeader({ order, timeZone }: { order: FollowUpOrder; timeZone: string }) {
  const contact = order.branchContact;
  const place = orderPlaceLine({
    type: order.type,
    tableUid: order.tableUid,
    destination: order.destination,
    branchAddress: contact.address,
  });
  return (
    <section className="card follow-up-header" aria-label="Tu pedido">
      <div className="follow-up-header__top">
        <Logo url={contact.logoUrl} name={contact.name} size={48} decorative />
        <div className="follow-up-header__titles">
          <h1 className="follow-up-header__code">Pedido #{order.code}</h1>
          <p className="follow-up-header__shop">{contact.name}</p>
        </div>
      </div>
      <dl className="follow-up-facts">
        <div>
          <dt>Modo</dt>
          <dd>{order.orderModeName}</dd>
        </div>
        <div>
          <dt>{order.scheduled ? 'Programado para' : 'Fecha'}</dt>
          <dd>
            {localDateTime(
              order.scheduled && order.scheduledAt ? order.scheduledAt : order.orderedAt,
              timeZone,
            )}
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>
            <Money amount={order.total} />
          </dd>
        </div>
        <div>
          <dt>Pago</dt>
          <dd className="follow-up-facts__payment">
            <PaymentIcon method={order.paymentType?.paymentMethod ?? null} />
            {order.paymentType?.showName ?? 'A convenir'}
          </dd>
        </div>
      </dl>
      {/* the diner's own address: wraps and keeps its direction */}
      <p className="follow-up-header__place user-text">{place}</p>
    </section>
  );
}

export function ProgressTrack({ order, timeZone }: { order: FollowUpOrder; timeZone: string }) {
  // on the way back to the shop the delivery estimate no longer holds (a cancel keeps its reason)
  const returning = returnNotice(order.shipments) !== null && order.status !== 'CANCELED';
  // the status, the rider and the window the tracking page shows too (core's diner-delivery.ts)
  const delivery = dinerDelivery({ order, shipment: dinerShipmentOf(order) });
  const note = returning ? null : followUpStatusNote(order, timeZone, delivery.arrival);
  // a card or a payment link still to be paid: nothing moves until the payment arrives
  const awaitingPayment = isAwaitingPayment(order);
  const progress = followUpProgress({ status: order.status, type: order.type, awaitingPayment });
  const current = progress.nodes.find((n) => n.state === 'current' || n.state === 'canceled');
  const headingId = useId();
  const stepsId = useId();
  const steps = stepLines(order.steps ?? [], timeZone);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        Estado del pedido
      </h2>
      <ol className="progress-track">
        {progress.nodes.map((node) => (
          <li
            key={node.key}
            className={`progress-track__node progress-track__node--${node.state}`}
            aria-current={node.state === 'current' ? 'step' : undefined}
          >
            <span className="progress-track__dot" aria-hidden="true">
              {node.state === 'done' ? <IconCheck size={14} /> : null}
            </span>
            <span className="progress-track__label">
              {node.label}
              <span className="sr-only">{stateText(node.state)}</span>
            </span>
          </li>
        ))}
      </ol>
      <p className="follow-up-status" role="status">
        {progress.awaitingPaymentLabel ??
          delivery.statusLabel ??
          (current ? current.label : statusSentence(order))}
      </p>
      {delivery.riderName ? (
        <p className="follow-up-status__rider">
          Repartidor: <span className="user-text">{delivery.riderName}</span>
        </p>
      ) : null}
      {note ? <p className="follow-up-status__note">{note}</p> : null}
      {steps.length > 0 ? (
        <section className="follow-up-steps" aria-labelledby={stepsId}>
          <h3 id={stepsId} className="follow-up-steps__title">
            Seguimiento
          </h3>
          {/* time and step pairs: a description list, so the progress nodes stay the page's only list items */}
          <dl className="follow-up-steps__list">
            {steps.map((step) => (
              <div key={step.key} className="follow-up-steps__step">
                <dt className="follow-up-steps__time">
                  <time dateTime={step.at}>{step.time}</time>
                </dt>
                <dd>{step.label}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </section>
  );
}

/** The order's delivery shipment (the newest, not the way back of a return), as core's diner-delivery reads it. */
function dinerShipmentOf(order: FollowUpOrder) {
  const shipment = deliveryShipmentOf(order.shipments);
  return shipment
    ? {
        status: shipment.status,
        returnShipment: shipment.returnShipment,
        riderName: shipment.riderInfo?.name ?? null,
        minEta: shipment.minEta,
        maxEta: shipment.maxEta,
      }
    : null;
}

function stateText(state: string): string {
  if (state === 'done') return ' (completado)';
  if (state === 'current') return ' (en curso)';
  if (state === 'canceled') return ' (cancelado)';
  if (state === 'skipped') return ' (no se realizó)';
  return ' (pendiente)';
}

function statusSentence(order: FollowUpOrder): string {
  if (order.status === 'DELIVERED') return 'Pedido entregado';
  return 'Esperando confirmación del local';
}

function extrasLine(item: FollowUpItem): string[] {
  return item.extras.map(
    (group) =>
      `${group.groupName}: ${group.groupItems
        .map((g) => (g.quantity > 1 ? `${g.quantity} x ${g.name}` : g.name))
        .join(', ')}`,
  );
}

export function OrderDetail({ order }: { order: FollowUpOrder }) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        Detalle
      </h2>
      <table className="follow-up-table">
        <thead>
          <tr>
            <th scope="col">Cant.</th>
            <th scope="col">Detalle</th>
            <th scope="col" className="follow-up-table__amount">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item) => (
            <tr key={item.id}>
              <td className="follow-up-table__quantity">{item.quantity}</td>
              <td>
                <span className="follow-up-table__name">
                  {item.name}
                  {item.sizeName ? ` (${item.sizeName})` : ''}
                </span>
                {extrasLine(item).map((line) => (
                  <span key={line} className="follow-up-table__extra">
                    {line}
                  </span>
                ))}
                {item.notes ? (
                  <span className="follow-up-table__notes">
                    “<span className="user-text">{item.notes}</span>”
                  </span>
                ) : null}
              </td>
              <td className="follow-up-table__amount">
                <Money amount={item.accPrice} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function OrderAmounts({
  order,
  onShowLoyalty,
}: {
  order: FollowUpOrder;
  /** Opens the loyalty-info modal. */
  onShowLoyalty: () => void;
}) {
  const { loyaltyInfo } = order;
  const programName = loyaltyInfo.programName ?? 'Puntos';
  // what the order adds to the diner's points (what it used is a line of the amounts above)
  const pointsLine = orderPointsLines({ ...loyaltyInfo, redeemedPoints: 0 }, order.status)[0];
  return (
    <section className="card" aria-label="Importes">
      <dl className="price-summary">
        <Row label="Subtotal" amount={order.itemsPrice} />
        {order.surcharges.map((s) => (
          <Row key={`s-${s.name}`} label={s.name} amount={s.amount} />
        ))}
        {order.type === 'DELIVERY' ? (
          <div className="price-summary__row">
            <dt>Envío</dt>
            <dd>{order.deliveryFee === 0 ? 'Gratis' : <Money amount={order.deliveryFee} />}</dd>
          </div>
        ) : null}
        {order.discounts.map((d) => (
          <Row key={`d-${d.name}`} label={d.name} amount={d.amount} discount />
        ))}
        {loyaltyInfo.redeemedAmount > 0 ? (
          <Row
            label={`${programName} (${loyaltyInfo.redeemedPoints})`}
            amount={loyaltyInfo.redeemedAmount}
            discount
          />
        ) : null}
        {order.userServiceFee > 0 ? <Row label={MESSAGES.serviceFee} amount={order.userServiceFee} /> : null}
        <div className="price-summary__row price-summary__row--total">
          <dt>Total</dt>
          <dd>
            <Money amount={order.total} />
          </dd>
        </div>
      </dl>
      {/* an open order shows how it is paid near the top (PaymentCard); a finished one keeps it here */}
      {order.paysWith && !isPaymentPending(order) ? <CashLine order={order} /> : null}
      {order.notes ? (
        <p className="follow-up-note">
          <strong>Notas:</strong> <span className="user-text">{order.notes}</span>
        </p>
      ) : null}
      {pointsLine || loyaltyInfo.programActive ? (
        <div className="follow-up-loyalty">
          {pointsLine ? <p className="follow-up-points">{pointsLine}</p> : null}
          {loyaltyInfo.programActive ? (
            <button type="button" className="text-button" onClick={onShowLoyalty} aria-haspopup="dialog">
              {LOYALTY_INFO_MESSAGES.more(programName)}
            </button>
          ) : null}
        </div>
      ) : null}
      {order.dinerOrderDetails.errorType ? (
        <p className="follow-up-note">
          Reportaste un problema: {orderErrorLabel(order.dinerOrderDetails.errorType)}
          {order.dinerOrderDetails.errorDetail ? (
            <>
              {' · “'}
              <span className="user-text">{order.dinerOrderDetails.errorDetail}</span>”
            </>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

function Row({ label, amount, discount = false }: { label: string; amount: number; discount?: boolean }) {
  return (
    <div className={`price-summary__row${discount ? ' price-summary__row--discount' : ''}`}>
      <dt>{label}</dt>
      <dd>
        {discount ? '-' : ''}
        <Money amount={amount} />
      </dd>
    </div>
  );
}

/** The order is still to be paid at the door or by transfer: not delivered, cancelled or expired. */
function isPaymentPending(order: FollowUpOrder): boolean {
  return order.status !== 'DELIVERED' && order.status !== 'CANCELED' && order.status !== 'PAYMENT_EXPIRED';
}

function CashLine({ order }: { order: FollowUpOrder }) {
  // a cancelled order is not paid at all: no note to bring, no change to expect
  if (!order.paysWith || order.status === 'CANCELED') return null;
  return (
    <p className="follow-up-note">
      Abonás con <Money amount={order.paysWith} />
      {order.change ? (
        <>
          {' '}
          · Tu vuelto: <Money amount={order.change} />
        </>
      ) : null}
    </p>
  );
}

/**
 * What the diner still has to do to pay an open order, right under its status: the account to transfer
 * to, or the note they pay with and the change to expect. Nothing for other payments.
 */
export function PaymentCard({ order }: { order: FollowUpOrder }) {
  const formatMoney = useFormatMoney();
  const headingId = useId();
  if (!isPaymentPending(order)) return null;
  const transfer = order.paymentType?.bankTransfer ?? null;
  if (transfer) {
    return (
      <section className="card follow-up-payment" aria-labelledby={headingId}>
        <h2 id={headingId} className="card__title">
          Pago por transferencia
        </h2>
        <LazyBankTransferCard info={transfer} amount={formatMoney(order.total)} />
      </section>
    );
  }
  if (!order.paysWith) return null;
  return (
    <section className="card follow-up-payment" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        Pago en efectivo
      </h2>
      <CashLine order={order} />
    </section>
  );
}

/**
 * '¡Gracias por tu pedido!' on the follow-up of an order placed on this device, while it is open: the
 * page the checkout lands on after placing says at once that the order went through, and to whom; or,
 * while its online payment is due, that the shop gets it once paid.
 */
export function ThankYou({ shopName, paymentDue }: { shopName: string; paymentDue: boolean }) {
  // an order whose online payment is still due has not reached the shop: the page asks for the payment
  if (paymentDue)
    return (
      <div className="follow-up-thanks follow-up-thanks--due" role="status">
        <div>
          <p className="follow-up-thanks__title">Falta pagar tu pedido</p>
          <p className="follow-up-thanks__body">
            {shopName} lo recibe cuando se acredite el pago. Podés pagarlo desde acá.
          </p>
        </div>
      </div>
    );
  return (
    <div className="follow-up-thanks" role="status">
      <span className="follow-up-thanks__icon" aria-hidden="true">
        <IconCheck size={26} />
      </span>
      <div>
        <p className="follow-up-thanks__title">¡Gracias por tu pedido!</p>
        <p className="follow-up-thanks__body">Se lo enviamos a {shopName}. Seguí acá cómo avanza.</p>
      </div>
    </div>
  );
}
