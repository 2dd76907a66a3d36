/**
 * The whole data model of both spec files (section 3 of each), PostgreSQL dialect.
 *
 * Conventions:
 * - Column names are written camelCase here and stored snake_case (drizzle `casing: 'snake_case'`).
 * - Every money column holds integer MINOR units of the row's currency (see docs/decisions/002-money.md);
 *   the API converts to currency units at the boundary.
 * - Configuration that the spec treats as one nested document (generalConfig, social, working days,
 *   polygons, customisation commands) is jsonb; everything that is queried, joined or counted is a column.
 */
import type { RoundingMode, ShopClosure, SupportChatConfig } from '@comanda/core';
import type { MenuDraft } from '@comanda/core/back-office';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedAlwaysAsIdentity();
/** `column in ('A', 'B')` for a CHECK constraint: a status column holds only its lifecycle's statuses. */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);

// the lifecycles' statuses (packages/core lifecycle tables), repeated here because the schema is read by
// drizzle-kit on its own; a test checks they equal core's lists
export const ORDER_STATUS_VALUES = [
  'UNCONFIRMED',
  'GENERATED',
  'ACCEPTED',
  'READY',
  'DELIVERED',
  'CANCELED',
  'PAY_NEEDED',
  'PAYMENT_EXPIRED',
] as const;
export const SHIPMENT_STATUS_VALUES = [
  'LOOKING_FOR_DRIVER',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFF',
  'ON_ROUTE_TO_DROP_OFFS',
  'DELIVERED',
  'RETURNED',
  'DRIVER_CANCELED',
  'STACKING',
] as const;
export const PAYMENT_STATUS_VALUES = [
  'PENDING',
  'PROCESSING',
  'PAID',
  'REJECTED',
  'EXPIRED',
  'REFUNDED',
  'PARTIALLY_REFUNDED',
  'CHARGED_BACK',
] as const;
export const STACK_STATUS_VALUES = [
  'PENDING',
  'ON_ROUTE_TO_PICK_UP',
  'IN_STORE',
  'ON_ROUTE_TO_DROP_OFFS',
  'FINISHED',
  'DRIVER_CANCELED',
] as const;
export const LIFECYCLE_ENTITY_VALUES = ['ORDER', 'SHIPMENT', 'STACK', 'PAYMENT'] as const;
export const REFUND_STATUS_VALUES = ['REQUESTED', 'PENDING', 'DONE', 'FAILED'] as const;
export const LIFECYCLE_ACTOR_VALUES = ['STAFF', 'RIDER', 'SYSTEM', 'PAYMENT_PROVIDER', 'DINER'] as const;
export const STAFF_ROLE_VALUES = ['OWNER', 'STAFF'] as const;
export const AUTH_FACE_VALUES = ['STAFF', 'RIDER', 'DINER'] as const;
export const STAFF_ACCESS_LINK_KIND_VALUES = ['INVITE', 'RESET'] as const;
const money = () => bigint({ mode: 'number' });
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export type DayOfWeek = 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
export interface WorkingDayJson {
  dayOfWeek: DayOfWeek;
  workingHours: { startAt: string; endAt: string }[];
}
export interface LatLngJson {
  lat: number;
  lng: number;
}

// ---------------------------------------------------------------- reference data

export const countries = pgTable('countries', {
  code: text().primaryKey(), // ISO 3166-1 alpha-2, lower case: 'ar', 'cl'
  name: text().notNull(),
  currencyCode: text().notNull(),
  currencySymbol: text().notNull(),
  currencyDecimals: integer().notNull().default(2),
  phonePrefix: text().notNull(), // '+54'
  mantissaLength: integer().notNull(), // digits of a national number
});

// ---------------------------------------------------------------- businesses

export const companies = pgTable('companies', {
  id: id(),
  name: text().notNull(),
  alias: text().notNull().unique(),
  createdAt: createdAt(),
});

export interface GeneralConfigJson {
  fontFamily?: string;
  menuConfig?: { plateDetailInModal?: boolean; platesInMainView?: boolean };
  onlineMarketingConfig?: Record<string, unknown>;
  colorConfig?: {
    colorModeType?: string;
    light?: Record<string, string>;
    dark?: Record<string, string>;
  };
  /** How computed amounts are rounded to what the currency shows (core's moneyRoundingOf); NEAREST when absent. */
  roundingMode?: RoundingMode;
  /** The storefront's 'Hecho con Comanda' footer; shown unless false (the brand editor, /console/marca). */
  showPoweredBy?: boolean;
  /** The storefront's support chat (the brand editor); none when absent, the default. */
  supportChat?: SupportChatConfig;
  /** The benefits partners whose members get their benefits here (features/external-benefits); none when absent. */
  externalBenefitPartners?: string[];
}

export const branches = pgTable('branches', {
  id: id(),
  companyId: integer().references(() => companies.id),
  alias: text().notNull().unique(),
  name: text().notNull(),
  active: boolean().notNull().default(true),
  social: jsonb().$type<{ instagram?: string; facebook?: string }>().notNull().default({}),
  customMessage: text(),
  withCustomLogo: boolean().notNull().default(false),
  withCustomHorizontalLogo: boolean().notNull().default(false),
  withCustomBackgroundLogo: boolean().notNull().default(false),
  withCustomBannerLogo: boolean().notNull().default(false),
  askForLocation: boolean().notNull().default(false),
  fbPixelId: text(),
  googleTagManagerId: text(),
  googleAnalyticsId: text(),
  generalConfig: jsonb().$type<GeneralConfigJson>().notNull().default({}),
  createdAt: createdAt(),
});

