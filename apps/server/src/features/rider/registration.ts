/**
 * Rider registration and shifts (post-order-and-logistics.md: rider registration flow): a rider signs up
 * and starts a shift with the contact's security code, which staff give to their riders; starting a shift
 * issues the rider's token (valid until the shift's end), ending it revokes every token of the rider.
 * The code is compared in constant time; wrong codes slow down the address that sends them
 * (platform/failure-throttle.ts), checked before any comparison, so a stranger cannot lock the riders out.
 */
import { MESSAGES, normalizePhone } from '@comanda/core';
import { TEAM_MESSAGES } from '@comanda/core/back-office';
import type {
  Rider,
  RiderCreate,
  RiderPhoneCodeSent,
  RiderShiftAnswer,
  RiderUpdate,
} from '@comanda/core/contract';
import { and, eq, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { AttemptStore } from '../../platform/attempt-limiter.ts';
import { issueSession, revokeSessionsOf } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { FailureThrottle } from '../../platform/failure-throttle.ts';
import type { MessagingProvider } from '../../platform/messaging/index.ts';
import { verifySecretAsync } from '../../platform/secrets.ts';
import {
  isRiderDevice,
  rememberRiderDevice,
  sendRiderPhoneCode,
  verifyRiderPhoneCode,
} from './rider-devices.ts';
import { NO_RIDER_ETA, type RiderEta, riderEtaOf } from './rider-eta.ts';
import { endShift, hasShipmentInProgress } from './shifts.ts';

/** A shift's token stops working after this long; the rider starts a new shift the next day. */
export const RIDER_SHIFT_MS = 14 * 60 * 60 * 1000;

type ContactRow = typeof t.branchContacts.$inferSelect;
type RiderRow = typeof t.riders.$inferSelect;

/** The owner deactivated the rider (features/team): no registering again, no shift. */
const riderDisabled = () => new AppError('RIDER_DISABLED', 403, TEAM_MESSAGES.riderDisabled);

/** What a shift call answers, and the device token to set when this phone became the rider's. */
export interface ShiftOutcome<A> {
  answer: A;
  deviceToken: string | null;
}

/** Who asks about a rider: the rider of the request's shift session, and its `rider_device` cookie. */
export interface RiderViewer {
  sessionRiderId: number | null;
  deviceToken: string | undefined;
}

/** The rider as the rider's own phone sees it; `eta` is the window of the deliveries under way. */
export function riderAnswer(
  rider: RiderRow,
  alias: string,
  eta: RiderEta = NO_RIDER_ETA,
): Rider & { active: boolean } {
  return {
    id: rider.id,
    name: rider.name,
    phone: rider.phone,
    active: rider.active,
    riderUser: { branchContact: { id: rider.branchContactId } },
    lastLat: rider.lastLat,
    lastLng: rider.lastLng,
    minETA: eta.minETA,
    maxETA: eta.maxETA,
    shipmentsUrl: `/logistics/${alias}/rider/${rider.id}/shipments`,
  };
}

/** The phone lookup's answer to anyone but the rider's own phone: no shift, no position, no ETA. */
function publicRiderAnswer(rider: RiderRow, alias: string): Rider {
  return {
    ...riderAnswer(rider, alias),
    active: null,
    lastLat: null,
    lastLng: null,
    minETA: null,
    maxETA: null,
  };
}

export function createRiderRegistration(
  db: Db,
  attempts: AttemptStore | undefined,
  messaging: { provider: MessagingProvider; log: (error: unknown) => void },
) {
  const failures = new FailureThrottle('rider-code', attempts);

  async function contactOf(id: number): Promise<ContactRow> {
    const [contact] = await db
      .select()
      .from(t.branchContacts)
      .where(and(eq(t.branchContacts.id, id), eq(t.branchContacts.active, true)));
    if (!contact) throw notFound(MESSAGES.accessDenied);
    return contact;
  }

  function phoneOf(raw: string, contact: ContactRow): string {
    const phone = normalizePhone(raw, contact.country);
    if (!phone) throw new AppError('PHONE_INVALID', 400, MESSAGES.phoneNumberInvalid);
    return phone;
  }

  /** The contact's code, throttled per contact and address: a wrong one answers the spec's 400. */
  async function checkCode(contact: ContactRow, code: string, now: Date, ip: string): Promise<void> {
    const key = String(contact.id);
    await failures.check(key, ip, now.getTime());
    if (!(await verifySecretAsync(code, contact.riderSecurityCodeHash))) {
      await failures.failed(key, ip, now.getTime());
      throw new AppError('SECURITY_CODE_WRONG', 400, MESSAGES.securityCodeWrong);
    }
    await failures.succeeded(key, ip, now.getTime());
  }

  async function startShift(rider: RiderRow, now: Date) {
    const shiftEndsAt = new Date(now.getTime() + RIDER_SHIFT_MS);
    // one phone per rider: a new shift ends the sessions of an earlier one
    await revokeSessionsOf(db, 'RIDER', rider.id);
    const token = await issueSession(db, 'RIDER', rider.id, now, shiftEndsAt);
    return { token, shiftEndsAt };
  }

  return {
    /**
     * GET /api/rider/bc/phone: the rider of that phone at the contact; 404 means not registered. The
     * shift and the position only to the rider's own phone (her session, or her known device).
     */
    async findByPhone(branchContactId: number, rawPhone: string, viewer: RiderViewer): Promise<Rider> {
      const contact = await contactOf(branchContactId);
      const phone = phoneOf(rawPhone, contact);
      const [rider] = await db
        .select()
        .from(t.riders)
        .where(and(eq(t.riders.branchContactId, contact.id), eq(t.riders.phone, phone)));
      if (!rider) throw notFound('No hay un repartidor registrado con este teléfono.');
      const own = viewer.sessionRiderId === rider.id || isRiderDevice(rider, viewer.deviceToken);
      return own
        ? riderAnswer(rider, contact.alias, await riderEtaOf(db, rider.id))
        : publicRiderAnswer(rider, contact.alias);
    },

    /** POST /api/rider/createwithcode: registers the rider and starts the shift; this phone becomes hers. */
    async create(body: RiderCreate, now: Date, ip: string): Promise<ShiftOutcome<RiderShiftAnswer>> {
      const contact = await contactOf(body.riderUser.branchContact.id);
      await checkCode(contact, body.securityCode, now, ip);
      const phone = phoneOf(body.phone, contact);
      const [rider] = await db
        .insert(t.riders)
        .values({ branchContactId: contact.id, name: body.name, phone, active: true, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!rider) {
        const [existing] = await db
          .select({ disabledAt: t.riders.disabledAt })
          .from(t.riders)
          .where(and(eq(t.riders.branchContactId, contact.id), eq(t.riders.phone, phone)));
        if (existing?.disabledAt) throw riderDisabled();
        throw new AppError('RIDER_EXISTS', 409, 'Ya hay un repartidor registrado con este teléfono.');
      }
      const shift = await startShift(rider, now);
      return {
        answer: {
          ...riderAnswer(rider, contact.alias),
          token: shift.token,
          shiftEndsAt: shift.shiftEndsAt.toISOString(),
        },
        deviceToken: await rememberRiderDevice(db, rider.id),
      };
    },

    /**
     * PUT /api/rider/{id}/updatewithcode: starts (active) or ends (inactive) the rider's shift. On a
     * phone that is not the rider's, the right code answers a one-time code sent to her phone
     * (rider-devices.ts), and the call with `phoneCode` completes the change.
     */
    async update(
      riderId: number,
      body: RiderUpdate,
      now: Date,
      ip: string,
      deviceToken: string | undefined,
    ): Promise<ShiftOutcome<RiderShiftAnswer | RiderPhoneCodeSent>> {
      const contact = await contactOf(body.riderUser.branchContact.id);
      await checkCode(contact, body.securityCode, now, ip);
      const [rider] = await db
        .select()
        .from(t.riders)
        .where(and(eq(t.riders.id, riderId), eq(t.riders.branchContactId, contact.id)));
      if (!rider) throw notFound(MESSAGES.accessDenied);
      if (rider.disabledAt) throw riderDisabled();
      let newDevice: string | null = null;
      if (!isRiderDevice(rider, deviceToken)) {
        if (!body.phoneCode) {
          const sent = await sendRiderPhoneCode(
            { db, messaging: messaging.provider, log: messaging.log },
            rider,
            now,
          );
          return { answer: sent, deviceToken: null };
        }
        await verifyRiderPhoneCode(db, rider.id, body.phoneCode, now);
        newDevice = await rememberRiderDevice(db, rider.id);
      }
      if (!body.active) {
        if (await hasShipmentInProgress(db, rider.id))
          throw new AppError(
            'SHIPMENT_IN_PROGRESS',
            409,
            'Entregá o cancelá tu envío en curso antes de finalizar el turno.',
          );
        const ended = await endShift(db, rider.id);
        if (!ended) throw notFound(MESSAGES.accessDenied);
        return {
          answer: { ...riderAnswer(ended, contact.alias), token: null, shiftEndsAt: null },
          deviceToken: newDevice,
        };
      }
      // not if the owner deactivated the rider meanwhile
      const [updated] = await db
        .update(t.riders)
        .set({ active: true })
        .where(and(eq(t.riders.id, rider.id), isNull(t.riders.disabledAt)))
        .returning();
      if (!updated) throw riderDisabled();
      const shift = await startShift(updated, now);
      return {
        answer: {
          // a new shift may find deliveries still under way from the one whose token ran out
          ...riderAnswer(updated, contact.alias, await riderEtaOf(db, updated.id)),
          token: shift.token,
          shiftEndsAt: shift.shiftEndsAt.toISOString(),
        },
        deviceToken: newDevice,
      };
    },
  };
}
