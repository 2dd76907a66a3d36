/**
 * The business import format: how a real business (and the demo seed) is brought in.
 * One JSON file holds one company with its branches, or standalone branches. Money is written in
 * currency units as a person would (12000 = $12.000 ARS); the importer converts to minor units.
 * Cross references use the file's own keys (menu keys, plate keys, payment-type keys), never database ids.
 * Documented in README.md ("Business import format").
 */
import {
  closureProblems,
  isValidBankAlias,
  isValidCbu,
  ROUNDING_MODES,
  redirectCustomizationOf,
  SUPPORT_CHAT_PROVIDER_IDS,
  SUPPORT_CHAT_PROVIDERS,
  supportChatOf,
} from '@comanda/core';
import { deliveryZoneProblems, workingDaysProblems, type ZoneDraft } from '@comanda/core/back-office';
import { z } from 'zod';
import { ORDER_STATUS_VALUES, SHIPMENT_STATUS_VALUES, STAFF_ROLE_VALUES } from '../../db/schema.ts';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const hhmm = z.string().regex(HHMM, 'hora HH:MM');
const dayOfWeek = z.enum(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']);
/**
 * A week of hours, checked as the owner's hours screen checks them (core's `workingDaysProblems`): no
 * two ranges of a day overlap, a range past midnight (endAt before startAt) included, no range starts and
 * ends at the same time, no day listed twice. Only once every time reads HH:MM (zod runs this anyway).
 */
export const WorkingDaysSchema = z
  .array(
    z.strictObject({
      dayOfWeek,
      workingHours: z.array(z.strictObject({ startAt: hhmm, endAt: hhmm })),
    }),
  )
  .superRefine((days, ctx) => {
    if (!days.every((d) => d.workingHours.every((r) => HHMM.test(r.startAt) && HHMM.test(r.endAt)))) return;
    for (const problem of workingDaysProblems(days))
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      });
  });
/**
 * A shop's holidays and one-off closures (issue 27), checked by the owner's rules (core's
 * `closureProblems`): real YYYY-MM-DD dates, the end on or after the start, at most a year long, a
 * message of up to 200 characters (blank is none), no two covering a same day, at most 50. Not whether
 * they are over: a file written long ago may carry closures past since, and the import drops those
 * (import-business.ts, by the shop's local date at import time) rather than refusing the file, as the
 * owner's screen and the export never show them either.
 */
export const ClosuresSchema = z
  .array(
    z.strictObject({
      startsOn: z.string(),
      endsOn: z.string(),
      message: z
        .string()
        .trim()
        .nullish()
        .transform((message) => message || null),
    }),
  )
  .superRefine((closures, ctx) => {
    for (const problem of closureProblems(closures, null))
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: problem.path
          ? problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
          : [],
      });
  });
const latLng = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
const amount = z.number().min(0);
const key = z.string().min(1);
const alias = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'alias: minúsculas, números y guiones');
/** A secret as the database keeps it (platform/secrets.ts `hashSecret`), written by `business:export`. */
const secretHash = z.string().regex(/^scrypt\$[\w-]+\$[\w-]+$/, 'hash scrypt$sal$hash');

const colorVariant = z.strictObject({
  mainColor: z.string().optional(),
  buttonBorderedColor: z.string().optional(),
  promotionalBannerColor: z.string().optional(),
  mainBackground: z.string().optional(),
  mainText: z.string().optional(),
  descriptionText: z.string().optional(),
});

