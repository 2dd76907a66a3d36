/**
 * Each face's guard is its route group's hook, so a route added to the group cannot forget it: every
 * console route needs a staff session (and, where a route says so, the OWNER role), every shipment route
 * a rider on shift. A route opts out only by saying `config: { public: true }` (signing in). And no
 * cookie-authenticated call that changes something is taken from another site: SameSite=Lax alone let
 * a top-level form post through, so a foreign Origin or Sec-Fetch-Site, or a body that is not JSON, is
 * refused before any handler.
 */
import type { StaffRole } from '@comanda/core/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import { DINER_SESSION_COOKIE } from './diner.ts';
import { STAFF_SESSION_COOKIE, type StaffPrincipal, staffUnauthorized } from './staff.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the face's guard lets this route through without a session (signing in, out) */
    public?: boolean;
    /** only these staff roles may call it */
    roles?: readonly StaffRole[];
    /** takes a body that is not JSON (a provider's page posting a form back, the diner's text log) */
    nonJsonBody?: boolean;
  }
  interface FastifyRequest {
    staff?: StaffPrincipal;
  }
}

export const OWNER_ONLY_MESSAGE = 'Solo el dueño del local puede cambiar esto.';
export const CROSS_SITE_MESSAGE = 'No aceptamos esta solicitud desde otro sitio.';
export const JSON_ONLY_MESSAGE = 'El cuerpo de la solicitud tiene que ser JSON.';

/** The staff face: a console group's hook authenticates every route but the public ones. */
export function guardStaffFace(
  app: FastifyInstance,
  authenticate: (request: FastifyRequest) => Promise<StaffPrincipal>,
): void {
  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const staff = await authenticate(request);
    if (config.roles && !config.roles.includes(staff.role))
      throw new AppError('FORBIDDEN', 403, OWNER_ONLY_MESSAGE);
    request.staff = staff;
  });
}

/** The staff member the group's hook authenticated. */
export function staffOfRequest(request: FastifyRequest): StaffPrincipal {
  if (!request.staff) throw staffUnauthorized();
  return request.staff;
}

const SESSION_COOKIES = [STAFF_SESSION_COOKIE, DINER_SESSION_COOKIE, 'rider'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A call that a browser's cookie authenticates, and that changes something. */
function isCookieWrite(request: FastifyRequest): boolean {
  if (!WRITES.has(request.method)) return false;
  const cookie = request.headers.cookie ?? '';
  return SESSION_COOKIES.some((name) => cookie.includes(`${name}=`));
}

/** The origin this request was addressed to, as a browser on the same site would send it. */
function ownOrigins(request: FastifyRequest, publicUrl: string): string[] {
  const origins = [new URL(publicUrl).origin];
  const host = request.headers.host;
  if (host) origins.push(`${request.protocol}://${host}`);
  return origins;
}

/** For every route: a cookie-authenticated write from another site, or not in JSON, is refused. */
export function refuseCrossSiteWrites(app: FastifyInstance, publicUrl: string): void {
  app.addHook('onRequest', async (request) => {
    if (!isCookieWrite(request)) return;
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none')
      throw new AppError('FORBIDDEN', 403, CROSS_SITE_MESSAGE);
    const origin = request.headers.origin;
    if (origin !== undefined && !ownOrigins(request, publicUrl).includes(origin))
      throw new AppError('FORBIDDEN', 403, CROSS_SITE_MESSAGE);
    if (request.routeOptions.config?.nonJsonBody) return;
    const type = request.headers['content-type'];
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'];
    if ((type !== undefined || hasBody) && !/^application\/json\b/i.test(type ?? ''))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 415, JSON_ONLY_MESSAGE);
  });
}
