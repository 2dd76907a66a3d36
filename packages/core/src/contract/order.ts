import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { OrderModeTypeSchema } from './diner.ts';

/**
 * The order payload of storefront.md section 3 ("Order payload"), as `POST /api/order` receives it.
 * Amounts are in currency units, as the spec's payloads carry them; the server converts them to minor
 * units and recomputes every one of them.
 */
const invalid = (what: string) => ({ error: `${what} no es válido.` });
const id = (what: string) =>
  z.number(invalid(what)).int(invalid(what)).positive(invalid(what)).max(2_147_483_647, invalid(what));
const amount = (what: string) =>
  z.number(invalid(what)).min(0, invalid(what)).max(1_000_000_000, invalid(what));
const text = (what: string, max: number) =>
  z.string(invalid(what)).max(max, { error: `${what} es demasiado largo.` });
const optionalText = (what: string, max: number) => text(what, max).nullable().optional();
const delay = z
  .number(invalid('La demora'))
  .int(invalid('La demora'))
  .min(0, invalid('La demora'))
  .max(100_000, invalid('La demora'));

const ExtraItemSchema = z.object({
  referenceId: id('El adicional'),
  referenceType: z.literal('GARNISH', invalid('El adicional')).optional(),
  name: text('El nombre del adicional', 200),
  price: amount('El precio del adicional'),
  quantity: z
    .number(invalid('La cantidad del adicional'))
    .int(invalid('La cantidad del adicional'))
    .min(1, invalid('La cantidad del adicional'))
    .max(99, invalid('La cantidad del adicional')),
});

const ExtraGroupSchema = z.object({
  groupId: id('El grupo de adicionales'),
  groupName: text('El nombre del grupo', 200),
  groupItems: z.array(ExtraItemSchema).max(50, invalid('El grupo de adicionales')),
});

const LineDiscountSchema = z
  .object({
    /** the plate the menu discount applies to */
    itemId: z.number(invalid('El descuento del producto')).nullable().optional(),
    type: text('El descuento', 40),
    discountReferenceId: z.number(invalid('El descuento del producto')).nullable().optional(),
    amount: amount('El descuento del producto'),
  })
  .nullable()
  .optional();

