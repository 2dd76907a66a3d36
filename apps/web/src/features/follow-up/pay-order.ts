/**
 * How a follow-up order may still be paid (post-order-and-logistics.md: 'Pagar' when an online payment
 * is still to be paid) and what the diner reads after a payment or the bank's return (token_ws).
 */
import { MESSAGES, PAYMENT_MESSAGES, type PaymentStatus } from '@comanda/core';
import type { FollowUpOrder } from '@comanda/core/contract';
import { apiPost } from '../../api/api.ts';

/** Statuses of a payment that took the diner's money, whatever happened to it later. */
const MONEY_MOVED: readonly PaymentStatus[] = ['PAID', 'REFUNDED', 'PARTIALLY_REFUNDED', 'CHARGED_BACK'];

export type PayOption = { kind: 'card' } | { kind: 'link'; url: string } | { kind: 'new-link' };

/**
 * The progress waits for a payment: the order waits for it (PAY_NEEDED), or core still lets a live card
 * order be paid online. A payment that went through, even if later given back or taken back by the bank
 * (core's canPayOrderOnline does not tell those apart), and a delivered order wait for nothing.
 */
export function isAwaitingPayment(
  order: Pick<FollowUpOrder, 'status' | 'canPayOnline' | 'paymentInfo'>,
): boolean {
  if (order.status === 'PAY_NEEDED') return true;
  if (!order.canPayOnline || order.status === 'CANCELED' || order.status === 'DELIVERED') return false;
  const status = order.paymentInfo?.status;
  return !(status && MONEY_MOVED.includes(status));
}

/**
 * The card modal where core allows a card payment; else the provider's link while it is still open, or
 * a new link (`POST /api/paymenturl`) when the last one was declined or abandoned. A Webpay transaction
 * serves one visit, so each 'Pagar' of a Webpay shop opens a new one. Only an order waiting for its
 * payment offers 'Pagar': a refunded or charged-back payment of an order that went on never brings it back.
 *
 * While the card modal is open it stays the option: the diner's own attempt makes the payment
 * PROCESSING (core then refuses another, `canPayOnline` false) until the provider answers, and the live
 * update saying so must not swap the modal, which waits for that answer, for a link.
 */
export function payOptionOf(
  order: Pick<FollowUpOrder, 'status' | 'canPayOnline' | 'paymentInfo' | 'branchContact'>,
  { cardModalOpen = false }: { cardModalOpen?: boolean } = {},
): PayOption | null {
  if (order.status !== 'PAY_NEEDED') return null;
  const account = order.branchContact.cardPayment;
  if (order.canPayOnline || (cardModalOpen && account)) return { kind: 'card' };
  if (account?.provider === 'TRANSBANK') return { kind: 'new-link' };
  const info = order.paymentInfo;
  if (info?.paymentUrl && info.status === 'PENDING') return { kind: 'link', url: info.paymentUrl };
  return account ? { kind: 'new-link' } : null;
}

/** A new payment link for the order (storefront.md 'payment links'): the provider's page to pay it on. */
export function requestPaymentLink(
  order: Pick<FollowUpOrder, 'code' | 'total' | 'branchContact'>,
): Promise<{ url: string }> {
  return apiPost<{ url: string }>('/api/paymenturl', {
    code: order.code,
    branchContactId: order.branchContact.id,
    amount: order.total,
  });
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
