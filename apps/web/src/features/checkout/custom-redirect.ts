import { REDIRECT_MESSAGES, redirectCustomizationOf } from '@comanda/core';
import type { MenuCustomization } from '@comanda/core/contract';
import { isApiError } from '../../api/api.ts';

/** What the checkout offers after the link's code was refused, under a MANUAL redirect. */
export interface RedirectNotice {
  text: string;
  label: string;
  url: string;
}

/**
 * The branch's redirect customisation when the code the link brought (`?code=`) is refused as not found
 * (INVALID_CODE, decision 020): AUTOMATIC takes the diner to its url at once (the cart stays for a
 * return); MANUAL answers the notice and link for the checkout to offer. Null otherwise: another refusal,
 * a code typed by the diner, no customisation or one that cannot be followed.
 */
export function invalidCodeRedirect(
  refusal: unknown,
  search: string,
  code: string,
  customizations: readonly MenuCustomization[] | undefined,
): RedirectNotice | null {
  const linkCode = new URLSearchParams(search).get('code')?.trim().toUpperCase();
  if (!isApiError(refusal) || !refusal.isNotFound || linkCode !== code.trim().toUpperCase()) return null;
  const redirect = redirectCustomizationOf(customizations);
  if (redirect.status !== 'valid') return null;
  if (redirect.redirect === 'AUTOMATIC') {
    window.location.assign(redirect.url);
    return null;
  }
  return {
    text: REDIRECT_MESSAGES.linkCodeInvalid,
    label: REDIRECT_MESSAGES.seePromotions,
    url: redirect.url,
  };
}
