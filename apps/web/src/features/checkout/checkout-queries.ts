import type { DeliveryOptions, DiscountCodeInfo } from '@comanda/core';
import type {
  Fees,
  GeneralAdjustment,
  LoyaltyProgramAnswer,
  OrderingCustomer,
  OrderPayload,
  PlacedOrder,
  Schedule,
} from '@comanda/core/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../api/api.ts';

/** The checkout's read calls (storefront.md section 7). */
export const checkoutQueries = {
  fees: (orderModeId: number) =>
    queryOptions({
      queryKey: ['checkout', 'fees', orderModeId],
      queryFn: ({ signal }) => apiGet<Fees>(`/api/ordermodes/${orderModeId}/fees`, { signal }),
    }),

  generalDiscounts: (orderModeId: number) =>
    queryOptions({
      queryKey: ['checkout', 'generalDiscounts', orderModeId],
      queryFn: ({ signal }) =>
        apiGet<GeneralAdjustment[]>(`/api/ordermodes/${orderModeId}/generaldiscounts`, { signal }),
    }),

  generalSurcharges: (orderModeId: number) =>
    queryOptions({
      queryKey: ['checkout', 'generalSurcharges', orderModeId],
      queryFn: ({ signal }) =>
        apiGet<GeneralAdjustment[]>(`/api/ordermodes/${orderModeId}/generalsurcharges`, { signal }),
    }),

  schedule: (orderModeId: number) =>
    queryOptions({
      queryKey: ['checkout', 'schedule', orderModeId],
      queryFn: ({ signal }) => apiGet<Schedule>(`/api/ordermode/schedule/${orderModeId}`, { signal }),
      // slots move with the clock
      staleTime: 60_000,
      refetchInterval: 60_000,
    }),

  loyaltyProgram: (branchId: number) =>
    queryOptions({
      queryKey: ['checkout', 'loyaltyProgram', branchId],
      queryFn: ({ signal }) =>
        apiGet<LoyaltyProgramAnswer>(`/api/branch/${branchId}/loyalty-program`, { signal }),
    }),

  /** Who a valid phone belongs to at this branch (name, points); an unknown phone has no name. */
  orderingCustomer: (phone: string, branchId: number) =>
    queryOptions({
      queryKey: ['checkout', 'orderingCustomer', phone, branchId],
      queryFn: ({ signal }) =>
        apiGet<OrderingCustomer>(`/api/orderingcustomer/${encodeURIComponent(phone)}`, {
          query: { branchId },
          signal,
        }),
    }),

  deliveryOptions: (
    contactId: number,
    address: { lat: number; lng: number; fullAddress: string; city: string; phone: string },
  ) =>
    queryOptions({
      queryKey: ['checkout', 'deliveryOptions', contactId, address.lat, address.lng],
      queryFn: ({ signal }) =>
        apiGet<DeliveryOptions>(`/api/branch/${contactId}/deliveryzones/fee`, { query: address, signal }),
    }),
};

export interface CodeValidationRequest {
  code: string;
  paymentId: number | null;
  phone: string;
  orderDate: string | null;
  branchId: number;
  branchContactId: number;
  orderModeId: number;
}

export type ValidatedCode = DiscountCodeInfo & { expiresAt: string | null };

export function validateCode(body: CodeValidationRequest): Promise<ValidatedCode> {
  return apiPost<ValidatedCode>('/api/codediscounts/validate', body);
}

/** The placement answer; an order paid by link also carries the provider's page. */
export type PlacedOrderAnswer = PlacedOrder;

/** Places the order; the key makes a retry (double tap, flaky network) answer the same order. */
export function postOrder(payload: OrderPayload, idempotencyKey: string): Promise<PlacedOrderAnswer> {
  return apiPost<PlacedOrderAnswer>('/api/order', payload, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}