const GeneralConfigSchema = z.strictObject({
  fontFamily: z.string().optional(),
  menuConfig: z
    .strictObject({ plateDetailInModal: z.boolean().optional(), platesInMainView: z.boolean().optional() })
    .optional(),
  onlineMarketingConfig: z.record(z.string(), z.unknown()).optional(),
  colorConfig: z
    .strictObject({
      colorModeType: z.string().optional(),
      light: colorVariant.optional(),
      dark: colorVariant.optional(),
    })
    .optional(),
  /**
   * How the platform rounds what it computes (service fee, percentage discounts, surcharges and codes)
   * to the unit the currency is shown in (whole pesos for ARS): NEAREST (half up, the default), DOWN, UP.
   */
  roundingMode: z.enum(ROUNDING_MODES).optional(),
  /** The storefront's 'Hecho con Comanda' footer: shown unless false (the brand editor's switch). */
  showPoweredBy: z.boolean().optional(),
  /**
   * The storefront's support chat (the brand editor's 'Chat de ayuda'): CRISP with its website id (a
   * UUID) or TAWK with `{propertyId}/{widgetId}`; absent: none, the default.
   */
  supportChat: z
    .strictObject({ provider: z.enum(SUPPORT_CHAT_PROVIDER_IDS), siteId: z.string() })
    .superRefine((chat, ctx) => {
      if (supportChatOf(chat) === null)
        ctx.addIssue({
          code: 'custom',
          message: SUPPORT_CHAT_PROVIDERS[chat.provider].idInvalid,
          path: ['siteId'],
        });
    })
    .optional(),
  /** The benefits partners (BENEFIT_PARTNERS names, or sandbox) whose members get their benefits here. */
  externalBenefitPartners: z.array(z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/)).optional(),
});

const GarnishGroupSchema = z.strictObject({
  name: z.string().min(1),
  minGarnishAmount: z.number().int().min(0).default(0),
  maxGarnishAmount: z.number().int().min(1),
  multipleSelection: z.boolean().default(false),
  mandatory: z.boolean().default(false),
  garnishes: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        description: z.string().optional(),
        price: amount.default(0),
        visible: z.boolean().default(true),
      }),
    )
    .min(1),
});

const PlateSchema = z.strictObject({
  key,
  name: z.string().min(1),
  showName: z.string().optional(),
  description: z.string().optional(),
  price: amount,
  maxQuantity: z.number().int().min(1).optional(),
  visible: z.boolean().default(true),
  /** Left out of the menu and refused at placement (the console's stock switch). */
  outOfStock: z.boolean().default(false),
  imageUrl: z.string().optional(),
  indicators: z.array(key).default([]),
  sizes: z.array(z.strictObject({ name: z.string().min(1), price: amount })).default([]),
  garnishGroups: z.array(GarnishGroupSchema).default([]),
  /** Category keys: the plate is not suggested while all of these are in the cart. */
  excludedCategories: z.array(key).default([]),
});

const MenuSchema = z.strictObject({
  key,
  name: z.string().min(1),
  categories: z.array(
    z.strictObject({
      key,
      name: z.string().min(1),
      showName: z.string().optional(),
      description: z.string().optional(),
      visible: z.boolean().default(true),
      plates: z.array(PlateSchema),
    }),
  ),
  /** Plate keys for 'Lo más destacado'. */
  remarked: z.array(key).default([]),
  /** Plate keys for the cart's 'Te recomendamos'. */
  upsold: z.array(key).default([]),
});

const MenuDiscountSchema = z.strictObject({
  name: z.string().min(1),
  type: z.enum(['PERCENT', 'FIXED', 'MULTIPLE', 'FINAL_PRICE']),
  percentage: z.number().gt(0).max(100).optional(),
  fixedDiscount: amount.optional(),
  buy: z.number().int().min(2).optional(),
  pay: z.number().int().min(1).optional(),
  finalPrice: amount.optional(),
  /** Plate keys (any menu of the branch). */
  plates: z.array(key).min(1),
  active: z.boolean().default(true),
});

const adjustment = z.strictObject({
  name: z.string().min(1),
  type: z.enum(['PERCENT', 'FIXED']),
  /** PERCENT: a ratio (0.1 = 10%); FIXED: currency units. */
  value: z.number().min(0),
});

