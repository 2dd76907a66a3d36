import {
  type CredentialsVault,
  createCredentialsVault,
  developmentCredentialsKey,
} from './credentials-vault.ts';
import { defaultMercadoPagoPlatform, type MercadoPagoPlatform, type PaymentGateway } from './gateway.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox-provider.ts';
import { TRANSBANK_INTEGRATION } from './transbank-provider.ts';

export * from './credentials-vault.ts';
export * from './gateway.ts';
export * from './mercado-pago-oauth.ts';
export * from './mercado-pago-provider.ts';
export * from './provider.ts';
export * from './sandbox-provider.ts';
export * from './transbank-provider.ts';
export * from './webhook-signature.ts';

/**
 * How the app takes payments, before it has a database: app.ts makes the gateway (gateway.ts) from it.
 * Tests give their own (Mercado Pago or Transbank on a fake server, a time limit, an expiry sweep).
 */
export interface PaymentsSetup {
  /** minutes an online-payment order may stay unpaid (PAYMENT_TIME_LIMIT_MINUTES, 15) */
  timeLimitMinutes: number;
  /** how often this process looks for unpaid orders past their time; off unless given (tests) */
  expirySweepMs?: number;
  /** the built-in sandbox, or null where no shop may use it */
  sandbox: SandboxProvider | null;
  vault: CredentialsVault;
  mercadoPago: MercadoPagoPlatform;
  transbank: { environmentUrl: string };
}

/** What the app's routes use: the gateway and the payment time. */
export interface PaymentsDeps {
  gateway: PaymentGateway;
  timeLimitMinutes: number;
  expirySweepMs?: number | undefined;
}

export interface PaymentsConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  DATA_DIR: string;
  PAYMENTS_PROVIDER: 'sandbox' | 'accounts';
  PAYMENT_TIME_LIMIT_MINUTES: number;
  PAYMENT_CREDENTIALS_KEY?: string | undefined;
  SANDBOX_PAYMENTS_SECRET?: string | undefined;
  MERCADO_PAGO_CLIENT_ID?: string | undefined;
  MERCADO_PAGO_CLIENT_SECRET?: string | undefined;
  MERCADO_PAGO_WEBHOOK_SECRET?: string | undefined;
  MERCADO_PAGO_BASE_URL: string;
  MERCADO_PAGO_AUTH_URL: string;
  MARKETPLACE_FEE_PERCENT: number;
  TRANSBANK_ENVIRONMENT_URL: string;
}

/** The payments the configuration describes (validated by platform/config.ts). */
export function paymentsSetupOf(
  config: PaymentsConfig,
  publicUrl: string,
  clock: () => Date,
): Omit<PaymentsSetup, 'expirySweepMs'> {
  return {
    timeLimitMinutes: config.PAYMENT_TIME_LIMIT_MINUTES,
    sandbox:
      config.PAYMENTS_PROVIDER === 'sandbox'
        ? createSandboxProvider({ secret: config.SANDBOX_PAYMENTS_SECRET, publicUrl, clock })
        : null,
    vault: createCredentialsVault(
      config.PAYMENT_CREDENTIALS_KEY ??
        developmentCredentialsKey(config.NODE_ENV === 'production' ? null : config.DATA_DIR),
    ),
    mercadoPago: {
      baseUrl: config.MERCADO_PAGO_BASE_URL,
      authUrl: config.MERCADO_PAGO_AUTH_URL,
      clientId: config.MERCADO_PAGO_CLIENT_ID ?? null,
      clientSecret: config.MERCADO_PAGO_CLIENT_SECRET ?? null,
      webhookSecret: config.MERCADO_PAGO_WEBHOOK_SECRET ?? null,
      marketplaceFeePercent: config.MARKETPLACE_FEE_PERCENT,
    },
    transbank: { environmentUrl: config.TRANSBANK_ENVIRONMENT_URL },
  };
}

/** Tests' and a bare app's payments: the sandbox on, a vault of its own, the providers' real addresses. */
export function defaultPaymentsSetup(publicUrl: string, clock: () => Date): PaymentsSetup {
  return {
    timeLimitMinutes: 15,
    sandbox: createSandboxProvider({ publicUrl, clock }),
    vault: createCredentialsVault(developmentCredentialsKey(null)),
    mercadoPago: defaultMercadoPagoPlatform(),
    transbank: { environmentUrl: TRANSBANK_INTEGRATION.environmentUrl },
  };
}
