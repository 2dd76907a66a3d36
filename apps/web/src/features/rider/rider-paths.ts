/**
 * The riders' paths (post-order-and-logistics.md section 2). The spec does not spell the register
 * page's variants in the path; they are written as the spec names them.
 */
export const RIDER_VARIANTS = ['phoneIntake', 'register', 'logIn', 'logOut', 'success'] as const;
export type RiderVariant = (typeof RIDER_VARIANTS)[number];

export function isRiderVariant(value: string | undefined): value is RiderVariant {
  return (RIDER_VARIANTS as readonly string[]).includes(value ?? '');
}

/** SIMPLE (one shipment) or STACK (several shipments taken together). */
export type ShipmentType = 'SIMPLE' | 'STACK';

/** The path's shipmentType, in either case ('SIMPLE' or 'simple'); null for anything else. */
export function parseShipmentType(value: string | undefined): ShipmentType | null {
  const upper = (value ?? '').toUpperCase();
  return upper === 'SIMPLE' || upper === 'STACK' ? upper : null;
}

const segment = encodeURIComponent;

export function riderVariantPath(alias: string, variant: RiderVariant): string {
  return `/logistics/${segment(alias)}/rider/${variant}`;
}

export function shipmentListPath(alias: string): string {
  return `/logistics/${segment(alias)}/shipments`;
}

export function shipmentDetailPath(alias: string, type: ShipmentType, id: number): string {
  return `/logistics/${segment(alias)}/shipments/${type}/${id}`;
}

/** The redirect page: to the rider's shipment in progress, else to the list. */
export function riderShipmentsPath(alias: string, riderId: number): string {
  return `/logistics/${segment(alias)}/rider/${riderId}/shipments`;
}

/** Where the redirect page goes once the rider's shipment in progress is known. */
export function inProgressTarget(
  alias: string,
  inProgress: { shipment: { id: number } | null; stack: { id: number } | null } | null,
): string {
  if (inProgress?.stack?.id) return shipmentDetailPath(alias, 'STACK', inProgress.stack.id);
  if (inProgress?.shipment?.id) return shipmentDetailPath(alias, 'SIMPLE', inProgress.shipment.id);
  return shipmentListPath(alias);
}
