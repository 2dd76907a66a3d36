/** Bodies of the storefront's telemetry calls: abandoned carts, recovery, diner log and analytics. */
import { z } from 'zod';

const id = z.number({ error: 'El identificador no es válido.' }).int().positive().max(2_147_483_647);

/** What a recovery needs to rebuild a cart line from the menu; prices are re-derived, never trusted. */
export const RecoveryItemSchema = z.strictObject({
  referenceId: id,
  name: z.string().max(200),
  quantity: z.number().int().min(1).max(999),
  notes: z.string().max(500).default(''),
  sizeId: id.nullable().default(null),
  source: z.enum(['PLATE', 'UPSOLD']).default('PLATE'),
  extras: z
    .array(
      z.strictObject({
        groupId: id,
        groupItems: z
          .array(z.strictObject({ referenceId: id, quantity: z.number().int().min(1).max(99) }))
          .max(50),
      }),
    )
    .max(30)
    .default([]),
});
export type RecoveryItem = z.infer<typeof RecoveryItemSchema>;

const amount = z.number().min(0).max(1e12);

/**
 * A cart line as the spec's entity list writes it (storefront.md section 3, "Cart line"): the storefront
 * may send every field of its cart, so they are accepted, but only what a recovery needs is kept (prices
 * are re-derived from the menu, never trusted). Keys the spec does not name are still refused.
 */
export const AbandonedCartItemSchema = z
  .strictObject({
    ...RecoveryItemSchema.shape,
    referenceType: z.literal('PLATE').optional(),
    price: amount.optional(),
    originalPrice: amount.optional(),
    priceWithoutModifiers: amount.optional(),
    sizeName: z.string().max(200).nullable().optional(),
    categoryId: id.nullable().optional(),
    categoryShowName: z.string().max(200).nullable().optional(),
    discount: z
      .strictObject({
        itemId: id.nullable().optional(),
        type: z.string().max(40).nullable().optional(),
        discountReferenceId: id.nullable().optional(),
        amount: amount.nullable().optional(),
      })
      .nullable()
      .optional(),
    upsell: z.boolean().optional(),
    maxQuantity: z.number().int().min(0).nullable().optional(),
    extras: z
      .array(
        z.strictObject({
          groupId: id,
          groupName: z.string().max(200).optional(),
          min: z.number().int().min(0).optional(),
          max: z.number().int().min(0).optional(),
          multipleSelection: z.boolean().optional(),
          mandatory: z.boolean().optional(),
          groupItems: z
            .array(
              z.strictObject({
                referenceId: id,
                quantity: z.number().int().min(1).max(99),
                referenceType: z.literal('GARNISH').optional(),
                name: z.string().max(200).optional(),
                price: amount.optional(),
              }),
            )
            .max(50),
        }),
      )
      .max(30)
      .default([]),
  })
  .transform(
    (line): RecoveryItem => ({
      referenceId: line.referenceId,
      name: line.name,
      quantity: line.quantity,
      notes: line.notes,
      sizeId: line.sizeId,
      source: line.source,
      extras: line.extras.map((group) => ({
        groupId: group.groupId,
        groupItems: group.groupItems.map((g) => ({ referenceId: g.referenceId, quantity: g.quantity })),
      })),
    }),
  );

const phone = z.string({ error: 'Debe ingresar un número válido' }).min(6).max(24);
/** The diner's e-mail when given: blank, null or absent are none (the storefront sends `null`). */
const email = z
  .union([z.literal(''), z.null(), z.email({ error: 'Ingrese un email valido' }).max(200)], {
    error: 'Ingrese un email valido',
  })
  .optional()
  .transform((value) => value || undefined);

export const AbandonedCartBodySchema = z.strictObject({
  items: z.array(AbandonedCartItemSchema).min(1, { error: 'El carrito está vacío.' }).max(100),
  branchContactId: id,
  branchId: id,
  phone,
  email,
  orderModeId: id.nullable().optional(),
  navigationEvent: z.string().max(60).optional(),
});
export type AbandonedCartBody = z.infer<typeof AbandonedCartBodySchema>;

export const AbandonedCartCancelSchema = z.strictObject({
  email,
  phone,
  branchContactId: id,
  branchId: id,
  navigationEvent: z.string().max(60).optional(),
});

export const RecoveryCartSchema = z.object({
  orderModeId: z.number().nullable(),
  items: z.array(RecoveryItemSchema),
});
export type RecoveryCart = z.infer<typeof RecoveryCartSchema>;

export const ANALYTICS_EVENT_TYPES = [
  'PAY_ORDER',
  'CREATE_ORDER',
  'CONTINUE_TO_CHECKOUT',
  'DELETE_ITEM',
  'VIEW_ORDER_SUMMARY',
  'ADD_ITEM',
  'ITEM_VIEW',
  'ORDER_MODE_SELECT',
  'BRANCH_CONTACT_SELECT',
  'LINK_CLICK',
] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const AnalyticsEventSchema = z.strictObject({
  type: z.enum(ANALYTICS_EVENT_TYPES, { error: 'Tipo de evento desconocido.' }),
  branchId: id.optional(),
  branchContactId: id.optional(),
  path: z.string().max(500).optional(),
  payload: z
    .record(z.string(), z.unknown())
    .refine((p) => JSON.stringify(p).length <= 2000, { error: 'El evento es demasiado grande.' })
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsBodySchema = z.strictObject({
  events: z.array(AnalyticsEventSchema).min(1).max(50),
});

/** The analytics session id travels in this header; a cookie keeps it for 10 minutes on the web. */
export const SESSION_HEADER = 'x-session-id';
export const SessionIdSchema = z
  .string({ error: 'Falta el identificador de sesión.' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'El identificador de sesión no es válido.' });
