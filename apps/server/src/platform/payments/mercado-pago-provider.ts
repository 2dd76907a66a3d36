/**
 * Mercado Pago's REST API: card payments with a token made by its browser SDK (`POST /v1/payments`),
 * payment links (`POST /checkout/preferences`), payment lookups (`GET /v1/payments/{id}`), refunds
 * (`POST /v1/payments/{id}/refunds`) and signed webhooks. The base URL is configurable so tests run it against a local fake server.
 */
import { fromMinor, marketplaceFeeOf, toMinor } from '@comanda/core';
import {
  type CardPaymentInput,
  InvalidCardTokenError,
  type PaymentLinkInput,
  type PaymentProvider,
  PaymentProviderUnavailableError,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
  RefundRefusedError,
} from './provider.ts';
import { verifyPaymentNotice } from './webhook-signature.ts';

export const MERCADO_PAGO_BASE_URL = 'https://api.mercadopago.com';

export interface MercadoPagoOptions {
  accessToken: string;
  webhookSecret: string;
  baseUrl?: string | undefined;
  /** where Mercado Pago sends its notifications: `{publicUrl}/api/callback/payments/mercadopago` */
  publicUrl: string;
  /** the shop's account (payment_accounts.id): its notifications name it, so we look the payment up with its token */
  accountId?: number;
  /** the platform's fee in percent of each payment (`application_fee`, `marketplace_fee`); 0 by default */
  marketplaceFeePercent?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface MpPayment {
  id: number | string;
  status: string;
  status_detail?: string | null;
  transaction_amount: number;
  currency_id?: string;
  external_reference?: string | null;
  /** units of the currency given back so far */
  transaction_amount_refunded?: number | null;
}

interface MpRefund {
  id: number | string;
  status: string;
  amount?: number | null;
}

/** A payment id as Mercado Pago makes them; anything else is never sent to its API. */
const REFERENCE = /^[0-9A-Za-z_-]{1,64}$/;

/**
 * Mercado Pago's payment statuses as ours. An approved payment with part of its money given back stays
 * 'approved' there, with status_detail 'partially_refunded'; `amounts` (minor units) tells the same
 * when the detail says something else.
 */
export function statusOfMercadoPago(
  status: string,
  statusDetail?: string | null,
  amounts?: { amount: number; refunded: number },
): ProviderPayment['status'] {
  if (status === 'refunded') return 'REFUNDED';
  if (status === 'charged_back') return 'CHARGED_BACK';
  if (status === 'rejected' || status === 'cancelled') return 'REJECTED';
  if (status === 'approved') {
    const refunded = amounts?.refunded ?? 0;
    if (amounts && refunded > 0 && refunded >= amounts.amount) return 'REFUNDED';
    if (statusDetail === 'partially_refunded' || refunded > 0) return 'PARTIALLY_REFUNDED';
    return 'PAID';
  }
  // pending, in_process, authorized, in_mediation: not decided yet
  return 'PROCESSING';
}

export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  const base = (options.baseUrl ?? MERCADO_PAGO_BASE_URL).replace(/\/+$/, '');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const notificationUrl =
    options.accountId === undefined
      ? `${publicUrl}/api/callback/payments/mercadopago`
      : `${publicUrl}/api/callback/payments/mercadopago?account=${options.accountId}`;
  // the platform's part of a payment, in units of its currency; absent when there is none
  const feeOf = (amount: number, decimals: number) => {
    const fee = marketplaceFeeOf(amount, options.marketplaceFeePercent ?? 0);
    return fee > 0 ? fromMinor(fee, decimals) : undefined;
  };

  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: unknown }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.accessToken}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderUnavailableError(`Mercado Pago ${method} ${path}: ${String(error)}`);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  const paymentOf = (payment: MpPayment, decimals: number): ProviderPayment => {
    const amount = toMinor(payment.transaction_amount, decimals);
    const refundedAmount = toMinor(payment.transaction_amount_refunded ?? 0, decimals);
    return {
      referenceId: String(payment.id),
      status: statusOfMercadoPago(payment.status, payment.status_detail, {
        amount,
        refunded: refundedAmount,
      }),
      statusDetail: payment.status_detail ?? null,
      amount,
      externalReference: payment.external_reference ?? null,
      refundedAmount,
    };
  };

  const isPayment = (value: unknown): value is MpPayment =>
    Boolean(value) &&
    typeof value === 'object' &&
    'id' in (value as object) &&
    typeof (value as MpPayment).status === 'string' &&
    typeof (value as MpPayment).transaction_amount === 'number' &&
    (typeof (value as MpPayment).transaction_amount_refunded === 'number' ||
      (value as MpPayment).transaction_amount_refunded == null);

  const isRefund = (value: unknown): value is MpRefund =>
    Boolean(value) &&
    typeof value === 'object' &&
    ['number', 'string'].includes(typeof (value as MpRefund).id) &&
    typeof (value as MpRefund).status === 'string' &&
    (typeof (value as MpRefund).amount === 'number' || (value as MpRefund).amount == null);

  // a lookup answers units of the payment's currency; CLP, COP and PYG have none below the unit
  const decimalsOf = (currency: string | undefined) =>
    currency && ['CLP', 'PYG', 'COP'].includes(currency) ? 0 : 2;

  return {
    name: 'MERCADO_PAGO',
    slug: 'mercadopago',
    cardEntry: 'TOKEN',

    async createCardPayment(input: CardPaymentInput) {
      const [firstName, ...rest] = input.payer.name.trim().split(/\s+/);
      const { status, json } = await call(
        'POST',
        '/v1/payments',
        {
          transaction_amount: fromMinor(input.amount, input.decimals),
          token: input.token,
          description: input.description,
          installments: 1,
          payment_method_id: input.paymentMethodId,
          external_reference: input.externalReference,
          notification_url: notificationUrl,
          application_fee: feeOf(input.amount, input.decimals),
          payer: {
            ...(input.payer.email ? { email: input.payer.email } : {}),
            first_name: firstName,
            last_name: rest.join(' ') || undefined,
            identification: {
              type: input.payer.identificationType,
              number: input.payer.identificationNumber,
            },
          },
        },
        { 'X-Idempotency-Key': input.idempotencyKey },
      );
      if (status >= 200 && status < 300 && isPayment(json)) return paymentOf(json, input.decimals);
      // a refused token (used, expired, unknown) is the card form's business
      if (status === 400 || status === 404) throw new InvalidCardTokenError(`Mercado Pago ${status}`);
      throw new PaymentProviderUnavailableError(`Mercado Pago POST /v1/payments answered ${status}`);
    },

    async createPaymentLink(input: PaymentLinkInput) {
      const { status, json } = await call('POST', '/checkout/preferences', {
        items: [
          {
            id: input.externalReference,
            title: input.title,
            quantity: 1,
            unit_price: fromMinor(input.amount, input.decimals),
            currency_id: input.currency,
          },
        ],
        external_reference: input.externalReference,
        back_urls: { success: input.returnUrl, pending: input.returnUrl, failure: input.returnUrl },
        auto_return: 'approved',
        notification_url: notificationUrl,
        expires: true,
        expiration_date_to: input.expiresAt.toISOString(),
        marketplace_fee: feeOf(input.amount, input.decimals),
      });
      const preference = json as { id?: unknown; init_point?: unknown } | null;
      if (
        status >= 200 &&
        status < 300 &&
        typeof preference?.id === 'string' &&
        typeof preference.init_point === 'string'
      )
        return { id: preference.id, url: preference.init_point };
      throw new PaymentProviderUnavailableError(`Mercado Pago POST /checkout/preferences answered ${status}`);
    },

    async getPayment(referenceId) {
      if (!REFERENCE.test(referenceId)) return null;
      const { status, json } = await call('GET', `/v1/payments/${encodeURIComponent(referenceId)}`);
      if (status === 404) return null;
      if (status >= 200 && status < 300 && isPayment(json))
        return paymentOf(json, decimalsOf(json.currency_id));
      throw new PaymentProviderUnavailableError(`Mercado Pago GET /v1/payments answered ${status}`);
    },

    async refundPayment(input: RefundInput): Promise<ProviderRefund> {
      if (!REFERENCE.test(input.referenceId)) throw new RefundRefusedError('not a Mercado Pago payment id');
      if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > input.paymentAmount)
        throw new RefundRefusedError(`cannot refund ${input.amount} of a payment of ${input.paymentAmount}`);
      const path = `/v1/payments/${encodeURIComponent(input.referenceId)}/refunds`;
      // a full refund is asked for without an amount: Mercado Pago gives back what is left
      const body =
        input.amount === input.paymentAmount ? {} : { amount: fromMinor(input.amount, input.decimals) };
      const { status, json } = await call('POST', path, body, { 'X-Idempotency-Key': input.idempotencyKey });
      if (status === 400 || status === 404)
        throw new RefundRefusedError(`Mercado Pago refused the refund (${status})`);
      if (status < 200 || status >= 300 || !isRefund(json))
        throw new PaymentProviderUnavailableError(`Mercado Pago POST ${path} answered ${status}`);
      if (json.status === 'rejected' || json.status === 'cancelled')
        throw new RefundRefusedError(`Mercado Pago ${json.status} the refund`);
      const refundStatus =
        json.status === 'approved'
          ? 'DONE'
          : json.status === 'in_process' || json.status === 'pending'
            ? 'PENDING'
            : null;
      if (!refundStatus)
        throw new PaymentProviderUnavailableError(`Mercado Pago refund status ${json.status}`);
      return {
        refundId: String(json.id),
        amount: typeof json.amount === 'number' ? toMinor(json.amount, input.decimals) : input.amount,
        status: refundStatus,
      };
    },

    verifyWebhook(request, now) {
      return verifyPaymentNotice(options.webhookSecret, request, now);
    },
  };
}
