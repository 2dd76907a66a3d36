import { riderSecurityCodeProblem, toMinor, upcomingClosures } from '@comanda/core';
import { eq, inArray } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { hashSecret, newOrderCode } from '../../platform/secrets.ts';
import {
  type BranchImport,
  type BusinessImport,
  BusinessImportSchema,
  type ContactImport,
  CountryImportSchema,
} from './import-format.ts';
import {
  type BranchKeys,
  emptyBranchKeys,
  importIndicators,
  importMenu,
  importMenuDiscounts,
  type MenuContext,
} from './import-menus.ts';
import { invalidFile, issueLines, mustGet, parseInSpanish, problemAt } from './import-problems.ts';

export interface ImportResult {
  companyId: number | null;
  branchIds: number[];
  branchContactIds: number[];
}

/** Countries are reference data: inserted or updated by code. */
export async function importCountries(db: Db | Tx, input: unknown): Promise<void> {
  const countries = CountryImportSchema.parse(input);
  for (const c of countries) {
    await db.insert(t.countries).values(c).onConflictDoUpdate({ target: t.countries.code, set: c });
  }
}

/**
 * Brings one business file into the database in a single transaction: all of it or none of it.
 * Aliases must be new (an alias in use is refused rather than silently merged). Rider security codes
 * need 6 digits or more; only the demo seed (`demo: true`) keeps its documented 4-digit code.
 * Every problem is an AppError whose `errors` say `path: problem` in Spanish (import-problems.ts).
 */
export async function importBusiness(
  db: Db | Tx,
  input: unknown,
  now: Date,
  options: { demo?: boolean } = {},
): Promise<ImportResult> {
  const parsed = parseInSpanish(BusinessImportSchema, input);
  if (!parsed.success) throw invalidFile(issueLines(parsed.error.issues));
  const file: BusinessImport = parsed.data;
  if (!options.demo) refuseShortRiderCodes(file);
  await refuseTakenAliases(db, file);
  await refuseUnknownCountries(db, file);
  await refuseTakenStaffEmails(db, file);
  return db.transaction(async (tx) => {
    let companyId: number | null = null;
    if (file.company) {
      const [company] = await tx.insert(t.companies).values(file.company).returning({ id: t.companies.id });
      companyId = company?.id ?? null;
    }
    const result: ImportResult = { companyId, branchIds: [], branchContactIds: [] };
    for (const [b, branch] of file.branches.entries()) {
      const { branchId, contactIds } = await importBranch(tx, branch, `branches.${b}`, companyId, now);
      result.branchIds.push(branchId);
      result.branchContactIds.push(...contactIds);
    }
    return result;
  });
}

function refuseShortRiderCodes(file: BusinessImport): void {
  const errors = file.branches.flatMap((branch, b) =>
    branch.contacts.flatMap((contact, c) => {
      const problem = contact.riderSecurityCode && riderSecurityCodeProblem(contact.riderSecurityCode);
      return problem ? [`branches.${b}.contacts.${c}.riderSecurityCode: ${problem}`] : [];
    }),
  );
  if (errors.length) throw invalidFile(errors);
}

/** Every alias of the file with its path. */
function aliasesOf(file: BusinessImport): { alias: string; at: string }[] {
  return [
    ...(file.company ? [{ alias: file.company.alias, at: 'company.alias' }] : []),
    ...file.branches.flatMap((branch, b) => [
      { alias: branch.alias, at: `branches.${b}.alias` },
      ...branch.contacts.map((c, i) => ({ alias: c.alias, at: `branches.${b}.contacts.${i}.alias` })),
    ]),
  ];
}

