/**
 * Card payments, payment links and the providers' reports:
 * - `POST /api/order/payment` (spec): pays a PAY_NEEDED order with a card token;
 * - `POST /api/paymenturl` (spec): the order's payment link;
 * - `POST /api/callback/payments/{provider}` (not in the spec): the provider's signed webhook;
 * - `POST /api/callback/transbank/{alias}/{orderCode}` (spec's `{a}{b}`): the return with `token_ws`;
 * - the sandbox's own pages (not in the spec, only while the sandbox is the provider):
 *   `POST /api/payments/sandbox/tokens` and `GET|POST /api/payments/sandbox/checkout/{ref}`.
 * Every report goes through record-payment.ts, so the same payment is recorded once.
 */

import { createHash } from 'node:crypto';
import {
  cardDeclineMessage,
  cardFieldErrors,
  formatMoney,
  MESSAGES,
  PAYMENT_MESSAGES,
  toMinor,
} from '@comanda/core';
import {
  type FollowUpOrder,
  type OrderPaymentAnswer,
  OrderPaymentRequestSchema,
  OrderPaymentTypeRequestSchema,
  PaymentUrlRequestSchema,
  SandboxCardTokenRequestSchema,
  TransbankReturnSchema,
} from '@comanda/core/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import {
  type PaymentProvider,
  PaymentProviderUnavailableError,
  type PaymentsDeps,
  type ProviderPayment,
  type SandboxProvider,
  WebhookSignatureError,
} from '../../platform/payments/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { findContactOrder, loadFollowUp } from '../follow-up/queries.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { changeOrderStatus } from '../lifecycle/order-moves.ts';
import { retryOpenRefunds } from '../lifecycle/refunds.ts';
import { expireOverdueOrders } from './expire-unpaid-orders.ts';
import { assertPayable, loadPayableOrder, payOrderByCard } from './pay-order.ts';
import { ensurePaymentLink, paymentsOf } from './payment-link.ts';
import { type RecordedPayment, recordProviderPayment } from './record-payment.ts';
import { switchToPaymentOnDelivery } from './switch-payment.ts';

const ORDER_NOT_FOUND = 'No encontramos este pedido. Revisá el link que recibiste.';
const OrderCodeSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{4,40}$/)
  .transform((code) => code.toUpperCase());
