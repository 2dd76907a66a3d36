/**
 * The rider screens' rules of post-order-and-logistics.md section 4 that are not moves (those are in
 * lifecycle/shipment-lifecycle.ts): who sees a shipment's details, the stack's order and end, the
 * slider's labels and thresholds, and the delivery window from the distance to the drop-off.
 */
import { MESSAGES } from '../messages.ts';
import {
  isCancelledShipmentStatus,
  RIDER_IN_PROGRESS_STATUSES,
  type ShipmentStatus,
} from './shipment-status.ts';

/** A shipment with a rider who is not the current user counts as a lost auction. */
export function hasLostAuction(shipment: { riderId: number | null }, currentRiderId: number): boolean {
  return shipment.riderId !== null && shipment.riderId !== currentRiderId;
}

/** Details can be shown if looking for driver, driver cancelled, stacking, or the user did not lose the auction. */
export function canShowShipmentDetails(
  shipment: { status: ShipmentStatus; riderId: number | null },
  currentRiderId: number,
): boolean {
  return (
    shipment.status === 'LOOKING_FOR_DRIVER' ||
    shipment.status === 'DRIVER_CANCELED' ||
    shipment.status === 'STACKING' ||
    !hasLostAuction(shipment, currentRiderId)
  );
}

/** The recipient ('Recibe') goes only to the rider who has the shipment, while it is theirs to deliver. */
export function canSeeRecipient(
  shipment: { status: ShipmentStatus; riderId: number | null },
  currentRiderId: number,
): boolean {
  return (
    shipment.riderId === currentRiderId &&
    (shipment.status === 'ON_ROUTE_TO_PICK_UP' ||
      shipment.status === 'IN_STORE' ||
      shipment.status === 'ON_ROUTE_TO_DROP_OFF' ||
      shipment.status === 'ON_ROUTE_TO_DROP_OFFS')
  );
}

/** The slider's label in each status (section 4); null where the slider has no step. */
export function sliderLabel(status: ShipmentStatus, returnShipment: boolean): string | null {
  switch (status) {
    case 'LOOKING_FOR_DRIVER':
      return MESSAGES.sliderAcceptShipment;
    case 'ON_ROUTE_TO_PICK_UP':
      return MESSAGES.sliderAtStore;
    case 'IN_STORE':
      return MESSAGES.sliderOnRouteToCustomer;
    case 'ON_ROUTE_TO_DROP_OFF':
    case 'ON_ROUTE_TO_DROP_OFFS':
      return MESSAGES.sliderDelivered;
    case 'DELIVERED':
      return returnShipment ? MESSAGES.sliderBackToStore : null;
    default:
      return null;
  }
}

/** Section 9: the slider confirms only when released at 85 or more; a move of more than 20 at once is ignored. */
export const SLIDER_ACCEPT_THRESHOLD = 85;
export const SLIDER_STEP_TOLERANCE = 20;

/** The slider's next value after a move, ignoring jumps over the tolerance (a tap at the far end). */
export function nextSliderValue(current: number, proposed: number): number {
  const clamped = Math.min(100, Math.max(0, proposed));
  return Math.abs(clamped - current) > SLIDER_STEP_TOLERANCE ? current : clamped;
}

export function sliderConfirms(released: number): boolean {
  return released >= SLIDER_ACCEPT_THRESHOLD;
}

/** Section 9 vibrations: one short pulse for success, a longer pattern for failure. */
export const VIBRATION_SUCCESS = [100] as const;
export const VIBRATION_FAILURE = [100, 50, 100, 75, 100] as const;

// STACKING is a cancelled-type status (section 4): last in a stack, and done
const isCancelled = (status: ShipmentStatus) => isCancelledShipmentStatus(status);
const isDelivered = (status: ShipmentStatus) => status === 'DELIVERED' || status === 'RETURNED';

/** Stack shipment sort: delivered first, cancelled last, the others by stacking order. */
export function sortStackShipments<T extends { status: ShipmentStatus; stackingOrder: number }>(
  shipments: readonly T[],
): T[] {
  const rank = (status: ShipmentStatus) => (isDelivered(status) ? 0 : isCancelled(status) ? 2 : 1);
  return [...shipments].sort((a, b) => rank(a.status) - rank(b.status) || a.stackingOrder - b.stackingOrder);
}

/** A stack is finished when every shipment is delivered, driver-cancelled or returned. */
export function isStackFinished(shipments: readonly { status: ShipmentStatus }[]): boolean {
  return shipments.length > 0 && shipments.every((s) => isDelivered(s.status) || isCancelled(s.status));
}