async function refuseTakenAliases(db: Db | Tx, file: BusinessImport): Promise<void> {
  const entries = aliasesOf(file);
  const repeated = entries.filter((e, i) => entries.findIndex((f) => f.alias === e.alias) !== i);
  if (repeated.length > 0) {
    throw new AppError(
      'INVALID_IMPORT',
      400,
      'El archivo repite un alias.',
      repeated.map((e) => `${e.at}: El alias ${e.alias} está repetido en el archivo`),
    );
  }
  const aliases = entries.map((e) => e.alias);
  const rows = [
    ...(await db
      .select({ alias: t.companies.alias })
      .from(t.companies)
      .where(inArray(t.companies.alias, aliases))),
    ...(await db
      .select({ alias: t.branches.alias })
      .from(t.branches)
      .where(inArray(t.branches.alias, aliases))),
    ...(await db
      .select({ alias: t.branchContacts.alias })
      .from(t.branchContacts)
      .where(inArray(t.branchContacts.alias, aliases))),
  ];
  const taken = new Set(rows.map((r) => r.alias));
  const refused = entries.filter((e) => taken.has(e.alias));
  if (refused.length > 0) {
    throw new AppError(
      'ALIAS_TAKEN',
      409,
      `El alias ${refused.map((e) => e.alias).join(', ')} ya está en uso.`,
      refused.map((e) => `${e.at}: El alias ${e.alias} ya está en uso`),
    );
  }
}

async function refuseUnknownCountries(db: Db | Tx, file: BusinessImport): Promise<void> {
  const codes = [...new Set(file.branches.flatMap((b) => b.contacts.map((c) => c.country)))];
  const rows = await db
    .select({ code: t.countries.code })
    .from(t.countries)
    .where(inArray(t.countries.code, codes));
  const known = new Set(rows.map((r) => r.code));
  const errors = file.branches.flatMap((branch, b) =>
    branch.contacts.flatMap((contact, c) =>
      known.has(contact.country)
        ? []
        : [`branches.${b}.contacts.${c}.country: ${unknownCountry(contact.country)}`],
    ),
  );
  if (errors.length) throw invalidFile(errors);
}

const unknownCountry = (code: string) => `No existe el país ${code}; importá los países primero`;

/** Staff e-mails are unique on the platform: one in use, or twice in the file, is refused up front. */
async function refuseTakenStaffEmails(db: Db | Tx, file: BusinessImport): Promise<void> {
  const staff = file.branches.flatMap((branch, b) =>
    branch.staff.map((s, i) => ({ email: s.email.toLowerCase(), at: `branches.${b}.staff.${i}.email` })),
  );
  if (staff.length === 0) return;
  const rows = await db
    .select({ email: t.staffAccounts.email })
    .from(t.staffAccounts)
    .where(
      inArray(
        t.staffAccounts.email,
        staff.map((s) => s.email),
      ),
    );
  const taken = new Set(rows.map((r) => r.email));
  const seen = new Set<string>();
  const errors = staff.flatMap(({ email, at }) => {
    const problem = taken.has(email)
      ? `El e-mail ${email} ya tiene una cuenta del panel`
      : seen.has(email)
        ? `El e-mail ${email} está repetido en el archivo`
        : null;
    seen.add(email);
    return problem ? [`${at}: ${problem}`] : [];
  });
  if (errors.length) throw invalidFile(errors);
}

