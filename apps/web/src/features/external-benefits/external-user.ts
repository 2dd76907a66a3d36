/**
 * The external-benefit user (storefront.md section 6): a partner's member, identified by an external
 * user id with a bearer token. The partner's app opens the storefront with `?partner=…&externalUserId=…
 * &externalToken=…` (decision 020); the member is kept for the tab's session (sessionStorage, like the
 * entry link) and the token leaves the address bar at once (capture-external-user.ts, loaded only for
 * such a link). The checkout asks for the member's benefits here.
 */
import type { ExternalBenefit, ExternalBenefitsAnswer } from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiPost } from '../../api/api.ts';

export const EXTERNAL_USER_KEY = 'comanda:external-user';

export interface ExternalUser {
  partner: string;
  externalUserId: string;
  token: string;
}

/** The member kept for this tab's session, or null. */
export function getExternalUser(): ExternalUser | null {
  try {
    const user = JSON.parse(sessionStorage.getItem(EXTERNAL_USER_KEY) ?? 'null') as ExternalUser | null;
    return user?.partner && user.externalUserId && user.token ? user : null;
  } catch {
    return null;
  }
}

/**
 * POST /api/external-benefits/{partner} with the member's bearer token: the member's benefits at this
 * shop and mode, priced as general discounts (none for anyone else). Its failure is silent, as the spec
 * says: the server logs it (a refused member, a partner that failed) and the diner orders without it.
 */
export const externalBenefitsQuery = (branchId: number, contactId: number, modeType: string) => {
  const user = getExternalUser();
  return queryOptions({
    queryKey: ['checkout', 'externalBenefits', contactId, modeType, user?.externalUserId],
    queryFn: (): Promise<ExternalBenefit[]> =>
      apiPost<ExternalBenefitsAnswer>(
        `/api/external-benefits/${encodeURIComponent(user?.partner ?? '')}`,
        {
          branchId,
          branchContactId: contactId,
          externalUserId: user?.externalUserId,
          orderModeType: modeType,
        },
        { headers: { Authorization: `Bearer ${user?.token}` } },
      ).then(
        (answer) => answer.generalDiscounts,
        // silent: the server logs what went wrong with the partner; the diner orders without the benefit
        () => [],
      ),
    enabled: user !== null,
  });
};
