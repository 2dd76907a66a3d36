import { formatDistanceMeters } from '@comanda/core';
import type { GuideBranchContact } from '@comanda/core/contract';
import { Link } from 'react-router';
import { IconChevronRight, IconMapPin } from '../../ui/icons.tsx';
import { guideAddressLine } from './guide-title.ts';

/** A shop of the guide: name, street, number, city and distance in metres; opens its menu by alias. */
export function GuideCard({ contact, showDistance }: { contact: GuideBranchContact; showDistance: boolean }) {
  return (
    <Link className="card card--link guide-card" to={`/menu/${encodeURIComponent(contact.alias)}`}>
      <span className="card__main">
        <span className="card__title">{contact.name}</span>
        <span className="card__subtitle">{guideAddressLine(contact.address)}</span>
        {showDistance ? (
          <span className="guide-card__distance">
            <IconMapPin size={16} />
            {formatDistanceMeters(contact.distanceInMeters)}
          </span>
        ) : null}
      </span>
      <IconChevronRight className="card__chevron" />
    </Link>
  );
}
