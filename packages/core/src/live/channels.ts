/**
 * Every live-update channel and its events, in one typed list (DESIGN.md, live updates). The server
 * publishes on these names and the browsers subscribe to them over Server-Sent Events; no other code
 * spells a channel or an event name.
 */

/** The spec's tracking channel prefix (section 9): 'tracking-{shipmentId}'. */
export const TRACKING_CHANNEL_PREFIX = 'tracking-';

export const LIVE_CHANNELS = {
  /** One order's follow-up page: the whole follow-up answer after every change. */
  order: { name: (orderId: number) => `order-${orderId}`, event: 'order-update' },
  /** A branch contact's order feed: the console's board gets each new or changed order. */
  contactOrders: {
    name: (branchContactId: number) => `contact-orders-${branchContactId}`,
    event: 'console-order',
    /** sent once, first, on each connection: the whole board, so a reconnection misses nothing */
    snapshotEvent: 'console-board',
  },
  /**
   * A branch contact's rider fleet: one change per created or moved shipment (its id, status and
   * rider, nothing of the diner), so the riders' open lists refresh and a new job rings.
   */
  contactShipments: {
    name: (branchContactId: number) => `contact-shipments-${branchContactId}`,
    event: 'shipment-change',
    /** sent once, first, on each connection: the contact it streams, so the list knows it is live */
    snapshotEvent: 'shipments-open',
  },
  /**
   * A branch contact's storefront: a plate ran out or came back, a mode was paused or resumed, the
   * shop's settings changed. Open menus and carts fetch again (nothing but the contact travels).
   */
  storefront: {
    name: (branchContactId: number) => `storefront-${branchContactId}`,
    event: 'storefront-change',
    snapshotEvent: 'storefront-open',
  },
  /** A shipment's public tracking page (the spec's 'logistics tracking update' event). */
  tracking: {
    name: (shipmentId: number) => `${TRACKING_CHANNEL_PREFIX}${shipmentId}`,
    event: 'logistics-tracking-update',
  },
} as const;

export type LiveChannelKind = keyof typeof LIVE_CHANNELS;

/** The order's own channel and its event, carrying the follow-up answer. */
export const orderChannel = LIVE_CHANNELS.order.name;
export const ORDER_UPDATE_EVENT = LIVE_CHANNELS.order.event;

/** A contact's order feed and its event, carrying the console's order card. */
export const contactOrdersChannel = LIVE_CHANNELS.contactOrders.name;
export const CONSOLE_ORDER_EVENT = LIVE_CHANNELS.contactOrders.event;
export const CONSOLE_BOARD_EVENT = LIVE_CHANNELS.contactOrders.snapshotEvent;

export const trackingChannel = LIVE_CHANNELS.tracking.name;
export const TRACKING_UPDATE_EVENT = LIVE_CHANNELS.tracking.event;

/** A contact's fleet channel and its event, carrying a ShipmentChange. */
export const contactShipmentsChannel = LIVE_CHANNELS.contactShipments.name;
export const SHIPMENT_CHANGE_EVENT = LIVE_CHANNELS.contactShipments.event;
export const SHIPMENTS_OPEN_EVENT = LIVE_CHANNELS.contactShipments.snapshotEvent;

/** What the fleet channel says of a shipment that was created or moved. */
export interface ShipmentChange {
  shipmentId: number;
  status: string;
  riderId: number | null;
}

export function isShipmentChange(value: unknown): value is ShipmentChange {
  if (typeof value !== 'object' || value === null) return false;
  const change = value as Record<string, unknown>;
  return (
    typeof change.shipmentId === 'number' &&
    typeof change.status === 'string' &&
    (change.riderId === null || typeof change.riderId === 'number')
  );
}

/** A contact's storefront channel and its event, carrying `{ branchContactId }`. */
export const storefrontChannel = LIVE_CHANNELS.storefront.name;
export const STOREFRONT_CHANGE_EVENT = LIVE_CHANNELS.storefront.event;
export const STOREFRONT_OPEN_EVENT = LIVE_CHANNELS.storefront.snapshotEvent;
