import { riderSecurityCodeProblem, toMinor } from '@comanda/core';
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
import { recomputeMenuHash } from './menu-hash.ts';

export interface ImportResult {
  companyId: number | null;
  branchIds: number[];
  branchContactIds: number[];
}

/** Countries are reference data: inserted or updated by code. */
export async function importCountries(db: Db, input: unknown): Promise<void> {
  const countries = CountryImportSchema.parse(input);
  for (const c of countries) {
    await db.insert(t.countries).values(c).onConflictDoUpdate({ target: t.countries.code, set: c });
  }
}

/**
 * Brings one business file into the database in a single transaction: all of it or none of it.
 * Aliases must be new (an alias in use is refused rather than silently merged). Rider security codes
 * need 6 digits or more; only the demo seed (`demo: true`) keeps its documented 4-digit code.
 */
export async function importBusiness(
  db: Db,
  input: unknown,
  now: Date,
  options: { demo?: boolean } = {},
): Promise<ImportResult> {
  const parsed = BusinessImportSchema.safeParse(input);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new AppError('INVALID_IMPORT', 400, 'El archivo de importación no es válido.', errors);
  }
  const file: BusinessImport = parsed.data;
  if (!options.demo) refuseShortRiderCodes(file);
  await refuseTakenAliases(db, file);
  return db.transaction(async (tx) => {
    let companyId: number | null = null;
    if (file.company) {
      const [company] = await tx.insert(t.companies).values(file.company).returning({ id: t.companies.id });
      companyId = company?.id ?? null;
    }
    const result: ImportResult = { companyId, branchIds: [], branchContactIds: [] };
    for (const branch of file.branches) {
      const { branchId, contactIds } = await importBranch(tx, branch, companyId, now);
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
  if (errors.length)
    throw new AppError('INVALID_IMPORT', 400, 'El archivo de importación no es válido.', errors);
}

async function refuseTakenAliases(db: Db, file: BusinessImport): Promise<void> {
  const aliases = [
    ...(file.company ? [file.company.alias] : []),
    ...file.branches.flatMap((b) => [b.alias, ...b.contacts.map((c) => c.alias)]),
  ];
  const unique = new Set(aliases);
  if (unique.size !== aliases.length) {
    throw new AppError('INVALID_IMPORT', 400, 'El archivo repite un alias.');
  }
  const taken = [
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
  if (taken.length > 0) {
    throw new AppError(
      'ALIAS_TAKEN',
      409,
      `El alias ${taken.map((r) => r.alias).join(', ')} ya está en uso.`,
    );
  }
}

/** Keys of the file mapped to the ids the database gave them. */
interface BranchKeys {
  plates: Map<
    string,
    { id: number; price: number; categoryId: number; categoryShowName: string; name: string }
  >;
  categories: Map<string, number>;
  menus: Map<string, number>;
  indicators: Map<string, number>;
  sizes: Map<string, { id: number; price: number }>; // `${plateKey}/${sizeName}`
  garnishes: Map<string, { id: number; groupId: number; price: number; multiple: boolean }>; // `${plateKey}/${group}/${garnish}`
}

async function importBranch(tx: Tx, branch: BranchImport, companyId: number | null, now: Date) {
  const firstContact = branch.contacts[0];
  const currency = firstContact?.currency ?? 'ARS';
  const decimals = await currencyDecimalsOf(tx, firstContact?.country ?? 'ar');
  const minor = (units: number) => toMinor(units, decimals);

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
  const branchId = row.id;

  for (const [type, url] of Object.entries(branch.logos)) {
    if (url) await tx.insert(t.files).values({ branchId, type, url });
  }

  const keys: BranchKeys = {
    plates: new Map(),
    categories: new Map(),
    menus: new Map(),
    indicators: new Map(),
    sizes: new Map(),
    garnishes: new Map(),
  };

  for (const indicator of branch.indicators) {
    const [ind] = await tx
      .insert(t.indicators)
      .values({
        branchId,
        showName: indicator.showName,
        backgroundColor: indicator.backgroundColor,
        textColor: indicator.textColor,
      })
      .returning({ id: t.indicators.id });
    if (ind) keys.indicators.set(indicator.key, ind.id);
  }

  for (const menu of branch.menus) {
    const [menuRow] = await tx
      .insert(t.menus)
      .values({ branchId, name: menu.name, hash: 'pending' })
      .returning({ id: t.menus.id });
    if (!menuRow) throw new Error('menu insert returned nothing');
    keys.menus.set(menu.key, menuRow.id);
    const excludedByPlate: [number, string[]][] = [];
    for (const [cPos, category] of menu.categories.entries()) {
      const [cat] = await tx
        .insert(t.categories)
        .values({
          menuId: menuRow.id,
          name: category.name,
          showName: category.showName ?? category.name,
          description: category.description,
          visible: category.visible,
          position: cPos,
        })
        .returning({ id: t.categories.id });
      if (!cat) throw new Error('category insert returned nothing');
      keys.categories.set(category.key, cat.id);
      for (const [pPos, plate] of category.plates.entries()) {
        if (keys.plates.has(plate.key)) {
          throw new AppError('INVALID_IMPORT', 400, `La clave de plato ${plate.key} está repetida.`);
        }
        const [p] = await tx
          .insert(t.plates)
          .values({
            categoryId: cat.id,
            name: plate.name,
            showName: plate.showName ?? plate.name,
            description: plate.description,
            price: minor(plate.price),
            maxQuantity: plate.maxQuantity,
            visible: plate.visible,
            imageUrl: plate.imageUrl,
            position: pPos,
          })
          .returning({ id: t.plates.id });
        if (!p) throw new Error('plate insert returned nothing');
        keys.plates.set(plate.key, {
          id: p.id,
          price: minor(plate.price),
          categoryId: cat.id,
          categoryShowName: category.showName ?? category.name,
          name: plate.showName ?? plate.name,
        });
        excludedByPlate.push([p.id, plate.excludedCategories]);
        for (const [sPos, size] of plate.sizes.entries()) {
          const [s] = await tx
            .insert(t.plateSizes)
            .values({ plateId: p.id, name: size.name, price: minor(size.price), position: sPos })
            .returning({ id: t.plateSizes.id });
          if (s) keys.sizes.set(`${plate.key}/${size.name}`, { id: s.id, price: minor(size.price) });
        }
        for (const [gPos, group] of plate.garnishGroups.entries()) {
          if (group.minGarnishAmount > group.maxGarnishAmount) {
            throw new AppError(
              'INVALID_IMPORT',
              400,
              `El grupo ${group.name} tiene un mínimo mayor que su máximo.`,
            );
          }
          const [g] = await tx
            .insert(t.garnishGroups)
            .values({
              plateId: p.id,
              name: group.name,
              minGarnishAmount: group.minGarnishAmount,
              maxGarnishAmount: group.maxGarnishAmount,
              multipleSelection: group.multipleSelection,
              mandatory: group.mandatory,
              position: gPos,
            })
            .returning({ id: t.garnishGroups.id });
          if (!g) throw new Error('garnish group insert returned nothing');
          for (const [xPos, garnish] of group.garnishes.entries()) {
            const [x] = await tx
              .insert(t.garnishes)
              .values({
                groupId: g.id,
                name: garnish.name,
                description: garnish.description,
                price: minor(garnish.price),
                visible: garnish.visible,
                position: xPos,
              })
              .returning({ id: t.garnishes.id });
            if (x) {
              keys.garnishes.set(`${plate.key}/${group.name}/${garnish.name}`, {
                id: x.id,
                groupId: g.id,
                price: minor(garnish.price),
                multiple: group.multipleSelection,
              });
            }
          }
        }
        for (const indicatorKey of plate.indicators) {
          const indicatorId = keys.indicators.get(indicatorKey);
          if (!indicatorId)
            throw new AppError('INVALID_IMPORT', 400, `No existe el indicador ${indicatorKey}.`);
          await tx.insert(t.plateIndicators).values({ plateId: p.id, indicatorId });
        }
      }
    }
    for (const [plateId, excluded] of excludedByPlate) {
      if (excluded.length === 0) continue;
      const ids = excluded.map((k) => mustGet(keys.categories, k, 'categoría'));
      await tx.update(t.plates).set({ excludedCategoryIds: ids }).where(eq(t.plates.id, plateId));
    }
    for (const [kind, list] of [
      ['REMARKED', menu.remarked],
      ['UPSOLD', menu.upsold],
    ] as const) {
      for (const [position, plateKey] of list.entries()) {
        const plate = mustGet(keys.plates, plateKey, 'plato');
        await tx
          .insert(t.menuFeaturedPlates)
          .values({ menuId: menuRow.id, plateId: plate.id, kind, position });
      }
    }
    await recomputeMenuHash(tx, menuRow.id);
  }

  for (const discount of branch.menuDiscounts) {
    const [d] = await tx
      .insert(t.menuDiscounts)
      .values({
        branchId,
        name: discount.name,
        type: discount.type,
        percentage: discount.percentage,
        fixedDiscount: discount.fixedDiscount === undefined ? null : minor(discount.fixedDiscount),
        buy: discount.buy,
        pay: discount.pay,
        finalPrice: discount.finalPrice === undefined ? null : minor(discount.finalPrice),
      })
      .returning({ id: t.menuDiscounts.id });
    if (!d) throw new Error('discount insert returned nothing');
    for (const plateKey of discount.plates) {
      const plate = mustGet(keys.plates, plateKey, 'plato');
      await tx.insert(t.menuDiscountPlates).values({ discountId: d.id, plateId: plate.id });
    }
  }

  for (const c of branch.customizations) {
    await tx.insert(t.menuCustomizations).values({
      branchId,
      resource: c.resource,
      displayType: c.displayType,
      theme: c.theme,
      commands: JSON.stringify(c.commands),
    });
  }

  for (const code of branch.discountCodes) {
    await tx.insert(t.discountCodes).values({
      branchId,
      code: code.code.toUpperCase(),
      type: code.type,
      value: code.type === 'FIXED' ? minor(code.value) : code.value,
      maximumDiscount: code.maximumDiscount === undefined ? null : minor(code.maximumDiscount),
      minimumOrderAmount: code.minimumOrderAmount === undefined ? null : minor(code.minimumOrderAmount),
      plateId: code.plate ? mustGet(keys.plates, code.plate, 'plato').id : null,
      categoryName: code.categoryName,
      firstTimeOnly: code.firstTimeOnly,
      freeDelivery: code.freeDelivery || code.type === 'FREE_DELIVERY',
      limitedUsage: code.limitedUsage,
      maxUses: code.maxUses,
      active: code.active,
    });
  }

  if (branch.loyaltyProgram) {
    await tx.insert(t.loyaltyPrograms).values({ branchId, ...branch.loyaltyProgram });
  }

  const customerIds = new Map<string, number>();
  for (const customer of branch.customers) {
    const customerId = await upsertCustomer(tx, customer.phone);
    await tx
      .insert(t.customerProfiles)
      .values({ customerId, branchId, name: customer.name, email: customer.email ?? null })
      .onConflictDoUpdate({
        target: [t.customerProfiles.customerId, t.customerProfiles.branchId],
        set: { name: customer.name, email: customer.email ?? null },
      });
    customerIds.set(normalisePhone(customer.phone), customerId);
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

  for (const staff of branch.staff) {
    await tx.insert(t.staffAccounts).values({
      branchId,
      email: staff.email.toLowerCase(),
      name: staff.name,
      passwordHash: hashSecret(staff.password),
      role: staff.role,
    });
  }

  const contactIds: number[] = [];
  const contactIdByAlias = new Map<string, number>();
  for (const contact of branch.contacts) {
    const contactId = await importContact(tx, branchId, contact, keys, minor, currency, now);
    contactIds.push(contactId);
    contactIdByAlias.set(contact.alias, contactId);
  }

  for (const reward of branch.loyaltyRewards) {
    await tx.insert(t.loyaltyRewards).values({
      branchId,
      reward: reward.reward,
      active: reward.active,
      branchContactId: reward.contact ? mustGet(contactIdByAlias, reward.contact, 'local') : null,
    });
  }

  return { branchId, contactIds };
}

async function importContact(
  tx: Tx,
  branchId: number,
  contact: ContactImport,
  keys: BranchKeys,
  minor: (units: number) => number,
  currency: string,
  now: Date,
): Promise<number> {
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
      npsAvg: contact.npsAvg,
      ordersConsoleActive: contact.ordersConsoleActive,
      acceptsOnlinePayment: contact.acceptsOnlinePayment,
      confirmOrderBeforePlacing: contact.confirmOrderBeforePlacing,
      ownFleet: contact.ownFleet,
      riderSecurityCodeHash: contact.riderSecurityCode ? hashSecret(contact.riderSecurityCode) : null,
    })
    .returning({ id: t.branchContacts.id });
  if (!row) throw new Error('contact insert returned nothing');
  const contactId = row.id;

  const paymentTypeIds = new Map<string, { id: number; method: string }>();
  for (const [position, pt] of contact.paymentTypes.entries()) {
    const [p] = await tx
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
    if (p) paymentTypeIds.set(pt.key, { id: p.id, method: pt.paymentMethod });
  }

  const modeIds = new Map<string, number>();
  for (const [position, mode] of contact.orderModes.entries()) {
    const [m] = await tx
      .insert(t.orderModes)
      .values({
        branchContactId: contactId,
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
        menuId: mustGet(keys.menus, mode.menu, 'menú'),
        position,
      })
      .returning({ id: t.orderModes.id });
    if (!m) throw new Error('order mode insert returned nothing');
    modeIds.set(mode.showName, m.id);
    await tx.insert(t.orderModeSchedules).values([
      { orderModeId: m.id, kind: 'NOW', workingDays: mode.schedules.NOW ?? contact.workingDays },
      { orderModeId: m.id, kind: 'SCHEDULED', workingDays: mode.schedules.SCHEDULED ?? contact.workingDays },
    ]);
    for (const ptKey of mode.paymentTypes) {
      const pt = mustGet(paymentTypeIds, ptKey, 'medio de pago');
      await tx.insert(t.orderModePaymentTypes).values({ orderModeId: m.id, paymentTypeId: pt.id });
    }
    if (mode.serviceFee) {
      await tx.insert(t.serviceFees).values({
        orderModeId: m.id,
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
          orderModeId: m.id,
          name: a.name,
          type: a.type,
          value: a.type === 'FIXED' ? minor(a.value) : a.value,
        });
      }
    }
  }

  for (const [priority, zone] of contact.deliveryZones.entries()) {
    await tx.insert(t.deliveryZones).values({
      branchContactId: contactId,
      name: zone.name,
      polygon: zone.polygon,
      cashFee: minor(zone.cashFee),
      otherFee: minor(zone.otherFee),
      minimumOrder: minor(zone.minimumOrder),
      freeDeliveryFrom: zone.freeDeliveryFrom === undefined ? null : minor(zone.freeDeliveryFrom),
      acceptsCash: zone.acceptsCash,
      priority,
    });
  }

  if (contact.survey) {
    const [s] = await tx
      .insert(t.surveys)
      .values({ branchContactId: contactId, active: contact.survey.active })
      .returning({ id: t.surveys.id });
    if (s) {
      for (const [order, q] of contact.survey.questions.entries()) {
        await tx.insert(t.surveyQuestions).values({ surveyId: s.id, questionOrder: order + 1, ...q });
      }
    }
  }

  const riderIds = new Map<string, number>();
  for (const rider of contact.riders) {
    const [r] = await tx
      .insert(t.riders)
      .values({
        branchContactId: contactId,
        name: rider.name,
        phone: normalisePhone(rider.phone),
        active: rider.active,
        lastLat: rider.lastLocation?.lat ?? null,
        lastLng: rider.lastLocation?.lng ?? null,
        lastLocationAt: rider.lastLocation ? now : null,
      })
      .returning({ id: t.riders.id });
    if (r) riderIds.set(normalisePhone(rider.phone), r.id);
  }

  const stackIds = new Map<string, number>();
  for (const order of contact.orders) {
    const orderModeId = mustGet(modeIds, order.orderMode, 'modo de pedido');
    const mode = contact.orderModes.find((m) => m.showName === order.orderMode);
    const payment = mustGet(paymentTypeIds, order.paymentType, 'medio de pago');
    const customerId = await upsertCustomer(tx, order.customerPhone);
    // the business knows whoever ordered from it; a listed customer's profile stays as the file says
    await tx
      .insert(t.customerProfiles)
      .values({ customerId, branchId, name: order.customerName })
      .onConflictDoNothing();
    const orderedAt = new Date(now.getTime() - order.minutesAgo * 60_000);

    let itemsPrice = 0;
    const lines = order.items.map((item) => {
      const plate = mustGet(keys.plates, item.plate, 'plato');
      const size = item.size ? mustGet(keys.sizes, `${item.plate}/${item.size}`, 'tamaño') : null;
      const extras = item.extras.map((e) => ({
        ...e,
        ...mustGet(keys.garnishes, `${item.plate}/${e.group}/${e.garnish}`, 'guarnición'),
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
      const [lo] = await tx
        .insert(t.logisticsOrders)
        .values({ orderId: o.id, branchContactId: contactId })
        .returning({ id: t.logisticsOrders.id });
      if (!lo) continue;
      let stackId: number | null = null;
      if (order.shipment.stack) {
        stackId = stackIds.get(order.shipment.stack) ?? null;
        if (!stackId) {
          const [st] = await tx
            .insert(t.shipmentStacks)
            .values({
              branchContactId: contactId,
              status: 'PENDING',
              createdAt: orderedAt,
              updatedAt: orderedAt,
            })
            .returning({ id: t.shipmentStacks.id });
          stackId = st?.id ?? null;
          if (stackId) stackIds.set(order.shipment.stack, stackId);
        }
      }
      const stackingOrder = stackId ? [...stackIds.keys()].length + lines.length : 0;
      await tx.insert(t.shipments).values({
        logisticsOrderId: lo.id,
        branchContactId: contactId,
        status: order.shipment.status,
        shipmentStackId: stackId,
        stackingOrder,
        securityCode: order.shipment.securityCode,
        riderId: order.shipment.rider
          ? mustGet(riderIds, normalisePhone(order.shipment.rider), 'repartidor')
          : null,
        minEta: mode?.minDelayInMinutes
          ? new Date(orderedAt.getTime() + mode.minDelayInMinutes * 60_000)
          : null,
        maxEta: mode?.maxDelayInMinutes
          ? new Date(orderedAt.getTime() + mode.maxDelayInMinutes * 60_000)
          : null,
        createdAt: orderedAt,
        updatedAt: orderedAt,
      });
    }
  }

  return contactId;
}

async function currencyDecimalsOf(tx: Tx, countryCode: string): Promise<number> {
  const [country] = await tx.select().from(t.countries).where(eq(t.countries.code, countryCode));
  if (!country)
    throw new AppError(
      'INVALID_IMPORT',
      400,
      `No existe el país ${countryCode}; importe los países primero.`,
    );
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

function mustGet<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined)
    throw new AppError('INVALID_IMPORT', 400, `No existe ${what} con la clave ${String(key)}.`);
  return value;
}

/**
 * When a past order was accepted, ready and finished, as a plausible kitchen would have done it
 * (2, 20 and 40 minutes after it was placed), so the console's ages and averages read sensibly.
 */
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