/** Logos, banners and dish images. `url` is absolute or relative to the public base URL. */
export const files = pgTable(
  'files',
  {
    id: id(),
    branchId: integer().references(() => branches.id),
    type: text().notNull(), // LOGO | HORIZONTAL_LOGO | BACKGROUND_LOGO | BANNER_LOGO | PLATE_IMAGE
    url: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.branchId, t.type)],
);

export const branchContacts = pgTable(
  'branch_contacts',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    alias: text().notNull().unique(),
    name: text().notNull(),
    active: boolean().notNull().default(true),
    street: text().notNull(),
    number: text().notNull(),
    zone: text(),
    locality: text(),
    city: text(),
    addressCountry: text(),
    lat: doublePrecision().notNull(),
    lng: doublePrecision().notNull(),
    callPhone: text(),
    whatsAppPhone: text(),
    timeZone: text().notNull(),
    country: text()
      .notNull()
      .references(() => countries.code),
    currency: text().notNull(),
    mandatoryEmail: boolean().notNull().default(false),
    /** commercialTermsInfo.blocked: when true for all, the storefront shows the blocked screen. */
    commercialTermsBlocked: boolean().notNull().default(false),
    betweenStreetsRequired: boolean().notNull().default(false),
    /** The shop's own opening hours ('Ver horarios'); each order mode has its own schedules too. */
    workingDays: jsonb().$type<WorkingDayJson[]>().notNull().default([]),
    /** Holidays and one-off closures (issue 27): whole local days closed whatever workingDays say. */
    closures: jsonb().$type<ShopClosure[]>().notNull().default([]),
    npsAvg: doublePrecision(),
    /** Orders go to the order console when true, otherwise as WhatsApp text. */
    ordersConsoleActive: boolean().notNull().default(true),
    /** The console accepts new orders by itself (the staff still mark them ready and delivered). */
    autoAccept: boolean().notNull().default(false),
    acceptsOnlinePayment: boolean().notNull().default(false),
    /** The checkout asks the diner to confirm a summary of the order before 'Realizar pedido' posts it. */
    confirmOrderBeforePlacing: boolean().notNull().default(false),
    ownFleet: boolean().notNull().default(false),
    /** scrypt hash of the security code that riders use to register and start or end a shift. */
    riderSecurityCodeHash: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.branchId)],
);

// ---------------------------------------------------------------- menus

export const menus = pgTable('menus', {
  id: id(),
  branchId: integer()
    .notNull()
    .references(() => branches.id),
  name: text().notNull(),
  /** Content hash: two order modes with the same hash share a cart. Recomputed on every menu change. */
  hash: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const orderModes = pgTable(
  'order_modes',
  {
    id: id(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    type: text().notNull(), // DELIVERY | TAKE_AWAY | TABLE | COUNTER_SELF_SERVICE
    showName: text().notNull(),
    active: boolean().notNull().default(true),
    orderEnabled: boolean().notNull().default(true),
    /** Immediate orders ("En el momento") allowed. */
    nowEnabled: boolean().notNull().default(true),
    /** Scheduled orders ("Programado") allowed. */
    useSchedule: boolean().notNull().default(false),
    minDelayInMinutes: integer(),
    maxDelayInMinutes: integer(),
    /** Minimum lead time, in minutes, for a same-day scheduled slot. */
    scheduleLeadMinutes: integer().notNull().default(30),
    scheduleSlotMinutes: integer().notNull().default(30),
    scheduleDaysAhead: integer().notNull().default(7),
    menuId: integer()
      .notNull()
      .references(() => menus.id),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.branchContactId)],
);

/** scheduleConfigs: hours when immediate orders (NOW) or scheduled deliveries (SCHEDULED) are taken. */
export const orderModeSchedules = pgTable(
  'order_mode_schedules',
  {
    id: id(),
    orderModeId: integer()
      .notNull()
      .references(() => orderModes.id, { onDelete: 'cascade' }),
    kind: text().notNull(), // NOW | SCHEDULED
    workingDays: jsonb().$type<WorkingDayJson[]>().notNull().default([]),
  },
  (t) => [index().on(t.orderModeId)],
);

export const paymentTypes = pgTable('payment_types', {
  id: id(),
  branchContactId: integer()
    .notNull()
    .references(() => branchContacts.id),
  showName: text().notNull(),
  paymentMethod: text().notNull(), // CASH | CARD | TRANSFER | PAYMENT_LINK | OTHER
  active: boolean().notNull().default(true),
  upload: text().notNull().default('APP'), // APP | API
  onlinePaymentMethod: text(), // ENABLED | DISABLED
  providerName: text(), // SANDBOX | MERCADO_PAGO | TRANSBANK
  position: integer().notNull().default(0),
  /** TRANSFER only: where the diner sends the money, shown on checkout and on the follow-up. */
  bankAlias: text(),
  bankCbu: text(),
  bankHolder: text(),
});

export const orderModePaymentTypes = pgTable(
  'order_mode_payment_types',
  {
    orderModeId: integer()
      .notNull()
      .references(() => orderModes.id, { onDelete: 'cascade' }),
    paymentTypeId: integer()
      .notNull()
      .references(() => paymentTypes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.orderModeId, t.paymentTypeId] })],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    showName: text().notNull(),
    description: text(),
    visible: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.menuId)],
);