const PaymentTypeSchema = z
  .strictObject({
    key,
    showName: z.string().min(1),
    paymentMethod: z.enum(['CASH', 'CARD', 'TRANSFER', 'PAYMENT_LINK', 'OTHER']),
    active: z.boolean().default(true),
    upload: z.enum(['APP', 'API']).default('APP'),
    onlinePaymentMethod: z.enum(['ENABLED', 'DISABLED']).optional(),
    providerName: z.string().optional(),
    /** TRANSFER only: the account the diner transfers to. */
    bankAlias: z.string().refine(isValidBankAlias, 'alias bancario inválido').optional(),
    bankCbu: z.string().refine(isValidCbu, 'CBU inválido').optional(),
    bankHolder: z.string().min(1).optional(),
  })
  .refine((p) => p.paymentMethod === 'TRANSFER' || (!p.bankAlias && !p.bankCbu && !p.bankHolder), {
    message: 'solo una transferencia lleva datos bancarios',
  });

const OrderModeSchema = z.strictObject({
  type: z.enum(['DELIVERY', 'TAKE_AWAY', 'TABLE', 'COUNTER_SELF_SERVICE']),
  showName: z.string().min(1),
  active: z.boolean().default(true),
  orderEnabled: z.boolean().default(true),
  nowEnabled: z.boolean().default(true),
  useSchedule: z.boolean().default(false),
  minDelayInMinutes: z.number().int().min(0).optional(),
  maxDelayInMinutes: z.number().int().min(0).optional(),
  scheduleLeadMinutes: z.number().int().min(0).default(30),
  scheduleSlotMinutes: z.number().int().min(5).max(240).default(30),
  scheduleDaysAhead: z.number().int().min(1).max(30).default(7),
  /** Menu key of the branch. */
  menu: key,
  /** Hours for immediate orders (NOW) and for scheduled ones (SCHEDULED); NOW defaults to the shop hours. */
  schedules: z
    .strictObject({ NOW: WorkingDaysSchema.optional(), SCHEDULED: WorkingDaysSchema.optional() })
    .default({}),
  /** Payment-type keys of the contact. */
  paymentTypes: z.array(key).min(1),
  serviceFee: z.strictObject({ userFee: amount, percentageUserFee: z.number().min(0).max(1) }).optional(),
  generalDiscounts: z.array(adjustment).default([]),
  generalSurcharges: z.array(adjustment).default([]),
});

/**
 * A delivery zone: a `polygon`, or a `circle` (`center` and `radiusMeters`), never both (issue 27).
 * Optional fee tiers: `distanceTiers` (`upToMeters` from the shop, straight line, with their fees) and
 * `totalTiers` (`fromTotal` in products, with their lower fees). The owner's rules (core's
 * `deliveryZoneProblems`) are checked with the shop's location in ContactSchema.
 */
const DeliveryZoneSchema = z
  .strictObject({
    name: z.string().min(1),
    polygon: z.array(latLng).optional(),
    circle: z.strictObject({ center: latLng, radiusMeters: z.number() }).optional(),
    cashFee: amount,
    otherFee: amount,
    minimumOrder: amount.default(0),
    freeDeliveryFrom: amount.optional(),
    acceptsCash: z.boolean().default(true),
    active: z.boolean().default(true),
    distanceTiers: z
      .array(z.strictObject({ upToMeters: z.number(), cashFee: amount, otherFee: amount }))
      .default([]),
    totalTiers: z.array(z.strictObject({ fromTotal: amount, cashFee: amount, otherFee: amount })).default([]),
  })
  .refine((zone) => (zone.polygon === undefined) !== (zone.circle === undefined), {
    message: 'una zona lleva polygon o circle, uno de los dos',
    path: ['polygon'],
  });

