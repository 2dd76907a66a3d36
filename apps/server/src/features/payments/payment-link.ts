/**
 * The provider's payment link of an order waiting for its payment (storefront.md 'payment links',
 * `POST /api/paymenturl`): made once and kept on the order's open attempt, so the follow-up answer's
 * paymentInfo.paymentUrl carries it and asking again answers the same link.
 */
import { onlinePaymentFlowOf } from '@comanda/core';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import type { AccountProvider, PaymentsDeps } from '../../platform/payments/index.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { lifecycleDepsOf } from '../lifecycle/engine.ts';
import { createPayment } from '../lifecycle/payment-moves.ts';
import { runLifecycle } from '../lifecycle/run.ts';
import { loadPayableOrder, type PayableOrder, type PayDeps } from './pay-order.ts';

export interface LinkDeps extends PayDeps {
  publicUrl: string;
}

export async function ensurePaymentLink(
  deps: LinkDeps,
  found: Pick<PayableOrder, 'order' | 'contact'>,
  account: AccountProvider,
): Promise<{ url: string; token: string }> {
  const { db, now } = deps;
  const { provider, accountId } = account;
  const { order, contact } = found;
  const [open] = await db
    .select()
    .from(t.orderPayments)
    .where(
      and(
        eq(t.orderPayments.orderId, order.id),
        eq(t.orderPayments.status, 'PENDING'),
        isNull(t.orderPayments.paymentReferenceId),
      ),
    )
    .orderBy(desc(t.orderPayments.id))
    .limit(1);
  // a hosted link is asked for again as it is; a Webpay transaction serves one visit (its token is spent
  // or abandoned once the diner has been there), so asking again opens a new one
  if (open?.paymentUrl && open.token && open.paymentAccountId === accountId && provider.cardEntry === 'TOKEN')
    return { url: open.paymentUrl, token: open.token };

  const base = deps.publicUrl.replace(/\/+$/, '');
  const link = await provider.createPaymentLink({
    amount: order.total,
    currency: order.currency,
    decimals: await currencyDecimalsOf(db, contact.country),
    title: `Pedido ${order.code} - ${contact.name}`,
    externalReference: order.code,
    contactAlias: contact.alias,
    returnUrl: `${base}/menu/${encodeURIComponent(contact.alias)}/order/${encodeURIComponent(order.code)}`,
    expiresAt: new Date(order.orderedAt.getTime() + deps.timeLimitMinutes * 60_000),
  });
  if (open) {
    await db
      .update(t.orderPayments)
      .set({
        paymentUrl: link.url,
        token: link.id,
        provider: provider.name,
        paymentAccountId: accountId,
        updatedAt: now,
      })
      .where(eq(t.orderPayments.id, open.id));
  } else {
    await runLifecycle(deps, (ctx) =>
      createPayment(
        ctx,
        {
          orderId: order.id,
          status: 'PENDING',
          amount: order.total,
          paymentUpload: 'API',
          provider: provider.name,
          paymentAccountId: accountId,
          paymentUrl: link.url,
          token: link.id,
        },
        { actor: 'SYSTEM' },
      ),
    );
  }
  return { url: link.url, token: link.id };
}

/**
 * At placement, an order paid by link gets its link at once (the answer and the follow-up carry it).
 * A provider failure does not undo the order: it waits PAY_NEEDED and `POST /api/paymenturl` or the
 * follow-up asks again; answers null then.
 */
export async function linkAtPlacement(
  app: FastifyInstance,
  orderId: number,
  now: Date,
): Promise<string | null> {
  const { db } = app.deps.database;
  try {
    const found = await loadPayableOrder(db, { id: orderId });
    if (!found?.paymentType) return null;
    const flow = onlinePaymentFlowOf(found.paymentType, found.contact.acceptsOnlinePayment);
    if (!flow) return null;
    const { gateway, timeLimitMinutes } = paymentsOf(app);
    const account = await gateway.forBranch(found.contact.branchId);
    // a card on a provider whose own page takes it (Webpay) goes there like a link
    if (!account || (flow === 'CARD' && account.provider.cardEntry === 'TOKEN')) return null;
    return (
      await ensurePaymentLink(
        { ...lifecycleDepsOf(app), now, gateway, timeLimitMinutes, publicUrl: app.deps.publicUrl },
        found,
        account,
      )
    ).url;
  } catch (error) {
    app.appLog.warn({ err: error, orderId }, 'payment link at placement failed');
    return null;
  }
}

export function paymentsOf(app: FastifyInstance): PaymentsDeps {
  const payments = app.deps.payments;
  if (!payments) throw new Error('payments are not configured');
  return payments;
}
