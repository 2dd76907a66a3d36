/**
 * The owner's back office API (`/api/console/...`, not in the spec; DESIGN.md's back office): opening a
 * shop, its opening checklist and first settings, and the menu editor. Sign-up is public (the platform's
 * SIGNUP_MODE decides); everything else needs an OWNER session of the shop's own branch: other staff
 * get 403. Handlers parse, authorise, call the use case and publish after commit.
 */
import {
  type AliasAvailability,
  AliasQuerySchema,
  type BackOfficeChange,
  IdParamSchema,
  type MenuDraftState,
  type MenuPublishResult,
  ModeHoursSchema,
  type OwnerShop,
  PublishMenuSchema,
  SaveMenuDraftSchema,
  ShopClosuresSchema,
  ShopHoursSchema,
  ShopModesSchema,
  ShopPaymentsSchema,
  type SignUpInfo,
  type SignUpResult,
  SignUpSchema,
} from '@comanda/core/contract';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { guardStaffFace, staffOfRequest } from '../../platform/auth/face-guard.ts';
import { authenticateStaff, setStaffCookie } from '../../platform/auth/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { publishStorefrontChange } from '../menu/storefront-events.ts';
import { listChanges } from './changes.ts';
import { discardDraft, loadDraftState, publishDraft, saveDraft } from './menu-editor.ts';
import {
  loadOwnerShops,
  setModeHours,
  setShopCash,
  setShopClosures,
  setShopHours,
  setShopModes,
  setShopOpen,
} from './owner-shops.ts';
import { aliasAvailability, signUp } from './sign-up.ts';

const OWNER = { roles: ['OWNER'] as const };

export async function backOfficeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const secureCookies = app.deps.publicUrl.startsWith('https:');
  const signUpMode = app.deps.signUpMode ?? 'open';
  const now = () => app.deps.clock();
  guardStaffFace(app, (request) => authenticateStaff(db, request, now()));

  app.get('/api/console/signup', { config: { public: true } }, async (): Promise<SignUpInfo> => {
    const countries = await db
      .select({
        code: t.countries.code,
        name: t.countries.name,
        currencyCode: t.countries.currencyCode,
        phonePrefix: t.countries.phonePrefix,
      })
      .from(t.countries)
      .orderBy(asc(t.countries.name));
    return { mode: signUpMode, countries };
  });

  app.get(
    '/api/console/signup/alias',
    { config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request, reply): Promise<AliasAvailability> => {
      const { alias } = parseInput(AliasQuerySchema, request.query);
      const problem = await aliasAvailability(db, alias);
      reply.header('Cache-Control', 'no-store');
      return { alias, available: problem === null, problem };
    },
  );

  app.post(
    '/api/console/signup',
    // a shop is a few rows and a scrypt: few per address
    { config: { public: true, rateLimit: { max: 10, timeWindow: '10 minutes' } } },
    async (request, reply): Promise<SignUpResult> => {
      const input = parseInput(SignUpSchema, request.body);
      const { result, token } = await signUp(db, input, signUpMode, now());
      setStaffCookie(reply, token, secureCookies);
      reply.status(201);
      return result;
    },
  );

  app.get('/api/console/shop', { config: OWNER }, async (request, reply): Promise<OwnerShop[]> => {
    reply.header('Cache-Control', 'no-store');
    return loadOwnerShops(db, staffOfRequest(request).branchId, now());
  });

  /** Each shop setting: the use case, then the storefront learns of it after commit. */
  async function shopChange(contactId: number, change: () => Promise<OwnerShop>): Promise<OwnerShop> {
    const shop = await change();
    await publishStorefrontChange(db, app.deps.bus, { branchContactId: contactId });
    return shop;
  }

  app.post<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/open',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      return shopChange(id, () => setShopOpen(db, staffOfRequest(request), id, true, now()));
    },
  );

  app.post<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/close',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      return shopChange(id, () => setShopOpen(db, staffOfRequest(request), id, false, now()));
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/hours',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const { workingDays } = parseInput(ShopHoursSchema, request.body);
      return shopChange(id, () => setShopHours(db, staffOfRequest(request), id, workingDays, now()));
    },
  );

  /** One order mode's hours for now and scheduled orders and its scheduling settings (issue 27). */
  app.put<{ Params: { contactId: string; modeId: string } }>(
    '/api/console/shop/:contactId/modes/:modeId/hours',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const modeId = parseInput(IdParamSchema, request.params.modeId);
      const input = parseInput(ModeHoursSchema, request.body);
      return shopChange(id, () => setModeHours(db, staffOfRequest(request), id, modeId, input, now()));
    },
  );

  /** Holidays and one-off closures (issue 27): the whole list, replacing the shop's. */
  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/closures',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const { closures } = parseInput(ShopClosuresSchema, request.body);
      return shopChange(id, () => setShopClosures(db, staffOfRequest(request), id, closures, now()));
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/modes',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const { types } = parseInput(ShopModesSchema, request.body);
      return shopChange(id, () => setShopModes(db, staffOfRequest(request), id, [...new Set(types)], now()));
    },
  );

  app.put<{ Params: { contactId: string } }>(
    '/api/console/shop/:contactId/payments',
    { config: OWNER },
    async (request): Promise<OwnerShop> => {
      const id = parseInput(IdParamSchema, request.params.contactId);
      const { cash } = parseInput(ShopPaymentsSchema, request.body);
      return shopChange(id, () => setShopCash(db, staffOfRequest(request), id, cash, now()));
    },
  );

  app.get('/api/console/menu/draft', { config: OWNER }, async (request, reply): Promise<MenuDraftState> => {
    reply.header('Cache-Control', 'no-store');
    return loadDraftState(db, staffOfRequest(request).branchId);
  });

  app.put(
    '/api/console/menu/draft',
    { config: OWNER, bodyLimit: 2 * 1024 * 1024 },
    async (request): Promise<MenuDraftState> => {
      const input = parseInput(SaveMenuDraftSchema, request.body);
      return saveDraft(db, staffOfRequest(request), input, now());
    },
  );

  app.post(
    '/api/console/menu/draft/discard',
    { config: OWNER },
    async (request): Promise<MenuDraftState> => discardDraft(db, staffOfRequest(request), now()),
  );

  app.post('/api/console/menu/publish', { config: OWNER }, async (request): Promise<MenuPublishResult> => {
    const { version } = parseInput(PublishMenuSchema, request.body);
    const staff = staffOfRequest(request);
    const { menuIds, ...published } = await publishDraft(db, staff, version, now());
    // after commit: every process drops the menus it cached, and open menus and carts fetch again
    const contacts = await db
      .select({ id: t.branchContacts.id })
      .from(t.branchContacts)
      .where(eq(t.branchContacts.branchId, staff.branchId));
    await Promise.all([
      ...menuIds.map((menuId) => publishStorefrontChange(db, app.deps.bus, { menuId })),
      ...contacts.map((contact) =>
        publishStorefrontChange(db, app.deps.bus, { branchContactId: contact.id }),
      ),
    ]);
    return published;
  });

  app.get('/api/console/changes', { config: OWNER }, async (request, reply): Promise<BackOfficeChange[]> => {
    reply.header('Cache-Control', 'no-store');
    return listChanges(db, staffOfRequest(request).branchId);
  });
}
