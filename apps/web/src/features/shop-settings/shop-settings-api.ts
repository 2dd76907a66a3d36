/**
 * The owner's calls for how a shop takes orders and money (`/api/console/shop/{id}/settings` and one
 * PUT per card of `/console/cobros`); each PUT answers the settings as they now are.
 */
import type {
  ModeFeesInput,
  OrdersFlowInput,
  ShopOrderModesInput,
  ShopPaymentTypesInput,
  ShopSettings,
} from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../api/api.ts';

const shop = (contactId: number) => `/api/console/shop/${contactId}`;

export const shopSettingsApi = {
  settings: (contactId: number, signal?: AbortSignal) =>
    apiGet<ShopSettings>(`${shop(contactId)}/settings`, { signal }),
  savePaymentTypes: (contactId: number, input: ShopPaymentTypesInput) =>
    apiPut<ShopSettings>(`${shop(contactId)}/payment-types`, input),
  saveOrderModes: (contactId: number, input: ShopOrderModesInput) =>
    apiPut<ShopSettings>(`${shop(contactId)}/order-modes`, input),
  saveModeFees: (contactId: number, modeId: number, input: ModeFeesInput) =>
    apiPut<ShopSettings>(`${shop(contactId)}/modes/${modeId}/fees`, input),
  saveOrdersFlow: (contactId: number, input: OrdersFlowInput) =>
    apiPut<ShopSettings>(`${shop(contactId)}/orders-flow`, input),
};

export const SHOP_SETTINGS_KEY = ['back-office', 'shop-settings'] as const;

export const shopSettingsQueries = {
  settings: (contactId: number) =>
    queryOptions({
      queryKey: [...SHOP_SETTINGS_KEY, contactId],
      queryFn: ({ signal }) => shopSettingsApi.settings(contactId, signal),
      staleTime: 0,
    }),
};
