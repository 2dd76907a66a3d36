import {
  canShowRiderPosition,
  dinerDelivery,
  isOrderInProgress,
  isSecurityCodeValid,
  isTrackingLinkExpired,
  orderReadyBy,
  RIDER_IN_PROGRESS_STATUSES,
  type ShipmentStatus,
} from '@comanda/core';
import type { TrackingAnswer, TrackingInfo, TrackingWaiting } from '@comanda/core/contract';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';

const stacks = alias(t.shipmentStacks, 'stack');
const logos = alias(t.files, 'logo');

/**
 * One shipment with everything its tracking info shows: order code and destination, the contact's
 * place and zone, the brand and its logo, and the rider (the shipment's own, or its stack's).
 * An order is tracked by its newest shipment (a return is the same shipment on its way back).
 */
function trackingRowQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: t.shipments.id,
      status: t.shipments.status,
      returnShipment: t.shipments.returnShipment,
      createdAt: t.shipments.createdAt,
      updatedAt: t.shipments.updatedAt,
      securityCode: t.shipments.securityCode,
      minEta: t.shipments.minEta,
      maxEta: t.shipments.maxEta,
      orderCode: t.orders.code,
      orderStatus: t.orders.status,
      orderType: t.orders.type,
      scheduled: t.orders.scheduled,
      acceptedAt: t.orders.acceptedAt,
      preparationMinutes: t.orders.preparationMinutes,
      minDelayInMinutes: t.orders.minDelayInMinutes,
      maxDelayInMinutes: t.orders.maxDelayInMinutes,
      destination: t.orders.destination,
      contactLat: t.branchContacts.lat,
      contactLng: t.branchContacts.lng,
      timeZone: t.branchContacts.timeZone,
      branchId: t.branches.id,
      branchName: t.branches.name,
      logoUrl: logos.url,
      riderName: t.riders.name,
      riderPhone: t.riders.phone,
      riderLat: t.riders.lastLat,
      riderLng: t.riders.lastLng,
    })
    .from(t.shipments)
    .innerJoin(t.logisticsOrders, eq(t.logisticsOrders.id, t.shipments.logisticsOrderId))
    .innerJoin(t.orders, eq(t.orders.id, t.logisticsOrders.orderId))
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .innerJoin(t.branches, eq(t.branches.id, t.branchContacts.branchId))
    .leftJoin(stacks, eq(stacks.id, t.shipments.shipmentStackId))
    .leftJoin(t.riders, eq(t.riders.id, sql`coalesce(${t.shipments.riderId}, ${stacks.riderId})`))
    .leftJoin(logos, and(eq(logos.branchId, t.branches.id), eq(logos.type, 'LOGO')))
    .where(where)
    .orderBy(desc(t.shipments.id), desc(logos.id))
    .limit(1);
}

/**
 * The tracking row's two reads as named prepared statements, made once per database: PostgreSQL
 * takes tens of milliseconds to plan this eight-table join (measured 40 to 80 ms on the shared
 * machine, for a run of 0.3 ms), which an unnamed statement pays at every rider move and page.
 */
function preparedTrackingRows(db: Db) {
  return {
    byShipment: trackingRowQuery(db, eq(t.shipments.id, sql.placeholder('shipmentId'))).prepare(
      'tracking_by_shipment',
    ),
    byCode: trackingRowQuery(
      db,
      and(
        eq(t.branchContacts.alias, sql.placeholder('alias')),
        eq(t.branchContacts.active, true),
        eq(t.orders.code, sql.placeholder('orderCode')),
      ),
    ).prepare('tracking_by_code'),
  };
}
const prepared = new WeakMap<Db, ReturnType<typeof preparedTrackingRows>>();
function trackingRows(db: Db) {
  let queries = prepared.get(db);
  if (!queries) {
    queries = preparedTrackingRows(db);
    prepared.set(db, queries);
  }
  return queries;
}

