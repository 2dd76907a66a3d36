import { queryOptions } from '@tanstack/react-query';
import { consoleApi } from './console-api.ts';

export const consoleQueries = {
  session: () =>
    queryOptions({
      queryKey: ['console', 'session'] as const,
      queryFn: ({ signal }) => consoleApi.session(signal),
      staleTime: 5 * 60_000,
      retry: false,
    }),
  board: (contactId: number) =>
    queryOptions({
      queryKey: ['console', 'board', contactId] as const,
      queryFn: ({ signal }) => consoleApi.board(contactId, signal),
      // the live feed keeps it current; a refetch comes on each reconnection
      staleTime: 30_000,
    }),
  /** An order's 'Historial': fetched each time the dialog opens, the order may have moved meanwhile. */
  history: (orderId: number) =>
    queryOptions({
      queryKey: ['console', 'history', orderId] as const,
      queryFn: ({ signal }) => consoleApi.history(orderId, signal),
      staleTime: 0,
      // one quiet retry; then the dialog says so and offers 'Reintentar'
      retry: 1,
    }),
  /** Fetched each time the list opens: another device may have changed it meanwhile. */
  stock: (contactId: number) =>
    queryOptions({
      queryKey: ['console', 'stock', contactId] as const,
      queryFn: ({ signal }) => consoleApi.stock(contactId, signal),
      staleTime: 0,
    }),
};