/** A zone of the file as the owner's rules check it. */
export function zoneDraftOf(zone: z.infer<typeof DeliveryZoneSchema>): ZoneDraft {
  return {
    name: zone.name,
    shape: zone.circle
      ? { type: 'CIRCLE', center: zone.circle.center, radiusMeters: zone.circle.radiusMeters }
      : { type: 'POLYGON', points: zone.polygon ?? [] },
    cashFee: zone.cashFee,
    otherFee: zone.otherFee,
    minimumOrder: zone.minimumOrder,
    freeDeliveryFrom: zone.freeDeliveryFrom ?? null,
    distanceTiers: zone.distanceTiers,
    totalTiers: zone.totalTiers,
  };
}

const SurveySchema = z.strictObject({
  active: z.boolean().default(true),
  questions: z.array(
    z.strictObject({
      title: z.string().min(1),
      subTitle: z.string().optional(),
      type: z.enum(['RATING', 'TEXT', 'MULTISELECT']),
      questionType: z.string().optional(),
      mandatory: z.boolean().default(false),
      priority: z.boolean().default(false),
      questionReasons: z.array(z.string()).default([]),
    }),
  ),
});

const RiderSchema = z.strictObject({
  name: z.string().min(1),
  phone: z.string().min(6),
  active: z.boolean(),
  /** The owner deactivated the rider (features/team): no shift, no registering again. */
  disabled: z.literal(true).optional(),
  /** Where the rider was last seen (stored as of the import), e.g. a demo rider on the way. */
  lastLocation: z
    .strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .optional(),
});

/** Past orders (history kept by the business): amounts as recorded, in currency units. */
const HistoricOrderSchema = z.strictObject({
  code: z.string().min(6),
  orderMode: z.string().min(1), // show name of the contact's order mode
  paymentType: key,
  customerPhone: z.string().min(6),
  customerName: z.string().min(1),
  status: z.enum(ORDER_STATUS_VALUES).default('DELIVERED'),
  /** Minutes before the moment of the import (the clock), so demos always look recent. */
  minutesAgo: z.number().int().min(0),
  items: z
    .array(
      z.strictObject({
        plate: key,
        size: z.string().optional(),
        quantity: z.number().int().min(1),
        extras: z
          .array(
            z.strictObject({ group: z.string(), garnish: z.string(), quantity: z.number().int().min(1) }),
          )
          .default([]),
        notes: z.string().optional(),
      }),
    )
    .min(1),
  destination: z
    .strictObject({
      street: z.string(),
      number: z.string().optional(),
      details: z.string().optional(),
      betweenStreets: z.string().optional(),
      lat: z.number().optional(),
      lng: z.number().optional(),
    })
    .optional(),
  deliveryFee: amount.default(0),
  userServiceFee: amount.default(0),
  redeemedPoints: z.number().int().min(0).default(0),
  earnedPoints: z.number().int().min(0).default(0),
  /** Shipment of an own-fleet delivery: its status, and the stack key it belongs to, if any. */
  shipment: z
    .strictObject({
      status: z.enum(SHIPMENT_STATUS_VALUES),
      stack: key.optional(),
      securityCode: z.string().regex(/^\d{4}$/),
      rider: z.string().optional(), // rider phone
    })
    .optional(),
});