const AliasSchema = z.string().regex(/^[a-zA-Z0-9-]{1,120}$/);
/** Webpay's return when the diner cancelled on its page: the transaction's token is TBK_TOKEN. */
const BankAbandonSchema = z.object({ TBK_TOKEN: z.string().min(1).max(200) });

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const payments = paymentsOf(app);
  const { gateway } = payments;
  const bankFailed = () => new AppError('BANK_PAYMENT_FAILED', 409, MESSAGES.bankPaymentCallbackFailed);

  // Transbank returns and the sandbox's pay page post forms, not JSON
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  /** The engine's and the payments' dependencies, at this moment. */
  const payDeps = (now: Date) => ({
    ...lifecycleDepsOf(app),
    now,
    gateway,
    timeLimitMinutes: payments.timeLimitMinutes,
  });

  /**
   * After a recorded report (the engine has published it): a paid order is accepted by a self-accepting
   * contact; an approval that does not count is being refunded, which the shop should know of in the logs.
   */
  async function afterReport(recorded: RecordedPayment, now: Date): Promise<void> {
    if (recorded.refunded)
      app.appLog.warn(
        { orderId: recorded.orderId, reason: recorded.refunded },
        'an approved payment does not count for its order: it is being refunded',
      );
    if (!recorded.orderPaid) return;
    const found = await loadPayableOrder(db, { id: recorded.orderId });
    if (!found?.contact.autoAccept) return;
    try {
      await changeOrderStatus(payDeps(now), {
        orderId: recorded.orderId,
        to: 'ACCEPTED',
        actor: 'SYSTEM',
        preparationMinutes: found.order.maxDelayInMinutes,
      });
    } catch (error) {
      app.appLog.warn({ err: error, orderId: recorded.orderId }, 'auto-accept after payment failed');
    }
  }

  async function followUpOf(contactId: number, code: string, now: Date) {
    const found = await findContactOrder(db, { id: contactId }, code);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return loadFollowUp(db, found, now);
  }

  /** A payment as its provider reports it now; a provider that cannot be reached is a 502. */
  async function paymentFromProvider(
    provider: PaymentProvider,
    referenceId: string,
    expected?: { externalReference: string },
  ): Promise<ProviderPayment | null> {
    try {
      return await provider.getPayment(referenceId, expected);
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) {
        app.appLog.warn({ err: error }, 'payment lookup failed');
        throw new AppError('PAYMENT_PROVIDER_FAILED', 502, MESSAGES.bankPaymentCallbackFailed);
      }
      throw error;
    }
  }

  app.post(
    '/api/order/payment',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const body = parseInput(OrderPaymentRequestSchema, request.body);
      const now = app.deps.clock();
      let done: Awaited<ReturnType<typeof payOrderByCard>>;
      try {
        done = await payOrderByCard(payDeps(now), body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'PAYMENT_PROVIDER_FAILED')
          app.appLog.warn({ err: (error as { cause?: unknown }).cause }, 'card payment call failed');
        throw error;
      }
      const { payment, recorded } = done;
      await afterReport(recorded, now);
      // a declined card is one clear answer, the issuer's reason; the spec's 'Hubo un error procesando su
      // pago…' stays for a payment call that failed, where trying again later is the right advice
      if (recorded.status === 'REJECTED') {
        const message = cardDeclineMessage(payment.statusDetail);
        throw new AppError('PAYMENT_REJECTED', 402, message, [
          { statusDetail: payment.statusDetail, message },
        ]);
      }
      const answer: OrderPaymentAnswer = {
        status: recorded.status,
        paymentReferenceId: payment.referenceId,
        message: recorded.status === 'PAID' ? PAYMENT_MESSAGES.approved : PAYMENT_MESSAGES.pending,
        order: await followUpOf(recorded.branchContactId, recorded.orderCode, now),
      };
      return reply.status(recorded.status === 'PAID' ? 200 : 202).send(answer);
    },
  );

  app.post(
    '/api/paymenturl',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const body = parseInput(PaymentUrlRequestSchema, request.body);
      const found = await loadPayableOrder(db, {
        code: body.code.toUpperCase(),
        contactId: body.branchContactId,
      });
      if (!found) throw notFound(ORDER_NOT_FOUND);
      const now = app.deps.clock();
      const account = await assertPayable(payDeps(now), found);
      // the amount the diner was shown must be the order's: the link charges the stored total
      if (toMinor(body.amount, await currencyDecimalsOf(db, found.contact.country)) !== found.order.total)
        throw new AppError('PRICE_MISMATCH', 409, PAYMENT_MESSAGES.amountMismatch);
      try {
        return await ensurePaymentLink({ ...payDeps(now), publicUrl: app.deps.publicUrl }, found, account);
      } catch (error) {
        app.appLog.warn({ err: error, orderId: found.order.id }, 'payment link failed');
        throw new AppError('PAYMENT_LINK_FAILED', 502, MESSAGES.paymentUrlFailed);
      }
    },
  );

  app.post<{ Params: { provider: string }; Querystring: { account?: string } }>(
    '/api/callback/payments/:provider',
    { config: { rateLimit: { max: 600, timeWindow: '1 minute' } } },
    async (request) => {
      const source = await webhookSource(request.params.provider, request.query.account);
      if (!source) throw notFound();
      const { provider, account } = source;
      let paymentId: string | null;
      try {
        paymentId = provider.verifyWebhook(
          { headers: request.headers, query: request.query, body: request.body },
          app.deps.clock(),
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new AppError('WEBHOOK_SIGNATURE_INVALID', 401, 'La firma de la notificación no es válida.');
        throw error;
      }
      if (!paymentId) return { received: true };
      // the notification names a payment; what it says of it comes from the provider, with the shop's token
      const payment = await paymentFromProvider(provider, paymentId);
      if (!payment) throw notFound('El proveedor no conoce este pago.');
      const now = app.deps.clock();
      const recorded = await recordProviderPayment(payDeps(now), provider.name, payment, {
        ...(account ? { account } : {}),
      });
      if (!recorded) {
        app.appLog.warn(
          { paymentId, reference: payment.externalReference },
          'a payment for no order of ours',
        );
        return { received: true };
      }
      await afterReport(recorded, now);
      return { received: true, status: recorded.status };
    },
  );

  /**
   * Whose notification this is: a shop's Mercado Pago account (its id rides in the notification URL we
   * gave, `?account=`), or the sandbox. An unknown or disconnected-and-gone account is nobody's.
   */
  async function webhookSource(
    slug: string,
    accountParam: string | undefined,
  ): Promise<{ provider: PaymentProvider; account: { id: number; branchId: number } | null } | null> {
    if (gateway.sandbox && slug === gateway.sandbox.slug && accountParam === undefined)
      return { provider: gateway.sandbox, account: null };
    const accountId = Number(accountParam);
    if (!Number.isSafeInteger(accountId) || accountId <= 0) return null;
    const found = await gateway.forAccount(accountId);
    // Webpay sends no notifications: nothing may arrive in its name
    if (!found || found.provider.slug !== slug || found.provider.name === 'TRANSBANK') return null;
    return { provider: found.provider, account: { id: found.accountId, branchId: found.account.branchId } };
  }

  /**
   * The bank's return (the spec's `POST /api/callback/transbank/{a}{b}`), two ways: Webpay sends the
   * diner's browser back here with a form (`token_ws`, or `TBK_TOKEN` when the diner gave up), and this
   * answers with a redirect to the order's follow-up; the follow-up page itself posts a `token_ws` it
   * was given (the sandbox's hosted page) as JSON and gets the follow-up back.
   */
  async function bankReturn(request: FastifyRequest<{ Params: { alias: string; orderCode: string } }>) {
    const alias = AliasSchema.safeParse(request.params.alias);
    const code = OrderCodeSchema.safeParse(request.params.orderCode);
    if (!alias.success || !code.success) throw notFound(ORDER_NOT_FOUND);
    const found = await findContactOrder(db, { alias: alias.data.toLowerCase() }, code.data);
    if (!found) throw notFound(ORDER_NOT_FOUND);
    const fields = { ...(request.query as object), ...((request.body as object | null) ?? {}) };
    const body = TransbankReturnSchema.safeParse(fields);
    const abandoned = BankAbandonSchema.safeParse(fields);
    const token = body.success ? body.data.token_ws : abandoned.success ? abandoned.data.TBK_TOKEN : null;
    if (!token) throw badRequest(MESSAGES.bankPaymentCallbackFailed);
    const account = await gateway.forBranch(found.contact.branchId);
    if (!account) throw bankFailed();
    const payment = await paymentFromProvider(account.provider, token, {
      externalReference: found.order.code,
    });
    if (!payment || payment.externalReference !== found.order.code) throw bankFailed();
    const now = app.deps.clock();
    const recorded = await recordProviderPayment(payDeps(now), account.provider.name, payment, {
      orderId: found.order.id,
      account: { id: account.accountId, branchId: found.contact.branchId },
    });
    if (!recorded) throw bankFailed();
    await afterReport(recorded, now);
    return { found, recorded, now };
  }

  const followUpPath = (alias: string, code: string) =>
    `/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}`;

  app.post<{ Params: { alias: string; orderCode: string } }>(
    '/api/callback/transbank/:alias/:orderCode',
    // Webpay posts a form back
    { config: { nonJsonBody: true, rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const fromBrowser = !String(request.headers['content-type'] ?? '').includes('json');
      if (fromBrowser) return browserReturn(request, reply);
      const { found, recorded, now } = await bankReturn(request);
      if (recorded.status === 'REJECTED')
        throw new AppError('PAYMENT_REJECTED', 402, MESSAGES.bankPaymentCallbackFailed);
      return followUpOf(found.contact.id, found.order.code, now);
    },
  );

  // Webpay sends a diner who let the payment page time out back with a GET
  app.get<{ Params: { alias: string; orderCode: string } }>(
    '/api/callback/transbank/:alias/:orderCode',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return browserReturn(request, reply);
    },
  );

  /**
   * A browser back from the bank goes on to its follow-up whatever happened: the page shows the order
   * paid, or still due with 'Pagar' and the spec's bank failure text (`?pago=error`).
   */
  async function browserReturn(
    request: FastifyRequest<{ Params: { alias: string; orderCode: string } }>,
    reply: FastifyReply,
  ) {
    const alias = request.params.alias.toLowerCase();
    const code = request.params.orderCode.toUpperCase();
    try {
      const { recorded } = await bankReturn(request);
      const failed = recorded.status === 'REJECTED';
      return reply.redirect(`${followUpPath(alias, code)}${failed ? '?pago=error' : ''}`, 303);
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw error;
      app.appLog.warn({ err: error }, 'a bank return could not be recorded');
      return reply.redirect(`${followUpPath(alias, code)}?pago=error`, 303);
    }
  }

  /**
   * An order waiting for its online payment is paid on delivery instead (switch-payment.ts); answers
   * its follow-up. Its code is the proof, as for paying it.
   */
  app.put(
    '/api/order/payment-type',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply): Promise<FollowUpOrder> => {
      const body = parseInput(OrderPaymentTypeRequestSchema, request.body);
      const now = app.deps.clock();
      const { contactId, code } = await switchToPaymentOnDelivery({ ...lifecycleDepsOf(app), now }, body);
      // a self-accepting contact takes the order now, as when a payment arrives
      const found = await loadPayableOrder(db, { id: body.dinerOrderId });
      if (found?.contact.autoAccept)
        await changeOrderStatus(payDeps(now), {
          orderId: body.dinerOrderId,
          to: 'ACCEPTED',
          actor: 'SYSTEM',
          preparationMinutes: found.order.maxDelayInMinutes,
        }).catch((error) => app.appLog.warn({ err: error }, 'auto-accept after a payment switch failed'));
      reply.header('Cache-Control', 'no-store');
      return followUpOf(contactId, code, now);
    },
  );

  startExpirySweep(app, payments);

  if (gateway.sandbox) sandboxRoutes(app, gateway.sandbox);
  webpayRoutes(app);
}

