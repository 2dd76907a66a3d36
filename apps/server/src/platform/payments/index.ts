import { createMercadoPagoProvider } from './mercado-pago-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

export * from './mercado-pago-provider.ts';
export * from './provider.ts';
export * from './sandbox-provider.ts';
export * from './webhook-signature.ts';

/** What the app needs of payments: the provider and how long an order waits for its payment. */
export interface PaymentsDeps {
  provider: PaymentProvider;
  /** minutes an online-payment order may stay unpaid (PAYMENT_TIME_LIMIT_MINUTES, 15) */
  timeLimitMinutes: number;
  /** how often this process looks for unpaid orders past their time; off unless given (tests) */
  expirySweepMs?: number;
}

export interface PaymentsConfig {
  PAYMENTS_PROVIDER: 'sandbox' | 'mercadopago';
  PAYMENT_TIME_LIMIT_MINUTES: number;
  SANDBOX_PAYMENTS_SECRET?: string | undefined;
  MERCADO_PAGO_ACCESS_TOKEN?: string | undefined;
  MERCADO_PAGO_WEBHOOK_SECRET?: string | undefined;
  MERCADO_PAGO_BASE_URL?: string | undefined;
}

/** The provider the configuration chooses (validated by platform/config.ts). */
export function createPaymentProvider(
  config: PaymentsConfig,
  publicUrl: string,
  clock: () => Date,
): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === 'mercadopago') {
    if (!config.MERCADO_PAGO_ACCESS_TOKEN || !config.MERCADO_PAGO_WEBHOOK_SECRET)
      throw new Error('Mercado Pago needs MERCADO_PAGO_ACCESS_TOKEN and MERCADO_PAGO_WEBHOOK_SECRET');
    return createMercadoPagoProvider({
      accessToken: config.MERCADO_PAGO_ACCESS_TOKEN,
      webhookSecret: config.MERCADO_PAGO_WEBHOOK_SECRET,
      baseUrl: config.MERCADO_PAGO_BASE_URL,
      publicUrl,
    });
  }
  return createSandboxProvider({ secret: config.SANDBOX_PAYMENTS_SECRET, publicUrl, clock });
}
