/**
 * The riders' calls (post-order-and-logistics.md sections 2, 3, 4, 6 and 7): registration and shifts
 * with the contact's security code, and the shipments a rider lists, takes and advances. A rider's
 * calls carry the rider token (cookie `rider`, or `Authorization: Bearer <token>`).
 */
import { z } from 'zod';
import { DINER_SESSION_MESSAGES } from '../diner-session/messages.ts';
import { readSignInCode } from '../diner-session/sign-in-code.ts';
import { RETURN_REASON_MAX_CHARS, SHIPMENT_LIFECYCLE_MESSAGES } from '../lifecycle/shipment-lifecycle.ts';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '../logistics/shipment-status.ts';
import { MESSAGES } from '../messages.ts';

/**
 * Rider entity of section 3 (the contact's security code is never sent back). The phone lookup tells
 * the shift (`active`) and the position only to the rider's own phone (her shift cookie or the phone
 * she proved): to anyone else `active` is null and the position and ETAs are null.
 */
export interface Rider {
  id: number;
  name: string;
  phone: string;
  active: boolean | null;
  riderUser: { branchContact: { id: number } };
  lastLat: number | null;
  lastLng: number | null;
  minETA: string | null;
  maxETA: string | null;
  /** The rider's redirect page: `/logistics/{alias}/rider/{riderId}/shipments`. */
  shipmentsUrl: string;
}

/** `POST /api/rider/createwithcode` and `PUT /api/rider/{id}/updatewithcode` answer the rider and, when a
 * shift starts, its token (also set as the `rider` cookie); ending a shift answers `token: null`. */
export interface RiderShiftAnswer extends Omit<Rider, 'active'> {
  active: boolean;
  token: string | null;
  /** When the shift's token stops working (ISO); null when the shift ended. */
  shiftEndsAt: string | null;
}

export interface Whoami {
  riderId: number;
  name: string;
  phone: string;
}

const required = MESSAGES.allFieldsRequired;

export const RiderPhoneQuerySchema = z.object({
  branchContactId: z.coerce.number({ error: MESSAGES.accessDenied }).int().positive(),
  phone: z
    .string({ error: MESSAGES.phoneNumberInvalid })
    .trim()
    .min(6, { error: MESSAGES.phoneNumberInvalid })
    .max(30),
});

const riderUser = z.strictObject({
  branchContact: z.strictObject({ id: z.number({ error: MESSAGES.accessDenied }).int().positive() }),
});

export const RiderCreateSchema = z.strictObject({
  name: z.string({ error: required }).trim().min(1, { error: required }).max(80),
  phone: z.string({ error: required }).trim().min(6, { error: MESSAGES.phoneNumberInvalid }).max(30),
  securityCode: z.string({ error: required }).trim().min(1, { error: required }).max(40),
  active: z.boolean().default(true),
  riderUser,
});
export type RiderCreate = z.infer<typeof RiderCreateSchema>;

/** Starts (active true) or ends (active false) a shift. */
export const RiderUpdateSchema = z.object({
  active: z.boolean({ error: required }),
  securityCode: z.string({ error: required }).trim().min(1, { error: required }).max(40),
  riderUser,
  /** The one-time code sent to the rider's phone, when the shift changes on a phone she never used. */
  phoneCode: z
    .string()
    .transform((raw, context) => {
      const code = readSignInCode(raw);
      if (code === null) context.addIssue({ code: 'custom', message: DINER_SESSION_MESSAGES.codeFormat });
      return code ?? '';
    })
    .optional(),
});
export type RiderUpdate = z.infer<typeof RiderUpdateSchema>;

/**
 * `PUT /api/rider/{id}/updatewithcode` answers 202 with this when the security code was right but the
 * phone is not the rider's known one: a one-time code went to the rider's phone, and the same call with
 * `phoneCode` completes the change. The sandbox's code comes back in `sandboxCode` (never in production).
 */
export interface RiderPhoneCodeSent {
  phoneCodeRequired: true;
  /** The last four digits of the rider's phone, to tell where the code went. */
  phoneEnding: string;
  channel: 'SANDBOX' | 'WHATSAPP';
  expiresInSeconds: number;
  resendInSeconds: number;
  sandboxCode?: string;
}

/** A stop on the rider's route: the shop (letter A) and each drop-off (B, C, ...). */
export interface RouteStop {
  /** the drop-off's shipment; null for the shop */
  shipmentId: number | null;
  letter: string;
  kind: 'PICK_UP' | 'DROP_OFF';
  label: string;
  address: string;
  details: string | null;
  lat: number | null;
  lng: number | null;
}

