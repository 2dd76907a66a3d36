import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Transbank's Webpay Plus REST API v1.2 (127.0.0.1, a free port), at the paths
 * `transbank-sdk` calls under its environment URL: create (`POST .../transactions`), commit
 * (`PUT .../transactions/{token}`), status (`GET .../transactions/{token}`) and refund
 * (`POST .../transactions/{token}/refunds`), checking the `Tbk-Api-Key-Id` / `Tbk-Api-Key-Secret`
 * headers (the SDK's public integration credentials unless others are given). Errors answer Transbank's
 * `{ error_message }`, the only part of a body the SDK keeps.
 *
 * `pay(token, outcome)` plays the diner on Webpay's page; a transaction committed without it fails with
 * response_code -1, like an abandoned one. A second commit is refused (422), as Transbank does. A full
 * refund of an unsettled payment is a reversal (REVERSED); a partial one, or any after `settle`, a
 * nullification (NULLIFIED) that leaves a balance. `beforeNext` runs something between two requests of
 * one adapter call (another process committing first, a race). `POST /webpayserver/initTransaction` stands for
 * Webpay's page: it keeps the `token_ws` a browser posts. Every request is kept for the tests to look at.
 */
export const FAKE_TRANSBANK_API = '/rswebpaytransaction/api/webpay/v1.2';
const DEFAULT_COMMERCE_CODE = '597055555532';
const DEFAULT_API_KEY = '579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C';

export interface FakeTransbankRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown> | null;
}

/** What the diner does on Webpay's page: pays, is declined, or cancels ("Anular compra"). */
export type FakeWebpayOutcome = 'AUTHORIZED' | 'FAILED' | 'ABORTED';

export interface FakeWebpayTransaction {
  token: string;
  buy_order: string;
  session_id: string;
  amount: number;
  return_url: string;
  /** INITIALIZED until committed; then AUTHORIZED, FAILED, REVERSED, NULLIFIED or PARTIALLY_NULLIFIED */
  status: string;
  outcome: FakeWebpayOutcome | null;
  response_code: number | null;
  authorization_code: string | null;
  /** what is left after nullifications (absent until the first one, as Transbank answers) */
  balance: number | null;
  /** settled at the bank: a full refund is a nullification, not a reversal */
  settled: boolean;
  commits: number;
  transaction_date: string;
}

export interface FakeTransbank {
  /** the environment URL to give the SDK */
  baseUrl: string;
  /** where the diner's browser posts `token_ws` (the `url` create answers) */
  formUrl: string;
  requests: FakeTransbankRequest[];
  transactions: Map<string, FakeWebpayTransaction>;
  /** every `token_ws` posted to the fake Webpay page, in order */
  formPosts: string[];
  /** The diner finishes on Webpay's page; the outcome shows once the shop commits. */
  pay(token: string, outcome: FakeWebpayOutcome): void;
  /** The payment reached the bank's settlement: a full refund is now NULLIFIED, not REVERSED. */
  settle(token: string): void;
  /** Commits as the shop's API call would (another process's return); answers what the PUT would. */
  commit(token: string): { status: number; body: Record<string, unknown> };
  /** Runs `action` just before handling the next `method` request whose path ends with `suffix`. */
  beforeNext(method: string, suffix: string, action: () => void): { readonly used: boolean };
  /** The next request whose path ends with `suffix` is answered `status` and does nothing (an outage). */
  failNext(suffix: string, status: number): { readonly used: boolean };
  close(): Promise<void>;
}