export const plates = pgTable(
  'plates',
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    showName: text().notNull(),
    description: text(),
    price: money().notNull(),
    maxQuantity: integer(),
    visible: boolean().notNull().default(true),
    /** Set from the console for the day: left out of the menu and refused at placement until undone. */
    outOfStock: boolean().notNull().default(false),
    imageUrl: text(),
    /** Upsell rule: not offered while every one of these categories is already in the cart. */
    excludedCategoryIds: jsonb().$type<number[]>().notNull().default([]),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.categoryId)],
);

export const plateSizes = pgTable(
  'plate_sizes',
  {
    id: id(),
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    price: money().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.plateId)],
);

export const garnishGroups = pgTable(
  'garnish_groups',
  {
    id: id(),
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    minGarnishAmount: integer().notNull().default(0),
    maxGarnishAmount: integer().notNull().default(1),
    multipleSelection: boolean().notNull().default(false),
    mandatory: boolean().notNull().default(false),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.plateId)],
);

export const garnishes = pgTable(
  'garnishes',
  {
    id: id(),
    groupId: integer()
      .notNull()
      .references(() => garnishGroups.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    price: money().notNull().default(0),
    visible: boolean().notNull().default(true),
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.groupId)],
);

export const indicators = pgTable('indicators', {
  id: id(),
  /** null: a platform-wide indicator available to every branch. */
  branchId: integer().references(() => branches.id),
  showName: text().notNull(),
  backgroundColor: text().notNull(),
  textColor: text().notNull(),
});

export const plateIndicators = pgTable(
  'plate_indicators',
  {
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    indicatorId: integer()
      .notNull()
      .references(() => indicators.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.plateId, t.indicatorId] })],
);

/** Menu discounts: PERCENT (percentage), FIXED (fixedDiscount), MULTIPLE (buy, pay), FINAL_PRICE (finalPrice). */
export const menuDiscounts = pgTable('menu_discounts', {
  id: id(),
  branchId: integer()
    .notNull()
    .references(() => branches.id),
  name: text().notNull(),
  type: text().notNull(),
  percentage: doublePrecision(),
  fixedDiscount: money(),
  buy: integer(),
  pay: integer(),
  finalPrice: money(),
  active: boolean().notNull().default(true),
});

export const menuDiscountPlates = pgTable(
  'menu_discount_plates',
  {
    discountId: integer()
      .notNull()
      .references(() => menuDiscounts.id, { onDelete: 'cascade' }),
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discountId, t.plateId] })],
);

/** 'Lo más destacado' (REMARKED) and the cart's 'Te recomendamos' (UPSOLD) lists of a menu. */
export const menuFeaturedPlates = pgTable(
  'menu_featured_plates',
  {
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    plateId: integer()
      .notNull()
      .references(() => plates.id, { onDelete: 'cascade' }),
    kind: text().notNull(), // REMARKED | UPSOLD
    position: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.plateId, t.kind] })],
);

/** PROMOTIONAL_BANNER, DOCUMENT_LABEL, NOTES_LIMIT, REDIRECT_ACTION; `commands` is the spec's JSON text. */
export const menuCustomizations = pgTable(
  'menu_customizations',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    resource: text().notNull(),
    displayType: text(),
    theme: text(),
    commands: text().notNull(),
  },
  (t) => [index().on(t.branchId)],
);

// ---------------------------------------------------------------- delivery, fees, discounts

export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: id(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    name: text().notNull(),
    /** The zone's outline; empty when the zone is a circle. */
    polygon: jsonb().$type<LatLngJson[]>().notNull(),
    /** A circle zone (issue 27): every address within radiusMeters of center; null for a polygon. */
    circle: jsonb().$type<{ center: LatLngJson; radiusMeters: number } | null>(),
    cashFee: money().notNull(),
    otherFee: money().notNull(),
    minimumOrder: money().notNull().default(0),
    freeDeliveryFrom: money(),
    acceptsCash: boolean().notNull().default(true),
    /**
     * Fee tiers (issue 27; core's delivery-zone.ts): by the straight-line distance from the shop, each
     * up to a distance (metres), replacing cashFee/otherFee; and by the products' total, each from an
     * amount (minor units). The diner pays the lowest fee that applies.
     */
    distanceTiers: jsonb()
      .$type<{ upToMeters: number; cashFee: number; otherFee: number }[]>()
      .notNull()
      .default([]),
    totalTiers: jsonb()
      .$type<{ fromTotal: number; cashFee: number; otherFee: number }[]>()
      .notNull()
      .default([]),
    /** Inner zones first: the first zone containing the address wins. */
    priority: integer().notNull().default(0),
    active: boolean().notNull().default(true),
  },
  (t) => [index().on(t.branchContactId)],
);

export const serviceFees = pgTable('service_fees', {
  id: id(),
  orderModeId: integer()
    .notNull()
    .unique()
    .references(() => orderModes.id, { onDelete: 'cascade' }),
  userFee: money().notNull().default(0),
  percentageUserFee: doublePrecision().notNull().default(0),
});

