/**
 * The owner's delivery screen (`/console/envios`, issue 27; not in the spec): a shop's zones, drawn as
 * polygons or circles, with fees, minimum order, free-delivery threshold and fee tiers; and the test of
 * an address. Amounts travel in currency units, as the storefront's; the cross-field rules are core's
 * `deliveryZoneProblems`, run by the server with the shop's location.
 */
import { z } from 'zod';
import { DELIVERY_ZONE_MESSAGES as M, MAX_DELIVERY_ZONES } from '../back-office/delivery-zones.ts';

const point = z.strictObject(
  { lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) },
  { error: M.zonesInvalid },
);
const amount = z.number({ error: M.amountInvalid }).min(0, { error: M.amountInvalid }).max(100_000_000, {
  error: M.amountInvalid,
});
const fees = { cashFee: amount, otherFee: amount };

const ShapeSchema = z.discriminatedUnion(
  'type',
  [
    // the size limits are core's (with the zone's name in the message); these only bound the request
    z.strictObject({ type: z.literal('POLYGON'), points: z.array(point).max(1000) }),
    z.strictObject({ type: z.literal('CIRCLE'), center: point, radiusMeters: z.number() }),
  ],
  { error: M.zonesInvalid },
);

export const DeliveryZoneInputSchema = z.strictObject(
  {
    name: z.string({ error: M.nameRequired }).trim().max(200),
    shape: ShapeSchema,
    ...fees,
    minimumOrder: amount,
    freeDeliveryFrom: z.number({ error: M.freeFromInvalid }).max(100_000_000).nullable(),
    acceptsCash: z.boolean(),
    active: z.boolean(),
    distanceTiers: z
      .array(z.strictObject({ upToMeters: z.number(), ...fees }), { error: M.zonesInvalid })
      .max(50),
    totalTiers: z
      .array(z.strictObject({ fromTotal: z.number(), ...fees }), { error: M.zonesInvalid })
      .max(50),
  },
  { error: M.zonesInvalid },
);
export type DeliveryZoneInput = z.infer<typeof DeliveryZoneInputSchema>;

/** `PUT /api/console/shop/{contactId}/zones`: every zone of the shop, first = served first where they overlap. */
export const DeliveryZonesSchema = z.strictObject(
  { zones: z.array(DeliveryZoneInputSchema, { error: M.zonesInvalid }).max(MAX_DELIVERY_ZONES * 2) },
  { error: M.zonesInvalid },
);
export type DeliveryZonesInput = z.infer<typeof DeliveryZonesSchema>;

/** `GET /api/console/shop/{contactId}/zones`. */
export interface OwnerDeliveryZones {
  shopId: number;
  shopName: string;
  /** where the shop is: distances are measured from here */
  origin: { lat: number; lng: number };
  currency: string;
  /** whether the shop's delivery mode is on (zones can be drawn before) */
  deliveryActive: boolean;
  zones: (DeliveryZoneInput & { id: number })[];
}

/** `GET /api/console/shop/{contactId}/zones/check?lat=&lng=&total=`: what a diner there gets. */
export const ZoneCheckQuerySchema = z.strictObject({
  lat: z.coerce.number({ error: 'Elegí un punto del mapa.' }).min(-90).max(90),
  lng: z.coerce.number({ error: 'Elegí un punto del mapa.' }).min(-180).max(180),
  total: z.coerce
    .number({ error: M.amountInvalid })
    .min(0, { error: M.amountInvalid })
    .max(100_000_000)
    .default(0),
});

export interface ZoneCheck {
  inArea: boolean;
  zoneId: number | null;
  zoneName: string | null;
  /** straight line from the shop */
  distanceMeters: number;
  /** the fee for a cart of `total` in products, cash and other payments */
  cashFee: number | null;
  otherFee: number | null;
  minimumOrder: number | null;
  freeDeliveryFrom: number | null;
  acceptsCash: boolean;
}
