/**
 * The owner's payment account (`/api/console/payments/account...`; not in the spec): which account the
 * shop's online payments go into. Credentials go in and never come back out: the answer names the
 * account (its provider, its id there, production or test) and nothing that could move money.
 */
import { z } from 'zod';
import { fillMessage } from '../back-office/messages.ts';
import {
  PAYMENT_ACCOUNT_MESSAGES as M,
  type PaymentAccountProvider,
} from '../back-office/payment-accounts.ts';

const text = (max: number) =>
  z.string({ error: 'Completá este campo.' }).max(max, { error: 'El texto es demasiado largo.' });

/** An unknown key names itself in Spanish; any other problem of the object's own shape says `message`. */
const strict = <S extends z.ZodRawShape>(shape: S, message: string = M.notAnObject) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? fillMessage(M.unknownField, { field: issue.keys.map((key) => `"${key}"`).join(', ') })
        : message,
  });

export const MercadoPagoPasteSchema = strict({
  accessToken: text(300),
  publicKey: text(300),
  webhookSecret: text(300),
});
export type MercadoPagoPaste = z.infer<typeof MercadoPagoPasteSchema>;

/** Transbank's own credentials, or `integration: true` for its public test commerce. */
export const TransbankPasteSchema = z.union(
  [
    strict({ commerceCode: text(20), apiKey: text(200) }, M.transbankShape),
    strict({ integration: z.literal(true) }, M.transbankShape),
  ],
  { error: M.transbankShape },
);
export type TransbankPaste = z.infer<typeof TransbankPasteSchema>;

export interface PaymentAccountSummary {
  provider: PaymentAccountProvider;
  /** the provider's name for people */
  name: string;
  connectedVia: 'OAUTH' | 'PASTED' | 'SANDBOX';
  /** the provider's id of the account (Mercado Pago user, Transbank commerce code) */
  externalAccountId: string;
  label: string | null;
  /** takes real money (false: the provider's test environment or the sandbox) */
  live: boolean;
  connectedAt: string;
  connectedBy: string | null;
}

export interface PaymentAccountView {
  account: PaymentAccountSummary | null;
  /** the ways this server offers to connect one */
  available: { sandbox: boolean; mercadoPagoOAuth: boolean; transbankIntegration: boolean };
  /** the platform's fee on each order paid through its Mercado Pago application */
  marketplaceFeePercent: number;
}

export interface MercadoPagoAuthorization {
  /** Mercado Pago's authorization page, where the owner signs in and allows the connection */
  url: string;
}