/** General discounts and surcharges of an order mode: PERCENT (value is a ratio) or FIXED (minor units). */
const adjustmentColumns = () => ({
  id: id(),
  orderModeId: integer()
    .notNull()
    .references(() => orderModes.id, { onDelete: 'cascade' }),
  name: text().notNull(),
  type: text().notNull(),
  value: doublePrecision().notNull(),
  active: boolean().notNull().default(true),
});
export const generalDiscounts = pgTable('general_discounts', adjustmentColumns());
export const generalSurcharges = pgTable('general_surcharges', adjustmentColumns());

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    code: text().notNull(),
    type: text().notNull(), // PERCENT | FIXED | FREE_DELIVERY
    value: doublePrecision().notNull().default(0),
    maximumDiscount: money(),
    minimumOrderAmount: money(),
    plateId: integer().references(() => plates.id),
    categoryName: text(),
    firstTimeOnly: boolean().notNull().default(false),
    freeDelivery: boolean().notNull().default(false),
    limitedUsage: boolean().notNull().default(false),
    maxUses: integer(),
    usesCount: integer().notNull().default(0),
    validFrom: timestamp({ withTimezone: true }),
    validUntil: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
  },
  (t) => [uniqueIndex().on(t.branchId, t.code)],
);

/** A limited-usage code is reserved when applied (expiresAt = +180000 ms) and consumed by the order. */
export const discountCodeUsages = pgTable(
  'discount_code_usages',
  {
    id: id(),
    discountCodeId: integer()
      .notNull()
      .references(() => discountCodes.id),
    phone: text().notNull(),
    orderId: integer(),
    status: text().notNull(), // RESERVED | USED | EXPIRED
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.discountCodeId, t.status)],
);

// ---------------------------------------------------------------- customers and loyalty

/**
 * The platform's diners, one row per verified or ordering phone: only the identity. What a diner told a
 * business (name, e-mail, document, consent, addresses) is the diner's profile at that business
 * (customer_profiles), so an order at one shop never rewrites what another shop knows.
 */
export const customers = pgTable('customers', {
  id: id(),
  phone: text().notNull().unique(), // E.164
  createdAt: createdAt(),
});

/** A diner at one business (branch): the data of the last order there, the spec's Ordering customer. */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    name: text(),
    email: text(),
    document: text(),
    optIn: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.branchId] }), index().on(t.branchId)],
);

/**
 * Delivery addresses a signed-in diner used at a business, remembered on the diner's profile there
 * (addressesRegistered). One row per street, number and details: using it again refreshes it.
 */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: id(),
    customerId: integer().notNull(),
    branchId: integer().notNull(),
    street: text().notNull(),
    number: text(),
    details: text(),
    betweenStreets: text(),
    city: text(),
    /** state or province */
    locality: text(),
    postalCode: text(),
    lat: doublePrecision(),
    lng: doublePrecision(),
    createdAt: createdAt(),
    /** The last order that went there (ids grow with time, also under a fixed demo clock): it comes first. */
    lastOrderId: integer(),
  },
  (t) => [
    foreignKey({
      columns: [t.customerId, t.branchId],
      foreignColumns: [customerProfiles.customerId, customerProfiles.branchId],
    }).onDelete('cascade'),
    // the same place is one row, however it was capitalised (place-order's upsert names these columns)
    uniqueIndex('customer_addresses_place_key').on(
      t.customerId,
      t.branchId,
      sql`lower(street)`,
      sql`lower(coalesce(number, ''))`,
      sql`lower(coalesce(details, ''))`,
    ),
  ],
);

export const loyaltyPrograms = pgTable('loyalty_programs', {
  id: id(),
  branchId: integer()
    .notNull()
    .unique()
    .references(() => branches.id),
  name: text().notNull(),
  active: boolean().notNull().default(true),
  orderPercentage: doublePrecision().notNull(),
  minRedeemedPoints: integer().notNull().default(0),
  maxRedeemedPoints: integer(),
  maxRedeemedPercentage: doublePrecision(),
  supportsDiscounts: boolean().notNull().default(true),
  /** Empty: every contact of the branch takes part. */
  branchContactIds: jsonb().$type<number[]>().notNull().default([]),
});

export const loyaltyRewards = pgTable('loyalty_rewards', {
  id: id(),
  branchId: integer()
    .notNull()
    .references(() => branches.id),
  branchContactId: integer().references(() => branchContacts.id),
  reward: integer().notNull(), // points credited once
  active: boolean().notNull().default(true),
});

export const loyaltyRewardClaims = pgTable(
  'loyalty_reward_claims',
  {
    rewardId: integer()
      .notNull()
      .references(() => loyaltyRewards.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.rewardId, t.customerId] })],
);

/** Current balance per customer and branch; the row is locked (FOR UPDATE) while points move. */
export const loyaltyBalances = pgTable(
  'loyalty_balances',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    balance: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.branchId] })],
);

/** Points ledger: every movement with the balance after it (the history rows of the spec). */
export const loyaltyPointsLedger = pgTable(
  'loyalty_points_ledger',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    orderId: integer(),
    orderCode: text(),
    /** EARNED (on delivery) | REDEEMED (on placement) | REDEMPTION_RETURNED (on cancel) | REWARD | ADJUSTMENT */
    reason: text().notNull(),
    amount: integer().notNull(),
    postBalance: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.customerId, t.branchId, t.createdAt),
    // an order earns, redeems and gets a redemption back at most once each, however often or
    // concurrently its status is changed
    uniqueIndex('loyalty_points_ledger_order_reason_key')
      .on(t.orderId, t.reason)
      .where(sql`order_id is not null`),
    check(
      'loyalty_points_ledger_reason_check',
      oneOf('reason', ['EARNED', 'REDEEMED', 'REDEMPTION_RETURNED', 'REWARD', 'ADJUSTMENT']),
    ),
  ],
);

