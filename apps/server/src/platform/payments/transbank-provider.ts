/**
 * Transbank Webpay Plus (Chile) through the official `transbank-sdk`: the diner types the card on
 * Webpay's own page (REDIRECT). A payment link is a Webpay transaction (create); our page
 * `/api/payments/webpay/{token}` posts its `token_ws` to `formUrl`, and Webpay sends the diner back to
 * `/api/callback/transbank/{alias}/{order}`, where getPayment commits the transaction (once) and reads
 * it. Refunds are reversals or nullifications. Webpay sends no webhooks. The environment URL is
 * configurable so tests run it against a local fake server.
 */
import { randomBytes } from 'node:crypto';
import { fromMinor, toMinor } from '@comanda/core';
// a CommonJS package whose names Node cannot detect: only the default import works under ESM
import transbank from 'transbank-sdk';
import {
  type PaymentProvider,
  PaymentProviderUnavailableError,
  type ProviderPayment,
  type ProviderRefund,
  type RefundInput,
  RefundRefusedError,
  WebhookSignatureError,
} from './provider.ts';

const { Environment, IntegrationApiKeys, IntegrationCommerceCodes, Options, WebpayPlus } = transbank;

/** Transbank's public test commerce for Webpay Plus and its integration environment. */
/** Transbank does not know the commerce code and key (401): the owner must paste them again. */
export class TransbankCredentialsRefusedError extends Error {}

export const TRANSBANK_INTEGRATION: {
  readonly commerceCode: string;
  readonly apiKey: string;
  readonly environmentUrl: string;
} = Object.freeze({
  commerceCode: IntegrationCommerceCodes.WEBPAY_PLUS,
  apiKey: IntegrationApiKeys.WEBPAY,
  environmentUrl: Environment.Integration,
});

export interface TransbankOptions {
  commerceCode: string;
  apiKey: string;
  /** the SDK's environment: https://webpay3gint.transbank.cl (integration) or https://webpay3g.transbank.cl */
  environmentUrl?: string | undefined;
  /** our own public URL: where Webpay sends the diner back */
  publicUrl: string;
  timeoutMs?: number;
}

export type TransbankProvider = PaymentProvider & {
  readonly name: 'TRANSBANK';
  /** Webpay's page the diner's browser must POST `token_ws` to */
  readonly formUrl: string;
  /** Throws TransbankCredentialsRefusedError when Transbank does not know the credentials. */
  checkCredentials(): Promise<void>;
};

/** What status and commit answer (Transbank's field names); amounts in CLP pesos. */
interface WebpayTransaction {
  status: string;
  amount: number;
  buy_order?: string | null;
  response_code?: number | null;
  authorization_code?: string | null;
  /** what is left after nullifications; absent before any */
  balance?: number | null;
}

interface WebpayRefund {
  type: string;
  authorization_code?: string | null;
  nullified_amount?: number | null;
  response_code?: number | null;
}

/** A Webpay token (64 characters, the SDK refuses longer ones); anything else never reaches the API. */
const TOKEN = /^[0-9a-zA-Z_-]{1,64}$/;
/** Webpay's buy_order limit; our order codes are alphanumeric */
const BUY_ORDER = /^[0-9A-Za-z]{1,26}$/;
/** Webpay Plus commerces charge CLP, which has no minor unit */
const CLP_DECIMALS = 0;
/**
 * A commit Transbank refused on a transaction still INITIALIZED: the diner cancelled on Webpay's page
 * ("Anular compra": invalid status '10'), aborted the bank authentication ('19'), or let it time out.
 * Any other refusal leaves it undecided.
 */
const ABANDONED = /abort|time ?out|timed out|expired|finished state|invalid status '?(10|19)\b/i;

type Answer<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/**
 * The SDK turns every failure into a TransbankError whose message is `${axiosError}\n${error_message}\n`:
 * the HTTP status survives only as axios's text "Request failed with status code 422". Null when there
 * was no HTTP answer (network, axios timeout, the SDK's own argument checks).
 */
function httpStatusOf(error: unknown): number | null {
  if (!(error instanceof Error) || error.name !== 'TransbankError') return null;
  const match = /status code (\d{3})\b/.exec(error.message);
  return match ? Number(match[1]) : null;
}

/** Transbank's `error_message`, the second line of the SDK's message. */
function apiMessageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[1]?.trim() || text.trim();
}

const isTransaction = (value: unknown): value is WebpayTransaction =>
  Boolean(value) &&
  typeof value === 'object' &&
  typeof (value as WebpayTransaction).status === 'string' &&
  typeof (value as WebpayTransaction).amount === 'number' &&
  (typeof (value as WebpayTransaction).balance === 'number' || (value as WebpayTransaction).balance == null);

