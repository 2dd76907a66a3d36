/**
 * What the riders' shipment screens compute (post-order-and-logistics.md sections 4 and 9): the listing
 * window, the list's entries, the route's letters and distance, a stack's deliveries, map links, ages,
 * and when the phone shares its position.
 */
import {
  distanceInMeters,
  formatDistanceKm,
  isCancelledShipmentStatus,
  isShipmentStatus,
  isStackFinished,
  RETURN_REASON_MAX_CHARS,
  routeLetter,
  type ShipmentStatus,
  sortStackShipments,
} from '@comanda/core';
import type { RiderShipment, RiderShipmentStack, RouteStop, ShipmentList } from '@comanda/core/contract';
import type { ShipmentType } from '../rider/rider-paths.ts';

/** Section 9: the list shows shipments of the last 3 days, of the contact's own fleet. */
export const LISTING_WINDOW_DAYS = 3;
export const LIST_PAGE_SIZE = 20;
export const OWN_FLEET = 'OWN_FLEET';
/** Section 9: the shipment is fetched again this long after an update, to catch the server's follow-ups. */
export const REFRESH_AFTER_UPDATE_MS = 5000;
/** The rider's position goes to the server at most this often. */
export const LOCATION_INTERVAL_MS = 15_000;

const DAY_MS = 24 * 60 * 60_000;

/** The list call's query (section 7): page, sort ASC, the window from 3 days ago to now, still looking for a driver. */
export function shipmentListQuery(branchContactId: number, now: Date) {
  return {
    page: 0,
    pageSize: LIST_PAGE_SIZE,
    sort: 'ASC',
    branchContactId,
    startDate: new Date(now.getTime() - LISTING_WINDOW_DAYS * DAY_MS).toISOString(),
    endDate: now.toISOString(),
    status: 'LOOKING_FOR_DRIVER',
    providerName: OWN_FLEET,
  } as const;
}

export function shipmentStackListQuery(branchContactId: number) {
  return { status: 'LOOKING_FOR_DRIVER', delivery_provider_name: OWN_FLEET, branchContactId } as const;
}

/** 'A → B → C': the route's letters, shop first. */
export function routeLettersText(stops: readonly Pick<RouteStop, 'letter'>[]): string {
  return stops.map((stop) => stop.letter).join(' → ');
}

const hasPosition = (stop: Pick<RouteStop, 'lat' | 'lng'>): stop is { lat: number; lng: number } =>
  typeof stop.lat === 'number' && typeof stop.lng === 'number' && !(stop.lat === 0 && stop.lng === 0);

/** Metres along the route from stop to stop; null when a stop has no position. */
export function routeDistanceMeters(stops: readonly Pick<RouteStop, 'lat' | 'lng'>[]): number | null {
  if (stops.length < 2 || !stops.every(hasPosition)) return null;
  let total = 0;
  for (let i = 1; i < stops.length; i++) {
    const from = stops[i - 1];
    const to = stops[i];
    if (from && to && hasPosition(from) && hasPosition(to)) total += distanceInMeters(from, to);
  }
  return total;
}

export function routeDistanceText(stops: readonly Pick<RouteStop, 'lat' | 'lng'>[]): string | null {
  const meters = routeDistanceMeters(stops);
  return meters === null ? null : formatDistanceKm(meters);
}