// ---------------------------------------------------------------- orders

export interface DestinationJson {
  street: string;
  /** The house number, apart from the street (storefront.md "Address"). */
  number?: string;
  zone?: string;
  locality?: string;
  city?: string;
  details?: string;
  betweenStreets?: string;
  postalCode?: string;
  /** The place details of a picked address: its whole text and country (ISO alpha-2). */
  fullAddress?: string;
  country?: string;
  /** Found by the address search or the device's location, not typed by hand. */
  geocoded?: boolean;
  lat?: number;
  lng?: number;
}

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Random, unguessable (>= 40 bits) code used in follow-up and tracking links. */
    code: text().notNull().unique(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    orderModeId: integer()
      .notNull()
      .references(() => orderModes.id),
    customerId: integer().references(() => customers.id),
    type: text().notNull(),
    status: text().$type<(typeof ORDER_STATUS_VALUES)[number]>().notNull().default('GENERATED'),
    currency: text().notNull(),
    customerName: text().notNull(),
    phone: text().notNull(),
    customerEmail: text(),
    customerDocument: text(),
    tableUid: text(),
    orderedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    scheduled: boolean().notNull().default(false),
    scheduledAt: timestamp({ withTimezone: true }),
    paymentTypeId: integer().references(() => paymentTypes.id),
    paymentMethod: text().notNull(),
    paysWith: money(),
    itemsPrice: money().notNull(),
    deliveryFee: money().notNull().default(0),
    userServiceFee: money().notNull().default(0),
    total: money().notNull(),
    notes: text(),
    destination: jsonb().$type<DestinationJson>(),
    source: text().notNull().default('DIRECT'),
    acquisitionChannel: text(),
    installedApp: boolean().notNull().default(false),
    optIn: boolean().notNull().default(true),
    minDelayInMinutes: integer(),
    maxDelayInMinutes: integer(),
    redeemedPoints: integer().notNull().default(0),
    earnedPoints: integer().notNull().default(0),
    /** Minutes the staff promised on accepting; the diner sees the order ready by then. */
    preparationMinutes: integer(),
    acceptedAt: timestamp({ withTimezone: true }),
    readyAt: timestamp({ withTimezone: true }),
    /** Delivered, cancelled or expired. */
    finishedAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    errorType: text(),
    /** What the diner wrote with an 'Otro problema' report. */
    errorDetail: text(),
    userExternalReference: text(),
    partnerName: text(),
    orderText: text(),
    idempotencyKey: text().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.branchContactId, t.orderedAt),
    index().on(t.phone),
    check('orders_status_check', oneOf('status', ORDER_STATUS_VALUES)),
  ],
);

/** Every status change of an order: who moved it, when, from what to what, and why (board, follow-up, audits). */
/**
 * Idempotency keys of `POST /api/order` (as Stripe defines them): a key is bound to a hash of the first
 * request that used it. While that request runs the key is in flight (409 to a retry); once its order is
 * stored (`orders.idempotency_key`) a retry gets the same order back, and another body under the same key
 * is refused (422). A request that fails releases its key.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text().primaryKey(),
  requestHash: text().notNull(),
  /** the server process placing the order (server_instances.id): a dead holder frees the key at once */
  holder: text(),
  createdAt: createdAt(),
});

/**
 * The running server processes, each beating every few seconds (platform/instance.ts): a process killed
 * stops beating, and what it held (an idempotency key in flight) is free to take over within seconds.
 */
export const serverInstances = pgTable('server_instances', {
  id: text().primaryKey(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per status move of any lifecycle (order, shipment, stack, payment), written by the lifecycle
 * engine in the move's transaction (features/lifecycle): who, when, from, to, by which variant and why.
 * A row's creation is an event from null (an order placed, a shipment requested).
 */
export const statusEvents = pgTable(
  'status_events',
  {
    id: id(),
    entity: text().$type<(typeof LIFECYCLE_ENTITY_VALUES)[number]>().notNull(),
    entityId: integer().notNull(),
    /** the order the row belongs to (null for a stack, which holds several) */
    orderId: integer().references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text(),
    toStatus: text().notNull(),
    /** the move's variant when two moves share from and to (a shipment 'UNDELIVERABLE') */
    via: text(),
    actor: text().$type<(typeof LIFECYCLE_ACTOR_VALUES)[number]>().notNull(),
    /** the staff account or rider who moved it; null for the system, the diner and the provider */
    staffId: integer().references(() => staffAccounts.id, { onDelete: 'set null' }),
    riderId: integer().references(() => riders.id, { onDelete: 'set null' }),
    reason: text(),
    /** money the move is about (a payment's amount, a refund), minor units */
    amount: money(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.orderId, t.createdAt),
    index().on(t.entity, t.entityId),
    check('status_events_entity_check', oneOf('entity', LIFECYCLE_ENTITY_VALUES)),
    check('status_events_actor_check', oneOf('actor', LIFECYCLE_ACTOR_VALUES)),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    referenceId: integer().notNull(), // plate id
    referenceType: text().notNull().default('PLATE'),
    name: text().notNull(),
    sizeId: integer(),
    sizeName: text(),
    categoryId: integer(),
    categoryShowName: text(),
    quantity: integer().notNull(),
    notes: text(),
    /** Unit price before the menu discount (size or base, plus extras). */
    priceWithoutDiscount: money().notNull(),
    /** Line total after the menu discount (accPrice of the follow-up page). */
    accPrice: money().notNull(),
    /** The menu discount: the plate it applies to (itemId), its type, rule and amount. */
    discount: jsonb().$type<{
      itemId?: number;
      type: string;
      discountReferenceId: number;
      amount: number;
    } | null>(),
    source: text().notNull().default('PLATE'), // PLATE | UPSOLD
    position: integer().notNull().default(0),
  },
  (t) => [index().on(t.orderId)],
);

export const orderItemExtras = pgTable(
  'order_item_extras',
  {
    id: id(),
    orderItemId: integer()
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    groupId: integer().notNull(),
    groupName: text().notNull(),
    multipleSelection: boolean().notNull().default(false),
    garnishId: integer().notNull(),
    name: text().notNull(),
    price: money().notNull(),
    quantity: integer().notNull(),
  },
  (t) => [index().on(t.orderItemId)],
);

export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    value: doublePrecision(),
    amount: money().notNull(),
    discountReferenceId: integer(),
    externalBenefitType: text(),
    code: text(),
  },
  (t) => [index().on(t.orderId)],
);

export const orderSurcharges = pgTable(
  'order_surcharges',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    type: text().notNull(),
    value: doublePrecision(),
    amount: money().notNull(),
    surchargeReferenceId: integer(),
  },
  (t) => [index().on(t.orderId)],
);

