/**
 * External benefits (storefront.md sections 6 and 7): a partner's loyalty programme sends its member to
 * the storefront with an external user id and a bearer token; `POST /api/external-benefits/{partner}`
 * asks the partner which benefits that member has at the chosen shop and mode, and answers them as
 * general discounts carrying their `externalBenefitType`. The checkout prices them with core like the
 * mode's general discounts; the server checks them again on placement against what it granted.
 */
import { z } from 'zod';
import { OrderModeTypeSchema } from './diner.ts';

/** Not quoted by the spec (it keeps the failure silent): what the API answers, never shown to the diner. */
export const EXTERNAL_BENEFIT_MESSAGES = {
  partnerUnknown: 'No trabajamos con ese programa de beneficios.',
  tokenMissing: 'Falta la credencial del programa de beneficios.',
  refused: 'El programa de beneficios no reconoció a su socio.',
  unavailable: 'El programa de beneficios no responde. Probá de nuevo en unos minutos.',
  contactNotFound: 'No encontramos este local o modo de pedido.',
  /** On placement: the benefit the order claims is no longer granted (expired, another shop or member). */
  invalidAtPlacement:
    'Tu beneficio de socio ya no es válido. Revisá el total del pedido y volvé a confirmarlo.',
} as const;

/** How long a granted benefit may be claimed by an order (the checkout asks again on its next visit). */
export const EXTERNAL_BENEFIT_GRANT_TTL_MS = 30 * 60_000;
/** At most this many benefits of one answer are granted. */
export const MAX_EXTERNAL_BENEFITS = 5;

/** The partner's name in the path: lower-case letters, digits and dashes. */
export const PartnerParamSchema = z
  .string({ error: EXTERNAL_BENEFIT_MESSAGES.partnerUnknown })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: EXTERNAL_BENEFIT_MESSAGES.partnerUnknown });

const positiveId = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });

/** The spec's body: branchId, branchContactId, externalUserId, orderModeType. */
export const ExternalBenefitsBodySchema = z.strictObject(
  {
    branchId: positiveId('El local no es válido.'),
    branchContactId: positiveId('El local no es válido.'),
    externalUserId: z
      .string({ error: 'El usuario del programa de beneficios no es válido.' })
      .trim()
      .min(1, { error: 'El usuario del programa de beneficios no es válido.' })
      .max(200, { error: 'El usuario del programa de beneficios no es válido.' }),
    orderModeType: z.enum(OrderModeTypeSchema.options, { error: 'El tipo de pedido no es válido.' }),
  },
  { error: 'La solicitud no es válida.' },
);
export type ExternalBenefitsBody = z.infer<typeof ExternalBenefitsBodySchema>;

/**
 * One granted benefit, in the shape of the mode's general discounts (FIXED in currency units, PERCENT a
 * ratio); `id` is the grant the order's discount entry names as its discountReferenceId.
 */
export const ExternalBenefitSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['PERCENT', 'FIXED']),
  value: z.number(),
  externalBenefitType: z.string(),
});
export type ExternalBenefit = z.infer<typeof ExternalBenefitSchema>;

export const ExternalBenefitsAnswerSchema = z.object({ generalDiscounts: z.array(ExternalBenefitSchema) });
export type ExternalBenefitsAnswer = z.infer<typeof ExternalBenefitsAnswerSchema>;
