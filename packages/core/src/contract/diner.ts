/** Responses of the storefront's read calls (storefront.md section 7), with the spec's field names. */
import { z } from 'zod';
import { ROUNDING_MODES } from '../money.ts';
import { SUPPORT_CHAT_PROVIDER_IDS } from '../support-chat.ts';
import { WorkingDaySchema } from './common.ts';

export const ColorVariantSchema = z.object({
  mainColor: z.string().optional(),
  buttonBorderedColor: z.string().optional(),
  promotionalBannerColor: z.string().optional(),
  mainBackground: z.string().optional(),
  mainText: z.string().optional(),
  descriptionText: z.string().optional(),
});

export const GeneralConfigSchema = z.object({
  fontFamily: z.string().optional(),
  menuConfig: z
    .object({ plateDetailInModal: z.boolean().optional(), platesInMainView: z.boolean().optional() })
    .optional(),
  onlineMarketingConfig: z.record(z.string(), z.unknown()).optional(),
  colorConfig: z
    .object({
      colorModeType: z.string().optional(),
      light: ColorVariantSchema.optional(),
      dark: ColorVariantSchema.optional(),
    })
    .optional(),
  /** How computed amounts (service fee, percentage discounts) are rounded; NEAREST when absent. */
  roundingMode: z.enum(ROUNDING_MODES).optional(),
  /** The menu page's 'Hecho con Comanda' footer; shown unless the owner turned it off (false). */
  showPoweredBy: z.boolean().optional(),
  /**
   * The shop's support chat (not in the spec's field list; storefront.md's 'support chat widget'):
   * absent when it has none, the default. Read through core's `supportChatOf`.
   */
  supportChat: z.object({ provider: z.enum(SUPPORT_CHAT_PROVIDER_IDS), siteId: z.string() }).optional(),
  /** The benefits partners whose members get their benefits at this branch (not in the spec: decision 020). */
  externalBenefitPartners: z.array(z.string()).optional(),
});

export const CompanySchema = z.object({ id: z.number(), name: z.string(), alias: z.string() });
export type Company = z.infer<typeof CompanySchema>;

export const BranchSchema = z.object({
  id: z.number(),
  alias: z.string(),
  name: z.string(),
  companyId: z.number().nullable(),
  social: z.object({ instagram: z.string().optional(), facebook: z.string().optional() }),
  customMessage: z.string().nullable(),
  withCustomLogo: z.boolean(),
  withCustomHorizontalLogo: z.boolean(),
  withCustomBackgroundLogo: z.boolean(),
  withCustomBannerLogo: z.boolean(),
  /** URL of the LOGO file, or null (the web then shows its placeholder). */
  customLogoURL: z.string().nullable(),
  /** URL of the HORIZONTAL_LOGO file, or null: the storefront's bar then shows the logo and the name. */
  customHorizontalLogoURL: z.string().nullable().optional(),
  customBannerURL: z.string().nullable(),
  askForLocation: z.boolean(),
  fbPixelId: z.string().nullable(),
  googleTagManagerId: z.string().nullable(),
  googleAnalyticsId: z.string().nullable(),
  generalConfig: GeneralConfigSchema,
});
export type Branch = z.infer<typeof BranchSchema>;

export const BranchCardSchema = z.object({
  id: z.number(),
  alias: z.string(),
  name: z.string(),
  customLogoURL: z.string().nullable(),
});
export type BranchCard = z.infer<typeof BranchCardSchema>;

export const OrderModeTypeSchema = z.enum(['DELIVERY', 'TAKE_AWAY', 'TABLE', 'COUNTER_SELF_SERVICE']);
export type OrderModeType = z.infer<typeof OrderModeTypeSchema>;