/**
 * One shipment as a rider sees it (Shipment entity of section 3 plus what the detail screen shows).
 * Before a rider takes it, and for riders who lost the auction, the recipient is hidden.
 */
export interface RiderShipment {
  id: number;
  status: ShipmentStatus;
  shipmentStackId: number | null;
  createdAt: string;
  updatedAt: string;
  returnShipment: boolean;
  /** why the drop-off failed, for a return shipment */
  returnReason: string | null;
  stackingOrder: number;
  riderInfo: { id: number; riderId: number; name: string } | null;
  // no tracking URL, order code or delivery code: with an order code anyone reads the diner's name,
  // address and delivery code (the tracking page), so a rider never gets one (issue 23)
  logisticsOrder: {
    id: number;
    orderId: number;
    /** the code's last characters ('…7DY'), enough to match the ticket at the counter (orderReference) */
    orderRef: string;
    branchContact: { id: number; alias: string; name: string; address: string; lat: number; lng: number };
    destination: { address: string; details: string | null; lat: number | null; lng: number | null } | null;
    /** 'Recibe': the diner's first name and phone, only to the rider who has the shipment (while it is open). */
    recipient: { name: string; phone: string } | null;
    /** What to collect at the door: the total when paid in cash on delivery, else 0. */
    amountToCollect: number;
    paysWith: number | null;
    currency: string;
    itemCount: number;
  };
  /** Another rider has it: the spec's lost auction; the details stay hidden. */
  lostAuction: boolean;
  canShowDetails: boolean;
  /** The slider's next status and label; null when there is no step left for this rider. */
  nextStatus: ShipmentStatus | null;
  sliderLabel: string | null;
  canCancel: boolean;
  /** 'No pude entregar': the rider has it on the way to the drop-off */
  canReportUndeliverable: boolean;
  stops: RouteStop[];
}

export interface RiderShipmentStack {
  id: number;
  status: string;
  /** Sorted: delivered first, cancelled last, the others by stacking order (section 4). */
  shipments: RiderShipment[];
  finished: boolean;
  nextStatus: ShipmentStatus | null;
  sliderLabel: string | null;
  /** The rider may give up the stack (its open shipments). */
  canCancel: boolean;
  stops: RouteStop[];
}

export const ShipmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(1000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['ASC', 'DESC']).default('ASC'),
  branchContactId: z.coerce.number({ error: MESSAGES.accessDenied }).int().positive(),
  startDate: z.iso.datetime({ offset: true }).optional(),
  endDate: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(SHIPMENT_STATUSES).default('LOOKING_FOR_DRIVER'),
  providerName: z.enum(['OWN_FLEET']).default('OWN_FLEET'),
});

export interface ShipmentList {
  shipments: RiderShipment[];
  total: number;
  page: number;
  pageSize: number;
}

export const ShipmentStackListQuerySchema = z.object({
  status: z.enum(SHIPMENT_STATUSES).default('LOOKING_FOR_DRIVER'),
  delivery_provider_name: z.enum(['OWN_FLEET']).default('OWN_FLEET'),
  branchContactId: z.coerce.number().int().positive().optional(),
});

/** `PUT /api/shipments/{id}` and `PUT /api/stacking/{id}`: the next status (or DRIVER_CANCELED). */
export const ShipmentUpdateSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES, { error: MESSAGES.shipmentUpdateFailed }),
  id: z.number().int().positive().optional(),
  rider_phone: z.string().max(30).optional(),
  rider_name: z.string().max(80).optional(),
  rider_id: z.number().int().positive().optional(),
  /** The delivery code the diner tells the rider at the door; required to mark a shipment DELIVERED. */
  securityCode: z.string().trim().max(10).optional(),
  /**
   * 'No pude entregar' (not in the spec): with status DELIVERED, the drop-off failed for this reason and
   * the rider brings the order back (a return shipment; 'Regreso al local' then marks it RETURNED).
   */
  undeliverableReason: z
    .string({ error: SHIPMENT_LIFECYCLE_MESSAGES.returnReasonRequired })
    .trim()
    .min(1, { error: SHIPMENT_LIFECYCLE_MESSAGES.returnReasonRequired })
    .max(RETURN_REASON_MAX_CHARS, {
      error: `El motivo no puede superar ${RETURN_REASON_MAX_CHARS} caracteres.`,
    })
    .optional(),
});
export type ShipmentUpdate = z.infer<typeof ShipmentUpdateSchema>;
