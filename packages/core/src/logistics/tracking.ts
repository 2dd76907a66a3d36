/**
 * The public tracking page's rules (post-order-and-logistics.md sections 2, 3, 4, 5 and 9): markers, map
 * centre, rider links, the ETA line, and the page's data and push-connection states.
 */
import type { LatLng } from '../geo.ts';
import { localDateTime, localParts, phoneDigits, whatsAppLink } from '../local-time.ts';
import { MESSAGES } from '../messages.ts';
import { canShowEta, canShowRiderPosition } from './shipment-status.ts';

/** Section 9: the tracking map and its push channel. */
export const TRACKING_MAP_INITIAL_ZOOM = 5;
export const TRACKING_MARKER_SIZE = 36;
export const TRACKING_BIND_DELAY_MS = 1000;

/**
 * The centre offset, in degrees of latitude, at zoom 14 and above 7: one step of zoom doubles the
 * pixels per degree, so halving the offset keeps it at about 20 px on a phone at every zoom. Below
 * zoom 7 the spec keeps a base offset (the same value as at zoom 7, so the two rules meet).
 */
export const TRACKING_MAP_OFFSET_AT_ZOOM_14 = 0.0015;
export const TRACKING_MAP_BASE_OFFSET = TRACKING_MAP_OFFSET_AT_ZOOM_14 * 2 ** 7;

export function trackingMapOffset(zoom: number): number {
  if (zoom < 7) return TRACKING_MAP_BASE_OFFSET;
  return TRACKING_MAP_OFFSET_AT_ZOOM_14 * 2 ** (14 - zoom);
}

export type MarkerType = 'rider' | 'branch' | 'destination';
export interface Marker {
  type: MarkerType;
  position: LatLng;
}

interface MaybePosition {
  lat?: number | null | undefined;
  lng?: number | null | undefined;
}

export interface TrackingRider extends MaybePosition {
  name?: string | null | undefined;
  phone?: string | null | undefined;
}

/** What the rules read of the API's tracking info (packages/core/src/contract/tracking.ts). */
export interface TrackingView {
  status: string;
  rider?: TrackingRider | null | undefined;
  branchLocation?: MaybePosition | null | undefined;
  destinationLocation?: MaybePosition | null | undefined;
  eta?: { minEta?: string | null | undefined; maxEta?: string | null | undefined } | null | undefined;
}

/** A usable point: both coordinates present, finite and not zero (a zero is an unset coordinate). */
function positionOf(point: MaybePosition | null | undefined): LatLng | null {
  if (!point) return null;
  const { lat, lng } = point;
  if (typeof lat !== 'number' || typeof lng !== 'number') return null;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || lat === 0 || lng === 0) return null;
  return { lat, lng };
}

/** Rider (only when the status allows it), branch and destination; missing or zero coordinates dropped. */
export function trackingMarkers(info: TrackingView): Marker[] {
  const candidates: [MarkerType, MaybePosition | null | undefined][] = [
    ['rider', canShowRiderPosition(info.status) ? info.rider : null],
    ['branch', info.branchLocation],
    ['destination', info.destinationLocation],
  ];
  const markers: Marker[] = [];
  for (const [type, point] of candidates) {
    const position = positionOf(point);
    if (position) markers.push({ type, position });
  }
  return markers;
}

/**
 * The spec's map centre: the rider's position; without one, the average of the markers moved south by
 * the zoom's offset, so they sit a little above the middle of the map, clear of the overlay below it.
 * Null when there is no marker at all.
 */
export function trackingMapCenter(markers: Marker[], zoom: number): LatLng | null {
  const rider = markers.find((marker) => marker.type === 'rider');
  if (rider) return rider.position;
  if (markers.length === 0) return null;
  const lat = markers.reduce((sum, m) => sum + m.position.lat, 0) / markers.length;
  const lng = markers.reduce((sum, m) => sum + m.position.lng, 0) / markers.length;
  return { lat: lat - trackingMapOffset(zoom), lng };
}

export interface LatLngBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/**
 * The smallest box centred on `center` that holds every marker: the view to fit when the map must keep
 * the spec's centre and still show all markers.
 */
export function boxAround(center: LatLng, markers: Marker[]): LatLngBox {
  let dLat = 0;
  let dLng = 0;
  for (const { position } of markers) {
    dLat = Math.max(dLat, Math.abs(position.lat - center.lat));
    dLng = Math.max(dLng, Math.abs(position.lng - center.lng));
  }
  return {
    south: center.lat - dLat,
    west: center.lng - dLng,
    north: center.lat + dLat,
    east: center.lng + dLng,
  };
}

/** The rider's name, or 'Sin repartidor'. */
export function riderLabel(rider: TrackingRider | null | undefined): string {
  const name = rider?.name?.trim();
  return name ? name : MESSAGES.noRider;
}

/**
 * Whether the overlay has a rider line at all: always with a named rider; 'Sin repartidor' only while no
 * rider holds the job. While a rider heads to the shop or waits in it, the status badge says so and the
 * rider is not named yet (a customer sees shipment details only on route to drop-off).
 */
export function showsRiderLine(info: Pick<TrackingView, 'status' | 'rider'>): boolean {
  if (info.rider?.name?.trim()) return true;
  return info.status !== 'ON_ROUTE_TO_PICK_UP' && info.status !== 'IN_STORE';
}

/** The rider block (name, WhatsApp and call) is shown only with both a name and a phone. */
export function hasRiderContact(rider: TrackingRider | null | undefined): boolean {
  return Boolean(rider?.name?.trim() && phoneDigits(rider?.phone));
}

/** The rider's WhatsApp link; null without a phone (the link is then inert). */
export function riderWhatsAppLink(phone: string | null | undefined): string | null {
  return whatsAppLink(phone);
}

/** 'tel:+5491160000001' (the + kept when the phone has it); null without a phone. */
export function riderCallLink(phone: string | null | undefined): string | null {
  const digits = phoneDigits(phone);
  if (!digits) return null;
  return `tel:${phone?.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** The estimated time as the overlay writes it: 'HH:mm' in the branch's zone (the latest estimate). */
export function trackingEtaTime(info: TrackingView, timeZone: string): string {
  if (!canShowEta(info.status)) return '';
  return localParts(info.eta?.maxEta ?? info.eta?.minEta, timeZone)?.time ?? '';
}

/** 'Entrega estimada: 15:40 hs', or '' (the line is then hidden) when the status or the data has none. */
export function trackingEtaText(info: TrackingView, timeZone: string): string {
  const time = trackingEtaTime(info, timeZone);
  return time ? MESSAGES.estimatedDelivery(time) : '';
}

/** The order's date and time in the overlay: '18/11/2026 14:50 hs'; '' when unknown. */
export function trackingDateTime(iso: string | null | undefined, timeZone: string): string {
  const text = localDateTime(iso, timeZone);
  return text ? `${text} hs` : '';
}

/** Section 4: 'initial' until the first successful fetch; a manual refresh goes back to 'initial'. */
export type TrackingDataStatus = 'initial' | 'loaded';

/** The push connection's states; only 'connected' turns the live flag on. */
export type PushConnectionState = 'connected' | 'disconnected' | 'failed' | 'unavailable';

export function isLiveConnection(state: PushConnectionState | null | undefined): boolean {
  return state === 'connected';
}

/** Push updates are subscribed only once the data is loaded and live updates are enabled. */
export function shouldSubscribeToTracking(status: TrackingDataStatus, liveUpdatesEnabled: boolean): boolean {
  return status === 'loaded' && liveUpdatesEnabled;
}
