/**
 * The owner connects the shop's own payment account (`/api/console/payments/...`; not in the spec, issue
 * 26): Mercado Pago by its OAuth authorization for marketplaces or pasted credentials checked with a test
 * call, Transbank Webpay Plus (its credentials, or its public integration commerce), or the sandbox where
 * it is on. OWNER sessions of the branch only; credentials go in sealed and never come back out.
 */
import {
  PAYMENT_ACCOUNT_MESSAGES as M,
  mercadoPagoCredentialProblems,
  transbankCredentialProblems,
} from '@comanda/core/back-office';
import {
  type MercadoPagoAuthorization,
  MercadoPagoPasteSchema,
  type PaymentAccountView,
  TransbankPasteSchema,
} from '@comanda/core/contract';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff, type StaffPrincipal } from '../../platform/auth/index.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import {
  checkMercadoPagoCredentials,
  createTransbankProvider,
  exchangeMercadoPagoCode,
  MercadoPagoCredentialsRefusedError,
  mercadoPagoAuthorizationUrl,
  PaymentProviderUnavailableError,
  TRANSBANK_INTEGRATION,
  TransbankCredentialsRefusedError,
} from '../../platform/payments/index.ts';
import { newToken, sha256 } from '../../platform/secrets.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishStorefrontChange } from '../menu/storefront-events.ts';
import {
  connectAccount,
  disconnectAccount,
  isTransbankProduction,
  loadAccountView,
  type NewAccount,
} from './accounts.ts';

const OWNER = { roles: ['OWNER'] as const };
/** An owner has this long on Mercado Pago's authorization page before the connection must start again. */
const OAUTH_STATE_TTL_MS = 15 * 60_000;
const CONSOLE_PAGE = '/console/cobros';

