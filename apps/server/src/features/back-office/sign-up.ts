/**
 * A new owner opens a shop: company, branch, its first shop (closed, with an empty menu) and their OWNER
 * account, in one transaction, then a staff session. Who may do it is the platform's SIGNUP_MODE.
 */
import { normalizePhone } from '@comanda/core';
import {
  aliasProblem,
  COUNTRY_TIME_ZONES,
  BACK_OFFICE_MESSAGES as M,
  signUpAliases,
} from '@comanda/core/back-office';
import type { SignUpMode, SignUpResult, SignUpSchema } from '@comanda/core/contract';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import * as t from '../../db/schema.ts';
import { issueSession, STAFF_SESSION_TTL_MS, type StaffPrincipal } from '../../platform/auth/index.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { hashSecretAsync } from '../../platform/secrets.ts';
import { recomputeMenuHash } from '../business-import/menu-hash.ts';
import { recordChange } from './changes.ts';
import { inviteIsUsable, spendInvite } from './invites.ts';

type SignUpInput = z.infer<typeof SignUpSchema>;

const aliasTaken = () =>
  new AppError('ALIAS_TAKEN', 409, M.aliasTaken, [{ path: 'alias', message: M.aliasTaken }]);
const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 409, M.emailTaken, [{ path: 'owner.email', message: M.emailTaken }]);

/** Whether the alias (and the two derived from it) can be a new shop's; the problem when not. */
export async function aliasAvailability(db: Db, alias: string): Promise<string | null> {
  const problem = aliasProblem(alias);
  if (problem) return problem;
  return (await aliasesInUse(db, Object.values(signUpAliases(alias)))) ? M.aliasTaken : null;
}

async function aliasesInUse(db: Db, aliases: string[]): Promise<boolean> {
  const [companies, branches, contacts] = await Promise.all([
    db.select({ alias: t.companies.alias }).from(t.companies).where(inArray(t.companies.alias, aliases)),
    db.select({ alias: t.branches.alias }).from(t.branches).where(inArray(t.branches.alias, aliases)),
    db
      .select({ alias: t.branchContacts.alias })
      .from(t.branchContacts)
      .where(inArray(t.branchContacts.alias, aliases)),
  ]);
  return companies.length + branches.length + contacts.length > 0;
}

export async function signUp(
  db: Db,
  input: SignUpInput,
  mode: SignUpMode,
  now: Date,
): Promise<{ result: SignUpResult; staff: StaffPrincipal; token: string }> {
  if (mode === 'closed') throw new AppError('SIGN_UP_NOT_ALLOWED', 403, M.signUpClosed);
  if (mode === 'invite') {
    if (!input.inviteCode) throw new AppError('SIGN_UP_NOT_ALLOWED', 403, M.inviteRequired);
    if (!(await inviteIsUsable(db, input.inviteCode, now)))
      throw new AppError('SIGN_UP_NOT_ALLOWED', 403, M.inviteInvalid);
  }
  const problem = aliasProblem(input.alias);
  if (problem) throw badRequest(problem, [{ path: 'alias', message: problem }]);
  const [country] = await db.select().from(t.countries).where(eq(t.countries.code, input.country));
  if (!country) throw badRequest(M.countryUnknown, [{ path: 'country', message: M.countryUnknown }]);
  const whatsApp = normalizePhone(input.whatsAppPhone, input.country);
  if (!whatsApp) throw badRequest(M.whatsAppInvalid, [{ path: 'whatsAppPhone', message: M.whatsAppInvalid }]);

  const aliases = signUpAliases(input.alias);
  if (await aliasesInUse(db, Object.values(aliases))) throw aliasTaken();
  const [existing] = await db
    .select({ id: t.staffAccounts.id })
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.email, input.owner.email));
  if (existing) throw emailTaken();
  const passwordHash = await hashSecretAsync(input.owner.password);

  const created = await db
    .transaction(async (tx) => {
      const [company] = await tx
        .insert(t.companies)
        .values({ name: input.businessName, alias: aliases.company, createdAt: now })
        .returning({ id: t.companies.id });
      const [branch] = await tx
        .insert(t.branches)
        .values({ companyId: company?.id, alias: aliases.branch, name: input.businessName, createdAt: now })
        .returning({ id: t.branches.id });
      if (!company || !branch) throw new Error('sign-up insert returned nothing');
      const [contact] = await tx
        .insert(t.branchContacts)
        .values({
          branchId: branch.id,
          alias: aliases.contact,
          name: input.shopName,
          // closed until the opening checklist is done (owner-shops.ts)
          active: false,
          street: input.address.street,
          number: input.address.number,
          city: input.address.city,
          lat: input.location.lat,
          lng: input.location.lng,
          whatsAppPhone: whatsApp,
          timeZone: COUNTRY_TIME_ZONES[country.code] ?? 'UTC',
          country: country.code,
          currency: country.currencyCode,
          workingDays: [],
          createdAt: now,
        })
        .returning({ id: t.branchContacts.id });
      const [menu] = await tx
        .insert(t.menus)
        .values({ branchId: branch.id, name: 'Carta', hash: 'pending', createdAt: now })
        .returning({ id: t.menus.id });
      const [owner] = await tx
        .insert(t.staffAccounts)
        .values({
          branchId: branch.id,
          email: input.owner.email,
          name: input.owner.name,
          passwordHash,
          role: 'OWNER',
          createdAt: now,
        })
        .returning({ id: t.staffAccounts.id });
      if (!contact || !menu || !owner) throw new Error('sign-up insert returned nothing');
      await recomputeMenuHash(tx, menu.id);
      if (mode === 'invite' && !(await spendInvite(tx, input.inviteCode ?? '', owner.id, now)))
        throw new AppError('SIGN_UP_NOT_ALLOWED', 403, M.inviteInvalid);
      await recordChange(tx, {
        branchId: branch.id,
        staffId: owner.id,
        area: 'SIGN_UP',
        summary: `Creó la tienda ${input.shopName} (/menu/${aliases.contact}), cerrada hasta que la abra`,
        at: now,
      });
      return { companyId: company.id, branchId: branch.id, contactId: contact.id, ownerId: owner.id };
    })
    .catch((error: unknown) => {
      // two sign-ups racing for one alias or e-mail: the database's unique keys decide
      const constraint = uniqueViolation(error);
      if (constraint?.includes('email')) throw emailTaken();
      if (constraint) throw aliasTaken();
      throw error;
    });

  const token = await issueSession(
    db,
    'STAFF',
    created.ownerId,
    now,
    new Date(now.getTime() + STAFF_SESSION_TTL_MS),
  );
  return {
    result: {
      companyId: created.companyId,
      branchId: created.branchId,
      contactId: created.contactId,
      alias: aliases.contact,
    },
    staff: {
      id: created.ownerId,
      branchId: created.branchId,
      role: 'OWNER',
      name: input.owner.name,
      email: input.owner.email,
    },
    token,
  };
}

/** The constraint a unique violation names (PostgreSQL 23505, through postgres.js or PGlite), if it is one. */
function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const e = current as {
      code?: string;
      constraint_name?: string;
      constraint?: string;
      message?: string;
      cause?: unknown;
    };
    if (e.code === '23505') return e.constraint_name ?? e.constraint ?? e.message ?? 'unique';
    current = e.cause;
  }
  return null;
}
