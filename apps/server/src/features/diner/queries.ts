import { closureAt, fromMinor, isOpenAt, upcomingClosures } from '@comanda/core';
import type { Branch, BranchContact, DinerAlias, OrderModeType } from '@comanda/core/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';

export type BranchRow = typeof t.branches.$inferSelect;
export type ContactRow = typeof t.branchContacts.$inferSelect;

export async function findCompanyByAlias(db: Db, alias: string) {
  const [row] = await db.select().from(t.companies).where(eq(t.companies.alias, alias));
  return row ?? null;
}

export async function findCompanyById(db: Db, id: number) {
  const [row] = await db.select().from(t.companies).where(eq(t.companies.id, id));
  return row ?? null;
}

export async function findBranch(db: Db, by: { alias: string } | { id: number }) {
  const [row] = await db
    .select()
    .from(t.branches)
    .where('alias' in by ? eq(t.branches.alias, by.alias) : eq(t.branches.id, by.id));
  return row ?? null;
}

export async function findContact(db: Db, by: { alias: string } | { id: number }) {
  const [row] = await db
    .select()
    .from(t.branchContacts)
    .where('alias' in by ? eq(t.branchContacts.alias, by.alias) : eq(t.branchContacts.id, by.id));
  return row ?? null;
}

/** Logo files of the given branches, by branch id and file type. */
export async function logoUrlsOf(db: Db, branchIds: number[]): Promise<Map<number, Map<string, string>>> {
  const result = new Map<number, Map<string, string>>();
  if (branchIds.length === 0) return result;
  const rows = await db.select().from(t.files).where(inArray(t.files.branchId, branchIds));
  for (const row of rows) {
    if (row.branchId === null) continue;
    const byType = result.get(row.branchId) ?? new Map<string, string>();
    byType.set(row.type, row.url);
    result.set(row.branchId, byType);
  }
  return result;
}

export function toBranch(row: BranchRow, logos: Map<string, string> | undefined): Branch {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    companyId: row.companyId,
    social: row.social,
    customMessage: row.customMessage,
    withCustomLogo: row.withCustomLogo,
    withCustomHorizontalLogo: row.withCustomHorizontalLogo,
    withCustomBackgroundLogo: row.withCustomBackgroundLogo,
    withCustomBannerLogo: row.withCustomBannerLogo,
    customLogoURL: logos?.get('LOGO') ?? null,
    customHorizontalLogoURL: logos?.get('HORIZONTAL_LOGO') ?? null,
    customBannerURL: logos?.get('BANNER_LOGO') ?? null,
    askForLocation: row.askForLocation,
    fbPixelId: row.fbPixelId,
    googleTagManagerId: row.googleTagManagerId,
    googleAnalyticsId: row.googleAnalyticsId,
    generalConfig: row.generalConfig,
  };
}

/** Active order-mode types of each contact, in display order. */
export async function modeTypesOf(db: Db, contactIds: number[]): Promise<Map<number, OrderModeType[]>> {
  const result = new Map<number, OrderModeType[]>();
  if (contactIds.length === 0) return result;
  const rows = await db
    .select({
      contactId: t.orderModes.branchContactId,
      type: t.orderModes.type,
      position: t.orderModes.position,
    })
    .from(t.orderModes)
    .where(and(inArray(t.orderModes.branchContactId, contactIds), eq(t.orderModes.active, true)))
    .orderBy(t.orderModes.position);
  for (const row of rows) {
    const list = result.get(row.contactId) ?? [];
    if (!list.includes(row.type as OrderModeType)) list.push(row.type as OrderModeType);
    result.set(row.contactId, list);
  }
  return result;
}

export type CardPayment = BranchContact['cardPayment'];