/**
 * Benefits a partner granted one of its members at one shop and mode (POST /api/external-benefits/{partner}):
 * an order claiming a benefit names its grant (the discount entry's discountReferenceId) and is priced with
 * the grant's terms, not the client's. The id is random (not a sequence), so grants cannot be walked through.
 */
export const externalBenefitGrants = pgTable(
  'external_benefit_grants',
  {
    id: integer().primaryKey(),
    partner: text().notNull(),
    externalUserId: text().notNull(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
    orderModeType: text().notNull(),
    name: text().notNull(),
    type: text().notNull(), // PERCENT | FIXED
    /** PERCENT: a ratio (0.1); FIXED: minor units. */
    value: doublePrecision().notNull(),
    externalBenefitType: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.partner, t.externalUserId), index().on(t.expiresAt)],
);

/** paymentInfo of an order: one row per payment attempt; the newest is the order's current state. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: id(),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text().$type<(typeof PAYMENT_STATUS_VALUES)[number]>().notNull().default('PENDING'),
    amount: money().notNull(),
    paymentUpload: text(), // APP | API
    provider: text(),
    paymentReferenceId: text(),
    /**
     * The paymentInfo.paymentReferenceId the order's payload brought (a reference the diner's side held):
     * kept for the business, never matched against a provider's payments (paymentReferenceId is the provider's).
     */
    clientReference: text(),
    /** the shop's own account that took it (payment_accounts); null for the sandbox */
    paymentAccountId: integer().references(() => paymentAccounts.id, { onDelete: 'set null' }),
    paymentUrl: text(),
    token: text(),
    /** minor units given back so far (refunds made, or the provider's word) */
    refundedAmount: money().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.orderId),
    // a provider's payment is recorded once, whether its redirect, its webhook or both report it
    uniqueIndex('order_payments_provider_reference_key').on(t.provider, t.paymentReferenceId),
    check('order_payments_status_check', oneOf('status', PAYMENT_STATUS_VALUES)),
  ],
);

/**
 * Money going back to a diner: asked for in the transaction that decides it (a cancel, a late or wrong
 * approval), made with the provider after commit, retried by a sweep under the same idempotency key until
 * the provider answers. One row per reason per payment, so a decision repeated gives back once.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: integer()
      .notNull()
      .references(() => orderPayments.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: money().notNull(),
    /** ORDER_CANCELED, PAID_AFTER_EXPIRY, AMOUNT_MISMATCH, PAID_TWICE */
    reason: text().notNull(),
    status: text().$type<(typeof REFUND_STATUS_VALUES)[number]>().notNull().default('REQUESTED'),
    idempotencyKey: text().notNull(),
    providerRefundId: text(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex().on(t.paymentId, t.reason),
    uniqueIndex().on(t.idempotencyKey),
    index().on(t.status),
    check('payment_refunds_status_check', oneOf('status', REFUND_STATUS_VALUES)),
  ],
);

// ---------------------------------------------------------------- surveys

export const surveys = pgTable('surveys', {
  id: id(),
  branchContactId: integer()
    .notNull()
    .references(() => branchContacts.id),
  active: boolean().notNull().default(true),
});

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: id(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    subTitle: text(),
    type: text().notNull(), // RATING | TEXT | MULTISELECT
    questionType: text(), // NPS | REASON | COMMENT
    questionOrder: integer().notNull(),
    mandatory: boolean().notNull().default(false),
    priority: boolean().notNull().default(false),
    questionReasons: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [index().on(t.surveyId)],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: id(),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id),
    questionId: integer()
      .notNull()
      .references(() => surveyQuestions.id),
    dinerOrderId: integer()
      .notNull()
      .references(() => orders.id),
    orderingCustomerId: integer().references(() => customers.id),
    questionTitle: text().notNull(),
    answer: text().notNull(),
    mandatory: boolean().notNull().default(false),
    questionType: text(),
    priority: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.dinerOrderId, t.questionId)],
);