/** The periodic expiry of unpaid orders in this process (off unless configured: main.ts sets it). */
function startExpirySweep(app: FastifyInstance, payments: PaymentsDeps): void {
  const every = payments.expirySweepMs;
  if (!every) return;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      const deps = { ...lifecycleDepsOf(app), gateway: payments.gateway };
      // each expiry publishes itself; refunds the provider could not take are asked again (same key)
      await expireOverdueOrders(deps, { limitMinutes: payments.timeLimitMinutes });
      await retryOpenRefunds(deps);
    } catch (error) {
      app.appLog.error({ err: error }, 'expiring unpaid orders or retrying refunds failed');
    } finally {
      running = false;
    }
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A bare page of our own for the payment steps outside the app (the sandbox's, Webpay's hand-off). */
const payPage = (title: string, body: string) => `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:24px;max-width:360px;width:90%;box-shadow:0 2px 12px #0002;text-align:center}
.amount{font-size:2rem;font-weight:700;margin:12px 0}.note{color:#666;font-size:.85rem}
button{display:block;width:100%;padding:12px;margin-top:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
.pay{background:#009ee3;color:#fff}.cancel{background:#eee;color:#333}</style></head>
<body><main>${body}</main></body></html>`;

/** Where Webpay's card page takes the token (the address Webpay's create answers). */
const transbankFormUrl = (environmentUrl: string) =>
  `${environmentUrl.replace(/\/+$/, '')}/webpayserver/initTransaction`;