async function importBranch(tx: Tx, branch: BranchImport, at: string, companyId: number | null, now: Date) {
  const firstContact = branch.contacts[0];
  const currency = firstContact?.currency ?? 'ARS';
  const decimals = await currencyDecimalsOf(tx, firstContact?.country ?? 'ar', `${at}.contacts.0.country`);
  const minor = (units: number) => toMinor(units, decimals);
  const branchId = await insertBranch(tx, branch, companyId, now);

  for (const [type, url] of Object.entries(branch.logos)) {
    if (url) await tx.insert(t.files).values({ branchId, type, url });
  }
  const ctx: MenuContext = { tx, branchId, keys: emptyBranchKeys(), minor };
  await importIndicators(ctx, branch.indicators);
  for (const [m, menu] of branch.menus.entries()) await importMenu(ctx, menu, `${at}.menus.${m}`);
  await importMenuDiscounts(ctx, branch.menuDiscounts, `${at}.menuDiscounts`);
  for (const c of branch.customizations) {
    await tx.insert(t.menuCustomizations).values({
      branchId,
      resource: c.resource,
      displayType: c.displayType,
      theme: c.theme,
      commands: JSON.stringify(c.commands),
    });
  }
  await importDiscountCodes(ctx, branch.discountCodes, `${at}.discountCodes`);
  if (branch.loyaltyProgram) {
    await tx.insert(t.loyaltyPrograms).values({ branchId, ...branch.loyaltyProgram });
  }
  await importCustomers(tx, branchId, branch.customers, now);
  for (const staff of branch.staff) {
    await tx.insert(t.staffAccounts).values({
      branchId,
      email: staff.email.toLowerCase(),
      name: staff.name,
      passwordHash: staff.passwordHash ?? hashSecret(staff.password ?? ''), // the format asks for one of them
      role: staff.role,
      revokedAt: staff.revoked ? now : null,
    });
  }

  const contactIds: number[] = [];
  const contactIdByAlias = new Map<string, number>();
  for (const [c, contact] of branch.contacts.entries()) {
    const place = { branchId, keys: ctx.keys, minor, currency, now, at: `${at}.contacts.${c}` };
    const contactId = await importContact(tx, contact, place);
    contactIds.push(contactId);
    contactIdByAlias.set(contact.alias, contactId);
  }

  for (const [r, reward] of branch.loyaltyRewards.entries()) {
    const contactAt = `${at}.loyaltyRewards.${r}.contact`;
    await tx.insert(t.loyaltyRewards).values({
      branchId,
      reward: reward.reward,
      active: reward.active,
      branchContactId: reward.contact ? mustGet(contactIdByAlias, reward.contact, 'local', contactAt) : null,
    });
  }

  return { branchId, contactIds };
}

async function insertBranch(
  tx: Tx,
  branch: BranchImport,
  companyId: number | null,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(t.branches)
    .values({
      companyId,
      alias: branch.alias,
      name: branch.name,
      active: branch.active,
      social: branch.social,
      customMessage: branch.customMessage,
      withCustomLogo: Boolean(branch.logos.LOGO),
      withCustomHorizontalLogo: Boolean(branch.logos.HORIZONTAL_LOGO),
      withCustomBackgroundLogo: Boolean(branch.logos.BACKGROUND_LOGO),
      withCustomBannerLogo: Boolean(branch.logos.BANNER_LOGO),
      askForLocation: branch.askForLocation,
      fbPixelId: branch.fbPixelId,
      googleTagManagerId: branch.googleTagManagerId,
      googleAnalyticsId: branch.googleAnalyticsId,
      generalConfig: branch.generalConfig,
    })
    .returning({ id: t.branches.id });
  if (!row) throw new Error('branch insert returned nothing');
  if (branch.paymentAccount === 'SANDBOX') {
    await tx.insert(t.paymentAccounts).values({
      branchId: row.id,
      provider: 'SANDBOX',
      connectedVia: 'SANDBOX',
      externalAccountId: 'sandbox',
      connectedAt: now,
      updatedAt: now,
    });
  }
  return row.id;
}

async function importDiscountCodes(
  ctx: MenuContext,
  codes: BranchImport['discountCodes'],
  at: string,
): Promise<void> {
  const { minor } = ctx;
  for (const [i, code] of codes.entries()) {
    await ctx.tx.insert(t.discountCodes).values({
      branchId: ctx.branchId,
      code: code.code.toUpperCase(),
      type: code.type,
      value: code.type === 'FIXED' ? minor(code.value) : code.value,
      maximumDiscount: code.maximumDiscount === undefined ? null : minor(code.maximumDiscount),
      minimumOrderAmount: code.minimumOrderAmount === undefined ? null : minor(code.minimumOrderAmount),
      plateId: code.plate ? mustGet(ctx.keys.plates, code.plate, 'plato', `${at}.${i}.plate`).id : null,
      categoryName: code.categoryName,
      firstTimeOnly: code.firstTimeOnly,
      freeDelivery: code.freeDelivery || code.type === 'FREE_DELIVERY',
      limitedUsage: code.limitedUsage,
      maxUses: code.maxUses,
      active: code.active,
    });
  }
}

