/**
 * The owner's team API (issue 27, `/console/equipo`): console members, their one-time access links and
 * the shops' riders, OWNER only and of the caller's own branch. The invitee's two calls
 * (`/api/console/access/...`) are public and rate-limited; the link's token travels in the body.
 * Handlers parse, authorise (the face guard and the use case's branch check) and call the use case.
 */
import {
  AccessLinkAcceptSchema,
  AccessLinkCheckSchema,
  type AccessLinkInfo,
  type CreatedAccessLink,
  IdParamSchema,
  type RiderCodeResult,
  RiderCodeSchema,
  TeamInvitationSchema,
  type TeamMember,
  type TeamRider,
  TeamRoleSchema,
  type TeamView,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff, setStaffCookie } from '../../platform/auth/index.ts';
import { parseInput } from '../../platform/validation.ts';
import {
  acceptLink,
  cancelLink,
  changeRole,
  checkLink,
  invite,
  listMembers,
  listOpenLinks,
  resetAccess,
  restoreAccess,
  revokeAccess,
} from './team-access.ts';
import { activateRider, changeRiderCode, deactivateRider, listShopRiders } from './team-riders.ts';

const OWNER = { roles: ['OWNER'] as const };

export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const secureCookies = app.deps.publicUrl.startsWith('https:');
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  app.get('/api/console/team', { config: OWNER }, async (request, reply): Promise<TeamView> => {
    const staff = staffOfRequest(request);
    reply.header('Cache-Control', 'no-store');
    const [members, links, shops] = await Promise.all([
      listMembers(db, staff),
      listOpenLinks(db, staff, now()),
      listShopRiders(db, staff),
    ]);
    return { members, links, shops };
  });

  app.post('/api/console/team/invitations', { config: OWNER }, async (request, reply) => {
    const input = parseInput(TeamInvitationSchema, request.body);
    const created: CreatedAccessLink = await invite(db, staffOfRequest(request), input, now());
    reply.header('Cache-Control', 'no-store').status(201);
    return created;
  });

  app.delete<{ Params: { id: string } }>(
    '/api/console/team/invitations/:id',
    { config: OWNER },
    async (request, reply) => {
      const id = parseInput(IdParamSchema, request.params.id);
      await cancelLink(db, staffOfRequest(request), id, now());
      reply.status(204);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/console/team/members/:id/reset',
    { config: OWNER },
    async (request, reply): Promise<CreatedAccessLink> => {
      const id = parseInput(IdParamSchema, request.params.id);
      const created = await resetAccess(db, staffOfRequest(request), id, now());
      reply.header('Cache-Control', 'no-store').status(201);
      return created;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/console/team/members/:id/revoke',
    { config: OWNER },
    async (request): Promise<TeamMember> => {
      const id = parseInput(IdParamSchema, request.params.id);
      return revokeAccess(db, staffOfRequest(request), id, now());
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/console/team/members/:id/restore',
    { config: OWNER },
    async (request): Promise<TeamMember> => {
      const id = parseInput(IdParamSchema, request.params.id);
      return restoreAccess(db, staffOfRequest(request), id, now());
    },
  );

  app.put<{ Params: { id: string } }>(
    '/api/console/team/members/:id/role',
    { config: OWNER },
    async (request): Promise<TeamMember> => {
      const id = parseInput(IdParamSchema, request.params.id);
      const { role } = parseInput(TeamRoleSchema, request.body);
      return changeRole(db, staffOfRequest(request), id, role, now());
    },
  );

  app.post(
    '/api/console/access/check',
    { config: { public: true, rateLimit: { max: 60, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<AccessLinkInfo> => {
      const { token } = parseInput(AccessLinkCheckSchema, request.body);
      reply.header('Cache-Control', 'no-store');
      return checkLink(db, token, now());
    },
  );

  app.post(
    '/api/console/access/accept',
    // a scrypt and an account: few per address
    { config: { public: true, rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<{ ok: true }> => {
      const { token, password } = parseInput(AccessLinkAcceptSchema, request.body);
      const accepted = await acceptLink(db, token, password, now());
      setStaffCookie(reply, accepted.token, secureCookies);
      return { ok: true };
    },
  );

  app.post<{ Params: { contactId: string; riderId: string } }>(
    '/api/console/shop/:contactId/riders/:riderId/deactivate',
    { config: OWNER },
    async (request): Promise<TeamRider> => {
      const contactId = parseInput(IdParamSchema, request.params.contactId);
      const riderId = parseInput(IdParamSchema, request.params.riderId);
      return deactivateRider(db, staffOfRequest(request), contactId, riderId, now());
    },
  );

  app.post<{ Params: { contactId: string; riderId: string } }>(
    '/api/console/shop/:contactId/riders/:riderId/activate',
    { config: OWNER },
    async (request): Promise<TeamRider> => {
      const contactId = parseInput(IdParamSchema, request.params.contactId);
      const riderId = parseInput(IdParamSchema, request.params.riderId);
      return activateRider(db, staffOfRequest(request), contactId, riderId, now());
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/rider-code',
    { config: OWNER },
    async (request, reply): Promise<RiderCodeResult> => {
      const contactId = parseInput(IdParamSchema, request.params.contactId);
      const { code } = parseInput(RiderCodeSchema, request.body ?? {});
      reply.header('Cache-Control', 'no-store');
      return changeRiderCode(db, staffOfRequest(request), contactId, code, now());
    },
  );
}
