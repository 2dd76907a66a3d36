/**
 * The payment provider behind card payments and payment links (DESIGN.md third parties): the built-in
 * sandbox (offline, the default) or Mercado Pago, chosen by configuration. Amounts cross this interface
 * in minor units; each adapter converts to what its API takes.
 */
import type { PaymentStatus } from '@comanda/core';

export type ProviderName = 'SANDBOX' | 'MERCADO_PAGO' | 'TRANSBANK';

/** A payment as the provider reports it (never as a client or a webhook body claims it). */
export interface ProviderPayment {
  referenceId: string;
  /**
   * PAID, REJECTED or PROCESSING (the provider has not decided yet); once paid, the money may go back:
   * REFUNDED (all of it), PARTIALLY_REFUNDED, or CHARGED_BACK (the card holder disputed it at the bank)
   */
  status: Extract<
    PaymentStatus,
    'PAID' | 'REJECTED' | 'PROCESSING' | 'REFUNDED' | 'PARTIALLY_REFUNDED' | 'CHARGED_BACK'
  >;
  /** the provider's reason (Mercado Pago's status_detail) */
  statusDetail: string | null;
  /** minor units of the order's currency */
  amount: number;
  /** our order code, as given when the payment or link was created */
  externalReference: string | null;
  /** minor units given back so far (refunds), 0 when none */
  refundedAmount: number;
}

export interface RefundInput {
  /** the payment's referenceId */
  referenceId: string;
  /** minor units to give back; the whole payment when equal to what it charged */
  amount: number;
  /** minor units the payment charged (a full refund is asked for without an amount) */
  paymentAmount: number;
  currency: string;
  decimals: number;
  /** the same key for a retry of the same refund: the provider makes it once */
  idempotencyKey: string;
}

export interface ProviderRefund {
  /** the provider's id of the refund */
  refundId: string;
  /** minor units */
  amount: number;
  /** DONE: the money is on its way back; PENDING: the provider is still processing it */
  status: 'DONE' | 'PENDING';
}

export interface Money {
  /** minor units */
  amount: number;
  currency: string;
  decimals: number;
}

export interface CardPaymentInput extends Money {
  token: string;
  paymentMethodId: string;
  description: string;
  externalReference: string;
  /** the same key for a retry of the same charge: the provider answers the first payment again */
  idempotencyKey: string;
  payer: {
    name: string;
    email: string | null;
    identificationType: string;
    identificationNumber: string;
  };
}

export interface PaymentLinkInput extends Money {
  title: string;
  externalReference: string;
  /** the branch contact's alias, for the page the diner returns to */
  contactAlias: string;
  /** the follow-up page the diner returns to, absolute */
  returnUrl: string;
  expiresAt: Date;
}

export interface PaymentLink {
  /** the provider's id of the link (a Mercado Pago preference) */
  id: string;
  url: string;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
  body: unknown;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** the `{provider}` of `POST /api/callback/payments/{provider}` */
  readonly slug: string;
  /**
   * How the diner gives the card: TOKEN, in our page through the provider's script, which hands our
   * server a token (sandbox, Mercado Pago); REDIRECT, on the provider's own site, which sends the diner
   * back with the result (Transbank Webpay): a card order is paid like a payment link.
   */
  readonly cardEntry: 'TOKEN' | 'REDIRECT';
  /** TOKEN providers only; a REDIRECT provider throws PaymentProviderUnavailableError */
  createCardPayment(input: CardPaymentInput): Promise<ProviderPayment>;
  createPaymentLink(input: PaymentLinkInput): Promise<PaymentLink>;
  /**
   * null when the provider knows no such payment. `expected`: the order the caller will record it for;
   * a provider whose lookup also settles the payment (Webpay's commit) settles none of another order.
   */
  getPayment(referenceId: string, expected?: { externalReference: string }): Promise<ProviderPayment | null>;
  /**
   * Gives back `amount` of a payment (full or partial). Throws RefundRefusedError when the provider
   * will not (already refunded, too old, more than was paid), PaymentProviderUnavailableError when it
   * cannot be reached (the caller retries later with the same idempotency key).
   */
  refundPayment(input: RefundInput): Promise<ProviderRefund>;
  /**
   * The payment id a webhook notification names, once its signature is checked; null for a
   * notification about something else (merchant orders, tests). Throws WebhookSignatureError.
   */
  verifyWebhook(request: WebhookRequest, now: Date): string | null;
}

/** The provider refused the card token (unknown, used, expired): the diner fills the card in again. */
export class InvalidCardTokenError extends Error {}
/** The provider could not be reached or answered something we cannot read: nothing is known. */
export class PaymentProviderUnavailableError extends Error {}
export class WebhookSignatureError extends Error {}
/** The provider refused the refund itself (nothing to retry): the shop must settle it by hand. */
export class RefundRefusedError extends Error {}
