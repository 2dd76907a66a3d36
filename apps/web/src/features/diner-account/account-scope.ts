/**
 * Which shop the diner's account screens are about. The spec's calls name a branch contact (orders) and
 * a branch (points); on a branch contact's pages that is the one on screen, on a branch's pages its first
 * contact (the orders list covers the whole branch anyway). A company page has no account scope.
 */
import type { LoyaltyProgram, LoyaltyProgramAnswer } from '@comanda/core/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { dinerQueries } from '../../api/queries.ts';
import { checkoutQueries } from '../checkout/checkout-queries.ts';

export interface AccountScope {
  branchId: number;
  branchContactId: number;
  country: string;
  currency: string;
  /** The IANA zone the history's dates are shown in. */
  timeZone: string;
}

export function useAccountScope(alias: string | undefined): {
  scope: AccountScope | null;
  isPending: boolean;
} {
  const entity = useQuery({ ...dinerQueries.alias(alias ?? ''), enabled: Boolean(alias) });
  const branchId = entity.data?.type === 'branch' ? entity.data.info.id : 0;
  const contacts = useInfiniteQuery({ ...dinerQueries.branchContacts(branchId), enabled: branchId > 0 });
  const data = entity.data;
  if (data?.type === 'branchContact') {
    const contact = data.info;
    return {
      scope: {
        branchId: contact.branch.id,
        branchContactId: contact.id,
        country: contact.country,
        currency: contact.currency,
        timeZone: contact.timeZone,
      },
      isPending: false,
    };
  }
  const first = contacts.data?.pages[0]?.branchContacts[0];
  if (data?.type === 'branch' && first) {
    return {
      scope: {
        branchId: data.info.id,
        branchContactId: first.id,
        country: first.country,
        currency: first.currency,
        timeZone: first.timeZone,
      },
      isPending: false,
    };
  }
  return { scope: null, isPending: entity.isPending || (branchId > 0 && contacts.isPending) };
}

/** The programme when it is active and the contact takes part; null otherwise (or while loading). */
export function activeProgramOf(
  answer: LoyaltyProgramAnswer | undefined,
  branchContactId: number,
): LoyaltyProgram | null {
  if (!answer || !('id' in answer)) return null;
  const program = answer as LoyaltyProgram;
  if (!program.active) return null;
  const takesPart =
    program.branchContactIds.length === 0 || program.branchContactIds.includes(branchContactId);
  return takesPart ? program : null;
}

/**
 * The side menu's 'Mis {program name}' entry: the name of the branch's programme when it is active and
 * the shop on screen takes part, else null (the spec shows the entry only then, and only signed in).
 */
export function useLoyaltyProgramName(alias: string | undefined): string | null {
  const { scope } = useAccountScope(alias);
  const program = useQuery({
    ...checkoutQueries.loyaltyProgram(scope?.branchId ?? 0),
    enabled: scope !== null,
  });
  return scope ? (activeProgramOf(program.data, scope.branchContactId)?.name ?? null) : null;
}