const ContactSchema = z
  .strictObject({
    alias,
    name: z.string().min(1),
    active: z.boolean().default(true),
    address: z.strictObject({
      street: z.string().min(1),
      number: z.string().min(1),
      zone: z.string().optional(),
      locality: z.string().optional(),
      city: z.string().optional(),
      country: z.string().optional(),
    }),
    location: latLng,
    callPhone: z.string().optional(),
    whatsAppPhone: z.string().optional(),
    timeZone: z.string().min(1),
    country: z.string().length(2),
    currency: z.string().length(3),
    mandatoryEmail: z.boolean().default(false),
    blocked: z.boolean().default(false),
    betweenStreetsRequired: z.boolean().default(false),
    workingDays: WorkingDaysSchema,
    closures: ClosuresSchema.default([]),
    npsAvg: z.number().min(0).max(10).optional(),
    ordersConsoleActive: z.boolean().default(true),
    /** The console accepts new orders by itself (its switch); exported so a move keeps it. */
    autoAccept: z.boolean().default(false),
    acceptsOnlinePayment: z.boolean().default(false),
    confirmOrderBeforePlacing: z.boolean().default(false),
    ownFleet: z.boolean().default(false),
    // 6 to 12 digits (core's riderSecurityCodeProblem); the demo's 4-digit code passes with the demo option
    riderSecurityCode: z
      .string()
      .regex(/^\d{4,12}$/)
      .optional(),
    /** The code as stored (an export): instead of `riderSecurityCode`, never with it. */
    riderSecurityCodeHash: secretHash.optional(),
    paymentTypes: z.array(PaymentTypeSchema).min(1),
    orderModes: z.array(OrderModeSchema).min(1),
    deliveryZones: z.array(DeliveryZoneSchema).default([]),
    survey: SurveySchema.optional(),
    riders: z.array(RiderSchema).default([]),
    orders: z.array(HistoricOrderSchema).default([]),
  })
  .refine((c) => !(c.riderSecurityCode && c.riderSecurityCodeHash), {
    message: 'va riderSecurityCode o riderSecurityCodeHash, no los dos',
    path: ['riderSecurityCodeHash'],
  })
  .superRefine((contact, ctx) => {
    for (const problem of deliveryZoneProblems(contact.deliveryZones.map(zoneDraftOf), contact.location))
      ctx.addIssue({
        code: 'custom',
        message: problem.message,
        path: [
          'deliveryZones',
          ...problem.path
            .split('.')
            .filter(Boolean)
            .map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
        ],
      });
  });

