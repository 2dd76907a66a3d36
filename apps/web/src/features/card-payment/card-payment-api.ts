/**
 * The card calls: the token (the built-in sandbox provider stands in for a provider's script) and
 * `POST /api/order/payment`, and how a refused payment is explained to the diner.
 */
import { type CardFields, MESSAGES } from '@comanda/core';
import type { CardTokenAnswer, OrderPaymentAnswer } from '@comanda/core/contract';
import { apiPost, isApiError } from '../../api/api.ts';

export const EMPTY_CARD: CardFields = {
  cardNumber: '',
  cardName: '',
  cardExpiry: '',
  cardSecurityCode: '',
  cardDocument: '',
};

export function createCardToken(card: CardFields): Promise<CardTokenAnswer> {
  return apiPost<CardTokenAnswer>('/api/payments/sandbox/tokens', card);
}

/** Pays a placed order with the card's token (storefront.md: token, then order, then payment). */
export function payOrderByCard(
  order: { id: number; code: string },
  token: CardTokenAnswer,
  card: CardFields,
): Promise<OrderPaymentAnswer> {
  return apiPost<OrderPaymentAnswer>('/api/order/payment', {
    token: token.token,
    paymentMethodId: token.paymentMethodId,
    dinerOrderId: order.id,
    // the code proves the order is the diner's (its number alone is easy to guess)
    orderCode: order.code,
    cardName: card.cardName.trim(),
    identificationType: 'DNI',
    identificationNumber: card.cardDocument.trim(),
  });
}

/** What the diner reads when the card was not charged: the spec's failure text and, if any, the card's reason. */
export interface PaymentProblem {
  message: string;
  reason: string | null;
}

export function paymentProblemOf(error: unknown): PaymentProblem {
  if (!isApiError(error) || error.status < 400 || error.status >= 500)
    return { message: MESSAGES.cardPaymentFailed, reason: null };
  const [detail] = error.errors ?? [];
  const reason =
    detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string'
      ? (detail as { message: string }).message
      : null;
  return { message: error.message, reason: reason && reason !== error.message ? reason : null };
}

/** A refused token: the server's field problems are the card's, the rest the spec's token failure. */
export function tokenProblemOf(error: unknown): string {
  if (isApiError(error) && error.status === 0) return error.message;
  return MESSAGES.cardTokenFailed;
}
