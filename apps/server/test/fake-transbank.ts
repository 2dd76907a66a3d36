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
 * Webpay's page: it keeps the `token_ws` a browser posts and answers a card page of its own (Spanish, no
 * CSP: the fake's own origin) whose 'Pagar' and 'Anular' play the diner as `pay` does, AUTHORIZED or
 * ABORTED, then send the browser back to the transaction's return_url with a form POST, as Webpay does:
 * `token_ws` after paying, `TBK_TOKEN` (with `TBK_ORDEN_COMPRA` and `TBK_ID_SESION`) after cancelling.
 * Every request is kept for the tests to look at. A free port on 127.0.0.1 unless `port` is given (the
 * browser journeys start one per run on a fixed port, their servers' TRANSBANK_ENVIRONMENT_URL).
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

export interface FakeTransbankOptions {
  /** the commerce the API answers (the SDK's public integration commerce unless given) */
  commerceCode?: string;
  apiKey?: string;
  /** where to listen on 127.0.0.1; a free port when absent */
  port?: number;
}

export async function startFakeTransbank(options: FakeTransbankOptions = {}): Promise<FakeTransbank> {
  const commerceCode = options.commerceCode ?? DEFAULT_COMMERCE_CODE;
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
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

    const html = (status: number, page: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(page);
    };
    if (req.method === 'POST' && path === '/webpayserver/initTransaction') {
      const token = String(body?.token_ws ?? '');
      formPosts.push(token);
      const tx = transactions.get(token);
      return html(200, tx ? cardPage(tx) : webpayPage('<h1>Transacción no encontrada</h1>'));
    }
    // the diner's choice on the card page: decided as `pay` does, then back to the shop with a form
    if (req.method === 'POST' && path === WEBPAY_DECIDE) {
      const tx = transactions.get(String(body?.token_ws ?? ''));
      if (!tx) return html(404, webpayPage('<h1>Transacción no encontrada</h1>'));
      if (tx.status !== 'INITIALIZED' || tx.outcome !== null)
        return html(409, webpayPage('<h1>Esta transacción ya fue procesada</h1>'));
      const paid = body?.action === 'pay';
      tx.outcome = paid ? 'AUTHORIZED' : 'ABORTED';
      const fields: Record<string, string> = paid
        ? { token_ws: tx.token }
        : { TBK_TOKEN: tx.token, TBK_ORDEN_COMPRA: tx.buy_order, TBK_ID_SESION: tx.session_id };
      return html(200, returnPage(tx.return_url, fields, paid));
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
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
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

/** Where the fake card page posts the diner's choice ('Pagar' or 'Anular'). */
const WEBPAY_DECIDE = '/webpayserver/decide';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A bare page of the fake Webpay (its own origin: no CSP, an inline script may submit a form). */
const webpayPage = (body: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Webpay (fake)</title><link rel="icon" href="data:,">
<style>body{font-family:system-ui,sans-serif;background:#eef0f4;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{box-sizing:border-box;background:#fff;border-radius:12px;padding:24px;max-width:360px;width:90%;box-shadow:0 2px 12px #0002;text-align:center}
.brand{color:#d5006d;font-weight:800;letter-spacing:.02em}.amount{font-size:2rem;font-weight:700;margin:12px 0}
.note{color:#555;font-size:.85rem}button{display:block;width:100%;padding:12px;margin-top:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#d5006d;color:#fff}.cancel{background:#eee;color:#333}</style></head>
<body><main>${body}</main></body></html>`;

/** Webpay's card page for one transaction: its amount and order, 'Pagar' and 'Anular'. */
function cardPage(tx: FakeWebpayTransaction): string {
  const amount = `$${tx.amount.toLocaleString('es-CL')} CLP`;
  return webpayPage(`<p class="brand">Webpay Plus · fake</p>
<h1>Pago con tarjeta</h1>
<p class="amount">${escapeHtml(amount)}</p>
<p class="note">Orden de compra ${escapeHtml(tx.buy_order)}</p>
<p class="note">Tarjeta de prueba VISA 4051 8856 0044 6623, CVV 123.</p>
<form method="post" action="${WEBPAY_DECIDE}">
<input type="hidden" name="token_ws" value="${escapeHtml(tx.token)}">
<button class="pay" type="submit" name="action" value="pay">Pagar</button>
<button class="cancel" type="submit" name="action" value="cancel">Anular</button>
</form>`);
}

/** Back to the shop: a form posting Webpay's fields to the return URL, submitted at once. */
function returnPage(returnUrl: string, fields: Record<string, string>, paid: boolean): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  return webpayPage(`<h1>${paid ? 'Pago autorizado' : 'Compra anulada'}</h1>
<p class="note">Te llevamos de vuelta al comercio…</p>
<form id="back" method="post" action="${escapeHtml(returnUrl)}">
${inputs}
<button class="pay" type="submit">Volver al comercio</button>
</form>
<script>document.getElementById('back').submit();</script>`);
}
