/**
 * The card calls: the token (made by the provider's own card form in the browser, or by the built-in
 * sandbox's offline form) and `POST /api/order/payment`, and how a refused payment is explained to the
 * diner. Card data never reaches our server: only the provider's token does.
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

/** What a card form hands over for a payment: the provider's token and the card holder's identity. */
export interface CardToken {
  token: string;
  paymentMethodId: string;
  cardName: string;
  identificationType: string;
  identificationNumber: string;
}

/**
 * A card form as the page that pays sees it (checkout-page.tsx, the follow-up's modal): whether the card
 * looks complete, its token when the diner taps to pay, and a fresh start after a refused card.
 */
export interface CardSource {
  ready(): Promise<boolean>;
  /** Throws CardFieldsError when the provider's form finds the card incomplete. */
  tokenize(): Promise<CardToken>;
  clear(): void;
}

/** The card form found the card incomplete or wrong: 'Debe completar correctamente los campos…'. */
export class CardFieldsError extends Error {}

/** The sandbox's offline form: our own inputs, its token from the sandbox's route (no real card). */
export async function sandboxCardToken(card: CardFields): Promise<CardToken> {
  const answer = await apiPost<CardTokenAnswer>('/api/payments/sandbox/tokens', card);
  return {
    token: answer.token,
    paymentMethodId: answer.paymentMethodId,
    cardName: card.cardName.trim(),
    identificationType: 'DNI',
    identificationNumber: card.cardDocument.trim(),
  };
}

/** Pays a placed order with the card's token (storefront.md: token, then order, then payment). */
export function payOrderByCard(
  order: { id: number; code: string },
  card: CardToken,
): Promise<OrderPaymentAnswer> {
  return apiPost<OrderPaymentAnswer>('/api/order/payment', {
    token: card.token,
    paymentMethodId: card.paymentMethodId,
    dinerOrderId: order.id,
    // the code proves the order is the diner's (its number alone is easy to guess)
    orderCode: order.code,
    cardName: card.cardName,
    identificationType: card.identificationType,
    identificationNumber: card.identificationNumber,
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
  if (error instanceof CardFieldsError) return MESSAGES.cardFieldsInvalid;
  if (isApiError(error) && error.status === 0) return error.message;
  return MESSAGES.cardTokenFailed;
}