export const BranchContactSchema = z.object({
  id: z.number(),
  alias: z.string(),
  name: z.string(),
  branch: BranchSchema,
  address: z.object({
    street: z.string(),
    number: z.string(),
    zone: z.string().nullable(),
    locality: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string().nullable(),
  }),
  lat: z.number(),
  lng: z.number(),
  callPhone: z.string().nullable(),
  whatsAppPhone: z.string().nullable(),
  /** Orders reach the shop's console; when false the checkout sends them as a WhatsApp text. */
  ordersConsoleActive: z.boolean(),
  /** Holidays and one-off closures not over yet, earliest first (not in the spec: issue 27). */
  closures: z.array(z.object({ startsOn: z.string(), endsOn: z.string(), message: z.string().nullable() })),
  /** The closure covering now by the server's clock (its message is the closed notice's body), or null. */
  closure: z.object({ startsOn: z.string(), endsOn: z.string(), message: z.string().nullable() }).nullable(),
  /**
   * The shop takes card payments online (the checkout offers its online card types): it takes them and
   * has its own payment account connected.
   */
  acceptsOnlinePayment: z.boolean(),
  /**
   * How the diner gives a card (not in the spec): SANDBOX, our offline test form; MERCADO_PAGO, Mercado
   * Pago's card form in the page with the shop's public key; TRANSBANK, Webpay's own page after placing.
   * Null when the shop takes no online payment.
   */
  cardPayment: z
    .object({
      provider: z.enum(['SANDBOX', 'MERCADO_PAGO', 'TRANSBANK']),
      publicKey: z.string().nullable(),
    })
    .nullable(),
  /** The checkout asks the diner to confirm a summary before placing the order (spec: "A confirmation modal may appear"). */
  confirmOrderBeforePlacing: z.boolean(),
  mandatoryEmail: z.boolean(),
  country: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  commercialTermsInfo: z.object({ blocked: z.boolean() }),
  deliveryConfig: z.object({
    betweenStreetsRequired: z.boolean(),
    npsAvg: z.number().nullable(),
    orderModes: z.array(OrderModeTypeSchema),
    workingDays: z.array(WorkingDaySchema),
  }),
  /** Open now by the shop's own hours, in its time zone, by the server's clock. */
  open: z.boolean(),
});
export type BranchContact = z.infer<typeof BranchContactSchema>;

/** One card of the branch-select list. */
export const BranchContactListItemSchema = BranchContactSchema.omit({ branch: true }).extend({
  branchId: z.number(),
  /** Metres from the diner's location; null without a location. */
  distance: z.number().nullable(),
  /** Null without a location; otherwise whether a delivery zone contains it. */
  reachableByDelivery: z.boolean().nullable(),
});
export type BranchContactListItem = z.infer<typeof BranchContactListItemSchema>;

export const BranchContactListSchema = z.object({
  branchContacts: z.array(BranchContactListItemSchema),
  offset: z.number(),
  pageSize: z.number(),
  total: z.number(),
});

export const DinerAliasSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('company'), info: CompanySchema }),
  z.object({ type: z.literal('branch'), info: BranchSchema }),
  z.object({ type: z.literal('branchContact'), info: BranchContactSchema }),
]);
export type DinerAlias = z.infer<typeof DinerAliasSchema>;

export const PaymentTypeSchema = z.object({
  id: z.number(),
  showName: z.string(),
  paymentMethod: z.string(),
  active: z.boolean(),
  upload: z.string(),
  onlinePayment: z
    .object({ paymentMethod: z.string().nullable(), providerName: z.string().nullable() })
    .nullable(),
  /** TRANSFER only: the shop's account, shown on checkout and on the follow-up (not in the spec). */
  bankTransfer: z
    .object({ alias: z.string().nullable(), cbu: z.string().nullable(), holder: z.string().nullable() })
    .nullable(),
});
export type PaymentType = z.infer<typeof PaymentTypeSchema>;