/** The sandbox's card tokens and its hosted pay page, standing in for a provider's script and site. */
function sandboxRoutes(app: FastifyInstance, sandbox: SandboxProvider): void {
  app.post(
    '/api/payments/sandbox/tokens',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const fields = parseInput(SandboxCardTokenRequestSchema, request.body);
      const now = app.deps.clock();
      const errors = cardFieldErrors(fields, now);
      if (errors.length > 0) throw badRequest(MESSAGES.followUpCardFieldsInvalid, errors);
      return sandbox.createCardToken(fields, now);
    },
  );

  app.get<{ Params: { ref: string } }>('/api/payments/sandbox/checkout/:ref', async (request, reply) => {
    const link = sandbox.readLink(request.params.ref);
    reply.header('Cache-Control', 'no-store');
    reply.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    );
    reply.type('text/html; charset=utf-8');
    if (!link) return reply.status(404).send(payPage('Link de pago', '<h1>Link de pago inválido</h1>'));
    if (link.e <= app.deps.clock().getTime())
      return reply
        .status(410)
        .send(
          payPage(
            'Link de pago',
            `<h1>Link de pago vencido</h1><p>${escapeHtml(MESSAGES.paymentTimeExpired)}</p>`,
          ),
        );
    const amount = formatMoney(link.a, { code: link.c, symbol: '$', decimals: link.x });
    const action = `/api/payments/sandbox/checkout/${encodeURIComponent(request.params.ref)}`;
    return payPage(
      'Pagar pedido',
      `<h1>Pedido ${escapeHtml(link.r)}</h1><p class="amount">${escapeHtml(amount)}</p>
<form method="post" action="${escapeHtml(action)}">
<button class="pay" type="submit" name="action" value="pay">Pagar</button>
<button class="cancel" type="submit" name="action" value="cancel">Cancelar</button>
</form><p class="note">Pago de prueba (sandbox): no se cobra dinero real.</p>`,
    );
  });

  app.post<{ Params: { ref: string } }>(
    '/api/payments/sandbox/checkout/:ref',
    // the hosted page's form (same origin: the cross-site check still applies)
    { config: { nonJsonBody: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const link = sandbox.readLink(request.params.ref);
      if (!link) throw notFound('Link de pago inválido.');
      const now = app.deps.clock();
      if (link.e <= now.getTime())
        throw new AppError('PAYMENT_TIME_EXPIRED', 409, MESSAGES.paymentTimeExpired);
      const action = (request.body as { action?: unknown } | null)?.action;
      if (action !== 'pay' && action !== 'cancel') throw badRequest('Elegí Pagar o Cancelar.');
      const followUp = `/menu/${encodeURIComponent(link.u)}/order/${encodeURIComponent(link.r)}`;
      if (action === 'cancel') return reply.redirect(followUp, 303);
      const payment = sandbox.payLink(link);
      // reported as a provider does: a signed notification to our webhook, then the diner's return
      const notice = sandbox.notice(payment.referenceId, now);
      const res = await app.inject({
        method: 'POST',
        url: `/api/callback/payments/${sandbox.slug}?${new URLSearchParams(notice.query)}`,
        headers: notice.headers,
        payload: notice.body,
      });
      if (res.statusCode !== 200)
        app.appLog.warn({ status: res.statusCode, body: res.body }, 'sandbox webhook refused');
      return reply.redirect(`${followUp}?token_ws=${encodeURIComponent(payment.referenceId)}`, 303);
    },
  );
}

