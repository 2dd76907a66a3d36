import type { GuideBranchContact } from '@comanda/core/contract';

export const GUIDE_TITLE = 'Encontrá el menú de tu local';
export const GUIDE_NEAR_TITLE = 'Menús cerca de tu ubicación';

/** The nearest shop names the diner's province only when it is this close. */
export const NEAR_ENOUGH_METERS = 50_000;

/**
 * The page's title (the spec: "a title about the menu being in a province"): before the diner gives a
 * location, a plain invitation; after, the province of the nearest shop when it is close enough to be
 * the diner's own ('Menús en Córdoba'). A shop without a province gives the plain 'near you' title.
 */
export function guideTitle(located: boolean, nearest: GuideBranchContact | undefined): string {
  if (!located) return GUIDE_TITLE;
  const province = nearest?.address.locality?.trim();
  if (!nearest || !province || nearest.distanceInMeters > NEAR_ENOUGH_METERS) return GUIDE_NEAR_TITLE;
  return `Menús en ${province}`;
}

/** 'Av. Santa Fe 3253, Buenos Aires' */
export function guideAddressLine(address: GuideBranchContact['address']): string {
  const street = [address.street, address.number].filter(Boolean).join(' ');
  return [street, address.city].filter(Boolean).join(', ');
}