const isRefund = (value: unknown): value is WebpayRefund =>
  Boolean(value) && typeof value === 'object' && typeof (value as WebpayRefund).type === 'string';

/** A Webpay transaction as our payment; `amount` and `balance` are CLP pesos, our minor units. */
export function paymentOfWebpay(token: string, tx: WebpayTransaction): ProviderPayment {
  const amount = toMinor(tx.amount, CLP_DECIMALS);
  const code = typeof tx.response_code === 'number' ? tx.response_code : null;
  const balance = typeof tx.balance === 'number' ? toMinor(tx.balance, CLP_DECIMALS) : null;
  const given = (fallback: number) =>
    Math.min(amount, Math.max(0, balance === null ? fallback : amount - balance));
  let status: ProviderPayment['status'];
  let refundedAmount = 0;
  switch (tx.status) {
    case 'AUTHORIZED':
    case 'CAPTURED':
      if (code === null) status = 'PROCESSING';
      else if (code !== 0) status = 'REJECTED';
      else {
        refundedAmount = given(0);
        status = refundedAmount === 0 ? 'PAID' : refundedAmount < amount ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
      }
      break;
    case 'REVERSED':
      // the authorization was undone before settlement: all of it, whatever the balance says
      status = 'REFUNDED';
      refundedAmount = amount;
      break;
    case 'NULLIFIED':
      refundedAmount = given(amount);
      status = refundedAmount > 0 && refundedAmount < amount ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
      if (status === 'REFUNDED') refundedAmount = amount;
      break;
    case 'PARTIALLY_NULLIFIED':
      refundedAmount = given(0);
      status = 'PARTIALLY_REFUNDED';
      break;
    case 'FAILED':
      status = 'REJECTED';
      break;
    default:
      // INITIALIZED: the diner has not finished on Webpay's page, or nobody committed it yet
      status = 'PROCESSING';
  }
  return {
    referenceId: token,
    status,
    statusDetail: code !== null && code !== 0 ? `${tx.status}:${code}` : tx.status,
    amount,
    externalReference: tx.buy_order ?? null,
    refundedAmount,
  };
}