/**
 * A stack with return shipments stays updatable until all returns are returned or driver-cancelled;
 * without returns, until it is finished.
 */
export function isStackUpdatable(
  shipments: readonly { status: ShipmentStatus; returnShipment: boolean }[],
): boolean {
  const returns = shipments.filter((s) => s.returnShipment);
  if (returns.length > 0) return returns.some((s) => s.status !== 'RETURNED' && !isCancelled(s.status));
  return !isStackFinished(shipments);
}

/** Route letters: A is the shop, B, C... the drop-offs in order. */
export function routeLetter(index: number): string {
  return String.fromCharCode(65 + (index % 26));
}

/** A city rider's pace (about 18 km/h with stops): the delivery window from the distance left. */
const METERS_PER_MINUTE = 300;
export function deliveryWindow(distanceMeters: number, now: Date): { minEta: Date; maxEta: Date } {
  const minutes = Math.max(2, Math.ceil(distanceMeters / METERS_PER_MINUTE));
  return {
    minEta: new Date(now.getTime() + minutes * 60_000),
    maxEta: new Date(now.getTime() + Math.ceil(minutes * 1.5 + 5) * 60_000),
  };
}

/**
 * The rider's minETA and maxETA (the Rider entity of section 3; the spec does not say what they mean):
 * the span in which the deliveries the rider is working on should arrive, from the soonest start of
 * their windows to the latest end. Only the rider's shipments in progress count (taken and not yet
 * delivered: never a cancelled-type one); null when none has a window.
 */
export function riderEtaWindow(
  shipments: readonly { status: string; minEta: Date | null; maxEta: Date | null }[],
): { minETA: Date | null; maxETA: Date | null } {
  let minETA: Date | null = null;
  let maxETA: Date | null = null;
  for (const { status, minEta, maxEta } of shipments) {
    if (!(RIDER_IN_PROGRESS_STATUSES as readonly string[]).includes(status)) continue;
    const from = minEta ?? maxEta;
    const to = maxEta ?? minEta;
    if (from && (minETA === null || from < minETA)) minETA = from;
    if (to && (maxETA === null || to > maxETA)) maxETA = to;
  }
  return { minETA, maxETA };
}

/** How many of an order code's last characters a rider sees: enough to match the ticket, useless to look it up. */
export const ORDER_REF_CHARS = 3;

/** The rider's reference of an order: '…' and the code's last characters ('…7DY'). */
export function orderReference(code: string): string {
  return `…${code.slice(-ORDER_REF_CHARS)}`;
}

/** The diner's first name, all a rider needs to ask for at the door. */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? '';
}

/** Wrong delivery codes a shipment takes in its window before it is locked (a guess at 4 digits is 1 in 10,000). */
export const DELIVERY_CODE_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 } as const;
export const DELIVERY_CODE_LOCKED =
  'Demasiadas claves incorrectas para este envío. Confirmá la clave con el cliente y probá de nuevo en 15 minutos, o llamá al local.';

/**
 * A shop's rider security code: digits only, at least 6 (a million codes; with each address slowed
 * after three wrong tries, guessing one takes years, where 4 digits fell in days). The demo's `4321`
 * is kept as a documented demo credential only (business import's demo option).
 */
export const RIDER_SECURITY_CODE_MIN_DIGITS = 6;
export const RIDER_SECURITY_CODE_MAX_DIGITS = 12;

export function riderSecurityCodeProblem(code: string): string | null {
  return new RegExp(`^\\d{${RIDER_SECURITY_CODE_MIN_DIGITS},${RIDER_SECURITY_CODE_MAX_DIGITS}}$`).test(code)
    ? null
    : `El código de seguridad de los repartidores tiene que tener entre ${RIDER_SECURITY_CODE_MIN_DIGITS} y ${RIDER_SECURITY_CODE_MAX_DIGITS} números.`;
}

/**
 * The rider page's texts when a shift moves to a phone the rider never used (the screens import these
 * without the contract's schemas: zod in a page trips the CSP's eval check).
 */
export const RIDER_DEVICE_MESSAGES = {
  codeSent: (phoneEnding: string, channel: 'SANDBOX' | 'WHATSAPP') =>
    `Es la primera vez que usás este teléfono. Te enviamos un código${channel === 'WHATSAPP' ? ' por WhatsApp' : ''} al número terminado en ${phoneEnding}.`,
  codeLabel: 'Código que te enviamos',
} as const;