const BranchSchema = z.strictObject({
  alias,
  name: z.string().min(1),
  active: z.boolean().default(true),
  social: z.strictObject({ instagram: z.string().optional(), facebook: z.string().optional() }).default({}),
  customMessage: z.string().optional(),
  askForLocation: z.boolean().default(false),
  /**
   * Its payments go to the built-in sandbox (a demo, a trial). Real accounts are never in a file: their
   * credentials never leave the server, and the owner connects one at /console/cobros.
   */
  paymentAccount: z.literal('SANDBOX').optional(),
  fbPixelId: z.string().optional(),
  googleTagManagerId: z.string().optional(),
  googleAnalyticsId: z.string().optional(),
  generalConfig: GeneralConfigSchema.default({}),
  /** Logo files by type: LOGO, HORIZONTAL_LOGO, BACKGROUND_LOGO, BANNER_LOGO; URL absolute or site-relative. */
  logos: z
    .partialRecord(z.enum(['LOGO', 'HORIZONTAL_LOGO', 'BACKGROUND_LOGO', 'BANNER_LOGO']), z.string())
    .default({}),
  indicators: z
    .array(
      z.strictObject({
        key,
        showName: z.string().min(1),
        backgroundColor: z.string(),
        textColor: z.string(),
      }),
    )
    .default([]),
  menus: z.array(MenuSchema).min(1),
  menuDiscounts: z.array(MenuDiscountSchema).default([]),
  customizations: z
    .array(
      z
        .strictObject({
          resource: z.enum(['PROMOTIONAL_BANNER', 'DOCUMENT_LABEL', 'NOTES_LIMIT', 'REDIRECT_ACTION']),
          displayType: z.string().optional(),
          theme: z.string().optional(),
          commands: z.record(z.string(), z.unknown()),
        })
        // a redirect the storefront could not follow is refused here rather than found by a diner
        .refine(
          (c) =>
            c.resource !== 'REDIRECT_ACTION' ||
            redirectCustomizationOf([{ ...c, commands: JSON.stringify(c.commands) }]).status === 'valid',
          {
            error:
              'REDIRECT_ACTION needs commands {"action": "INVALID_CODE", "url": "https://…"} and displayType AUTOMATIC or MANUAL',
          },
        ),
    )
    .default([]),
  discountCodes: z
    .array(
      z.strictObject({
        code: z.string().min(2),
        type: z.enum(['PERCENT', 'FIXED', 'FREE_DELIVERY']),
        /** PERCENT: a ratio (0.15); FIXED: currency units; FREE_DELIVERY: 0. */
        value: z.number().min(0).default(0),
        maximumDiscount: amount.optional(),
        minimumOrderAmount: amount.optional(),
        plate: key.optional(),
        categoryName: z.string().optional(),
        firstTimeOnly: z.boolean().default(false),
        freeDelivery: z.boolean().default(false),
        limitedUsage: z.boolean().default(false),
        maxUses: z.number().int().min(1).optional(),
        active: z.boolean().default(true),
      }),
    )
    .default([]),
  loyaltyProgram: z
    .strictObject({
      name: z.string().min(1),
      active: z.boolean().default(true),
      orderPercentage: z.number().min(0).max(1),
      minRedeemedPoints: z.number().int().min(0).default(0),
      maxRedeemedPoints: z.number().int().min(0).optional(),
      maxRedeemedPercentage: z.number().min(0).max(1).optional(),
      supportsDiscounts: z.boolean().default(true),
    })
    .optional(),
  loyaltyRewards: z
    .array(
      z.strictObject({
        reward: z.number().int().min(1),
        active: z.boolean().default(true),
        contact: alias.optional(),
      }),
    )
    .default([]),
  /** Customers known to the business, with their loyalty balance on this branch. */
  customers: z
    .array(
      z.strictObject({
        phone: z.string().min(6),
        name: z.string().min(1),
        email: z.string().optional(),
        points: z.number().int().min(0).default(0),
      }),
    )
    .default([]),
  /** Each account with its `password`, or the `passwordHash` an export carries: exactly one of them. */
  staff: z
    .array(
      z
        .strictObject({
          email: z.email(),
          name: z.string().min(1),
          password: z.string().min(8).optional(),
          passwordHash: secretHash.optional(),
          role: z.enum(STAFF_ROLE_VALUES).default('OWNER'),
          /** An owner took the account's access away (features/team): no sign-in until restored. */
          revoked: z.literal(true).optional(),
        })
        .refine((s) => (s.password === undefined) !== (s.passwordHash === undefined), {
          message: 'va password o passwordHash (uno de los dos)',
          path: ['password'],
        }),
    )
    .default([]),
  contacts: z.array(ContactSchema).min(1),
});

export const BusinessImportSchema = z.strictObject({
  formatVersion: z.literal(1),
  company: z.strictObject({ name: z.string().min(1), alias }).optional(),
  branches: z.array(BranchSchema).min(1),
});

export type BusinessImport = z.infer<typeof BusinessImportSchema>;
export type BranchImport = z.infer<typeof BranchSchema>;
export type ContactImport = z.infer<typeof ContactSchema>;
export type MenuImport = z.infer<typeof MenuSchema>;
/** What a file may say (defaults left out): the export builds this, then parses it. */
export type BusinessImportInput = z.input<typeof BusinessImportSchema>;
export type BranchImportInput = BusinessImportInput['branches'][number];
export type ContactImportInput = BranchImportInput['contacts'][number];
export type MenuImportInput = BranchImportInput['menus'][number];

export const CountryImportSchema = z.array(
  z.strictObject({
    code: z.string().length(2),
    name: z.string().min(1),
    currencyCode: z.string().length(3),
    currencySymbol: z.string().min(1),
    currencyDecimals: z.number().int().min(0).max(3),
    phonePrefix: z.string().regex(/^\+\d{1,4}$/),
    mantissaLength: z.number().int().min(6).max(12),
  }),
);
