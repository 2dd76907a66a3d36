import {
  type DinerSessionAnswer,
  DinerSessionQuerySchema,
  SignInCodeRequestSchema,
  type SignInCodeSent,
  SignInVerifySchema,
} from '@comanda/core/contract';
import type { FastifyInstance } from 'fastify';
import {
  clearDinerCookie,
  DINER_SESSION_COOKIE,
  findDiner,
  revokeSession,
  setDinerCookie,
} from '../../platform/auth/index.ts';
import { createSandboxMessaging } from '../../platform/messaging/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { loadDinerSession, requestSignInCode, verifySignInCode } from './sign-in-codes.ts';

/**
 * The diner's sign-in (paths not in the spec): ask for a one-time code, trade it for the httpOnly
 * `diner_session` cookie, read who is signed in, sign out.
 */
export async function dinerSignInRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const secure = app.deps.publicUrl.startsWith('https:');
  const messaging =
    app.deps.messaging ?? createSandboxMessaging({ showCodes: true, log: (text) => app.appLog.info(text) });

  app.post(
    '/api/diner/session/code',
    // per address; each phone has its own limits (sign-in-codes.ts)
    { config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<SignInCodeSent> => {
      const input = parseInput(SignInCodeRequestSchema, request.body);
      const sent = await requestSignInCode(
        {
          db,
          messaging,
          log: (error) => app.appLog.error({ err: error }, 'sign-in code not sent'),
        },
        input,
        app.deps.clock(),
        request.ip,
      );
      reply.header('Cache-Control', 'no-store');
      reply.status(202);
      return sent;
    },
  );

  app.post(
    '/api/diner/session',
    // per address; each code takes 5 guesses per address, 20 in all
    { config: { rateLimit: { max: 30, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<DinerSessionAnswer> => {
      const input = parseInput(SignInVerifySchema, request.body);
      const { diner, token } = await verifySignInCode(db, input, app.deps.clock(), request.ip);
      // a session this browser held before (another phone, or the same) ends with the new one
      const previous = request.cookies[DINER_SESSION_COOKIE];
      if (previous) await revokeSession(db, 'DINER', previous);
      setDinerCookie(reply, token, secure);
      reply.header('Cache-Control', 'no-store');
      return { diner };
    },
  );

  /**
   * Who is signed in, with her name at `?branchId` (names are per business): `diner` null, not a 401,
   * without a session, so a first visit logs no error.
   */
  app.get(
    '/api/diner/session',
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply): Promise<DinerSessionAnswer> => {
      reply.header('Cache-Control', 'no-store');
      const { branchId } = parseInput(DinerSessionQuerySchema, request.query);
      const principal = await findDiner(db, request, app.deps.clock());
      if (!principal) {
        if (request.cookies[DINER_SESSION_COOKIE]) clearDinerCookie(reply, secure);
        return { diner: null };
      }
      return { diner: await loadDinerSession(db, principal, branchId) };
    },
  );

  app.post('/api/diner/session/logout', async (request, reply) => {
    const token = request.cookies[DINER_SESSION_COOKIE];
    if (token) await revokeSession(db, 'DINER', token);
    clearDinerCookie(reply, secure);
    return reply.status(204).send();
  });
}
