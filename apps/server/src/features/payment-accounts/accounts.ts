/**
 * A branch's payment account: connecting one (the sandbox, Mercado Pago by OAuth or pasted credentials,
 * Transbank), reading what the owner may see of it, and disconnecting it. One connected account per
 * branch: connecting another retires the old one, whose row stays for the payments it already took
 * (they are still looked up and refunded with it). Every change is in the back-office log.
 */
import { PAYMENT_ACCOUNT_NAMES, type PaymentAccountProvider } from '@comanda/core/back-office';
import type { PaymentAccountSummary, PaymentAccountView } from '@comanda/core/contract';
import { and, eq, isNull, or } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import type {
  MercadoPagoCredentials,
  PaymentGateway,
  TransbankCredentials,
} from '../../platform/payments/index.ts';
import { recordChange } from '../back-office/changes.ts';

export interface NewAccount {
  branchId: number;
  staffId: number | null;
  provider: PaymentAccountProvider;
  connectedVia: 'OAUTH' | 'PASTED' | 'SANDBOX';
  /** sealed by the caller's vault; null for the sandbox */
  credentials: MercadoPagoCredentials | TransbankCredentials | null;
  publicKey: string | null;
  externalAccountId: string;
  label: string | null;
  expiresAt: Date | null;
  now: Date;
}

export async function connectAccount(db: Db, gateway: PaymentGateway, account: NewAccount): Promise<number> {
  const sealed = account.credentials ? gateway.options.vault.seal(account.credentials) : null;
  return db.transaction(async (tx) => {
    // the branch's row lock orders two connections at once: the second retires the first's account
    await tx
      .select({ id: t.branches.id })
      .from(t.branches)
      .where(eq(t.branches.id, account.branchId))
      .for('update');
    await tx
      .update(t.paymentAccounts)
      .set({ disconnectedAt: account.now, updatedAt: account.now })
      .where(and(eq(t.paymentAccounts.branchId, account.branchId), isNull(t.paymentAccounts.disconnectedAt)));
    const [row] = await tx
      .insert(t.paymentAccounts)
      .values({
        branchId: account.branchId,
        provider: account.provider,
        connectedVia: account.connectedVia,
        credentials: sealed,
        publicKey: account.publicKey,
        externalAccountId: account.externalAccountId,
        label: account.label,
        expiresAt: account.expiresAt,
        connectedByStaffId: account.staffId,
        connectedAt: account.now,
        updatedAt: account.now,
      })
      .returning({ id: t.paymentAccounts.id });
    const opened = await offerOnlineCard(tx, account.branchId, account.provider);
    await recordChange(tx, {
      branchId: account.branchId,
      staffId: account.staffId,
      area: 'PAYMENTS',
      summary:
        `Conectó ${PAYMENT_ACCOUNT_NAMES[account.provider]} (${account.externalAccountId})` +
        (opened > 0 ? `; 'Tarjeta online' en ${opened === 1 ? '1 tienda' : `${opened} tiendas`}` : ''),
      at: account.now,
    });
    return row?.id as number;
  });
}

/**
 * With an account connected, every shop of the branch takes online payments: those without an online
 * card get 'Tarjeta online' in all their modes (the owner may switch it off like any payment type), and
 * the online types name the provider now taking them. Answers how many shops got the card.
 */