/** 'Ver en mapa': directions to the stop in the phone's maps app (its position, else its address). */
export function mapsLink(stop: Pick<RouteStop, 'lat' | 'lng' | 'address'>): string {
  const destination = hasPosition(stop) ? `${stop.lat},${stop.lng}` : stop.address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** How long ago a shipment was created: 'Hace 5 min', 'Hace 1 h 20 min', 'Hace 2 días'. */
export function ageText(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 1) return 'Recién creado';
  if (minutes < 60) return `Hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `Hace ${hours} h ${minutes % 60} min` : `Hace ${hours} h`;
  const days = Math.floor(hours / 24);
  return days === 1 ? 'Hace 1 día' : `Hace ${days} días`;
}

/** One card of the list: a shipment alone, or a stack of them taken together. */
export interface ShipmentListEntry {
  key: string;
  type: ShipmentType;
  id: number;
  /** A stack with several drop-offs: 'Multientrega'. */
  multi: boolean;
  dropOffs: RouteStop[];
  letters: string;
  distance: string | null;
  createdAt: string;
  amountToCollect: number;
  currency: string;
}

function dropOffsOf(stops: readonly RouteStop[]): RouteStop[] {
  return stops.filter((stop) => stop.kind === 'DROP_OFF');
}

function simpleEntry(shipment: RiderShipment): ShipmentListEntry {
  return {
    key: `SIMPLE-${shipment.id}`,
    type: 'SIMPLE',
    id: shipment.id,
    multi: false,
    dropOffs: dropOffsOf(shipment.stops),
    letters: routeLettersText(shipment.stops),
    distance: routeDistanceText(shipment.stops),
    createdAt: shipment.createdAt,
    amountToCollect: shipment.logisticsOrder.amountToCollect,
    currency: shipment.logisticsOrder.currency,
  };
}

function stackEntry(stack: RiderShipmentStack): ShipmentListEntry {
  const oldest = stack.shipments.map((s) => s.createdAt).sort()[0] ?? '';
  return {
    key: `STACK-${stack.id}`,
    type: 'STACK',
    id: stack.id,
    multi: stack.shipments.length > 1,
    dropOffs: dropOffsOf(stack.stops),
    letters: routeLettersText(stack.stops),
    distance: routeDistanceText(stack.stops),
    createdAt: oldest,
    amountToCollect: stack.shipments.reduce((sum, s) => sum + s.logisticsOrder.amountToCollect, 0),
    currency: stack.shipments[0]?.logisticsOrder.currency ?? '',
  };
}

/**
 * The list's cards, oldest first: the stacks, and the shipments that are in none of them (a
 * shipment is never offered twice).
 */
export function shipmentListEntries(
  list: Pick<ShipmentList, 'shipments'> | null | undefined,
  stacks: readonly RiderShipmentStack[] | null | undefined,
): ShipmentListEntry[] {
  const stacked = new Set((stacks ?? []).flatMap((stack) => stack.shipments.map((s) => s.id)));
  const stackIds = new Set((stacks ?? []).map((stack) => stack.id));
  const alone = (list?.shipments ?? []).filter(
    (s) => !stacked.has(s.id) && (s.shipmentStackId === null || !stackIds.has(s.shipmentStackId)),
  );
  return [
    ...(stacks ?? []).filter((stack) => stack.shipments.length > 0).map(stackEntry),
    ...alone.map(simpleEntry),
  ].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.key.localeCompare(b.key));
}

/** A stack's shipment with the route letter of its drop-off. */
export interface StackDelivery {
  letter: string;
  shipment: RiderShipment;
}

const sameStop = (stop: RouteStop, destination: RiderShipment['logisticsOrder']['destination']) =>
  destination !== null &&
  stop.kind === 'DROP_OFF' &&
  stop.address === destination.address &&
  stop.lat === destination.lat &&
  stop.lng === destination.lng;

/**
 * A stack's shipments in the spec's order (delivered first, cancelled last, the others by stacking
 * order), each with its drop-off's letter on the stack's route (by its stacking order when no stop
 * matches its destination).
 */
export function stackDeliveries(stack: Pick<RiderShipmentStack, 'shipments' | 'stops'>): StackDelivery[] {
  const byStackingOrder = [...stack.shipments].sort((a, b) => a.stackingOrder - b.stackingOrder);
  return sortStackShipments(stack.shipments).map((shipment) => {
    const stop = stack.stops.find((candidate) => sameStop(candidate, shipment.logisticsOrder.destination));
    return {
      letter: stop?.letter ?? routeLetter(byStackingOrder.indexOf(shipment) + 1),
      shipment,
    };
  });
}

const OPEN_DROP_OFF: readonly ShipmentStatus[] = ['ON_ROUTE_TO_DROP_OFF', 'ON_ROUTE_TO_DROP_OFFS'];

/**
 * The stack's shipments the rider may mark DELIVERED now, the next stop first: the slider delivers the
 * first unless the rider picks another in the delivery code dialog.
 */
export function deliverableShipments(deliveries: readonly StackDelivery[]): StackDelivery[] {
  return deliveries
    .filter((delivery) => OPEN_DROP_OFF.includes(delivery.shipment.status))
    .sort((a, b) => a.shipment.stackingOrder - b.shipment.stackingOrder);
}

/**
 * 'No pude entregar': the stack's shipments the rider may report undeliverable now (theirs, on the way to
 * the drop-off), the next stop first.
 */
export function undeliverableShipments(deliveries: readonly StackDelivery[]): StackDelivery[] {
  return deliveries
    .filter((delivery) => delivery.shipment.canReportUndeliverable)
    .sort((a, b) => a.shipment.stackingOrder - b.shipment.stackingOrder);
}

/**
 * A stack's return shipments on their way back to the shop: each takes its own 'Regreso al local' step
 * (the stack's slider leads its open drop-offs, not them).
 */
export function returningDeliveries(deliveries: readonly StackDelivery[]): StackDelivery[] {
  return deliveries.filter(
    (delivery) => delivery.shipment.returnShipment && delivery.shipment.nextStatus === 'RETURNED',
  );
}

/** The 'Otro motivo' choice of 'No pude entregar': the rider writes the reason. */
export const OTHER_REASON = 'OTHER';

/** The reason to send: the one chosen, or the rider's words under 'Otro motivo'; null without one. */
export function undeliverableReason(choice: string | null, other: string): string | null {
  if (choice === null) return null;
  const reason = (choice === OTHER_REASON ? other : choice).trim().slice(0, RETURN_REASON_MAX_CHARS);
  return reason === '' ? null : reason;
}

/**
 * The status a stack shows: its own when it is a shipment status, else (a stack is 'PENDING' until a
 * rider takes it) the one of its next open shipment, or of its first when all are done.
 */
export function stackStatus(stack: Pick<RiderShipmentStack, 'status' | 'shipments'>): string {
  if (isShipmentStatus(stack.status)) return stack.status;
  const byOrder = [...stack.shipments].sort((a, b) => a.stackingOrder - b.stackingOrder);
  const open = byOrder.find(
    (s) => s.status !== 'DELIVERED' && s.status !== 'RETURNED' && !isCancelledShipmentStatus(s.status),
  );
  return (open ?? byOrder[0])?.status ?? stack.status;
}

/** When every shipment of a stack is delivered or cancelled, the stack is fetched again (section 4). */
export function shouldRefetchStack(stack: Pick<RiderShipmentStack, 'shipments'>): boolean {
  return isStackFinished(stack.shipments);
}

const IN_PROGRESS: readonly ShipmentStatus[] = [
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
];

/** The rider is on the job: their position is shared while a shipment of theirs is on its way. */
export function isShipmentInProgress(status: ShipmentStatus, returnShipment = false): boolean {
  return IN_PROGRESS.includes(status) || (returnShipment && status === 'DELIVERED');
}

export function shouldSendLocation(lastSentAt: number | null, now: number): boolean {
  return lastSentAt === null || now - lastSentAt >= LOCATION_INTERVAL_MS;
}

/** The delivery code the diner shares at the door: 4 digits. */
export function isDeliveryCode(value: string): boolean {
  return /^\d{4}$/.test(value.trim());
}
