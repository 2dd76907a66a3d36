/**
 * Shipment statuses of post-order-and-logistics.md section 4, and what the public tracking page may show
 * in each of them. The rider's screens (accept, advance, cancel) build on the same list.
 */
export const SHIPMENT_STATUSES = [
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  // the stack's form of ON_ROUTE_TO_DROP_OFF: one rider, several drop-offs
  'ON_ROUTE_TO_DROP_OFFS',
  'DELIVERED',
  'RETURNED',
  'DRIVER_CANCELED',
  'STACKING',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The spec's forward order; the slider advances a shipment to the next of these. */
export const SHIPMENT_FORWARD_ORDER: readonly ShipmentStatus[] = [
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'DELIVERED',
  'RETURNED',
];

export function isShipmentStatus(value: unknown): value is ShipmentStatus {
  return typeof value === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/**
 * The cancelled-type statuses (section 4): the rider gave the shipment up, or it ended as STACKING,
 * which the spec counts as cancelled too. Such a shipment has no delivery code and no ETA, sorts last
 * in a stack and counts as done.
 */
export function isCancelledShipmentStatus(status: string): boolean {
  return status === 'DRIVER_CANCELED' || status === 'STACKING';
}

// plain arrays, not Sets: a module-level `new Set()` counts as a side effect to the bundler, which would
// then keep this module in the storefront's first JS
/**
 * Not delivered yet and not given up: waiting for a rider, or with a rider. STACKING is not among them:
 * the spec counts it as a cancelled-type status, so it shows neither a delivery code nor an ETA.
 */
const BEFORE_DELIVERY: readonly string[] = [
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

/** The shipments a rider's location update concerns (their tracking pages move the rider's marker). */
export const RIDER_IN_PROGRESS_STATUSES: readonly ShipmentStatus[] = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

/** The rider is bringing the order to the customer (alone, or with a stack's other drop-offs). */
const ON_THE_WAY_TO_CUSTOMER: readonly string[] = ['ON_ROUTE_TO_DROP_OFF', 'ON_ROUTE_TO_DROP_OFFS'];

/**
 * The spec: "a customer sees shipment details only while on route to drop-off". The rider's name,
 * phone and position reach the customer only then: not while the rider heads to the shop or waits in
 * it, and not after the delivery (the rider's later whereabouts are private).
 */
export function canShowRiderPosition(status: string): boolean {
  return ON_THE_WAY_TO_CUSTOMER.includes(status);
}

/** After a delivered, returned or cancelled shipment its tracking link works this long, then expires. */
export const TRACKING_LINK_TTL_AFTER_END_MS = 60 * 60 * 1000;

export function isTrackingLinkExpired(status: string, updatedAt: Date, now: Date): boolean {
  const ended = status === 'DELIVERED' || status === 'RETURNED' || isCancelledShipmentStatus(status);
  return ended && now.getTime() - updatedAt.getTime() > TRACKING_LINK_TTL_AFTER_END_MS;
}

/** The estimated delivery time means something until the order is delivered, returned or cancelled. */
export function canShowEta(status: string): boolean {
  return BEFORE_DELIVERY.includes(status);
}

/**
 * Our validity rule for the delivery code (the spec leaves it out): the shipment has a code, and it is
 * still to be delivered. After DELIVERED, RETURNED or a cancelled-type status (DRIVER_CANCELED,
 * STACKING) the code is of no use to the customer and is no longer shown (nor sent by the API).
 */
export function isSecurityCodeValid(status: string, securityCode: string | null | undefined): boolean {
  return typeof securityCode === 'string' && securityCode.trim() !== '' && BEFORE_DELIVERY.includes(status);
}

export interface StatusBadge {
  label: string;
  /** Background of the badge; white text on it reaches WCAG AA (4.5:1). */
  color: string;
}

/** The tracking overlay's label and colour of each status (the spec names neither). */
export const TRACKING_STATUS_BADGES: Record<ShipmentStatus, StatusBadge> = {
  LOOKING_FOR_DRIVER: { label: 'Buscando repartidor', color: '#B45309' },
  STACKING: { label: 'Envío cancelado', color: '#B91C1C' },
  ON_ROUTE_TO_PICK_UP: { label: 'Repartidor en camino al local', color: '#1D4ED8' },
  IN_STORE: { label: 'Repartidor en el local', color: '#6D28D9' },
  ON_ROUTE_TO_DROP_OFF: { label: 'En camino', color: '#0F766E' },
  ON_ROUTE_TO_DROP_OFFS: { label: 'En camino', color: '#0F766E' },
  DELIVERED: { label: 'Entregado', color: '#15803D' },
  RETURNED: { label: 'Devuelto al local', color: '#4B5563' },
  DRIVER_CANCELED: { label: 'Envío cancelado', color: '#B91C1C' },
};

const UNKNOWN_STATUS_BADGE: StatusBadge = { label: 'Estado del envío no disponible', color: '#4B5563' };

/** A return shipment's DELIVERED is the way back: the diner did not get the order. */
export const RETURNING_BADGE: StatusBadge = { label: 'Regresando al local', color: '#4B5563' };

export function trackingStatusBadge(status: string, returnShipment = false): StatusBadge {
  if (returnShipment && status === 'DELIVERED') return RETURNING_BADGE;
  return isShipmentStatus(status) ? TRACKING_STATUS_BADGES[status] : UNKNOWN_STATUS_BADGE;
}