export const OrderItemSchema = z.object({
  referenceId: id('El producto'),
  referenceType: z.literal('PLATE', invalid('El producto')).optional(),
  name: text('El nombre del producto', 200),
  notes: text('La nota del producto', 1000).nullable().optional(),
  quantity: z
    .number(invalid('La cantidad'))
    .int(invalid('La cantidad'))
    .min(1, invalid('La cantidad'))
    .max(999, invalid('La cantidad')),
  /** Line total after the menu discount. */
  price: amount('El precio del producto'),
  /** Line total before the menu discount. */
  originalPrice: amount('El precio del producto').optional(),
  priceWithoutModifiers: amount('El precio del producto').optional(),
  sizeId: id('El tamaño').nullable().optional(),
  categoryId: z.number().nullable().optional(),
  categoryShowName: optionalText('La categoría', 200),
  discount: LineDiscountSchema,
  source: z.enum(['PLATE', 'UPSOLD'], invalid('El origen del producto')).optional(),
  upsell: z.boolean().optional(),
  maxQuantity: z.number().nullable().optional(),
  extras: z.array(ExtraGroupSchema).max(30, invalid('Los adicionales')).optional(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** A discount entry (storefront.md section 3): general discounts, and the code's entry with `code`. */
export const OrderDiscountEntrySchema = z.object({
  name: text('El descuento', 200),
  type: text('El tipo de descuento', 40),
  value: z.number(invalid('El descuento')).nullable().optional(),
  amount: amount('El descuento'),
  discountReferenceId: z.number(invalid('El descuento')).nullable().optional(),
  externalBenefitType: optionalText('El beneficio', 60),
  code: optionalText('El código de descuento', 60),
});

export const OrderSurchargeEntrySchema = z.object({
  name: text('El recargo', 200),
  type: text('El tipo de recargo', 40),
  value: z.number(invalid('El recargo')).nullable().optional(),
  amount: amount('El recargo'),
  surchargeReferenceId: z.number(invalid('El recargo')).nullable().optional(),
});

export const OrderDestinationSchema = z.object({
  street: text('La calle', 200),
  number: optionalText('La altura', 40),
  details: optionalText('Las aclaraciones', 300),
  betweenStreets: optionalText('Las entrecalles', 300),
  zone: optionalText('El barrio', 120),
  locality: optionalText('La localidad', 120),
  city: optionalText('La ciudad', 120),
  postalCode: optionalText('El código postal', 20),
  fullAddress: optionalText('La dirección', 400),
  /** ISO 3166-1 alpha-2 of the place the diner picked (place details). */
  country: optionalText('El país', 2),
  /** The address came from the address search or the device's location, not typed by hand. */
  geocoded: z.boolean(invalid('La dirección')).nullable().optional(),
  /** The address the device remembered from the diner's last order (storefront.md "fromLocalStorage"). */
  fromLocalStorage: z.boolean(invalid('La dirección')).nullable().optional(),
  /** Coordinates of the address: the delivery zone is found with them. */
  lat: z
    .number(invalid('La ubicación'))
    .min(-90, invalid('La ubicación'))
    .max(90, invalid('La ubicación'))
    .nullable()
    .optional(),
  lng: z
    .number(invalid('La ubicación'))
    .min(-180, invalid('La ubicación'))
    .max(180, invalid('La ubicación'))
    .nullable()
    .optional(),
});
export type OrderDestination = z.infer<typeof OrderDestinationSchema>;

export const OrderPayloadSchema = z.strictObject(
  {
    orderText: text('El texto del pedido', 20_000).optional(),
    items: z
      .array(OrderItemSchema, invalid('El pedido'))
      .min(1, { error: MESSAGES.orderEmpty })
      .max(100, { error: 'El pedido tiene demasiados productos.' }),
    type: z.enum(OrderModeTypeSchema.options, { error: 'El tipo de pedido no es válido.' }),
    price: amount('El precio del pedido'),
    userServiceFee: amount('La tasa de servicio').optional(),
    paymentType: z.object(
      {
        id: id('El medio de pago'),
        showName: optionalText('El medio de pago', 120),
        paymentMethod: optionalText('El medio de pago', 60),
        upload: optionalText('El medio de pago', 20),
      },
      invalid('El medio de pago'),
    ),
    branchContact: z.object({ id: id('El local') }, invalid('El local')),
    source: text('El origen', 40).optional(),
    tableUid: optionalText('El número de mesa', 40),
    destination: OrderDestinationSchema.nullable().optional(),
    phone: text('El teléfono', 40),
    customerName: text('El nombre', 120),
    optIn: z.boolean(invalid('El consentimiento')).optional(),
    installedApp: z.boolean(invalid('La aplicación instalada')).optional(),
    discounts: z.array(OrderDiscountEntrySchema).max(20).optional(),
    surcharges: z.array(OrderSurchargeEntrySchema).max(20).optional(),
    notes: text('La nota del pedido', 2000).nullable().optional(),
    deliveryFee: amount('El costo de envío').optional(),
    paysWith: amount('El monto con el que abona').nullable().optional(),
    orderModeId: id('El modo de pedido'),
    scheduled: z.boolean(invalid('El horario programado')).optional(),
    /** ISO 8601 with its offset ('2026-11-21T20:30:00-03:00'). */
    scheduledAt: optionalText('El horario programado', 40),
    customerEmail: optionalText('El email', 200),
    customerDocument: optionalText('El documento', 40),
    document: optionalText('El documento', 40),
    acquisitionChannel: optionalText('El canal', 120),
    loyaltyInfo: z
      .object({
        redeemedPoints: z
          .number(invalid('Los puntos'))
          .int(invalid('Los puntos'))
          .min(0, invalid('Los puntos'))
          .max(10_000_000, invalid('Los puntos')),
      })
      .nullable()
      .optional(),
    minDelayInMinutes: delay.nullable().optional(),
    maxDelayInMinutes: delay.nullable().optional(),
    userExternalReference: optionalText('La referencia', 200),
    partnerName: optionalText('El socio', 120),
    paymentInfo: z
      .object({
        status: text('El estado del pago', 20).optional(),
        paymentReferenceId: optionalText('La referencia del pago', 200),
        paymentUpload: optionalText('El medio de pago', 20),
        amount: amount('El monto del pago').nullable().optional(),
      })
      .nullable()
      .optional(),
  },
  { error: 'El pedido no es válido.' },
);
export type OrderPayload = z.infer<typeof OrderPayloadSchema>;

/** `POST /api/order` answers the new order's id and code (and the total it was charged). */
export const PlacedOrderSchema = z.object({
  data: z.object({
    id: z.number(),
    code: z.string(),
    price: z.number(),
    /** the provider's page, for an order paid by a payment link */
    paymentUrl: z.string().optional(),
  }),
});
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

/** `POST /api/codediscounts/validate`: the code and what it is checked against. */
export const CodeValidationBodySchema = z.strictObject(
  {
    code: z
      .string({ error: MESSAGES.discountCodeNotFound })
      .trim()
      .min(1, { error: MESSAGES.discountCodeNotFound })
      .max(60, { error: MESSAGES.discountCodeNotFound }),
    paymentId: z
      .number({ error: 'El medio de pago no es válido.' })
      .int({ error: 'El medio de pago no es válido.' })
      .positive({ error: 'El medio de pago no es válido.' })
      .max(2_147_483_647, { error: 'El medio de pago no es válido.' })
      .nullable()
      .optional(),
    phone: z
      .string({ error: MESSAGES.codeNeedsCustomerData })
      .max(40, { error: MESSAGES.codeNeedsCustomerData }),
    orderDate: z
      .string({ error: 'La fecha del pedido no es válida.' })
      .max(40, { error: 'La fecha del pedido no es válida.' })
      .nullable()
      .optional(),
    branchId: z.number({ error: 'El local no es válido.' }).int().positive().max(2_147_483_647),
    branchContactId: z.number({ error: 'El local no es válido.' }).int().positive().max(2_147_483_647),
    orderModeId: z.number({ error: 'El modo de pedido no es válido.' }).int().positive().max(2_147_483_647),
  },
  { error: 'La solicitud no es válida.' },
);
export type CodeValidationBody = z.infer<typeof CodeValidationBodySchema>;

// an empty query value is a missing coordinate, not 0 (which Number('') would make it)
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'La ubicación no es válida.' })
      .min(min, { error: 'La ubicación no es válida.' })
      .max(max, { error: 'La ubicación no es válida.' }),
  );

/** Query of `GET /api/branch/{id}/deliveryzones/fee`: the address's coordinates (the rest is informative). */
export const DeliveryFeeQuerySchema = z.object({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  fullAddress: z.string().max(400).optional(),
  city: z.string().max(120).optional(),
  phone: z.string().max(40).optional(),
});