async function importCustomers(
  tx: Tx,
  branchId: number,
  customers: BranchImport['customers'],
  now: Date,
): Promise<void> {
  for (const customer of customers) {
    const customerId = await upsertCustomer(tx, customer.phone);
    await tx
      .insert(t.customerProfiles)
      .values({ customerId, branchId, name: customer.name, email: customer.email ?? null })
      .onConflictDoUpdate({
        target: [t.customerProfiles.customerId, t.customerProfiles.branchId],
        set: { name: customer.name, email: customer.email ?? null },
      });
    if (customer.points > 0) {
      await tx.insert(t.loyaltyBalances).values({ customerId, branchId, balance: customer.points });
      await tx.insert(t.loyaltyPointsLedger).values({
        customerId,
        branchId,
        reason: 'ADJUSTMENT',
        amount: customer.points,
        postBalance: customer.points,
        createdAt: new Date(now.getTime() - 30 * 86_400_000),
      });
    }
  }
}

/** Where a contact goes: its branch, the branch's keys and money, the clock, and its path in the file. */
interface ContactPlace {
  branchId: number;
  keys: BranchKeys;
  minor: (units: number) => number;
  currency: string;
  now: Date;
  at: string;
}

type PaymentTypeIds = Map<string, { id: number; method: string }>;

/** What a contact's historic orders refer to. */
interface ContactRefs extends ContactPlace {
  tx: Tx;
  contactId: number;
  contact: ContactImport;
  paymentTypeIds: PaymentTypeIds;
  modeIds: Map<string, number>;
  riderIds: Map<string, number>;
  stackIds: Map<string, number>;
}

async function importContact(tx: Tx, contact: ContactImport, place: ContactPlace): Promise<number> {
  const contactId = await insertContact(tx, place.branchId, contact, place.currency, place.now);
  const paymentTypeIds = await importPaymentTypes(tx, contactId, contact.paymentTypes);
  const modeIds = new Map<string, number>();
  for (const [position, mode] of contact.orderModes.entries()) {
    const at = `${place.at}.orderModes.${position}`;
    const modeId = await importOrderMode(
      tx,
      { contactId, contact, paymentTypeIds, place },
      mode,
      position,
      at,
    );
    modeIds.set(mode.showName, modeId);
  }
  await importDeliveryZones(tx, contactId, contact.deliveryZones, place.minor);
  if (contact.survey) await importSurvey(tx, contactId, contact.survey);
  const riderIds = await importRiders(tx, contactId, contact.riders, place.now);
  const refs: ContactRefs = {
    ...place,
    tx,
    contactId,
    contact,
    paymentTypeIds,
    modeIds,
    riderIds,
    stackIds: new Map(),
  };
  for (const [o, order] of contact.orders.entries()) {
    await importHistoricOrder(refs, order, `${place.at}.orders.${o}`);
  }
  return contactId;
}

async function insertContact(
  tx: Tx,
  branchId: number,
  contact: ContactImport,
  currency: string,
  now: Date,
): Promise<number> {
  const riderSecurityCodeHash =
    contact.riderSecurityCodeHash ??
    (contact.riderSecurityCode ? hashSecret(contact.riderSecurityCode) : null);
  const [row] = await tx
    .insert(t.branchContacts)
    .values({
      branchId,
      alias: contact.alias,
      name: contact.name,
      active: contact.active,
      street: contact.address.street,
      number: contact.address.number,
      zone: contact.address.zone,
      locality: contact.address.locality,
      city: contact.address.city,
      addressCountry: contact.address.country,
      lat: contact.location.lat,
      lng: contact.location.lng,
      callPhone: contact.callPhone,
      whatsAppPhone: contact.whatsAppPhone,
      timeZone: contact.timeZone,
      country: contact.country,
      currency: contact.currency ?? currency,
      mandatoryEmail: contact.mandatoryEmail,
      commercialTermsBlocked: contact.blocked,
      betweenStreetsRequired: contact.betweenStreetsRequired,
      workingDays: contact.workingDays,
      // closures over by the shop's local today mean nothing any more: dropped (import-format.ts)
      closures: upcomingClosures(contact.closures, now, contact.timeZone),
      npsAvg: contact.npsAvg,
      ordersConsoleActive: contact.ordersConsoleActive,
      autoAccept: contact.autoAccept,
      acceptsOnlinePayment: contact.acceptsOnlinePayment,
      confirmOrderBeforePlacing: contact.confirmOrderBeforePlacing,
      ownFleet: contact.ownFleet,
      riderSecurityCodeHash,
    })
    .returning({ id: t.branchContacts.id });
  if (!row) throw new Error('contact insert returned nothing');
  return row.id;
}

