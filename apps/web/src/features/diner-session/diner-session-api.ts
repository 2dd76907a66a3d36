import type {
  DinerSessionAnswer,
  SignInCodeRequest,
  SignInCodeSent,
  SignInVerify,
} from '@comanda/core/contract';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/api.ts';

/**
 * Queries that hold what only the signed-in diner may see, besides the session itself. Sign-in and
 * sign-out reset them, so no screen keeps showing one diner's data to the next: put such queries
 * under one of these keys.
 */
export const DINER_PRIVATE_QUERY_KEYS = [['diner-account'], ['checkout', 'orderingCustomer']] as const;

/** Who is signed in (GET /api/diner/session), with her name at the branch. */
export const dinerSessionQuery = (branchId: number | null) =>
  queryOptions({
    queryKey: ['diner-session', branchId ?? 0],
    queryFn: ({ signal }) =>
      apiGet<DinerSessionAnswer>('/api/diner/session', { query: { branchId }, signal }),
    staleTime: 5 * 60_000,
  });

export function requestSignInCode(body: SignInCodeRequest): Promise<SignInCodeSent> {
  return apiPost<SignInCodeSent>('/api/diner/session/code', body);
}

export function verifySignInCode(body: SignInVerify): Promise<DinerSessionAnswer> {
  return apiPost<DinerSessionAnswer>('/api/diner/session', body);
}

export function signOutDiner(): Promise<unknown> {
  return apiPost<unknown>('/api/diner/session/logout', {});
}

/** The diner changed (signed in or out): private answers are dropped and asked for again where shown. */
export async function resetDinerData(queryClient: QueryClient): Promise<void> {
  await Promise.all(DINER_PRIVATE_QUERY_KEYS.map((queryKey) => queryClient.resetQueries({ queryKey })));
}

/** Signed out: every session answer says nobody, at once, and private answers go. */
export async function forgetDiner(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries({ queryKey: ['diner-session'] });
  queryClient.setQueriesData<DinerSessionAnswer>({ queryKey: ['diner-session'] }, { diner: null });
  await resetDinerData(queryClient);
}
