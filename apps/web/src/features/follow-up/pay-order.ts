/**
 * How a follow-up order may still be paid (post-order-and-logistics.md: 'Pagar' when an online payment
 * is still to be paid) and what the diner reads after a payment or the bank's return (token_ws).
 */
import { MESSAGES, PAYMENT_MESSAGES } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { apiPost } from '../../api/api.ts';

export type PayOption = { kind: 'card' } | { kind: 'link'; url: string };

/** The card modal where core allows a card payment; else the provider's link while it is still open. */
export function payOptionOf(
  order: Pick<FollowUpOrder, 'status' | 'canPayOnline' | 'paymentInfo'>,
): PayOption | null {
  if (order.status !== 'PAY_NEEDED') return null;
  if (order.canPayOnline) return { kind: 'card' };
  const info = order.paymentInfo;
  if (info?.paymentUrl && info.status === 'PENDING') return { kind: 'link', url: info.paymentUrl };
  return null;
}

export interface PaymentNotice {
  tone: 'success' | 'info' | 'error';
  text: string;
}

/** What an order says of its payment once the provider or the bank reported it. */
export function paymentNoticeOf(order: Pick<FollowUpOrder, 'status' | 'paymentInfo'>): PaymentNotice | null {
  if (order.status === 'PAYMENT_EXPIRED') return { tone: 'error', text: MESSAGES.paymentTimeExpired };
  const status = order.paymentInfo?.status;
  if (status === 'PAID') return { tone: 'success', text: PAYMENT_MESSAGES.approved };
  if (status === 'PROCESSING') return { tone: 'info', text: PAYMENT_MESSAGES.pending };
  return null;
}

/** The spec's text when the bank's return could not be turned into a payment. */
export const BANK_RETURN_FAILED: PaymentNotice = { tone: 'error', text: MESSAGES.bankPaymentCallbackFailed };

/** The bank's return (`token_ws`) reported to the spec's callback; answers the order as it is now. */
export function reportBankReturn(alias: string, code: string, token: string): Promise<FollowUpOrder> {
  return apiPost<FollowUpOrder>(
    `/api/callback/transbank/${encodeURIComponent(alias)}/${encodeURIComponent(code)}`,
    { token_ws: token },
  );
}
