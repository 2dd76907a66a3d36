import { fromMinor } from '@comanda/core';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { exportContact } from './export-contacts.ts';
import { optional, stored } from './export-keys.ts';
import { exportCatalogue } from './export-menus.ts';
import {
  type BranchImportInput,
  type BusinessImport,
  type BusinessImportInput,
  BusinessImportSchema,
} from './import-format.ts';
import { issueLines, parseInSpanish } from './import-problems.ts';

type Branch = typeof t.branches.$inferSelect;
type Units = (minor: number) => number;

const LOGO_TYPES = ['LOGO', 'HORIZONTAL_LOGO', 'BACKGROUND_LOGO', 'BANNER_LOGO'] as const;

/**
 * A business as an import file (import-format.ts), for `business:import` into another database. The alias
 * names a company (all its branches), a branch, or a shop (its whole branch); the company goes with the
 * file only when its own alias is given. Money goes back to currency units, keys come from names
 * (export-keys.ts), secrets travel as their stored hashes. Customers, past orders, sessions and tokens
 * stay out. `now` decides which closures are still to come (only those are written).
 */
export async function exportBusiness(db: Db, alias: string, now = new Date()): Promise<BusinessImport> {
  const target = await findExportTarget(db, alias.trim().toLowerCase());
  if (!target)
    throw new AppError(
      'NOT_FOUND',
      404,
      `No hay ninguna empresa, marca ni local con el alias "${alias}". Revisá el alias.`,
    );
  const branches: BranchImportInput[] = [];
  for (const branch of target.branches) branches.push(await exportBranch(db, branch, now));
  const file: BusinessImportInput = { formatVersion: 1, company: target.company, branches };
  // undefined fields out, then the format's own check and defaults: what any import file would give
  const parsed = parseInSpanish(BusinessImportSchema, JSON.parse(JSON.stringify(file)));
  if (!parsed.success)
    throw new AppError(
      'INVALID_IMPORT',
      400,
      'Los datos de este negocio no entran en el formato de importación.',
      issueLines(parsed.error.issues),
    );
  return parsed.data;
}

async function findExportTarget(
  db: Db,
  alias: string,
): Promise<{ company?: { name: string; alias: string }; branches: Branch[] } | null> {
  const [company] = await db.select().from(t.companies).where(eq(t.companies.alias, alias));
  if (company) {
    const branches = await db
      .select()
      .from(t.branches)
      .where(eq(t.branches.companyId, company.id))
      .orderBy(asc(t.branches.id));
    return { company: { name: company.name, alias: company.alias }, branches };
  }
  const [branch] = await db.select().from(t.branches).where(eq(t.branches.alias, alias));
  if (branch) return { branches: [branch] };
  const [shop] = await db
    .select({ branch: t.branches })
    .from(t.branchContacts)
    .innerJoin(t.branches, eq(t.branches.id, t.branchContacts.branchId))
    .where(eq(t.branchContacts.alias, alias));
  return shop ? { branches: [shop.branch] } : null;
}

/** Money of a branch is in its first shop's currency, as the import reads it. */
async function unitsOf(db: Db, countryCode: string): Promise<Units> {
  const [country] = await db
    .select({ decimals: t.countries.currencyDecimals })
    .from(t.countries)
    .where(eq(t.countries.code, countryCode));
  const decimals = country?.decimals ?? 2;
  return (minor) => fromMinor(minor, decimals);
}

async function exportBranch(db: Db, branch: Branch, now: Date): Promise<BranchImportInput> {
  const contacts = await db
    .select()
    .from(t.branchContacts)
    .where(eq(t.branchContacts.branchId, branch.id))
    .orderBy(asc(t.branchContacts.id));
  const units = await unitsOf(db, contacts[0]?.country ?? 'ar');
  const catalogue = await exportCatalogue(db, branch.id, units);
  const exportedContacts: BranchImportInput['contacts'] = [];
  for (const contact of contacts) {
    exportedContacts.push(await exportContact(db, contact, catalogue.menuKeyById, units, now));
  }
  return {
    alias: branch.alias,
    name: branch.name,
    active: branch.active,
    social: branch.social,
    customMessage: optional(branch.customMessage),
    askForLocation: branch.askForLocation,
    paymentAccount: (await paysIntoSandbox(db, branch.id)) ? 'SANDBOX' : undefined,
    fbPixelId: optional(branch.fbPixelId),
    googleTagManagerId: optional(branch.googleTagManagerId),
    googleAnalyticsId: optional(branch.googleAnalyticsId),
    generalConfig: branch.generalConfig as BranchImportInput['generalConfig'],
    logos: await exportLogos(db, branch.id),
    indicators: catalogue.indicators,
    menus: catalogue.menus,
    menuDiscounts: catalogue.menuDiscounts,
    customizations: await exportCustomizations(db, branch.id),
    discountCodes: await exportDiscountCodes(db, branch.id, catalogue.plateKeyById, units),
    loyaltyProgram: await exportLoyaltyProgram(db, branch.id),
    loyaltyRewards: await exportLoyaltyRewards(db, branch.id, new Map(contacts.map((c) => [c.id, c.alias]))),
    staff: await exportStaff(db, branch.id),
    contacts: exportedContacts,
  };
}

