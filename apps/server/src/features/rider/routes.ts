import { RIDER_MESSAGES } from '@comanda/core';
import {
  IdParamSchema,
  type Rider,
  RiderCreateSchema,
  type RiderLocationAnswer,
  RiderLocationBodySchema,
  type RiderPhoneCodeSent,
  RiderPhoneQuerySchema,
  type RiderShiftAnswer,
  RiderUpdateSchema,
  type Whoami,
} from '@comanda/core/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as t from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createSandboxMessaging } from '../../platform/messaging/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishRiderTracking } from '../tracking/publish.ts';
import { authenticateRider, RIDER_COOKIE } from './auth.ts';
import { createRiderRegistration, RIDER_SHIFT_MS } from './registration.ts';
import { RIDER_DEVICE_COOKIE, RIDER_DEVICE_MAX_AGE_S } from './rider-devices.ts';
import { updateEtasFromPosition } from './update-etas.ts';

/** The rider's own calls, authenticated by `Authorization: Bearer <token>` (features/rider/auth.ts). */
export async function riderRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;

  /**
   * The rider's phone reports where it is (path not in the spec). The position is stored and sent to
   * the tracking pages of the rider's shipments in progress. Only a rider on shift shares a position.
   */
  app.put(
    '/api/rider/location',
    {
      config: {
        rateLimit: {
          max: 120,
          timeWindow: '1 minute',
          // riders share carrier addresses (CGNAT): each token has its own budget
          keyGenerator: (request) => request.headers.authorization?.slice(0, 120) ?? request.ip,
        },
      },
    },
    async (request): Promise<RiderLocationAnswer> => {
      const now = app.deps.clock();
      const rider = await authenticateRider(db, request, now);
      const { lat, lng } = parseInput(RiderLocationBodySchema, request.body);
      if (!rider.active) throw new AppError('RIDER_OFF_SHIFT', 403, RIDER_MESSAGES.offShift);
      await db
        .update(t.riders)
        .set({ lastLat: lat, lastLng: lng, lastLocationAt: now })
        .where(eq(t.riders.id, rider.id));
      await updateEtasFromPosition(db, rider.id, { lat, lng }, now);
      const shipmentIds = await publishRiderTracking(db, app.deps.bus, rider.id);
      return { lat, lng, lastLocationAt: now.toISOString(), shipmentIds };
    },
  );

  const registration = createRiderRegistration(db, app.attemptStore, {
    provider:
      app.deps.messaging ?? createSandboxMessaging({ showCodes: true, log: (text) => app.appLog.info(text) }),
    log: (error) => app.appLog.error({ err: error }, 'rider phone code not sent'),
  });
  const secure = app.deps.publicUrl.startsWith('https:');

  // the phone the rider registered or proved (rider-devices.ts): sent only to the rider's calls
  const setDeviceCookie = (reply: FastifyReply, deviceToken: string | null) => {
    if (deviceToken)
      reply.setCookie(RIDER_DEVICE_COOKIE, deviceToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/api/rider',
        maxAge: RIDER_DEVICE_MAX_AGE_S,
      });
  };
  // per address; wrong codes slow their sender down (registration.ts)
  const perAddress = { config: { rateLimit: { max: 20, timeWindow: '5 minutes' } } };

  // Max-Age, not a date: the server's clock may be fixed by NOW while the phone's is not
  const setShiftCookie = (reply: FastifyReply, answer: RiderShiftAnswer) => {
    if (answer.token)
      reply.setCookie(RIDER_COOKIE, answer.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        maxAge: RIDER_SHIFT_MS / 1000,
      });
    else reply.clearCookie(RIDER_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
  };

  /** The spec's phone lookup: 404 sends the rider to registration. */
  app.get('/api/rider/bc/phone', perAddress, async (request, reply): Promise<Rider> => {
    const { branchContactId, phone } = parseInput(RiderPhoneQuerySchema, request.query);
    reply.header('Cache-Control', 'no-store');
    const session = await authenticateRider(db, request, app.deps.clock()).catch(() => null);
    return registration.findByPhone(branchContactId, phone, {
      sessionRiderId: session?.id ?? null,
      deviceToken: request.cookies[RIDER_DEVICE_COOKIE],
    });
  });

  app.post('/api/rider/createwithcode', perAddress, async (request, reply): Promise<RiderShiftAnswer> => {
    const body = parseInput(RiderCreateSchema, request.body);
    const { answer, deviceToken } = await registration.create(body, app.deps.clock(), request.ip);
    setShiftCookie(reply, answer);
    setDeviceCookie(reply, deviceToken);
    reply.status(201);
    return answer;
  });

  app.put<{ Params: { id: string } }>(
    '/api/rider/:id/updatewithcode',
    perAddress,
    async (request, reply): Promise<RiderShiftAnswer | RiderPhoneCodeSent> => {
      const id = parseInput(IdParamSchema, request.params.id);
      const body = parseInput(RiderUpdateSchema, request.body);
      const { answer, deviceToken } = await registration.update(
        id,
        body,
        app.deps.clock(),
        request.ip,
        request.cookies[RIDER_DEVICE_COOKIE],
      );
      reply.header('Cache-Control', 'no-store');
      if ('phoneCodeRequired' in answer) return reply.status(202).send(answer);
      setShiftCookie(reply, answer);
      setDeviceCookie(reply, deviceToken);
      return answer;
    },
  );

  /** Who the rider token belongs to; the pages send a rider without a live shift to the 404 page. */
  app.get(
    '/api/whoami',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request): Promise<Whoami> => {
      const rider = await authenticateRider(db, request, app.deps.clock());
      if (!rider.active) throw new AppError('UNAUTHORIZED', 401, RIDER_MESSAGES.sessionInvalid);
      return { riderId: rider.id, name: rider.name, phone: rider.phone };
    },
  );
}
