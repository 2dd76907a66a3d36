/**
 * Which provider takes a payment: the branch's own account (payment_accounts), never one global account,
 * so each shop's money goes into its own. Mercado Pago and Transbank adapters are made per account with
 * its credentials (opened from the vault) and kept while the account row is unchanged; SANDBOX accounts
 * pay through the built-in sandbox, only where it is on (never in production).
 */
import { and, eq, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../db.ts';
import type { CredentialsVault } from './credentials-vault.ts';
import { refreshMercadoPagoGrant } from './mercado-pago-oauth.ts';
import { createMercadoPagoProvider, MERCADO_PAGO_BASE_URL } from './mercado-pago-provider.ts';
import type { PaymentProvider } from './provider.ts';
import type { SandboxProvider } from './sandbox-provider.ts';
import { createTransbankProvider, TRANSBANK_INTEGRATION } from './transbank-provider.ts';

export type AccountRow = typeof t.paymentAccounts.$inferSelect;

/** What each provider's sealed credentials hold. */
export interface MercadoPagoCredentials {
  accessToken: string;
  refreshToken?: string | null;
  /** the secret its notifications are signed with: the platform app's for OAUTH accounts */
  webhookSecret?: string | null;
}
export interface TransbankCredentials {
  commerceCode: string;
  apiKey: string;
}

export interface MercadoPagoPlatform {
  baseUrl: string;
  /** the platform's Mercado Pago application (OAuth for marketplaces); null: only pasted credentials */
  clientId: string | null;
  clientSecret: string | null;
  authUrl: string;
  /** signs the notifications of payments made through the platform's application */
  webhookSecret: string | null;
  /** the platform's fee per order in percent of its total, kept from OAuth accounts' payments */
  marketplaceFeePercent: number;
}

export interface PaymentGatewayOptions {
  db: Db;
  vault: CredentialsVault;
  publicUrl: string;
  /** the built-in sandbox, or null where it must take no payment (production) */
  sandbox: SandboxProvider | null;
  mercadoPago: MercadoPagoPlatform;
  transbank: { environmentUrl: string };
  clock?: () => Date;
  /** where a failed renewal is told (the account keeps its current token meanwhile) */
  onRenewalFailed?: (error: unknown, accountId: number) => void;
}

/** An OAuth grant (180 days) is renewed when it has less than this left, on the next payment it serves. */
export const GRANT_RENEWAL_MARGIN_MS = 30 * 86_400_000;

export interface AccountProvider {
  accountId: number;
  provider: PaymentProvider;
  /** what the provider's browser script needs (Mercado Pago's public key) */
  publicKey: string | null;
  account: AccountRow;
}

export interface PaymentGateway {
  readonly sandbox: SandboxProvider | null;
  readonly options: PaymentGatewayOptions;
  /** The branch's connected account's provider; null when it has none (it offers no online payment). */
  forBranch(branchId: number): Promise<AccountProvider | null>;
  /** An account's provider, connected or not: the payments it took are still looked up and refunded. */
  forAccount(accountId: number): Promise<AccountProvider | null>;
  /** The provider that took a payment: its account's, or the sandbox for one recorded before accounts. */
  forPayment(payment: {
    paymentAccountId: number | null;
    provider: string | null;
  }): Promise<PaymentProvider | null>;
  /** The adapter for one account row (tests and the connection check use it too). */
  providerOf(account: AccountRow): PaymentProvider | null;
}

export function defaultMercadoPagoPlatform(): MercadoPagoPlatform {
  return {
    baseUrl: MERCADO_PAGO_BASE_URL,
    clientId: null,
    clientSecret: null,
    authUrl: 'https://auth.mercadopago.com',
    webhookSecret: null,
    marketplaceFeePercent: 0,
  };
}

export function createPaymentGateway(options: PaymentGatewayOptions): PaymentGateway {
  const { db, vault } = options;
  // adapters by account, rebuilt when its credentials change (a renewed token): each sealing differs
  const cache = new Map<number, { sealed: string | null; provider: PaymentProvider }>();

  function build(account: AccountRow): PaymentProvider | null {
    if (account.provider === 'SANDBOX') return options.sandbox;
    if (!account.credentials) return null;
    if (account.provider === 'MERCADO_PAGO') {
      const credentials = vault.open<MercadoPagoCredentials>(account.credentials);
      const webhookSecret = credentials.webhookSecret ?? options.mercadoPago.webhookSecret;
      if (!webhookSecret) return null;
      return createMercadoPagoProvider({
        accessToken: credentials.accessToken,
        webhookSecret,
        baseUrl: options.mercadoPago.baseUrl,
        publicUrl: options.publicUrl,
        accountId: account.id,
        // the platform's fee rides only on payments made through its own application (OAuth)
        marketplaceFeePercent:
          account.connectedVia === 'OAUTH' ? options.mercadoPago.marketplaceFeePercent : 0,
      });
    }
    const credentials = vault.open<TransbankCredentials>(account.credentials);
    return createTransbankProvider({
      commerceCode: credentials.commerceCode,
      apiKey: credentials.apiKey,
      environmentUrl: options.transbank.environmentUrl,
      publicUrl: options.publicUrl,
    });
  }

  function providerOf(account: AccountRow): PaymentProvider | null {
    const cached = cache.get(account.id);
    if (cached && cached.sealed === account.credentials) return cached.provider;
    const provider = build(account);
    if (provider && account.provider !== 'SANDBOX')
      cache.set(account.id, { sealed: account.credentials, provider });
    return provider;
  }

  /**
   * A Mercado Pago grant close to its end is renewed (its refresh token is spent: the new one is kept);
   * one renewal at a time per account. If Mercado Pago cannot renew it now, the current token serves.
   */
  const renewing = new Map<number, Promise<AccountRow>>();
  async function renewIfExpiring(account: AccountRow): Promise<AccountRow> {
    const now = (options.clock ?? (() => new Date()))();
    const { clientId, clientSecret, baseUrl } = options.mercadoPago;
    if (
      account.connectedVia !== 'OAUTH' ||
      !account.credentials ||
      !account.expiresAt ||
      account.expiresAt.getTime() - now.getTime() > GRANT_RENEWAL_MARGIN_MS ||
      !clientId ||
      !clientSecret
    )
      return account;
    const credentials = vault.open<MercadoPagoCredentials>(account.credentials);
    if (!credentials.refreshToken) return account;
    const running = renewing.get(account.id);
    if (running) return running;
    const renewal = (async () => {
      try {
        const grant = await refreshMercadoPagoGrant({
          clientId,
          clientSecret,
          refreshToken: credentials.refreshToken as string,
          baseUrl,
          now,
        });
        const [renewed] = await db
          .update(t.paymentAccounts)
          .set({
            credentials: vault.seal({
              ...credentials,
              accessToken: grant.accessToken,
              refreshToken: grant.refreshToken,
            }),
            publicKey: grant.publicKey ?? account.publicKey,
            expiresAt: grant.expiresAt,
            updatedAt: now,
          })
          .where(eq(t.paymentAccounts.id, account.id))
          .returning();
        return renewed ?? account;
      } catch (error) {
        options.onRenewalFailed?.(error, account.id);
        return account;
      } finally {
        renewing.delete(account.id);
      }
    })();
    renewing.set(account.id, renewal);
    return renewal;
  }

  const resolved = (account: AccountRow | undefined): AccountProvider | null => {
    if (!account) return null;
    const provider = providerOf(account);
    return provider ? { accountId: account.id, provider, publicKey: account.publicKey, account } : null;
  };

  return {
    sandbox: options.sandbox,
    options,
    providerOf,
    async forBranch(branchId) {
      const [account] = await db
        .select()
        .from(t.paymentAccounts)
        .where(and(eq(t.paymentAccounts.branchId, branchId), isNull(t.paymentAccounts.disconnectedAt)));
      return resolved(account ? await renewIfExpiring(account) : undefined);
    },
    async forPayment(payment) {
      if (payment.paymentAccountId !== null)
        return (await this.forAccount(payment.paymentAccountId))?.provider ?? null;
      return payment.provider === 'SANDBOX' ? options.sandbox : null;
    },
    async forAccount(accountId) {
      const [account] = await db.select().from(t.paymentAccounts).where(eq(t.paymentAccounts.id, accountId));
      return resolved(account);
    },
  };
}

export { TRANSBANK_INTEGRATION };

/** The sandbox is off on this server: accounts connected to it are retired (an owner connects a real one). */
export async function retireSandboxAccounts(db: Db, now: Date): Promise<void> {
  await db
    .update(t.paymentAccounts)
    .set({ disconnectedAt: now, updatedAt: now })
    .where(and(eq(t.paymentAccounts.provider, 'SANDBOX'), isNull(t.paymentAccounts.disconnectedAt)));
}
