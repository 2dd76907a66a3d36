/**
 * The calls of the diner's account: 'Mis pedidos' (`GET /api/orders`), the points history (20 a page) and
 * the loyalty reward. The spec's fallbacks apply: a list that fails reads as empty (and is logged), except
 * a lost session, which the screen tells as 'Inicie sesión'.
 */
import type {
  DinerOrdersPage,
  LoyaltyHistoryRow,
  LoyaltyReward,
  LoyaltyRewardClaim,
  LoyaltySignUp,
} from '@comanda/core/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost, isApiError } from '../../api/api.ts';
import { logToBackend } from '../diner-log/log-to-backend.ts';

const COMPONENT = 'diner-account';
/** The spec's history page (`limit=20`); values of the contract stay out of the web's chunks (zod). */
export const HISTORY_PAGE_SIZE = 20;

/** A lost or missing session is the one failure the lists do not swallow. */
export function isSignedOutError(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

function logFallback(text: string, error: unknown): void {
  logToBackend(text, {
    component: COMPONENT,
    payload: { message: error instanceof Error ? error.message : String(error) },
    stack: error instanceof Error ? (error.stack ?? null) : null,
  });
}

/** The spec's "orders list failure gives an empty list"; 401 goes through so the screen can say why. */
async function withEmptyFallback<T>(text: string, empty: T, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isSignedOutError(error) || (error instanceof DOMException && error.name === 'AbortError'))
      throw error;
    logFallback(text, error);
    return empty;
  }
}

export const accountQueries = {
  orders: (phone: string, branchContactId: number) =>
    infiniteQueryOptions({
      queryKey: ['diner-account', 'orders', phone, branchContactId],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        withEmptyFallback<DinerOrdersPage>(
          'Orders list failed',
          { orders: [], offset: pageParam, pageSize: 0, total: 0 },
          () =>
            apiGet<DinerOrdersPage>('/api/orders', {
              query: { phone, branchContactId, offset: pageParam },
              signal,
            }),
        ),
      getNextPageParam: (page) => {
        const next = page.offset + page.orders.length;
        return page.orders.length > 0 && next < page.total ? next : undefined;
      },
      // a diner coming back to the list sees orders placed meanwhile
      staleTime: 0,
    }),

  history: (branchId: number, phone: string) =>
    infiniteQueryOptions({
      queryKey: ['diner-account', 'history', branchId, phone],
      initialPageParam: 0,
      queryFn: ({ pageParam, signal }) =>
        withEmptyFallback<LoyaltyHistoryRow[]>('Loyalty history failed', [], () =>
          apiGet<LoyaltyHistoryRow[]>(
            `/api/branch/${branchId}/loyalty-points/history/${encodeURIComponent(phone)}`,
            { query: { offset: pageParam, limit: HISTORY_PAGE_SIZE }, signal },
          ),
        ),
      // a short page is the last one
      getNextPageParam: (page, pages) =>
        page.length === HISTORY_PAGE_SIZE ? pages.length * HISTORY_PAGE_SIZE : undefined,
      staleTime: 0,
    }),

  reward: (rewardId: number) =>
    queryOptions({
      queryKey: ['diner-account', 'reward', rewardId],
      queryFn: ({ signal }) => apiGet<LoyaltyReward>(`/api/diner/loyalty-reward/${rewardId}`, { signal }),
      retry: false,
    }),
};

/** POST /api/diner/customer/{phone}/loyalty-reward/{rewardId}: the spec's sign-up payload. */
export function claimReward(phone: string, signUp: LoyaltySignUp): Promise<LoyaltyRewardClaim> {
  return apiPost<LoyaltyRewardClaim>(
    `/api/diner/customer/${encodeURIComponent(phone)}/loyalty-reward/${signUp.loyaltyRewardId}`,
    signUp,
  );
}