/** The branch's connected account is the sandbox's (a real one is never exported: it is connected again). */
async function paysIntoSandbox(db: Db, branchId: number): Promise<boolean> {
  const [account] = await db
    .select({ provider: t.paymentAccounts.provider })
    .from(t.paymentAccounts)
    .where(and(eq(t.paymentAccounts.branchId, branchId), isNull(t.paymentAccounts.disconnectedAt)));
  return account?.provider === 'SANDBOX';
}

/** The branch's logo files by type (the newest of a type, should there be several). */
async function exportLogos(db: Db, branchId: number): Promise<BranchImportInput['logos']> {
  const files = await db
    .select()
    .from(t.files)
    .where(and(eq(t.files.branchId, branchId), inArray(t.files.type, [...LOGO_TYPES])))
    .orderBy(asc(t.files.id));
  return Object.fromEntries(files.map((f) => [f.type, f.url]));
}

async function exportCustomizations(db: Db, branchId: number): Promise<BranchImportInput['customizations']> {
  const rows = await db
    .select()
    .from(t.menuCustomizations)
    .where(eq(t.menuCustomizations.branchId, branchId))
    .orderBy(asc(t.menuCustomizations.id));
  return rows.map((c) => ({
    resource: stored(c.resource),
    displayType: optional(c.displayType),
    theme: optional(c.theme),
    commands: JSON.parse(c.commands) as Record<string, unknown>,
  }));
}

async function exportDiscountCodes(
  db: Db,
  branchId: number,
  plateKeys: Map<number, string>,
  units: Units,
): Promise<BranchImportInput['discountCodes']> {
  const rows = await db
    .select()
    .from(t.discountCodes)
    .where(eq(t.discountCodes.branchId, branchId))
    .orderBy(asc(t.discountCodes.id));
  const money = (minor: number | null) => (minor === null ? undefined : units(minor));
  return rows.map((c) => ({
    code: c.code,
    type: stored(c.type),
    value: c.type === 'FIXED' ? units(c.value) : c.value,
    maximumDiscount: money(c.maximumDiscount),
    minimumOrderAmount: money(c.minimumOrderAmount),
    plate: c.plateId === null ? undefined : plateKeys.get(c.plateId),
    categoryName: optional(c.categoryName),
    firstTimeOnly: c.firstTimeOnly,
    freeDelivery: c.freeDelivery,
    limitedUsage: c.limitedUsage,
    maxUses: optional(c.maxUses),
    active: c.active,
  }));
}

async function exportLoyaltyProgram(db: Db, branchId: number): Promise<BranchImportInput['loyaltyProgram']> {
  const [program] = await db.select().from(t.loyaltyPrograms).where(eq(t.loyaltyPrograms.branchId, branchId));
  if (!program) return undefined;
  return {
    name: program.name,
    active: program.active,
    orderPercentage: program.orderPercentage,
    minRedeemedPoints: program.minRedeemedPoints,
    maxRedeemedPoints: optional(program.maxRedeemedPoints),
    maxRedeemedPercentage: optional(program.maxRedeemedPercentage),
    supportsDiscounts: program.supportsDiscounts,
  };
}

async function exportLoyaltyRewards(
  db: Db,
  branchId: number,
  contactAliases: Map<number, string>,
): Promise<BranchImportInput['loyaltyRewards']> {
  const rows = await db
    .select()
    .from(t.loyaltyRewards)
    .where(eq(t.loyaltyRewards.branchId, branchId))
    .orderBy(asc(t.loyaltyRewards.id));
  return rows.map((r) => ({
    reward: r.reward,
    active: r.active,
    contact: r.branchContactId === null ? undefined : contactAliases.get(r.branchContactId),
  }));
}

/** Console accounts with their stored password hashes: the people sign in as before. */
async function exportStaff(db: Db, branchId: number): Promise<BranchImportInput['staff']> {
  const rows = await db
    .select()
    .from(t.staffAccounts)
    .where(eq(t.staffAccounts.branchId, branchId))
    .orderBy(asc(t.staffAccounts.id));
  return rows.map((s) => ({
    email: s.email,
    name: s.name,
    passwordHash: s.passwordHash,
    role: s.role,
    ...(s.revokedAt ? { revoked: true as const } : {}),
  }));
}
