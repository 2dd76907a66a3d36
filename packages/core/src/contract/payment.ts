import { z } from 'zod';
import type { PaymentStatus } from '../follow-up/follow-up.ts';
import type { FollowUpOrder } from './follow-up.ts';

/**
 * Card payments and payment links (storefront.md 'Card inputs', 'POST /api/paymenturl',
 * 'POST /api/order/payment'; post-order-and-logistics.md 'POST /api/callback/transbank/{a}{b}').
 * Amounts in currency units, as the spec's payloads carry them.
 */
const invalid = (what: string) => ({ error: `${what} no es válido.` });
const field = (what: string, max: number) =>
  z.string(invalid(what)).max(max, { error: `${what} es demasiado largo.` });

/**
 * The card form as the built-in sandbox provider tokenises it (`POST /api/payments/sandbox/tokens`,
 * not in the spec: a real provider's script does this in the browser). Emptiness and format are
 * checked by core's cardFieldErrors so each field gets its own Spanish message.
 */
export const SandboxCardTokenRequestSchema = z.strictObject({
  cardNumber: field('El número de tarjeta', 40),
  cardName: field('El nombre de la tarjeta', 80),
  cardExpiry: field('El vencimiento', 10),
  cardSecurityCode: field('El código de seguridad', 8),
  cardDocument: field('El documento', 20),
});
export type SandboxCardTokenRequest = z.infer<typeof SandboxCardTokenRequestSchema>;

export interface CardTokenAnswer {
  token: string;
  /** the card's network, as a provider's bin lookup answers it: visa, master, amex... */
  paymentMethodId: string;
  lastFourDigits: string;
  expiresAt: string;
}

/**
 * The order a diner's payment call is about: its number and, not in the spec, its code as the proof.
 * An order's number alone is easy to guess; with it a stranger could start payments of other people's
 * orders (issue 23).
 */
const orderProof = {
  dinerOrderId: z
    .number(invalid('El pedido'))
    .int(invalid('El pedido'))
    .positive(invalid('El pedido'))
    .max(2_147_483_647, invalid('El pedido')),
  orderCode: z
    .string(invalid('El pedido'))
    .regex(/^[A-Za-z0-9]{4,40}$/, invalid('El pedido'))
    .transform((code) => code.toUpperCase()),
};

/** `POST /api/order/payment`: pays an order placed with an online card, with the card's token. */
export const OrderPaymentRequestSchema = z.strictObject({
  token: z
    .string(invalid('El token de la tarjeta'))
    .min(1, { error: 'Debe completar correctamente los campos de su tarjeta' })
    .max(2000, invalid('El token de la tarjeta')),
  paymentMethodId: z
    .string(invalid('El medio de pago'))
    .regex(/^[a-z0-9_]{1,40}$/, invalid('El medio de pago')),
  ...orderProof,
  cardName: field('El nombre de la tarjeta', 80).min(1, { error: 'Este campo está incompleto' }),
  identificationType: z
    .string(invalid('El tipo de documento'))
    .regex(/^[A-Za-z]{2,10}$/, invalid('El tipo de documento'))
    .default('DNI'),
  identificationNumber: z
    .string(invalid('El documento'))
    .min(1, { error: 'Este campo está incompleto' })
    .regex(/^[0-9.\s-]{1,20}$/, { error: 'Ingrese un documento valido' }),
});
export type OrderPaymentRequest = z.infer<typeof OrderPaymentRequestSchema>;

export interface OrderPaymentAnswer {
  /** PAID (the order went to the kitchen) or PROCESSING (the provider has not decided yet) */
  status: PaymentStatus;
  paymentReferenceId: string;
  message: string;
  order: FollowUpOrder;
}

/**
 * `PUT /api/order/payment-type` (not in the spec): an order whose online payment is due is paid on
 * delivery instead (core's paymentSwitchProblem), with its code as proof; `paysWith` for cash.
 */
export const OrderPaymentTypeRequestSchema = z.strictObject({
  ...orderProof,
  paymentTypeId: z
    .number(invalid('El medio de pago'))
    .int(invalid('El medio de pago'))
    .positive(invalid('El medio de pago'))
    .max(2_147_483_647, invalid('El medio de pago')),
  paysWith: z
    .number(invalid('El monto'))
    .min(0, invalid('El monto'))
    .max(1_000_000_000, invalid('El monto'))
    .optional(),
});
export type OrderPaymentTypeRequest = z.infer<typeof OrderPaymentTypeRequestSchema>;

/** `POST /api/paymenturl`: the provider's payment link of a placed order (created once). */
export const PaymentUrlRequestSchema = z.strictObject({
  code: z
    .string(invalid('El código del pedido'))
    .regex(/^[A-Za-z0-9]{4,40}$/, invalid('El código del pedido')),
  branchContactId: z
    .number(invalid('El local'))
    .int(invalid('El local'))
    .positive(invalid('El local'))
    .max(2_147_483_647, invalid('El local')),
  amount: z.number(invalid('El monto')).min(0, invalid('El monto')).max(1_000_000_000, invalid('El monto')),
});
export type PaymentUrlRequest = z.infer<typeof PaymentUrlRequestSchema>;

export interface PaymentUrlAnswer {
  url: string;
  /** the provider's id of the link (preference) */
  token: string;
}

/** The bank's return (`token_ws`) as the follow-up page reports it, JSON or form-encoded. */
export const TransbankReturnSchema = z.object({
  token_ws: z.string(invalid('El pago')).min(1, invalid('El pago')).max(2000, invalid('El pago')),
});
