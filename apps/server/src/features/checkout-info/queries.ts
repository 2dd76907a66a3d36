import type { LoyaltyProgramRule } from '@comanda/core';
import { defaultPhoneCountry } from '@comanda/core';
import type {
  Fees,
  GeneralAdjustment,
  LoyaltyHistoryRow,
  LoyaltyProgram,
  OrderingCustomer,
} from '@comanda/core/contract';
import { and, asc, desc, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db } from '../../platform/db.ts';
import { currencyDecimalsOf, findBranch, units } from '../diner/queries.ts';
import { findCustomerProfile, loadRememberedAddresses } from './customer-profile.ts';

/** An order mode the storefront can show: the mode and its branch contact are both active. */
export async function findActiveMode(db: Db, orderModeId: number) {
  const [row] = await db
    .select({ id: t.orderModes.id, active: t.orderModes.active, contact: t.branchContacts })
    .from(t.orderModes)
    .innerJoin(t.branchContacts, eq(t.branchContacts.id, t.orderModes.branchContactId))
    .where(eq(t.orderModes.id, orderModeId));
  return row?.active && row.contact.active ? row : null;
}

export async function findActiveBranch(db: Db, branchId: number) {
  const branch = await findBranch(db, { id: branchId });
  return branch?.active ? branch : null;
}

/** The mode's service fee in currency units; a mode without a fee row charges none. */
export async function loadFees(db: Db, orderModeId: number, country: string): Promise<Fees> {
  const [fee] = await db
    .select({ userFee: t.serviceFees.userFee, percentageUserFee: t.serviceFees.percentageUserFee })
    .from(t.serviceFees)
    .where(eq(t.serviceFees.orderModeId, orderModeId));
  if (!fee) return { userFee: 0, percentageUserFee: 0 };
  const decimals = await currencyDecimalsOf(db, country);
  return { userFee: units(fee.userFee, decimals) ?? 0, percentageUserFee: fee.percentageUserFee };
}

/** Active general discounts or surcharges of a mode; FIXED values are stored in minor units. */
export async function loadAdjustments(
  db: Db,
  table: typeof t.generalDiscounts | typeof t.generalSurcharges,
  orderModeId: number,
  country: string,
): Promise<GeneralAdjustment[]> {
  const rows = await db
    .select({ id: table.id, name: table.name, type: table.type, value: table.value })
    .from(table)
    .where(and(eq(table.orderModeId, orderModeId), eq(table.active, true)))
    .orderBy(asc(table.id));
  if (rows.length === 0) return [];
  const decimals = await currencyDecimalsOf(db, country);
  return rows.map((row) => {
    const type = row.type as GeneralAdjustment['type'];
    return {
      id: row.id,
      name: row.name,
      type,
      value: type === 'FIXED' ? (units(row.value, decimals) ?? 0) : row.value,
    };
  });
}

async function contactsOf(db: Db, branchId: number) {
  return db
    .select({ id: t.branchContacts.id, country: t.branchContacts.country, active: t.branchContacts.active })
    .from(t.branchContacts)
    .where(eq(t.branchContacts.branchId, branchId))
    .orderBy(asc(t.branchContacts.id));
}

/**
 * The branch's loyalty programme, or null. The table stores an empty contact list for "every contact of
 * the branch"; the answer names them, so a client only has to look its contact up in the list.
 */
export async function loadLoyaltyProgram(db: Db, branchId: number): Promise<LoyaltyProgram | null> {
  const [program] = await db.select().from(t.loyaltyPrograms).where(eq(t.loyaltyPrograms.branchId, branchId));
  if (!program) return null;
  const branchContactIds = program.branchContactIds.length
    ? program.branchContactIds
    : (await contactsOf(db, branchId)).filter((c) => c.active).map((c) => c.id);
  return { ...loyaltyRuleOf(program), branchContactIds };
}

/** A programme row as core's rule (and its id): what the checkout shows and order placement applies. */
export function loyaltyRuleOf(
  program: typeof t.loyaltyPrograms.$inferSelect,
): LoyaltyProgramRule & { id: number } {
  return {
    id: program.id,
    name: program.name,
    active: program.active,
    orderPercentage: program.orderPercentage,
    minRedeemedPoints: program.minRedeemedPoints,
    maxRedeemedPoints: program.maxRedeemedPoints,
    maxRedeemedPercentage: program.maxRedeemedPercentage,
    supportsDiscounts: program.supportsDiscounts,
  };
}

/** Phones typed without a prefix are read in the country of the branch's (first) contact, else ar. */
export async function phoneCountryOf(db: Db, branchId: number): Promise<string> {
  const [first] = await contactsOf(db, branchId);
  return defaultPhoneCountry(first?.country);
}

async function findCustomer(db: Db, phone: string) {
  const [customer] = await db
    .select({ id: t.customers.id })
    .from(t.customers)
    .where(eq(t.customers.phone, phone));
  return customer ?? null;
}

/** The spec's silent fallback of the customer lookup: optIn false, no addresses, no name, no points. */
export function orderingCustomerFallback(phone: string): OrderingCustomer {
  return { optIn: false, addressesRegistered: [], name: null, phone, loyaltyPointsBalance: 0 };
}

/**
 * The checkout's customer lookup for the phone's own verified session (routes.ts answers everyone else
 * the fallback); an unknown phone gets the fallback too.
 */
export async function loadOrderingCustomer(
  db: Db,
  phone: string,
  branchId: number,
): Promise<OrderingCustomer> {
  const customer = await findCustomer(db, phone);
  const unknown = orderingCustomerFallback(phone);
  if (!customer) return unknown;
  // what the diner told this business (its profile), never another business's: a business without the
  // diner's profile or points does not know the diner
  const [profile, balance] = await Promise.all([
    findCustomerProfile(db, customer.id, branchId),
    db
      .select({ balance: t.loyaltyBalances.balance })
      .from(t.loyaltyBalances)
      .where(and(eq(t.loyaltyBalances.customerId, customer.id), eq(t.loyaltyBalances.branchId, branchId)))
      .then((rows) => rows[0]),
  ]);
  if (!profile && !balance) return unknown;
  return {
    optIn: profile?.optIn ?? false,
    addressesRegistered: profile ? await loadRememberedAddresses(db, customer.id, branchId) : [],
    name: profile?.name ?? null,
    phone,
    loyaltyPointsBalance: balance?.balance ?? 0,
  };
}

/** One page of a customer's points movements at a branch, newest first; an unknown phone has none. */
export async function loadLoyaltyHistory(
  db: Db,
  branchId: number,
  phone: string,
  page: { offset: number; limit: number },
): Promise<LoyaltyHistoryRow[]> {
  const customer = await findCustomer(db, phone);
  if (!customer) return [];
  const rows = await db
    .select({
      orderCode: t.loyaltyPointsLedger.orderCode,
      createdAt: t.loyaltyPointsLedger.createdAt,
      amount: t.loyaltyPointsLedger.amount,
      postBalance: t.loyaltyPointsLedger.postBalance,
    })
    .from(t.loyaltyPointsLedger)
    .where(
      and(eq(t.loyaltyPointsLedger.customerId, customer.id), eq(t.loyaltyPointsLedger.branchId, branchId)),
    )
    .orderBy(desc(t.loyaltyPointsLedger.createdAt), desc(t.loyaltyPointsLedger.id))
    .offset(page.offset)
    .limit(page.limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
