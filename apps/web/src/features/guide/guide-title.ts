import type { GuideBranchContact } from '@comanda/core/contract';

export const GUIDE_TITLE = 'Encontrá el menú de tu local';
export const GUIDE_NEAR_TITLE = 'Menús cerca de tu ubicación';

/** The nearest shop names the diner's city only when it is this close. */
export const SAME_CITY_METERS = 50_000;

/**
 * The page's title: before the diner gives a location, a plain invitation; after, the city of the
 * nearest shop when it is close enough to be the diner's own ('Menús en Rosario').
 */
export function guideTitle(located: boolean, nearest: GuideBranchContact | undefined): string {
  if (!located) return GUIDE_TITLE;
  const city = nearest?.address.city?.trim();
  if (!nearest || !city || nearest.distanceInMeters > SAME_CITY_METERS) return GUIDE_NEAR_TITLE;
  return `Menús en ${city}`;
}

/** 'Av. Santa Fe 3253, Buenos Aires' */
export function guideAddressLine(address: GuideBranchContact['address']): string {
  const street = [address.street, address.number].filter(Boolean).join(' ');
  return [street, address.city].filter(Boolean).join(', ');
}