async function importPaymentTypes(
  tx: Tx,
  contactId: number,
  paymentTypes: ContactImport['paymentTypes'],
): Promise<PaymentTypeIds> {
  const ids: PaymentTypeIds = new Map();
  for (const [position, pt] of paymentTypes.entries()) {
    const [row] = await tx
      .insert(t.paymentTypes)
      .values({
        branchContactId: contactId,
        showName: pt.showName,
        paymentMethod: pt.paymentMethod,
        active: pt.active,
        upload: pt.upload,
        onlinePaymentMethod: pt.onlinePaymentMethod,
        providerName: pt.providerName,
        bankAlias: pt.bankAlias,
        bankCbu: pt.bankCbu?.replace(/[\s-]/g, ''),
        bankHolder: pt.bankHolder,
        position,
      })
      .returning({ id: t.paymentTypes.id });
    if (row) ids.set(pt.key, { id: row.id, method: pt.paymentMethod });
  }
  return ids;
}

async function importOrderMode(
  tx: Tx,
  owner: { contactId: number; contact: ContactImport; paymentTypeIds: PaymentTypeIds; place: ContactPlace },
  mode: ContactImport['orderModes'][number],
  position: number,
  at: string,
): Promise<number> {
  const { minor, keys } = owner.place;
  const [row] = await tx
    .insert(t.orderModes)
    .values({
      branchContactId: owner.contactId,
      type: mode.type,
      showName: mode.showName,
      active: mode.active,
      orderEnabled: mode.orderEnabled,
      nowEnabled: mode.nowEnabled,
      useSchedule: mode.useSchedule,
      minDelayInMinutes: mode.minDelayInMinutes,
      maxDelayInMinutes: mode.maxDelayInMinutes,
      scheduleLeadMinutes: mode.scheduleLeadMinutes,
      scheduleSlotMinutes: mode.scheduleSlotMinutes,
      scheduleDaysAhead: mode.scheduleDaysAhead,
      menuId: mustGet(keys.menus, mode.menu, 'menú', `${at}.menu`),
      position,
    })
    .returning({ id: t.orderModes.id });
  if (!row) throw new Error('order mode insert returned nothing');
  const shopHours = owner.contact.workingDays;
  await tx.insert(t.orderModeSchedules).values([
    { orderModeId: row.id, kind: 'NOW', workingDays: mode.schedules.NOW ?? shopHours },
    { orderModeId: row.id, kind: 'SCHEDULED', workingDays: mode.schedules.SCHEDULED ?? shopHours },
  ]);
  for (const [i, ptKey] of mode.paymentTypes.entries()) {
    const pt = mustGet(owner.paymentTypeIds, ptKey, 'medio de pago', `${at}.paymentTypes.${i}`);
    await tx.insert(t.orderModePaymentTypes).values({ orderModeId: row.id, paymentTypeId: pt.id });
  }
  if (mode.serviceFee) {
    await tx.insert(t.serviceFees).values({
      orderModeId: row.id,
      userFee: minor(mode.serviceFee.userFee),
      percentageUserFee: mode.serviceFee.percentageUserFee,
    });
  }
  for (const [table, list] of [
    [t.generalDiscounts, mode.generalDiscounts],
    [t.generalSurcharges, mode.generalSurcharges],
  ] as const) {
    for (const a of list) {
      await tx.insert(table).values({
        orderModeId: row.id,
        name: a.name,
        type: a.type,
        value: a.type === 'FIXED' ? minor(a.value) : a.value,
      });
    }
  }
  return row.id;
}

