/**
 * The public tracking page's calls (post-order-and-logistics.md section 7): the tracking info of
 * `GET /api/logisticsorder/tracking/{alias}/{orderCode}`, the same object as the payload of each
 * 'logistics-tracking-update' event on the push channel 'tracking-{id}', and the rider's location update.
 */
import { z } from 'zod';
import { SHIPMENT_STATUSES } from '../logistics/shipment-status.ts';
import { MESSAGES, RIDER_MESSAGES } from '../messages.ts';

export const LatLngSchema = z.object({ lat: z.number(), lng: z.number() });
export type LatLngPoint = z.infer<typeof LatLngSchema>;

export const TrackingInfoSchema = z.object({
  /** The shipment's id: the push channel is 'tracking-{id}'. */
  id: z.number(),
  orderCode: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The rider could not deliver and brings the order back (DELIVERED is then the way back); not in the spec. */
  returnShipment: z.boolean().default(false),
  /** When the shipment was created (ISO 8601). */
  createdAt: z.string(),
  /** The branch contact's IANA zone: the overlay's date, time and ETA are written in it. */
  timeZone: z.string(),
  /** Null until a rider takes the shipment; lat/lng are null unless the status lets the customer see them. */
  rider: z
    .object({
      name: z.string(),
      phone: z.string().nullable(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  branchLocation: LatLngSchema.nullable(),
  destinationLocation: LatLngSchema.nullable(),
  /** Estimated delivery window (ISO 8601); the overlay shows maxEta, else minEta. */
  eta: z.object({ minEta: z.string().nullable(), maxEta: z.string().nullable() }).nullable(),
  /** 'Clave de entrega': present only while valid (core's isSecurityCodeValid). */
  securityCode: z.string().nullable(),
  /** The business of the corner logo. */
  branch: z.object({ id: z.number(), name: z.string(), customLogoURL: z.string().nullable() }),
});
export type TrackingInfo = z.infer<typeof TrackingInfoSchema>;

/**
 * The answer for a delivery order in progress that has no shipment yet (not in the spec, which answers
 * its 404): the page shows 'Buscando repartidor' with what the follow-up page already shows of the
 * code (the order code, its date, the shop), and turns into the tracking once a shipment exists.
 */
export const TrackingWaitingSchema = z.object({
  waiting: z.literal(true),
  orderCode: z.string(),
  /** When the order was placed (ISO 8601). */
  orderedAt: z.string(),
  timeZone: z.string(),
  /** The shop's own place, public on its storefront. */
  branchLocation: LatLngSchema.nullable(),
  branch: z.object({ id: z.number(), name: z.string(), customLogoURL: z.string().nullable() }),
});
export type TrackingWaiting = z.infer<typeof TrackingWaitingSchema>;

/** What `GET /api/logisticsorder/tracking/{alias}/{orderCode}` answers. */
export type TrackingAnswer = TrackingInfo | TrackingWaiting;

const ALIAS = /^[a-zA-Z0-9-]{1,120}$/;

/** Path of the tracking calls; the order code arrives URL-decoded. */
export const TrackingParamsSchema = z.object({
  alias: z.string().regex(ALIAS, { error: MESSAGES.accessDenied }),
  orderCode: z
    .string()
    .min(1, { error: MESSAGES.accessDenied })
    .max(64, { error: 'El código de pedido no es válido.' }),
});

const latitude = z
  .number({ error: RIDER_MESSAGES.latitudeInvalid })
  .min(-90, { error: RIDER_MESSAGES.latitudeInvalid })
  .max(90, { error: RIDER_MESSAGES.latitudeInvalid });
const longitude = z
  .number({ error: RIDER_MESSAGES.longitudeInvalid })
  .min(-180, { error: RIDER_MESSAGES.longitudeInvalid })
  .max(180, { error: RIDER_MESSAGES.longitudeInvalid });

/** `PUT /api/rider/location` (path not in the spec): the rider's current position. */
export const RiderLocationBodySchema = z.strictObject(
  { lat: latitude, lng: longitude },
  { error: RIDER_MESSAGES.locationInvalid },
);
export type RiderLocationBody = z.infer<typeof RiderLocationBodySchema>;

export const RiderLocationAnswerSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  lastLocationAt: z.string(),
  /** The in-progress shipments whose tracking pages were sent the new position. */
  shipmentIds: z.array(z.number()),
});
export type RiderLocationAnswer = z.infer<typeof RiderLocationAnswerSchema>;
