import { bannerUrlOf, MESSAGES } from '@comanda/core';
import type { BranchContact } from '@comanda/core/contract';
import { IconClock, IconMapPin } from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { formatAddressLine } from '../branch-select/address-line.ts';
import { SocialLinks } from './social-links.tsx';

export function mapsUrl(contact: Pick<BranchContact, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${contact.lat},${contact.lng}`;
}

/** The shop's hero: banner or logo, names, address, hours, social links and the custom message. */
export function StoreHeader({ contact, onShowHours }: { contact: BranchContact; onShowHours: () => void }) {
  const { branch } = contact;
  const banner = bannerUrlOf(branch);
  return (
    <section className="store-header" aria-labelledby="store-name">
      <div className={`store-header__cover${banner ? ' store-header__cover--image' : ''}`}>
        {banner ? (
          <img
            className="store-header__banner"
            src={banner}
            alt={`${branch.name}`}
            width={1200}
            height={400}
            fetchPriority="high"
          />
        ) : null}
      </div>
      <div className="store-header__body">
        {banner ? null : (
          <Logo className="store-header__logo" url={branch.customLogoURL} name={branch.name} size={84} />
        )}
        <div className="store-header__titles">
          <h1 id="store-name" className="store-header__name">
            {branch.name}
          </h1>
          <p className="store-header__contact">
            <span>{contact.name}</span>
            {!contact.open ? <span className="tag tag--closed">{MESSAGES.closed}</span> : null}
          </p>
        </div>
        <div className="store-header__links">
          <a className="store-header__link" href={mapsUrl(contact)} target="_blank" rel="noopener noreferrer">
            <IconMapPin size={18} />
            <span>{formatAddressLine(contact.address)}</span>
          </a>
          <button type="button" className="store-header__link" onClick={onShowHours}>
            <IconClock size={18} />
            <span>{MESSAGES.seeOpeningHours}</span>
          </button>
        </div>
        {branch.customMessage ? <p className="store-header__message">{branch.customMessage}</p> : null}
        <SocialLinks contact={contact} />
      </div>
    </section>
  );
}