async function importDeliveryZones(
  tx: Tx,
  contactId: number,
  zones: ContactImport['deliveryZones'],
  minor: (units: number) => number,
): Promise<void> {
  for (const [priority, zone] of zones.entries()) {
    await tx.insert(t.deliveryZones).values({
      branchContactId: contactId,
      name: zone.name,
      polygon: zone.polygon ?? [],
      circle: zone.circle ?? null,
      cashFee: minor(zone.cashFee),
      otherFee: minor(zone.otherFee),
      minimumOrder: minor(zone.minimumOrder),
      freeDeliveryFrom: zone.freeDeliveryFrom === undefined ? null : minor(zone.freeDeliveryFrom),
      acceptsCash: zone.acceptsCash,
      active: zone.active,
      distanceTiers: zone.distanceTiers.map((tier) => ({
        upToMeters: Math.round(tier.upToMeters),
        cashFee: minor(tier.cashFee),
        otherFee: minor(tier.otherFee),
      })),
      totalTiers: zone.totalTiers.map((tier) => ({
        fromTotal: minor(tier.fromTotal),
        cashFee: minor(tier.cashFee),
        otherFee: minor(tier.otherFee),
      })),
      priority,
    });
  }
}

async function importSurvey(
  tx: Tx,
  contactId: number,
  survey: NonNullable<ContactImport['survey']>,
): Promise<void> {
  const [row] = await tx
    .insert(t.surveys)
    .values({ branchContactId: contactId, active: survey.active })
    .returning({ id: t.surveys.id });
  if (!row) return;
  for (const [order, q] of survey.questions.entries()) {
    await tx.insert(t.surveyQuestions).values({ surveyId: row.id, questionOrder: order + 1, ...q });
  }
}

/** The contact's riders, by normalised phone. */
async function importRiders(
  tx: Tx,
  contactId: number,
  riders: ContactImport['riders'],
  now: Date,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const rider of riders) {
    const [row] = await tx
      .insert(t.riders)
      .values({
        branchContactId: contactId,
        name: rider.name,
        phone: normalisePhone(rider.phone),
        active: rider.active && !rider.disabled,
        disabledAt: rider.disabled ? now : null,
        lastLat: rider.lastLocation?.lat ?? null,
        lastLng: rider.lastLocation?.lng ?? null,
        lastLocationAt: rider.lastLocation ? now : null,
      })
      .returning({ id: t.riders.id });
    if (row) ids.set(normalisePhone(rider.phone), row.id);
  }
  return ids;
}

type HistoricOrderImport = ContactImport['orders'][number];