// ---------------------------------------------------------------- logistics

export const riders = pgTable(
  'riders',
  {
    id: id(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    name: text().notNull(),
    phone: text().notNull(), // E.164
    active: boolean().notNull().default(false),
    lastLat: doublePrecision(),
    lastLng: doublePrecision(),
    lastLocationAt: timestamp({ withTimezone: true }),
    /**
     * Set when the owner deactivated the rider (features/team): no registering again with the shop's
     * code, no shift; cleared when the owner activates them again.
     */
    disabledAt: timestamp({ withTimezone: true }),
    /**
     * SHA-256 of the `rider_device` cookie of the phone the rider registered or proved with a one-time
     * code (features/rider/rider-devices.ts): the shop's code alone starts a shift only there.
     */
    deviceTokenHash: text(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.branchContactId, t.phone)],
);

/**
 * One-time codes sent to a rider's phone when a shift is started on a phone the rider never used
 * (features/rider/rider-devices.ts): the same rules as the diners' sign-in codes.
 */
export const riderPhoneCodes = pgTable(
  'rider_phone_codes',
  {
    id: id(),
    riderId: integer()
      .notNull()
      .references(() => riders.id),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.riderId, t.createdAt)],
);

export const logisticsOrders = pgTable('logistics_orders', {
  id: id(),
  orderId: integer()
    .notNull()
    .unique()
    .references(() => orders.id),
  branchContactId: integer()
    .notNull()
    .references(() => branchContacts.id),
  providerName: text().notNull().default('OWN_FLEET'),
  createdAt: createdAt(),
});

export const shipmentStacks = pgTable(
  'shipment_stacks',
  {
    id: id(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    status: text().$type<(typeof STACK_STATUS_VALUES)[number]>().notNull().default('PENDING'),
    riderId: integer().references(() => riders.id),
    providerName: text().notNull().default('OWN_FLEET'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check('shipment_stacks_status_check', oneOf('status', STACK_STATUS_VALUES))],
);

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    logisticsOrderId: integer()
      .notNull()
      .references(() => logisticsOrders.id),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    status: text().$type<(typeof SHIPMENT_STATUS_VALUES)[number]>().notNull().default('LOOKING_FOR_DRIVER'),
    shipmentStackId: integer().references(() => shipmentStacks.id),
    stackingOrder: integer().notNull().default(0),
    returnShipment: boolean().notNull().default(false),
    /** why the rider could not deliver and brought it back (a return shipment) */
    returnReason: text(),
    riderId: integer().references(() => riders.id),
    /** 'Clave de entrega' the rider asks for on delivery. */
    securityCode: text().notNull(),
    minEta: timestamp({ withTimezone: true }),
    maxEta: timestamp({ withTimezone: true }),
    providerName: text().notNull().default('OWN_FLEET'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.branchContactId, t.status),
    index().on(t.riderId),
    index().on(t.logisticsOrderId),
    check('shipments_status_check', oneOf('status', SHIPMENT_STATUS_VALUES)),
  ],
);

// ---------------------------------------------------------------- storefront telemetry

export const abandonedCarts = pgTable(
  'abandoned_carts',
  {
    id: id(),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    phone: text().notNull(),
    email: text(),
    orderModeId: integer().references(() => orderModes.id),
    items: jsonb().$type<unknown[]>().notNull(),
    navigationEvent: text(),
    status: text().notNull().default('ACTIVE'), // ACTIVE | CANCELLED | RECOVERED
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.phone, t.branchContactId)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    sessionId: text().notNull(),
    type: text().notNull(),
    branchId: integer(),
    branchContactId: integer(),
    path: text(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.branchId, t.type, t.createdAt)],
);

export const dinerLogs = pgTable('diner_logs', {
  id: id(),
  text: text().notNull(),
  context: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  ip: text(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- staff

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    email: text().notNull().unique(),
    name: text().notNull(),
    passwordHash: text().notNull(),
    role: text().$type<(typeof STAFF_ROLE_VALUES)[number]>().notNull().default('STAFF'),
    /** Set when an owner revoked the account's access (features/team): no sign-in, no session. */
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('staff_accounts_role_check', oneOf('role', STAFF_ROLE_VALUES))],
);

/**
 * One-time codes that verify a diner's phone before a DINER session opens (6 digits, 10 minutes, single
 * use). Only a hash of the code is stored; attempts count wrong guesses against this code.
 */
export const dinerSignInCodes = pgTable(
  'diner_sign_in_codes',
  {
    id: id(),
    phone: text().notNull(), // E.164
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    /** The requesting address (its /64 for IPv6): each address has its own request limits. */
    requestedFrom: text(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.phone, t.createdAt)],
);

/**
 * Guesses of one sign-in code from one address (its /64 for IPv6): each address gets the code's 5
 * guesses, so a stranger's wrong guesses do not spend the diner's; the code's own `attempts` caps the
 * guesses of all addresses together (features/diner-sign-in/sign-in-codes.ts).
 */
export const dinerSignInGuesses = pgTable(
  'diner_sign_in_guesses',
  {
    codeId: integer()
      .notNull()
      .references(() => dinerSignInCodes.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    attempts: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.codeId, t.address] })],
);

