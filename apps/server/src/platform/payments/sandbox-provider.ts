/**
 * The built-in sandbox provider: works offline and keeps no state. Card tokens, payments and payment
 * links are signed blobs (HMAC with the sandbox secret) carrying what a real provider would look up, so
 * several server processes sharing the secret agree on them and a restart forgets nothing. The same
 * token charged twice gives the same payment reference, as an idempotent provider does. Refunds are
 * checked against the sealed payment alone: the sandbox cannot know earlier refunds of it (our server
 * keeps the refund ledger), and the same idempotency key gives the same refund id.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CardFields,
  cardBrandOf,
  onlyDigits,
  type SandboxOutcome,
  sandboxCardOutcome,
} from '@comanda/core';
import type { CardTokenAnswer } from '@comanda/core/contract';
import {
  type CardPaymentInput,
  InvalidCardTokenError,
  type PaymentLink,
  type PaymentLinkInput,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
  RefundRefusedError,
  type WebhookRequest,
} from './provider.ts';
import { signedPaymentNotice, verifyPaymentNotice } from './webhook-signature.ts';

/** Card tokens live as long as Mercado Pago's (7 minutes). */
export const SANDBOX_TOKEN_TTL_MS = 7 * 60_000;
/**
 * The secret when none is configured (development): random, never a public default, or anyone could
 * sign a notice that marks an order paid. One per process; main.ts hands the workers of WORKERS=N one
 * secret through the environment, and production requires SANDBOX_PAYMENTS_SECRET.
 */
export function randomSandboxSecret(): string {
  return randomBytes(32).toString('base64url');
}

interface CardToken {
  l: string; // last four digits
  b: string; // network
  o: SandboxOutcome;
  d: string; // status detail
  e: number; // expires, ms
  n: string; // nonce
}
interface SandboxPayment {
  s: ProviderPayment['status'];
  d: string;
  a: number;
  r: string;
  n: string;
}
interface SandboxRefund {
  p: string; // the payment's nonce
  a: number; // minor units
  k: string; // idempotency key
}
/** A hosted-page link: what the page shows and where it sends the diner back. */
export interface SandboxLink {
  a: number; // minor units
  c: string; // currency
  x: number; // decimals
  r: string; // order code
  u: string; // contact alias
  e: number; // expires, ms
  n: string;
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'SANDBOX';
  createCardToken(fields: CardFields, now: Date): CardTokenAnswer;
  readLink(reference: string): SandboxLink | null;
  /** The hosted page's 'Pagar': the link's payment, approved (the same one however often it is pressed). */
  payLink(link: SandboxLink): ProviderPayment;
  /** A notification of `paymentId` as the sandbox sends it to our webhook, signed. */
  notice(paymentId: string, now: Date): ReturnType<typeof signedPaymentNotice>;
}

export function createSandboxProvider(options: {
  secret?: string | undefined;
  publicUrl: string;
  clock?: () => Date;
}): SandboxProvider {
  const secret = options.secret ?? randomSandboxSecret();
  const clock = options.clock ?? (() => new Date());
  const base = options.publicUrl.replace(/\/+$/, '');

  const mac = (text: string) => createHmac('sha256', secret).update(text).digest().subarray(0, 16);
  function seal(kind: string, payload: object): string {
    const body = `${kind}_${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${mac(body).toString('base64url')}`;
  }
  function open<T>(kind: string, sealed: string): T | null {
    const dot = sealed.lastIndexOf('.');
    if (dot < 0 || !sealed.startsWith(`${kind}_`)) return null;
    const body = sealed.slice(0, dot);
    const given = Buffer.from(sealed.slice(dot + 1), 'base64url');
    const expected = mac(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      return JSON.parse(Buffer.from(body.slice(kind.length + 1), 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  }
  const paymentOf = (payment: SandboxPayment): ProviderPayment => ({
    referenceId: seal('sbxpay', payment),
    status: payment.s,
    statusDetail: payment.d,
    amount: payment.a,
    externalReference: payment.r,
    refundedAmount: 0,
  });

  return {
    name: 'SANDBOX',
    slug: 'sandbox',
    cardEntry: 'TOKEN',

    createCardToken(fields, now) {
      const number = onlyDigits(fields.cardNumber);
      const { outcome, statusDetail } = sandboxCardOutcome(number);
      const expiresAt = now.getTime() + SANDBOX_TOKEN_TTL_MS;
      const token: CardToken = {
        l: number.slice(-4),
        b: cardBrandOf(number) ?? 'visa',
        o: outcome,
        d: statusDetail,
        e: expiresAt,
        n: randomBytes(9).toString('base64url'),
      };
      return {
        token: seal('sbxtok', token),
        paymentMethodId: token.b,
        lastFourDigits: token.l,
        expiresAt: new Date(expiresAt).toISOString(),
      };
    },

    async createCardPayment(input: CardPaymentInput) {
      const token = open<CardToken>('sbxtok', input.token);
      if (!token || token.e <= clock().getTime()) throw new InvalidCardTokenError('unknown or expired token');
      const status = token.o === 'APPROVED' ? 'PAID' : token.o === 'REJECTED' ? 'REJECTED' : 'PROCESSING';
      return paymentOf({ s: status, d: token.d, a: input.amount, r: input.externalReference, n: token.n });
    },

    async createPaymentLink(input: PaymentLinkInput): Promise<PaymentLink> {
      const link: SandboxLink = {
        a: input.amount,
        c: input.currency,
        x: input.decimals,
        r: input.externalReference,
        u: input.contactAlias,
        e: input.expiresAt.getTime(),
        n: randomBytes(9).toString('base64url'),
      };
      const reference = seal('sbxlnk', link);
      return { id: `sbxpref_${link.n}`, url: `${base}/api/payments/sandbox/checkout/${reference}` };
    },

    async getPayment(referenceId) {
      const payment = open<SandboxPayment>('sbxpay', referenceId);
      return payment ? paymentOf(payment) : null;
    },

    async refundPayment(input: RefundInput): Promise<ProviderRefund> {
      const payment = open<SandboxPayment>('sbxpay', input.referenceId);
      if (!payment) throw new RefundRefusedError('unknown payment');
      if (payment.s !== 'PAID') throw new RefundRefusedError(`a ${payment.s} payment has nothing to refund`);
      if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > payment.a)
        throw new RefundRefusedError(`cannot refund ${input.amount} of a payment of ${payment.a}`);
      const refund: SandboxRefund = { p: payment.n, a: input.amount, k: input.idempotencyKey };
      return { refundId: seal('sbxref', refund), amount: input.amount, status: 'DONE' };
    },

    verifyWebhook(request: WebhookRequest, now: Date) {
      return verifyPaymentNotice(secret, request, now);
    },

    readLink(reference) {
      return open<SandboxLink>('sbxlnk', reference);
    },

    payLink(link) {
      return paymentOf({ s: 'PAID', d: 'accredited', a: link.a, r: link.r, n: link.n });
    },

    notice(paymentId, now) {
      return signedPaymentNotice(secret, paymentId, now);
    },
  };
}
