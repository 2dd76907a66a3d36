import { formatMoney, MESSAGES, toMinor, trackingStatusBadge } from '@comanda/core';
import type { BranchContact, RiderShipment, RouteStop } from '@comanda/core/contract';
import { useId } from 'react';
import { IconMapPin, IconPhone, IconStore, IconUser } from '../../ui/icons.tsx';
import { useContactCurrency } from '../menu/use-contact-currency.ts';
import { mapsLink } from './shipment-rules.ts';
import { SHIPMENT_TEXTS } from './shipment-texts.ts';

export type FormatAmount = (amount: number) => string;

/** Amounts (currency units, as the API sends them) in the contact's currency; ARS rules until it answers. */
export function useFormatAmount(contact: BranchContact | null): FormatAmount {
  const currency = useContactCurrency({
    country: contact?.country ?? 'ar',
    currency: contact?.currency ?? 'ARS',
  });
  return (amount) => formatMoney(toMinor(amount, currency.decimals), currency);
}

/** The shipment's status as the tracking page shows it: label and colour ('Regresando al local' on a return). */
export function StatusBadge({
  status,
  returnShipment = false,
}: {
  status: string;
  returnShipment?: boolean;
}) {
  const badge = trackingStatusBadge(status, returnShipment);
  return (
    <span className="shipment-status" style={{ background: badge.color }}>
      {badge.label}
    </span>
  );
}

/** The route's stops: A the shop, then each drop-off, each with directions in the maps app. */
export function RouteList({ stops }: { stops: readonly RouteStop[] }) {
  return (
    <ol className="route">
      {stops.map((stop) => (
        <li key={`${stop.letter}-${stop.address}`} className="route__stop">
          <span
            className={`route-letter${stop.kind === 'PICK_UP' ? ' route-letter--shop' : ''}`}
            aria-hidden="true"
          >
            {stop.letter}
          </span>
          <div className="route__text">
            <p className="route__kind">
              {stop.kind === 'PICK_UP' ? <IconStore size={16} /> : <IconMapPin size={16} />}
              <span className="sr-only">{stop.letter}: </span>
              {stop.kind === 'PICK_UP' ? SHIPMENT_TEXTS.pickUp : SHIPMENT_TEXTS.dropOff}
              {stop.label ? <span className="route__label"> · {stop.label}</span> : null}
            </p>
            <p className="route__address user-text">{stop.address}</p>
            {stop.details ? <p className="shipment-muted user-text">{stop.details}</p> : null}
          </div>
          <a
            className="route__map"
            href={mapsLink(stop)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={SHIPMENT_TEXTS.seeOnMapOf(stop.letter, stop.address)}
          >
            {MESSAGES.seeOnMap}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** 'Recibe': who gets the order, with a call link. Only for the rider who has the shipment. */
export function RecipientCard({ recipient }: { recipient: { name: string; phone: string } }) {
  const titleId = useId();
  return (
    <section className="shipment-card recipient" aria-labelledby={titleId}>
      <h2 id={titleId} className="shipment-card__title">
        {MESSAGES.recipient}
      </h2>
      <div className="recipient__row">
        <span className="recipient__avatar" aria-hidden="true">
          <IconUser size={20} />
        </span>
        <p className="recipient__name user-text">{recipient.name}</p>
        {recipient.phone ? (
          <a
            className="recipient__call"
            href={`tel:${recipient.phone.replace(/[^\d+]/g, '')}`}
            aria-label={SHIPMENT_TEXTS.call(recipient.name)}
          >
            <IconPhone size={20} />
            <span>{recipient.phone}</span>
          </a>
        ) : null}
      </div>
    </section>
  );
}

/** What to collect at the door: the amount, or 'Pagado', and the note the diner pays with. */
export function PaymentLine({
  order,
  format,
}: {
  order: Pick<RiderShipment['logisticsOrder'], 'amountToCollect' | 'paysWith' | 'itemCount'>;
  format: FormatAmount;
}) {
  return (
    <p className="payment-line">
      {order.amountToCollect > 0 ? (
        <span className="payment-line__collect">
          {SHIPMENT_TEXTS.toCollect} <strong>{format(order.amountToCollect)}</strong>
        </span>
      ) : (
        <span className="payment-line__paid">{SHIPMENT_TEXTS.prepaid}</span>
      )}
      {order.paysWith && order.amountToCollect > 0 ? (
        <span className="shipment-muted">
          {SHIPMENT_TEXTS.paysWith} {format(order.paysWith)}
        </span>
      ) : null}
      <span className="shipment-muted">{SHIPMENT_TEXTS.items(order.itemCount)}</span>
    </p>
  );
}

/** One drop-off of a stack as a radio choice: which delivery a code, or a failed drop-off, is about. */
export function DropOffChoice({
  name,
  letter,
  shipment,
  checked,
  onChoose,
}: {
  name: string;
  letter: string;
  shipment: RiderShipment;
  checked: boolean;
  onChoose: () => void;
}) {
  const { destination, orderRef } = shipment.logisticsOrder;
  return (
    <label className="delivery-code__choice">
      <input type="radio" name={name} checked={checked} onChange={onChoose} />
      <span className="route-letter" aria-hidden="true">
        {letter}
      </span>
      <span className="delivery-code__choice-text">
        <strong className="user-text">{destination?.address ?? orderRef}</strong>
        <span className="shipment-muted"> · Pedido {orderRef}</span>
      </span>
    </label>
  );
}