async function offerOnlineCard(tx: Tx, branchId: number, provider: PaymentAccountProvider): Promise<number> {
  const contacts = await tx
    .select({ id: t.branchContacts.id })
    .from(t.branchContacts)
    .where(eq(t.branchContacts.branchId, branchId));
  let opened = 0;
  for (const contact of contacts) {
    await tx
      .update(t.branchContacts)
      .set({ acceptsOnlinePayment: true })
      .where(eq(t.branchContacts.id, contact.id));
    const online = await tx
      .update(t.paymentTypes)
      .set({ providerName: provider })
      .where(
        and(
          eq(t.paymentTypes.branchContactId, contact.id),
          or(
            eq(t.paymentTypes.paymentMethod, 'PAYMENT_LINK'),
            and(eq(t.paymentTypes.paymentMethod, 'CARD'), eq(t.paymentTypes.onlinePaymentMethod, 'ENABLED')),
          ),
        ),
      )
      .returning({ id: t.paymentTypes.id, method: t.paymentTypes.paymentMethod });
    if (online.some((type) => type.method === 'CARD')) continue;
    const [card] = await tx
      .insert(t.paymentTypes)
      .values({
        branchContactId: contact.id,
        showName: 'Tarjeta online',
        paymentMethod: 'CARD',
        upload: 'API',
        onlinePaymentMethod: 'ENABLED',
        providerName: provider,
        position: 10,
      })
      .returning({ id: t.paymentTypes.id });
    const modes = await tx
      .select({ id: t.orderModes.id })
      .from(t.orderModes)
      .where(eq(t.orderModes.branchContactId, contact.id));
    if (card && modes.length)
      await tx
        .insert(t.orderModePaymentTypes)
        .values(modes.map((mode) => ({ orderModeId: mode.id, paymentTypeId: card.id })))
        .onConflictDoNothing();
    opened += 1;
  }
  return opened;
}

/** Retires the branch's account; false when it had none. */
export async function disconnectAccount(
  db: Db,
  branchId: number,
  staffId: number | null,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.paymentAccounts)
      .set({ disconnectedAt: now, updatedAt: now })
      .where(and(eq(t.paymentAccounts.branchId, branchId), isNull(t.paymentAccounts.disconnectedAt)))
      .returning({
        provider: t.paymentAccounts.provider,
        externalAccountId: t.paymentAccounts.externalAccountId,
      });
    if (!row) return false;
    await recordChange(tx, {
      branchId,
      staffId,
      area: 'PAYMENTS',
      summary: `Desconectó ${PAYMENT_ACCOUNT_NAMES[row.provider]} (${row.externalAccountId})`,
      at: now,
    });
    return true;
  });
}

/** What the owner sees: the connected account (never its credentials) and the ways to connect one. */
export async function loadAccountView(
  db: Db,
  gateway: PaymentGateway,
  branchId: number,
): Promise<PaymentAccountView> {
  const [row] = await db
    .select({ account: t.paymentAccounts, staffName: t.staffAccounts.name })
    .from(t.paymentAccounts)
    .leftJoin(t.staffAccounts, eq(t.staffAccounts.id, t.paymentAccounts.connectedByStaffId))
    .where(and(eq(t.paymentAccounts.branchId, branchId), isNull(t.paymentAccounts.disconnectedAt)));
  const { options } = gateway;
  return {
    account: row ? summaryOf(row.account, row.staffName, gateway) : null,
    available: {
      sandbox: options.sandbox !== null,
      mercadoPagoOAuth: options.mercadoPago.clientId !== null && options.mercadoPago.clientSecret !== null,
      transbankIntegration: !isTransbankProduction(options.transbank.environmentUrl),
    },
    marketplaceFeePercent: options.mercadoPago.marketplaceFeePercent,
  };
}

function summaryOf(
  account: typeof t.paymentAccounts.$inferSelect,
  staffName: string | null,
  gateway: PaymentGateway,
): PaymentAccountSummary {
  return {
    provider: account.provider,
    name: PAYMENT_ACCOUNT_NAMES[account.provider],
    connectedVia: account.connectedVia,
    externalAccountId: account.externalAccountId,
    label: account.label,
    live: isLive(account, gateway),
    connectedAt: account.connectedAt.toISOString(),
    connectedBy: staffName,
  };
}

/** Whether the account moves real money: Mercado Pago's TEST- keys, Webpay's integration and the sandbox do not. */
function isLive(account: typeof t.paymentAccounts.$inferSelect, gateway: PaymentGateway): boolean {
  if (account.provider === 'SANDBOX') return false;
  if (account.provider === 'MERCADO_PAGO') return !(account.publicKey ?? '').startsWith('TEST-');
  return isTransbankProduction(gateway.options.transbank.environmentUrl);
}

export const isTransbankProduction = (environmentUrl: string) =>
  /webpay3g\.transbank\.cl/.test(environmentUrl);