/**
 * Sessions of every face (platform/auth): staff sign-ins, rider shifts and, later, verified diners.
 * Only the SHA-256 of the random token is stored, so a database leak does not leak sessions.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text().primaryKey(),
    face: text().$type<(typeof AUTH_FACE_VALUES)[number]>().notNull(),
    /** the staff account, rider or customer id, by face */
    subjectId: integer().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index().on(t.face, t.subjectId),
    check('auth_sessions_face_check', oneOf('face', AUTH_FACE_VALUES)),
  ],
);

// ---------------------------------------------------------------- the owner's back office

/**
 * Invite codes for opening a shop when SIGNUP_MODE=invite (`npm run signup:invite`). Only the code's
 * SHA-256 is kept; a code opens one shop, before it expires.
 */
export const signUpInvites = pgTable('sign_up_invites', {
  codeHash: text().primaryKey(),
  note: text(),
  createdAt: createdAt(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  usedByStaffId: integer().references(() => staffAccounts.id, { onDelete: 'set null' }),
});

/**
 * One-time links an owner makes on the team page (features/team): an INVITE creates a console account
 * (email, name, role) when the invitee sets a password; a RESET sets a new password for `staffId`. Only
 * the SHA-256 of the link's random token is kept; a link works once, until it expires or is cancelled.
 */
export const staffAccessLinks = pgTable(
  'staff_access_links',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id),
    kind: text().$type<(typeof STAFF_ACCESS_LINK_KIND_VALUES)[number]>().notNull(),
    tokenHash: text().notNull().unique(),
    email: text().notNull(),
    name: text().notNull(),
    role: text().$type<(typeof STAFF_ROLE_VALUES)[number]>().notNull(),
    /** the member whose password a RESET sets; null for an INVITE */
    staffId: integer().references(() => staffAccounts.id, { onDelete: 'cascade' }),
    createdByStaffId: integer().references(() => staffAccounts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.branchId),
    check('staff_access_links_kind_check', oneOf('kind', STAFF_ACCESS_LINK_KIND_VALUES)),
    check('staff_access_links_role_check', oneOf('role', STAFF_ROLE_VALUES)),
  ],
);

/**
 * The menu editor's draft of a branch: its menus, indicators and menu discounts as core's MenuDraft.
 * One row per branch for good: `version` only grows (a save names the version it started from, so a
 * stale editor cannot overwrite newer work), `hasChanges` is false once published.
 */
export const menuDrafts = pgTable('menu_drafts', {
  branchId: integer()
    .primaryKey()
    .references(() => branches.id, { onDelete: 'cascade' }),
  document: jsonb().$type<MenuDraft>().notNull(),
  version: integer().notNull(),
  hasChanges: boolean().notNull().default(true),
  updatedByStaffId: integer().references(() => staffAccounts.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  publishedAt: timestamp({ withTimezone: true }),
});

/** Who changed what in the back office and when (sign-up, menu drafts and publishing, opening, hours…). */
export const backOfficeChanges = pgTable(
  'back_office_changes',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    staffId: integer().references(() => staffAccounts.id, { onDelete: 'set null' }),
    area: text().notNull(),
    summary: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.branchId, t.createdAt)],
);

export const PAYMENT_ACCOUNT_PROVIDER_VALUES = ['SANDBOX', 'MERCADO_PAGO', 'TRANSBANK'] as const;

/**
 * A branch's own payment account: the money of its card payments and links goes there, never to the
 * platform's. `credentials` is sealed (AES-256-GCM, PAYMENT_CREDENTIALS_KEY) and never leaves the server;
 * `publicKey` is what the provider's browser script needs. A disconnected account keeps its row (old
 * payments are still looked up and refunded with it) but takes no new payments. SANDBOX accounts (the
 * demo businesses', or an owner trying the product) pay with the built-in sandbox, only where it is on.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: id(),
    branchId: integer()
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
    provider: text().$type<(typeof PAYMENT_ACCOUNT_PROVIDER_VALUES)[number]>().notNull(),
    /** OAUTH (Mercado Pago's marketplace authorization), PASTED (credentials checked with a test call), SANDBOX */
    connectedVia: text().$type<'OAUTH' | 'PASTED' | 'SANDBOX'>().notNull(),
    /** sealed JSON; null for the sandbox, which needs none */
    credentials: text(),
    publicKey: text(),
    /** the provider's id of the account (Mercado Pago user id, Transbank commerce code): shown to the owner */
    externalAccountId: text().notNull(),
    label: text(),
    /** an OAuth grant's end: renewed before it */
    expiresAt: timestamp({ withTimezone: true }),
    connectedByStaffId: integer().references(() => staffAccounts.id, { onDelete: 'set null' }),
    connectedAt: timestamp({ withTimezone: true }).notNull(),
    disconnectedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // one connected account per branch; old ones stay for the payments they took
    uniqueIndex('payment_accounts_connected_branch_key').on(t.branchId).where(sql`disconnected_at is null`),
    check('payment_accounts_provider_check', oneOf('provider', PAYMENT_ACCOUNT_PROVIDER_VALUES)),
  ],
);

/** A Mercado Pago authorization under way: the `state` sent, whose return it must carry back. */
export const paymentOauthStates = pgTable('payment_oauth_states', {
  stateHash: text().primaryKey(),
  branchId: integer()
    .notNull()
    .references(() => branches.id, { onDelete: 'cascade' }),
  staffId: integer().references(() => staffAccounts.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
