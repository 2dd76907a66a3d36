import type { DinerSession, SignInVerify } from '@comanda/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dinerSessionQuery,
  forgetDiner,
  resetDinerData,
  signOutDiner,
  verifySignInCode,
} from './diner-session-api.ts';

export interface DinerSessionState {
  /** the signed-in diner, null when nobody is (or while the first answer is on its way) */
  diner: DinerSession | null;
  isSignedIn: boolean;
  /** the first answer has not arrived yet: show a skeleton, not the signed-out screen */
  isPending: boolean;
}

/**
 * Who is signed in on this browser (the session itself is an httpOnly cookie the page cannot read).
 * `branchId` picks the name she gave that business.
 */
export function useDinerSession(branchId: number | null = null): DinerSessionState {
  const query = useQuery(dinerSessionQuery(branchId));
  const diner = query.data?.diner ?? null;
  return { diner, isSignedIn: diner !== null, isPending: query.isPending };
}

/** Trades the one-time code for the session; every private answer is asked for again. */
export function useSignIn(branchId: number | null = null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInVerify) => verifySignInCode(body),
    onSuccess: async (answer) => {
      const { queryKey } = dinerSessionQuery(branchId);
      await queryClient.cancelQueries({ queryKey: ['diner-session'] });
      queryClient.setQueryData(queryKey, answer);
      // her name at other branches comes with their next look
      await queryClient.invalidateQueries({
        queryKey: ['diner-session'],
        predicate: (query) => query.queryKey[1] !== queryKey[1],
      });
      await resetDinerData(queryClient);
    },
  });
}

/** Ends the session on the server and forgets everything private in this tab. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutDiner,
    onSuccess: () => forgetDiner(queryClient),
  });
}