export async function startFakeTransbank(
  credentials: { commerceCode?: string; apiKey?: string } = {},
): Promise<FakeTransbank> {
  const commerceCode = credentials.commerceCode ?? DEFAULT_COMMERCE_CODE;
  const apiKey = credentials.apiKey ?? DEFAULT_API_KEY;
  const requests: FakeTransbankRequest[] = [];
  const transactions = new Map<string, FakeWebpayTransaction>();
  const formPosts: string[] = [];
  const failures: { suffix: string; status: number; used: boolean }[] = [];
  const hooks: { method: string; suffix: string; action: () => void; used: boolean }[] = [];
  let nextAuthorization = 1213;
  let baseUrl = '';

  // what GET (status) and PUT (commit) answer, Transbank's field names
  const view = (tx: FakeWebpayTransaction) => ({
    vci: tx.status === 'INITIALIZED' ? null : tx.response_code === 0 ? 'TSY' : 'TSN',
    amount: tx.amount,
    status: tx.status,
    buy_order: tx.buy_order,
    session_id: tx.session_id,
    card_detail: tx.status === 'INITIALIZED' ? null : { card_number: '6623' },
    accounting_date: tx.transaction_date.slice(5, 10).replace('-', ''),
    transaction_date: tx.transaction_date,
    authorization_code: tx.authorization_code,
    payment_type_code: tx.status === 'INITIALIZED' ? null : 'VN',
    response_code: tx.response_code,
    installments_number: 0,
    ...(tx.balance === null ? {} : { balance: tx.balance }),
  });

  const commit = (tx: FakeWebpayTransaction): { status: number; body: Record<string, unknown> } => {
    if (tx.status !== 'INITIALIZED')
      return {
        status: 422,
        body: {
          error_message:
            "Invalid status '6' for transaction while authorizing. Commerce will be notified by webpay to authorize",
        },
      };
    if (tx.outcome === 'ABORTED')
      return { status: 422, body: { error_message: 'Transaction has an invalid finished state: aborted' } };
    tx.commits += 1;
    if (tx.outcome === 'AUTHORIZED') {
      tx.status = 'AUTHORIZED';
      tx.response_code = 0;
      tx.authorization_code = String(nextAuthorization++);
    } else {
      // declined, or never paid: Webpay answers a failed authorization
      tx.status = 'FAILED';
      tx.response_code = -1;
    }
    return { status: 200, body: view(tx) };
  };

  const server: Server = createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    const path = (req.url ?? '').split('?')[0] as string;
    let body: Record<string, unknown> | null = null;
    if (text && String(req.headers['content-type']).includes('application/x-www-form-urlencoded'))
      body = Object.fromEntries(new URLSearchParams(text));
    else if (text) {
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { raw: text };
      }
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const refuse = (status: number, message: string) => send(status, { error_message: message });

    const hook = hooks.find((h) => !h.used && h.method === req.method && path.endsWith(h.suffix));
    if (hook) {
      hook.used = true;
      hook.action();
    }
    const failure = failures.find((f) => !f.used && path.endsWith(f.suffix));
    if (failure) {
      failure.used = true;
      return refuse(failure.status, 'service unavailable');
    }

    if (req.method === 'POST' && path === '/webpayserver/initTransaction') {
      formPosts.push(String(body?.token_ws ?? ''));
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<!doctype html><title>Webpay (fake)</title>');
    }

    if (req.headers['tbk-api-key-id'] !== commerceCode || req.headers['tbk-api-key-secret'] !== apiKey)
      return refuse(401, 'Not Authorized');

    if (req.method === 'POST' && path === `${FAKE_TRANSBANK_API}/transactions`) {
      const order = body?.buy_order;
      const session = body?.session_id;
      const amount = body?.amount;
      const returnUrl = body?.return_url;
      if (typeof order !== 'string' || !order || order.length > 26)
        return refuse(422, 'Invalid value for parameter: buy_order');
      if (typeof session !== 'string' || !session || session.length > 61)
        return refuse(422, 'Invalid value for parameter: session_id');
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        return refuse(422, 'Invalid value for parameter: amount');
      if (typeof returnUrl !== 'string' || !/^https?:\/\//.test(returnUrl) || returnUrl.length > 255)
        return refuse(422, 'Invalid value for parameter: return_url');
      const token = randomBytes(32).toString('hex');
      transactions.set(token, {
        token,
        buy_order: order,
        session_id: session,
        amount,
        return_url: returnUrl,
        status: 'INITIALIZED',
        outcome: null,
        response_code: null,
        authorization_code: null,
        balance: null,
        settled: false,
        commits: 0,
        transaction_date: new Date().toISOString(),
      });
      return send(200, { token, url: `${baseUrl}/webpayserver/initTransaction` });
    }

    const refundMatch = new RegExp(`^${FAKE_TRANSBANK_API}/transactions/([^/]+)/refunds$`).exec(path);
    if (req.method === 'POST' && refundMatch) {
      const tx = transactions.get(decodeURIComponent(refundMatch[1] as string));
      if (!tx) return refuse(404, 'Transaction not found');
      if (tx.response_code !== 0 || (tx.status !== 'AUTHORIZED' && tx.status !== 'PARTIALLY_NULLIFIED'))
        return refuse(422, `Invalid status '${tx.status}' for transaction while nullifying`);
      const asked = body?.amount;
      const left = tx.balance ?? tx.amount;
      if (typeof asked !== 'number' || !Number.isInteger(asked) || asked <= 0)
        return refuse(422, 'Invalid value for parameter: amount');
      if (asked > left) return refuse(422, 'Amount to nullify is greater than the balance');
      // the whole payment, before settlement: the authorization is reversed, nothing more is said
      if (asked === tx.amount && tx.balance === null && !tx.settled) {
        tx.status = 'REVERSED';
        return send(200, { type: 'REVERSED' });
      }
      tx.balance = left - asked;
      tx.status = tx.balance === 0 ? 'NULLIFIED' : 'PARTIALLY_NULLIFIED';
      return send(200, {
        type: 'NULLIFIED',
        authorization_code: String(nextAuthorization++),
        authorization_date: new Date().toISOString(),
        nullified_amount: asked,
        balance: tx.balance,
        response_code: 0,
      });
    }

    const match = new RegExp(`^${FAKE_TRANSBANK_API}/transactions/([^/]+)$`).exec(path);
    if (match && (req.method === 'GET' || req.method === 'PUT')) {
      const tx = transactions.get(decodeURIComponent(match[1] as string));
      if (!tx) return refuse(404, 'Transaction not found');
      if (req.method === 'GET') return send(200, view(tx));
      const answer = commit(tx);
      return send(answer.status, answer.body);
    }
    return refuse(404, 'no such route');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  const transaction = (token: string) => {
    const tx = transactions.get(token);
    if (!tx) throw new Error(`the fake Transbank has no transaction ${token}`);
    return tx;
  };
  return {
    baseUrl,
    formUrl: `${baseUrl}/webpayserver/initTransaction`,
    requests,
    transactions,
    formPosts,
    pay(token, outcome) {
      const tx = transaction(token);
      if (tx.status !== 'INITIALIZED') throw new Error(`transaction ${token} is already ${tx.status}`);
      tx.outcome = outcome;
    },
    commit: (token) => commit(transaction(token)),
    beforeNext(method, suffix, action) {
      const hook = { method, suffix, action, used: false };
      hooks.push(hook);
      return hook;
    },
    settle(token) {
      transaction(token).settled = true;
    },
    failNext(suffix, status) {
      const failure = { suffix, status, used: false };
      failures.push(failure);
      return failure;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
