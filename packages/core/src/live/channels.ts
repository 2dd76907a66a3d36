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