type TrackingRow = Awaited<ReturnType<typeof trackingRowQuery>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * The API's tracking info: the rider's position and the code only when core's rules allow them. The
 * status, the rider's name and the arrival window are the follow-up page's too (core's dinerDelivery):
 * the name from the moment a rider takes the job, the window the shipment's estimate or else the shop's.
 */
export function toTrackingInfo(row: TrackingRow): TrackingInfo {
  const status = row.status as ShipmentStatus;
  const showPosition = canShowRiderPosition(status);
  const destination = row.destination;
  const delivery = dinerDelivery({
    order: {
      status: row.orderStatus,
      type: row.orderType,
      scheduled: row.scheduled,
      readyBy: orderReadyBy(row.acceptedAt, row.preparationMinutes),
      preparationMinutes: row.preparationMinutes,
      minDelayInMinutes: row.minDelayInMinutes,
      maxDelayInMinutes: row.maxDelayInMinutes,
    },
    shipment: {
      status,
      returnShipment: row.returnShipment,
      riderName: row.riderName,
      minEta: iso(row.minEta),
      maxEta: iso(row.maxEta),
    },
  });
  return {
    id: row.id,
    orderCode: row.orderCode,
    status,
    returnShipment: row.returnShipment,
    createdAt: row.createdAt.toISOString(),
    timeZone: row.timeZone,
    // the rider's name once the job is taken; the phone and position only while bringing the order
    rider: delivery.riderName
      ? showPosition
        ? { name: delivery.riderName, phone: row.riderPhone, lat: row.riderLat, lng: row.riderLng }
        : { name: delivery.riderName, phone: null, lat: null, lng: null }
      : null,
    branchLocation: { lat: row.contactLat, lng: row.contactLng },
    destinationLocation:
      typeof destination?.lat === 'number' && typeof destination.lng === 'number'
        ? { lat: destination.lat, lng: destination.lng }
        : null,
    eta: delivery.arrival
      ? { minEta: delivery.arrival.from.toISOString(), maxEta: delivery.arrival.to.toISOString() }
      : null,
    securityCode: isSecurityCodeValid(status, row.securityCode) ? row.securityCode : null,
    branch: { id: row.branchId, name: row.branchName, customLogoURL: row.logoUrl },
  };
}

/**
 * The tracking info of an order of an active branch contact, by the contact's alias and the order code;
 * null (the 404 'Acceso denegado o link expirado') an hour after the shipment ended. A delivery order
 * still in progress with no shipment yet is answered as waiting for a rider.
 */
export async function findTrackingInfo(
  db: Db,
  alias: string,
  orderCode: string,
  now: Date,
): Promise<TrackingAnswer | null> {
  const [row] = await trackingRows(db).byCode.execute({ alias: alias.toLowerCase(), orderCode });
  if (!row) return findWaitingOrder(db, alias, orderCode, now);
  if (isTrackingLinkExpired(row.status, row.updatedAt, now)) return null;
  return toTrackingInfo(row);
}

/** The order statuses a shipment may still come for: the shop has it and has not handed it over. */
const WAITING_STATUSES = ['GENERATED', 'ACCEPTED', 'READY'] as const;

/**
 * A delivery order of an active contact, open and within its follow-up window, with no shipment: what
 * the follow-up page already shows of the code (order code, date, shop), and the shop's public place.
 */
async function findWaitingOrder(
  db: Db,
  alias: string,
  orderCode: string,
  now: Date,
): Promise<TrackingWaiting | null> {
  const [row] = await db
    .select({
      code: t.orders.code,
      status: t.orders.status,
      orderedAt: t.orders.orderedAt,
      scheduled: t.orders.scheduled,
      scheduledAt: t.orders.scheduledAt,
      contactLat: t.branchContacts.lat,
      contactLng: t.branchContacts.lng,
      timeZone: t.branchContacts.timeZone,
      branchId: t.branches.id,
      branchName: t.branches.name,
      logoUrl: logos.url,
    })
    .from(t.orders)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orders.branchContactId))
    .innerJoin(t.branches, eq(t.branches.id, t.branchContacts.branchId))
    .leftJoin(logos, and(eq(logos.branchId, t.branches.id), eq(logos.type, 'LOGO')))
    .where(
      and(
        eq(t.branchContacts.alias, alias.toLowerCase()),
        eq(t.branchContacts.active, true),
        eq(t.orders.code, orderCode),
        eq(t.orders.type, 'DELIVERY'),
        inArray(t.orders.status, [...WAITING_STATUSES]),
      ),
    )
    .orderBy(desc(logos.id))
    .limit(1);
  if (!row || !isOrderInProgress(row, now)) return null;
  return {
    waiting: true,
    orderCode: row.code,
    orderedAt: row.orderedAt.toISOString(),
    timeZone: row.timeZone,
    branchLocation: { lat: row.contactLat, lng: row.contactLng },
    branch: { id: row.branchId, name: row.branchName, customLogoURL: row.logoUrl },
  };
}

export async function loadTrackingInfo(db: Db, shipmentId: number): Promise<TrackingInfo | null> {
  const [row] = await trackingRows(db).byShipment.execute({ shipmentId });
  return row ? toTrackingInfo(row) : null;
}

/** The shipments a rider is working on (their own, or in the stack they took). */
export async function riderShipmentsInProgress(db: Db, riderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.shipments.id })
    .from(t.shipments)
    .leftJoin(stacks, eq(stacks.id, t.shipments.shipmentStackId))
    .where(
      and(
        or(
          eq(t.shipments.riderId, riderId),
          and(sql`${t.shipments.riderId} is null`, eq(stacks.riderId, riderId)),
        ),
        inArray(t.shipments.status, [...RIDER_IN_PROGRESS_STATUSES]),
      ),
    )
    .orderBy(asc(t.shipments.id));
  return rows.map((row) => row.id);
}
