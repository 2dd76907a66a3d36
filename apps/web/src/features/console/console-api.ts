import type {
  ConsoleBoard,
  ConsoleContact,
  ConsoleOrder,
  ConsoleOrderHistory,
  ConsoleOrderMode,
  ConsoleSession,
  ConsoleStock,
  OrderStatusChange,
  PlateStock,
  StaffSignIn,
} from '@comanda/core/contract';
import { apiGet, apiPost, apiPut } from '../../api/api.ts';
import type { StockPlate } from './plate-stock.ts';

/**
 * The order console's calls (`/api/console/...`). The staff session travels in an httpOnly cookie,
 * which same-origin fetches send by themselves; errors are the shared ApiError with the server's text.
 */

const path = (strings: TemplateStringsArray, ...ids: (number | string)[]) =>
  strings.reduce(
    (out, part, index) =>
      out + part + (index < ids.length ? encodeURIComponent(ids[index] as string | number) : ''),
    '',
  );

export const consoleApi = {
  signIn: (credentials: StaffSignIn) => apiPost<ConsoleSession>('/api/console/login', credentials),
  signOut: () => apiPost<null>('/api/console/logout', {}),
  session: (signal?: AbortSignal) => apiGet<ConsoleSession>('/api/console/me', { signal }),
  board: (contactId: number, signal?: AbortSignal) =>
    apiGet<ConsoleBoard>(path`/api/console/contacts/${contactId}/orders`, { signal }),
  changeStatus: (orderId: number, change: OrderStatusChange) =>
    apiPut<ConsoleOrder>(path`/api/console/orders/${orderId}/status`, change),
  history: (orderId: number, signal?: AbortSignal) =>
    apiGet<ConsoleOrderHistory>(path`/api/console/orders/${orderId}/history`, { signal }),
  requestRider: (orderId: number) => apiPost<ConsoleOrder>(path`/api/console/orders/${orderId}/shipment`, {}),
  saveSettings: (contactId: number, settings: { autoAccept: boolean }) =>
    apiPut<ConsoleContact>(path`/api/console/contacts/${contactId}/settings`, settings),
  setModeEnabled: (modeId: number, orderEnabled: boolean) =>
    apiPut<ConsoleOrderMode>(path`/api/console/ordermodes/${modeId}`, { orderEnabled }),
  stock: (contactId: number, signal?: AbortSignal) =>
    apiGet<ConsoleStock>(path`/api/console/contacts/${contactId}/plates`, { signal }),
  setPlateStock: (plateId: number, outOfStock: boolean) =>
    apiPut<StockPlate>(path`/api/console/plates/${plateId}`, {
      outOfStock,
    } satisfies PlateStock),
};

/** The contact's live order feed (Server-Sent Events, cookie auth). */
export const consoleEventsUrl = (contactId: number) => path`/api/events/console/${contactId}`;