/** A past order as recorded, with its items, payment, status history and shipment. */
async function importHistoricOrder(refs: ContactRefs, order: HistoricOrderImport, at: string): Promise<void> {
  const { tx, keys, minor, contact, contactId } = refs;
  const orderModeId = mustGet(refs.modeIds, order.orderMode, 'modo de pedido', `${at}.orderMode`);
  const mode = contact.orderModes.find((m) => m.showName === order.orderMode);
  const payment = mustGet(refs.paymentTypeIds, order.paymentType, 'medio de pago', `${at}.paymentType`);
  const customerId = await upsertCustomer(tx, order.customerPhone);
  // the business knows whoever ordered from it; a listed customer's profile stays as the file says
  await tx
    .insert(t.customerProfiles)
    .values({ customerId, branchId: refs.branchId, name: order.customerName })
    .onConflictDoNothing();
  const orderedAt = new Date(refs.now.getTime() - order.minutesAgo * 60_000);

  let itemsPrice = 0;
  const lines = order.items.map((item, i) => {
    const itemAt = `${at}.items.${i}`;
    const plate = mustGet(keys.plates, item.plate, 'plato', `${itemAt}.plate`);
    const size = item.size
      ? mustGet(keys.sizes, `${item.plate}/${item.size}`, 'tamaño', `${itemAt}.size`)
      : null;
    const extras = item.extras.map((e, x) => ({
      ...e,
      ...mustGet(
        keys.garnishes,
        `${item.plate}/${e.group}/${e.garnish}`,
        'guarnición',
        `${itemAt}.extras.${x}`,
      ),
    }));
    const unit = (size?.price ?? plate.price) + extras.reduce((sum, e) => sum + e.price * e.quantity, 0);
    const accPrice = unit * item.quantity;
    itemsPrice += accPrice;
    return { item, plate, size, extras, unit, accPrice };
  });
  const deliveryFee = minor(order.deliveryFee);
  const userServiceFee = minor(order.userServiceFee);
  const total = itemsPrice + deliveryFee + userServiceFee - minor(order.redeemedPoints);

  const [o] = await tx
    .insert(t.orders)
    .values({
      code: order.code || newOrderCode(),
      branchContactId: contactId,
      orderModeId,
      customerId,
      type: mode?.type ?? 'DELIVERY',
      status: order.status,
      currency: contact.currency,
      customerName: order.customerName,
      phone: normalisePhone(order.customerPhone),
      orderedAt,
      paymentTypeId: payment.id,
      paymentMethod: payment.method,
      itemsPrice,
      deliveryFee,
      userServiceFee,
      total,
      destination: order.destination ?? null,
      minDelayInMinutes: mode?.minDelayInMinutes,
      maxDelayInMinutes: mode?.maxDelayInMinutes,
      redeemedPoints: order.redeemedPoints,
      earnedPoints: order.earnedPoints,
      ...historicLifecycleTimes(order.status, orderedAt),
      createdAt: orderedAt,
      updatedAt: orderedAt,
    })
    .returning({ id: t.orders.id, code: t.orders.code });
  if (!o) throw new Error('order insert returned nothing');
  for (const [position, line] of lines.entries()) {
    const [item] = await tx
      .insert(t.orderItems)
      .values({
        orderId: o.id,
        referenceId: line.plate.id,
        name: line.plate.name,
        sizeId: line.size?.id,
        sizeName: line.item.size,
        categoryId: line.plate.categoryId,
        categoryShowName: line.plate.categoryShowName,
        quantity: line.item.quantity,
        notes: line.item.notes,
        priceWithoutDiscount: line.unit,
        accPrice: line.accPrice,
        position,
      })
      .returning({ id: t.orderItems.id });
    if (!item) continue;
    for (const extra of line.extras) {
      await tx.insert(t.orderItemExtras).values({
        orderItemId: item.id,
        groupId: extra.groupId,
        groupName: extra.group,
        multipleSelection: extra.multiple,
        garnishId: extra.id,
        name: extra.garnish,
        price: extra.price,
        quantity: extra.quantity,
      });
    }
  }
  await tx.insert(t.orderPayments).values({
    orderId: o.id,
    status: order.status === 'DELIVERED' ? 'PAID' : 'PENDING',
    amount: total,
    paymentUpload: 'APP',
  });
  // the history the lifecycle engine would have written, so 'Historial' and the diner's steps show it
  const times = historicLifecycleTimes(order.status, orderedAt);
  await tx.insert(t.statusEvents).values(
    historicEvents(order.status, orderedAt, times).map((event) => ({
      ...event,
      entity: 'ORDER' as const,
      entityId: o.id,
      orderId: o.id,
    })),
  );
  if (order.shipment) {
    await importHistoricShipment(refs, { id: o.id, orderedAt, lines: lines.length }, order, at);
  }
}

async function importHistoricShipment(
  refs: ContactRefs,
  placed: { id: number; orderedAt: Date; lines: number },
  order: HistoricOrderImport,
  at: string,
): Promise<void> {
  const { tx, contactId, stackIds } = refs;
  const shipment = order.shipment;
  if (!shipment) return;
  const { orderedAt } = placed;
  const mode = refs.contact.orderModes.find((m) => m.showName === order.orderMode);
  const [lo] = await tx
    .insert(t.logisticsOrders)
    .values({ orderId: placed.id, branchContactId: contactId })
    .returning({ id: t.logisticsOrders.id });
  if (!lo) return;
  let stackId: number | null = null;
  if (shipment.stack) {
    stackId = stackIds.get(shipment.stack) ?? null;
    if (!stackId) {
      const [st] = await tx
        .insert(t.shipmentStacks)
        .values({ branchContactId: contactId, status: 'PENDING', createdAt: orderedAt, updatedAt: orderedAt })
        .returning({ id: t.shipmentStacks.id });
      stackId = st?.id ?? null;
      if (stackId) stackIds.set(shipment.stack, stackId);
    }
  }
  const stackingOrder = stackId ? [...stackIds.keys()].length + placed.lines : 0;
  const after = (minutes: number | undefined) =>
    minutes ? new Date(orderedAt.getTime() + minutes * 60_000) : null;
  await tx.insert(t.shipments).values({
    logisticsOrderId: lo.id,
    branchContactId: contactId,
    status: shipment.status,
    shipmentStackId: stackId,
    stackingOrder,
    securityCode: shipment.securityCode,
    riderId: shipment.rider
      ? mustGet(refs.riderIds, normalisePhone(shipment.rider), 'repartidor', `${at}.shipment.rider`)
      : null,
    minEta: after(mode?.minDelayInMinutes),
    maxEta: after(mode?.maxDelayInMinutes),
    createdAt: orderedAt,
    updatedAt: orderedAt,
  });
}