/** The connected payment account of each branch, as the checkout needs it (never its credentials). */
export async function cardPaymentsOf(
  db: Db,
  branchIds: number[],
): Promise<Map<number, NonNullable<CardPayment>>> {
  const result = new Map<number, NonNullable<CardPayment>>();
  if (branchIds.length === 0) return result;
  const rows = await db
    .select({
      branchId: t.paymentAccounts.branchId,
      provider: t.paymentAccounts.provider,
      publicKey: t.paymentAccounts.publicKey,
    })
    .from(t.paymentAccounts)
    .where(and(inArray(t.paymentAccounts.branchId, branchIds), isNull(t.paymentAccounts.disconnectedAt)));
  for (const row of rows) result.set(row.branchId, { provider: row.provider, publicKey: row.publicKey });
  return result;
}

export function toBranchContactBase(
  row: ContactRow,
  modeTypes: OrderModeType[],
  now: Date,
  cardPayment: CardPayment,
): Omit<BranchContact, 'branch'> {
  // a holiday or one-off closure closes the shop whatever its hours say
  const closure = closureAt(row.closures, now, row.timeZone);
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    address: {
      street: row.street,
      number: row.number,
      zone: row.zone,
      locality: row.locality,
      city: row.city,
      country: row.addressCountry,
    },
    lat: row.lat,
    lng: row.lng,
    callPhone: row.callPhone,
    whatsAppPhone: row.whatsAppPhone,
    ordersConsoleActive: row.ordersConsoleActive,
    // a shop with no account of its own offers no online payment: the money would have nowhere to go
    acceptsOnlinePayment: row.acceptsOnlinePayment && cardPayment !== null,
    cardPayment: row.acceptsOnlinePayment ? cardPayment : null,
    confirmOrderBeforePlacing: row.confirmOrderBeforePlacing,
    mandatoryEmail: row.mandatoryEmail,
    country: row.country,
    currency: row.currency,
    timeZone: row.timeZone,
    commercialTermsInfo: { blocked: row.commercialTermsBlocked },
    deliveryConfig: {
      betweenStreetsRequired: row.betweenStreetsRequired,
      npsAvg: row.npsAvg,
      orderModes: modeTypes,
      workingDays: row.workingDays,
    },
    // a holiday or one-off closure closes the shop whatever its hours say (issue 27)
    open: isOpenAt(row.workingDays, now, row.timeZone) && closure === null,
    closures: upcomingClosures(row.closures, now, row.timeZone),
    closure,
  };
}

export async function loadBranchContact(db: Db, row: ContactRow, now: Date): Promise<BranchContact | null> {
  const branch = await findBranch(db, { id: row.branchId });
  if (!branch) return null;
  const [logos, modeTypes, cardPayments] = await Promise.all([
    logoUrlsOf(db, [branch.id]),
    modeTypesOf(db, [row.id]),
    cardPaymentsOf(db, [branch.id]),
  ]);
  return {
    ...toBranchContactBase(row, modeTypes.get(row.id) ?? [], now, cardPayments.get(branch.id) ?? null),
    branch: toBranch(branch, logos.get(branch.id)),
  };
}

export async function currencyDecimalsOf(db: Db | Tx, countryCode: string): Promise<number> {
  const [country] = await db
    .select({ decimals: t.countries.currencyDecimals })
    .from(t.countries)
    .where(eq(t.countries.code, countryCode));
  return country?.decimals ?? 2;
}

export const units = (minor: number | null, decimals: number) =>
  minor === null ? null : fromMinor(minor, decimals);

/**
 * What an alias names: a company, an active branch or an active branch contact (checked in that
 * order, aliases are lower case); null when none. Used by the API and by the page shell.
 */
export async function resolveAlias(db: Db, rawAlias: string, now: Date): Promise<DinerAlias | null> {
  const alias = rawAlias.toLowerCase();
  const company = await findCompanyByAlias(db, alias);
  if (company) return { type: 'company', info: { id: company.id, name: company.name, alias: company.alias } };
  const branch = await findBranch(db, { alias });
  if (branch?.active) {
    const logos = await logoUrlsOf(db, [branch.id]);
    return { type: 'branch', info: toBranch(branch, logos.get(branch.id)) };
  }
  const contact = await findContact(db, { alias });
  const info = contact?.active ? await loadBranchContact(db, contact, now) : null;
  return info ? { type: 'branchContact', info } : null;
}