/**
 * Webpay takes the card on its own page, to which the diner's browser must post the transaction's token:
 * our payment link is this page, which does so at once (a button for a browser without JavaScript).
 */
function webpayRoutes(app: FastifyInstance): void {
  const { gateway } = paymentsOf(app);
  app.get<{ Params: { token: string } }>(
    '/api/payments/webpay/:token',
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.type('text/html; charset=utf-8');
      const token = request.params.token;
      const formUrl = transbankFormUrl(gateway.options.transbank.environmentUrl);
      if (!/^[0-9a-zA-Z_-]{1,100}$/.test(token))
        return reply.status(404).send(payPage('Link de pago', '<h1>Link de pago inválido</h1>'));
      reply.header(
        'Content-Security-Policy',
        `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${AUTO_SUBMIT_HASH}'; form-action ${new URL(formUrl).origin}`,
      );
      return payPage(
        'Ir a Webpay',
        `<h1>Te llevamos a Webpay…</h1>
<form id="webpay" method="post" action="${escapeHtml(formUrl)}">
<input type="hidden" name="token_ws" value="${escapeHtml(token)}">
<button class="pay" type="submit">Pagar con Webpay</button>
</form><script>${AUTO_SUBMIT}</script>`,
      );
    },
  );
}

const AUTO_SUBMIT = "document.getElementById('webpay').submit();";
const AUTO_SUBMIT_HASH = createHash('sha256').update(AUTO_SUBMIT).digest('base64');