async function currencyDecimalsOf(tx: Tx, countryCode: string, at: string): Promise<number> {
  const [country] = await tx.select().from(t.countries).where(eq(t.countries.code, countryCode));
  if (!country) throw problemAt(at, unknownCountry(countryCode));
  return country.currencyDecimals;
}

/** The platform's customer of a phone (the identity only; what a business knows is its profile). */
async function upsertCustomer(tx: Tx, phone: string): Promise<number> {
  const normalised = normalisePhone(phone);
  const [existing] = await tx
    .select({ id: t.customers.id })
    .from(t.customers)
    .where(eq(t.customers.phone, normalised));
  if (existing) return existing.id;
  const [created] = await tx
    .insert(t.customers)
    .values({ phone: normalised })
    .returning({ id: t.customers.id });
  if (!created) throw new Error('customer insert returned nothing');
  return created.id;
}

/** Import files may write phones with spaces and dashes; the database keeps E.164. */
function normalisePhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.startsWith('+') ? digits : `+${digits}`;
}

/** An imported order's moves, from the times `historicLifecycleTimes` gives it. */
function historicEvents(status: string, orderedAt: Date, times: ReturnType<typeof historicLifecycleTimes>) {
  const waitsForPayment = status === 'PAY_NEEDED' || status === 'PAYMENT_EXPIRED';
  const first = waitsForPayment ? 'PAY_NEEDED' : status === 'UNCONFIRMED' ? 'UNCONFIRMED' : 'GENERATED';
  const events: {
    fromStatus: string | null;
    toStatus: string;
    actor: 'DINER' | 'STAFF' | 'SYSTEM';
    createdAt: Date;
  }[] = [{ fromStatus: null, toStatus: first, actor: 'DINER', createdAt: orderedAt }];
  let at = first;
  const move = (to: string, actor: 'STAFF' | 'SYSTEM', when: Date) => {
    events.push({ fromStatus: at, toStatus: to, actor, createdAt: when });
    at = to;
  };
  if (times.acceptedAt) move('ACCEPTED', 'STAFF', times.acceptedAt);
  if (times.readyAt) move('READY', 'STAFF', times.readyAt);
  if (status === 'DELIVERED' && times.finishedAt) move('DELIVERED', 'STAFF', times.finishedAt);
  if (status === 'CANCELED' && times.finishedAt) move('CANCELED', 'STAFF', times.finishedAt);
  if (status === 'PAYMENT_EXPIRED')
    move('PAYMENT_EXPIRED', 'SYSTEM', new Date(orderedAt.getTime() + 15 * 60_000));
  return events;
}

/**
 * When a past order was accepted, ready and finished, as a plausible kitchen would have done it
 * (2, 20 and 40 minutes after it was placed), so the console's ages and averages read sensibly.
 */
function historicLifecycleTimes(status: string, orderedAt: Date) {
  const at = (minutes: number) => new Date(orderedAt.getTime() + minutes * 60_000);
  const reached = ['ACCEPTED', 'READY', 'DELIVERED'].indexOf(status);
  return {
    acceptedAt: reached >= 0 ? at(2) : null,
    readyAt: reached >= 1 ? at(20) : null,
    finishedAt: status === 'DELIVERED' ? at(40) : status === 'CANCELED' ? at(5) : null,
    preparationMinutes: reached >= 0 ? 20 : null,
  };
}