export function createTransbankProvider(options: TransbankOptions): TransbankProvider {
  const environment = (options.environmentUrl ?? TRANSBANK_INTEGRATION.environmentUrl).replace(/\/+$/, '');
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  // the SDK hands the timeout to axios, which only notices an idle socket: a server that trickles
  // bytes could still hold us, so every call also races a timer of its own
  const webpay = new WebpayPlus.Transaction(
    new Options(options.commerceCode, options.apiKey, environment, timeoutMs),
  );
  const formUrl = `${environment}/webpayserver/initTransaction`;

  /**
   * One SDK call: its answer, or the HTTP status and Transbank's message of a 4xx for the caller to
   * judge. No answer, a timeout or a 5xx is PaymentProviderUnavailableError: nothing is known.
   */
  async function attempt<T>(label: string, run: () => Promise<T>): Promise<Answer<T>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PaymentProviderUnavailableError(`Transbank ${label}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      return { ok: true, value: await Promise.race([run(), timeout]) };
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) throw error;
      const status = httpStatusOf(error);
      if (status !== null && status >= 400 && status < 500)
        return { ok: false, status, message: apiMessageOf(error) };
      throw new PaymentProviderUnavailableError(
        `Transbank ${label}${status === null ? '' : ` answered ${status}`}: ${apiMessageOf(error)}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Pasted credentials' test call: the status of a token that cannot exist. Transbank answers 401 to
   * credentials it does not know and 4xx about the token to ones it does.
   */
  async function checkCredentials(): Promise<void> {
    const answer = await attempt('status', () => webpay.status(randomBytes(32).toString('hex')));
    if (answer.ok || [400, 404, 422].includes(answer.status)) return;
    if (answer.status === 401 || answer.status === 403)
      throw new TransbankCredentialsRefusedError(`Transbank refused the credentials (${answer.status})`);
    throw new PaymentProviderUnavailableError(`Transbank status answered ${answer.status}`);
  }

  /** The transaction as status reports it; null when Transbank knows no such token (or no longer). */
  async function readStatus(token: string): Promise<WebpayTransaction | null> {
    const answer = await attempt('status', () => webpay.status(token));
    if (!answer.ok) {
      // 404, or 422 "Invalid value for parameter: token" / past the 7 days status can look back
      if ([400, 404, 422].includes(answer.status)) return null;
      throw new PaymentProviderUnavailableError(
        `Transbank status answered ${answer.status}: ${answer.message}`,
      );
    }
    if (!isTransaction(answer.value))
      throw new PaymentProviderUnavailableError('Transbank status: unreadable');
    return answer.value;
  }

  return {
    name: 'TRANSBANK',
    slug: 'transbank',
    cardEntry: 'REDIRECT',
    formUrl,
    checkCredentials,

    async createCardPayment() {
      throw new PaymentProviderUnavailableError('Webpay takes the card on its own page');
    },

    async createPaymentLink(input) {
      if (!BUY_ORDER.test(input.externalReference))
        throw new PaymentProviderUnavailableError(
          `order code ${input.externalReference} does not fit Webpay's buy_order (26 alphanumerics)`,
        );
      // getPayment reads amounts back as pesos: another currency would be misread
      if (input.currency.toUpperCase() !== 'CLP')
        throw new PaymentProviderUnavailableError(`Webpay Plus charges CLP, not ${input.currency}`);
      const amount = input.decimals === CLP_DECIMALS ? input.amount : fromMinor(input.amount, input.decimals);
      if (!Number.isInteger(amount) || amount <= 0)
        throw new PaymentProviderUnavailableError(`cannot charge ${amount} CLP`);
      const returnUrl = `${publicUrl}/api/callback/transbank/${encodeURIComponent(input.contactAlias)}/${encodeURIComponent(input.externalReference)}`;
      // session_id only comes back in the answers; Transbank requires one
      const sessionId = randomBytes(12).toString('base64url');
      const answer = await attempt('create', () =>
        webpay.create(input.externalReference, sessionId, amount, returnUrl),
      );
      if (!answer.ok)
        throw new PaymentProviderUnavailableError(
          `Transbank create answered ${answer.status}: ${answer.message}`,
        );
      const created = answer.value as { token?: unknown; url?: unknown } | null;
      if (typeof created?.token !== 'string' || !TOKEN.test(created.token) || typeof created.url !== 'string')
        throw new PaymentProviderUnavailableError('Transbank create: unreadable answer');
      return { id: created.token, url: `${publicUrl}/api/payments/webpay/${created.token}` };
    },

    async getPayment(token, expected) {
      if (!TOKEN.test(token)) return null;
      const found = await readStatus(token);
      if (!found) return null;
      if (found.status !== 'INITIALIZED') return paymentOfWebpay(token, found);
      // a return naming another order's transaction commits nothing: that order's own return will
      if (expected && found.buy_order !== expected.externalReference) return paymentOfWebpay(token, found);
      // never committed: the diner is back from Webpay, and only the commit says how it went (an
      // authorization nobody commits is reversed by Transbank)
      const committed = await attempt('commit', () => webpay.commit(token));
      if (committed.ok) {
        if (!isTransaction(committed.value))
          throw new PaymentProviderUnavailableError('Transbank commit: unreadable answer');
        return paymentOfWebpay(token, committed.value);
      }
      // refused: another return committed it meanwhile (read it again), or the diner gave up
      const again = await readStatus(token);
      if (!again) return null;
      if (again.status !== 'INITIALIZED' || !ABANDONED.test(committed.message))
        return paymentOfWebpay(token, again);
      return { ...paymentOfWebpay(token, again), status: 'REJECTED', statusDetail: 'ABORTED' };
    },

    async refundPayment(input: RefundInput): Promise<ProviderRefund> {
      if (!TOKEN.test(input.referenceId)) throw new RefundRefusedError('not a Webpay token');
      if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > input.paymentAmount)
        throw new RefundRefusedError(`cannot refund ${input.amount} of a payment of ${input.paymentAmount}`);
      const amount = input.decimals === CLP_DECIMALS ? input.amount : fromMinor(input.amount, input.decimals);
      // Transbank takes no idempotency key: a retry after a lost answer asks again, and a second full
      // refund is refused (nothing left), a second partial one is made
      const answer = await attempt('refund', () => webpay.refund(input.referenceId, amount));
      if (!answer.ok) {
        if ([400, 404, 422].includes(answer.status))
          throw new RefundRefusedError(`Transbank refused the refund (${answer.status}): ${answer.message}`);
        throw new PaymentProviderUnavailableError(
          `Transbank refund answered ${answer.status}: ${answer.message}`,
        );
      }
      const refund = answer.value;
      if (!isRefund(refund)) throw new PaymentProviderUnavailableError('Transbank refund: unreadable answer');
      if (refund.type !== 'REVERSED' && refund.type !== 'NULLIFIED')
        throw new PaymentProviderUnavailableError(`Transbank refund type ${refund.type}`);
      if (typeof refund.response_code === 'number' && refund.response_code !== 0)
        throw new RefundRefusedError(`Transbank refused the refund (response_code ${refund.response_code})`);
      return {
        refundId: refund.authorization_code || `${input.referenceId}:${input.idempotencyKey}`,
        amount:
          typeof refund.nullified_amount === 'number'
            ? toMinor(refund.nullified_amount, input.decimals)
            : input.amount,
        status: 'DONE',
      };
    },

    verifyWebhook() {
      throw new WebhookSignatureError('Webpay sends no webhooks');
    },
  };
}