export const OrderModeSchema = z.object({
  id: z.number(),
  type: OrderModeTypeSchema,
  '@type': OrderModeTypeSchema,
  showName: z.string(),
  active: z.boolean(),
  orderEnabled: z.boolean(),
  /** Immediate orders ('En el momento') are offered. */
  nowEnabled: z.boolean(),
  /** Scheduled orders ('Programado') are offered. */
  useSchedule: z.boolean(),
  schedules: z.array(
    z.object({
      type: z.enum(['NOW', 'SCHEDULED']),
      scheduleConfigs: z.array(z.object({ workingDays: z.array(WorkingDaySchema) })),
    }),
  ),
  paymentTypes: z.array(PaymentTypeSchema),
  minDelayInMinutes: z.number().nullable(),
  maxDelayInMinutes: z.number().nullable(),
  menuId: z.number(),
  /** Within the NOW hours at this moment (server clock, contact's zone). */
  openNow: z.boolean(),
  /** Scheduling has at least one available slot in the coming days. */
  canSchedule: z.boolean(),
  /** Delivery information for the mode-info table: minimum order and fee range, in currency units. */
  deliveryInfo: z
    .object({
      minimumOrder: z.number(),
      minFee: z.number(),
      maxFee: z.number(),
      freeDeliveryFrom: z.number().nullable(),
    })
    .nullable(),
});
export type OrderMode = z.infer<typeof OrderModeSchema>;

export const IndicatorSchema = z.object({
  id: z.number(),
  showName: z.string(),
  backgroundColor: z.string(),
  textColor: z.string(),
});
export type Indicator = z.infer<typeof IndicatorSchema>;

export const GarnishGroupSchema = z.object({
  id: z.number(),
  name: z.string(),
  minGarnishAmount: z.number(),
  maxGarnishAmount: z.number(),
  multipleSelection: z.boolean(),
  mandatory: z.boolean(),
  garnishes: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      description: z.string().nullable(),
      price: z.number(),
      visible: z.boolean(),
    }),
  ),
});
export type GarnishGroup = z.infer<typeof GarnishGroupSchema>;

export const PlateSchema = z.object({
  id: z.number(),
  name: z.string(),
  showName: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  sizes: z.array(z.object({ id: z.number(), name: z.string(), price: z.number() })),
  garnishGroups: z.array(GarnishGroupSchema),
  category: z.object({ id: z.number(), showName: z.string() }),
  maxQuantity: z.number().nullable(),
  indicators: z.array(IndicatorSchema),
  hasIndicators: z.boolean(),
  withImage: z.boolean(),
  imageUrl: z.string().nullable(),
  excludedCategoryIds: z.array(z.number()),
});
export type Plate = z.infer<typeof PlateSchema>;

export const CategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  showName: z.string(),
  description: z.string().nullable(),
  plates: z.array(PlateSchema),
});
export type Category = z.infer<typeof CategorySchema>;

export const MenuSchema = z.object({
  orderModeId: z.number(),
  hash: z.string(),
  categories: z.array(CategorySchema),
  /** Plate ids of 'Lo más destacado'. */
  remarkeds: z.array(PlateSchema),
  upselleds: z.array(PlateSchema),
});
export type Menu = z.infer<typeof MenuSchema>;

export const MenuDiscountSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['PERCENT', 'FIXED', 'MULTIPLE', 'FINAL_PRICE']),
  percentage: z.number().nullable(),
  fixedDiscount: z.number().nullable(),
  buy: z.number().nullable(),
  pay: z.number().nullable(),
  finalPrice: z.number().nullable(),
  plates: z.array(z.number()),
});
export type MenuDiscount = z.infer<typeof MenuDiscountSchema>;

export const MenuHashesSchema = z.object({
  menuHashes: z.array(z.object({ orderModeId: z.number(), hash: z.string() })),
});

export const CountrySchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.object({ code: z.string(), symbol: z.string(), decimals: z.number() }),
  phonePrefix: z.string(),
  mantissaLength: z.number(),
});
export type Country = z.infer<typeof CountrySchema>;

export const MenuCustomizationSchema = z.object({
  id: z.number(),
  resource: z.string(),
  displayType: z.string().nullable(),
  theme: z.string().nullable(),
  /** The spec's JSON text. */
  commands: z.string(),
});
export type MenuCustomization = z.infer<typeof MenuCustomizationSchema>;

export const ScheduleSchema = z.object({
  orderModeId: z.number(),
  timeZone: z.string(),
  schedulerDaysInfo: z.array(
    z.object({ dayOfWeek: z.string(), date: z.string(), availableHours: z.array(z.string()) }),
  ),
  datesBetween: z.array(z.string()),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const FileUrlSchema = z.object({ url: z.string() });
