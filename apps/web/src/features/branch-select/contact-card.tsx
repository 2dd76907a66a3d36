import { formatDecimal, formatDistanceKm, MESSAGES } from '@comanda/core';
import type { BranchContactListItem } from '@comanda/core/contract';
import { Link } from 'react-router';
import { IconChevronRight, IconMapPin, IconStar } from '../../ui/icons.tsx';
import { formatAddressLine } from './address-line.ts';

/** The average rating shows only from this value up (the spec's configured threshold). */
export const RATING_BADGE_THRESHOLD = 4.0;

export const NOT_DELIVERING_NOTE = 'No realiza envíos a tu dirección';

export interface ContactCardProps {
  contact: BranchContactListItem;
  to: string;
  deliverySelected: boolean;
  /** Called when the diner picks this contact (analytics). */
  onSelect?: () => void;
}

export function ContactCard({ contact, to, deliverySelected, onSelect }: ContactCardProps) {
  const rating = contact.deliveryConfig.npsAvg;
  const showRating = rating !== null && rating >= RATING_BADGE_THRESHOLD;
  const notDelivering = deliverySelected && contact.reachableByDelivery === false;
  return (
    <Link className="card card--link contact-card" to={to} onClick={onSelect}>
      <span className="card__main">
        <span className="contact-card__heading">
          <span className="card__title">{contact.name}</span>
          {!contact.open ? <span className="tag tag--closed">{MESSAGES.closed}</span> : null}
        </span>
        <span className="card__subtitle">{formatAddressLine(contact.address)}</span>
        {contact.distance !== null || showRating ? (
          <span className="contact-card__meta">
            {contact.distance !== null ? (
              <span className="contact-card__distance">
                <IconMapPin size={16} />
                {formatDistanceKm(contact.distance)}
              </span>
            ) : null}
            {showRating ? (
              <span className="rating-badge">
                <IconStar size={14} />
                <span className="sr-only">Calificación</span>
                {formatDecimal(rating, 1)}
              </span>
            ) : null}
          </span>
        ) : null}
        {notDelivering ? <span className="contact-card__note">{NOT_DELIVERING_NOTE}</span> : null}
      </span>
      <IconChevronRight className="card__chevron" />
    </Link>
  );
}
