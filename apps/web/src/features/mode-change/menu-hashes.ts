import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../api/api.ts';
import { logLater } from '../diner-log/log-later.ts';

export interface MenuHashes {
  menuHashes: { orderModeId: number; hash: string }[];
}

const EMPTY: MenuHashes = { menuHashes: [] };

/** GET /api/diner/menu/{alias}/hash?orderModeId=a&orderModeId=b; a failure reads as no hashes (spec: only logged). */
export function menuHashesQuery(alias: string, orderModeIds: readonly number[]) {
  const ids = [...new Set(orderModeIds)].sort((a, b) => a - b);
  return queryOptions({
    queryKey: ['diner', 'menuHashes', alias, ids],
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<MenuHashes>(`/api/diner/menu/${encodeURIComponent(alias)}/hash`, {
          query: { orderModeId: ids },
          signal,
        });
      } catch (error) {
        if (signal.aborted) throw error;
        logLater('Menu hashes fetch failed', {
          component: 'mode-change',
          payload: { alias, orderModeIds: ids, message: error instanceof Error ? error.message : null },
        });
        return EMPTY;
      }
    },
    staleTime: 60_000,
  });
}

export function hashOf(hashes: MenuHashes | undefined, orderModeId: number | null): string | undefined {
  if (orderModeId === null) return undefined;
  return hashes?.menuHashes.find((entry) => entry.orderModeId === orderModeId)?.hash;
}

/** Two modes share a menu only when both hashes are known and equal; unknown empties the cart. */
export function shareMenu(hashes: MenuHashes | undefined, a: number | null, b: number): boolean {
  const first = hashOf(hashes, a);
  return first !== undefined && first === hashOf(hashes, b);
}
