/**
 * The owner's payment account calls (`/api/console/payments/...`). Credentials go up once and are never
 * answered back: the page only ever sees which account is connected.
 */
import type {
  MercadoPagoAuthorization,
  MercadoPagoPaste,
  PaymentAccountView,
  TransbankPaste,
} from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost, apiPut } from '../../api/api.ts';

const BASE = '/api/console/payments/account';

export const paymentsApi = {
  account: (signal?: AbortSignal) => apiGet<PaymentAccountView>(BASE, { signal }),
  pasteMercadoPago: (input: MercadoPagoPaste) => apiPut<PaymentAccountView>(`${BASE}/mercadopago`, input),
  authorizeMercadoPago: () => apiPost<MercadoPagoAuthorization>(`${BASE}/mercadopago/authorize`, {}),
  connectTransbank: (input: TransbankPaste) => apiPut<PaymentAccountView>(`${BASE}/transbank`, input),
  connectSandbox: () => apiPut<PaymentAccountView>(`${BASE}/sandbox`, {}),
  disconnect: () => apiDelete<PaymentAccountView>(BASE),
};

export const paymentsQueries = {
  account: () =>
    queryOptions({
      queryKey: ['back-office', 'payment-account'],
      queryFn: ({ signal }) => paymentsApi.account(signal),
      staleTime: 0,
    }),
};

/** The field problems a 400 carries (`[{ field, message }]`), by field. */
export function fieldProblemsOf(errors: unknown[] | undefined): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const item of errors ?? []) {
    if (!item || typeof item !== 'object') continue;
    const { field, path, message } = item as { field?: unknown; path?: unknown; message?: unknown };
    const name = typeof field === 'string' ? field : typeof path === 'string' ? path : null;
    if (name && typeof message === 'string' && !problems[name]) problems[name] = message;
  }
  return problems;
}