export async function paymentAccountRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const { gateway } = app.deps.payments;
  const now = () => app.deps.clock();
  const mp = gateway.options.mercadoPago;
  const redirectUri = `${app.deps.publicUrl.replace(/\/+$/, '')}/api/console/payments/mercadopago/return`;
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  /** Connects, then every process drops its storefront copies: the shops' card offer changed. */
  async function connect(staff: StaffPrincipal, account: Omit<NewAccount, 'branchId' | 'staffId' | 'now'>) {
    await connectAccount(db, gateway, {
      ...account,
      branchId: staff.branchId,
      staffId: staff.id,
      now: now(),
    });
    await storefrontsChanged(staff.branchId);
    return loadAccountView(db, gateway, staff.branchId);
  }

  async function storefrontsChanged(branchId: number) {
    const contacts = await db
      .select({ id: t.branchContacts.id })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.branchId, branchId));
    await Promise.all(
      contacts.map((contact) => publishStorefrontChange(db, app.deps.bus, { branchContactId: contact.id })),
    );
  }

  /** A provider's answer to a test call, as the owner's error. */
  function providerProblem(error: unknown): never {
    if (
      error instanceof MercadoPagoCredentialsRefusedError ||
      error instanceof TransbankCredentialsRefusedError
    )
      throw new AppError('PAYMENT_CREDENTIALS_REFUSED', 422, M.credentialsRefused);
    if (error instanceof PaymentProviderUnavailableError) {
      app.appLog.warn({ err: error }, 'a payment account check could not reach its provider');
      throw new AppError('PAYMENT_PROVIDER_FAILED', 502, M.providerUnavailable);
    }
    throw error;
  }

  app.get('/api/console/payments/account', { config: OWNER }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return loadAccountView(
      db,
      gateway,
      staffOfRequest(request).branchId,
    ) satisfies Promise<PaymentAccountView>;
  });

  app.delete('/api/console/payments/account', { config: OWNER }, async (request, reply) => {
    const staff = staffOfRequest(request);
    if (!(await disconnectAccount(db, staff.branchId, staff.id, now())))
      throw new AppError('NO_PAYMENT_ACCOUNT', 404, M.noAccount);
    await storefrontsChanged(staff.branchId);
    reply.header('Cache-Control', 'no-store');
    return loadAccountView(db, gateway, staff.branchId);
  });

  app.put('/api/console/payments/account/sandbox', { config: OWNER }, async (request, reply) => {
    if (!gateway.sandbox) throw new AppError('SANDBOX_OFF', 409, M.sandboxOff);
    const staff = staffOfRequest(request);
    reply.header('Cache-Control', 'no-store');
    return connect(staff, {
      provider: 'SANDBOX',
      connectedVia: 'SANDBOX',
      credentials: null,
      publicKey: null,
      externalAccountId: 'sandbox',
      label: null,
      expiresAt: null,
    });
  });

  app.put(
    '/api/console/payments/account/mercadopago',
    { config: { ...OWNER, rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const input = parseInput(MercadoPagoPasteSchema, request.body);
      const problems = mercadoPagoCredentialProblems(input);
      if (problems.length > 0) throw badRequest(problems[0]?.message ?? M.credentialsRefused, problems);
      const accessToken = input.accessToken.trim();
      const seller = await checkMercadoPagoCredentials({ accessToken, baseUrl: mp.baseUrl }).catch(
        providerProblem,
      );
      reply.header('Cache-Control', 'no-store');
      return connect(staffOfRequest(request), {
        provider: 'MERCADO_PAGO',
        connectedVia: 'PASTED',
        credentials: { accessToken, refreshToken: null, webhookSecret: input.webhookSecret.trim() },
        publicKey: input.publicKey.trim(),
        externalAccountId: seller.userId,
        label: seller.nickname,
        expiresAt: null,
      });
    },
  );

  app.post(
    '/api/console/payments/account/mercadopago/authorize',
    { config: { ...OWNER, rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request): Promise<MercadoPagoAuthorization> => {
      if (!mp.clientId || !mp.clientSecret) throw new AppError('OAUTH_OFF', 409, M.oauthNotConfigured);
      const staff = staffOfRequest(request);
      const { token: state, tokenHash } = newToken();
      await db.insert(t.paymentOauthStates).values({
        stateHash: tokenHash,
        branchId: staff.branchId,
        staffId: staff.id,
        expiresAt: new Date(now().getTime() + OAUTH_STATE_TTL_MS),
      });
      return {
        url: mercadoPagoAuthorizationUrl({
          clientId: mp.clientId,
          redirectUri,
          state,
          authBaseUrl: mp.authUrl,
        }),
      };
    },
  );

  /**
   * Mercado Pago sends the owner's browser back here (`?code&state`, or `?error` when they said no): the
   * code becomes the shop's credentials and the owner lands on the payments page with the outcome.
   */
  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/api/console/payments/mercadopago/return',
    { config: { ...OWNER, rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const staff = staffOfRequest(request);
      const back = (outcome: 'conectada' | 'rechazada' | 'vencida' | 'error') =>
        reply.redirect(`${CONSOLE_PAGE}?cuenta=${outcome}`, 303);
      const { code, state } = request.query;
      if (!state) return back('vencida');
      // the state is spent on its first use, and only its owner's session may spend it
      const [claimed] = await db
        .delete(t.paymentOauthStates)
        .where(
          and(
            eq(t.paymentOauthStates.stateHash, sha256(state)),
            eq(t.paymentOauthStates.staffId, staff.id),
            eq(t.paymentOauthStates.branchId, staff.branchId),
            gt(t.paymentOauthStates.expiresAt, now()),
          ),
        )
        .returning({ branchId: t.paymentOauthStates.branchId });
      if (!claimed) return back('vencida');
      if (!code || request.query.error) return back('rechazada');
      if (!mp.clientId || !mp.clientSecret) return back('error');
      try {
        const grant = await exchangeMercadoPagoCode({
          clientId: mp.clientId,
          clientSecret: mp.clientSecret,
          code,
          redirectUri,
          baseUrl: mp.baseUrl,
          now: now(),
        });
        await connect(staff, {
          provider: 'MERCADO_PAGO',
          connectedVia: 'OAUTH',
          credentials: {
            accessToken: grant.accessToken,
            refreshToken: grant.refreshToken,
            webhookSecret: null,
          },
          publicKey: grant.publicKey,
          externalAccountId: grant.userId,
          label: null,
          expiresAt: grant.expiresAt,
        });
        return back('conectada');
      } catch (error) {
        app.appLog.warn({ err: error }, 'connecting a Mercado Pago account failed');
        return back(error instanceof MercadoPagoCredentialsRefusedError ? 'rechazada' : 'error');
      }
    },
  );

  app.put(
    '/api/console/payments/account/transbank',
    { config: { ...OWNER, rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const input = parseInput(TransbankPasteSchema, request.body);
      const environmentUrl = gateway.options.transbank.environmentUrl;
      let credentials = {
        commerceCode: TRANSBANK_INTEGRATION.commerceCode,
        apiKey: TRANSBANK_INTEGRATION.apiKey,
      };
      // the public test commerce exists only in Webpay's integration environment
      if ('integration' in input && isTransbankProduction(environmentUrl))
        throw new AppError('INTEGRATION_OFF', 409, M.integrationOff);
      if (!('integration' in input)) {
        const problems = transbankCredentialProblems(input);
        if (problems.length > 0) throw badRequest(problems[0]?.message ?? M.credentialsRefused, problems);
        credentials = { commerceCode: input.commerceCode.trim(), apiKey: input.apiKey.trim() };
      }
      await createTransbankProvider({ ...credentials, environmentUrl, publicUrl: app.deps.publicUrl })
        .checkCredentials()
        .catch(providerProblem);
      reply.header('Cache-Control', 'no-store');
      return connect(staffOfRequest(request), {
        provider: 'TRANSBANK',
        connectedVia: 'PASTED',
        credentials,
        publicKey: null,
        externalAccountId: credentials.commerceCode,
        label: 'integration' in input ? 'Comercio de integración (pruebas)' : null,
        expiresAt: null,
      });
    },
  );
}
