/**
 * The owner's back office (`/api/console/signup`, `/api/console/shop...`, `/api/console/menu/...`; not in
 * the spec): sign-up, the opening checklist and the menu editor's draft. Texts come from core's
 * BACK_OFFICE_MESSAGES; the draft's cross-reference rules are core's `menuDraftProblems`.
 */
import { z } from 'zod';
import { MENU_DISCOUNT_TYPES, type MenuDraft } from '../back-office/menu-draft.ts';
import { BACK_OFFICE_MESSAGES as M } from '../back-office/messages.ts';
import type { ChecklistItem } from '../back-office/opening-checklist.ts';
import { CLOSURE_MESSAGES, MAX_CLOSURE_MESSAGE_LENGTH, MAX_CLOSURES, type ShopClosure } from '../closures.ts';
import { DayOfWeekSchema } from './common.ts';

export const SIGN_UP_MODES = ['open', 'invite', 'closed'] as const;
export type SignUpMode = (typeof SIGN_UP_MODES)[number];

const requiredText = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

export const SignUpSchema = z.strictObject({
  inviteCode: z.string().trim().max(40).optional(),
  businessName: requiredText(M.businessNameRequired),
  alias: z.string({ error: M.aliasFormat }).trim().toLowerCase().max(40, { error: M.aliasFormat }),
  shopName: requiredText(M.shopNameRequired),
  country: z.string({ error: M.countryUnknown }).trim().toLowerCase().length(2, { error: M.countryUnknown }),
  whatsAppPhone: z.string({ error: M.whatsAppInvalid }).trim().min(6, { error: M.whatsAppInvalid }).max(30),
  address: z.strictObject({
    street: requiredText(M.streetRequired),
    number: requiredText(M.numberRequired, 20),
    city: z.string().trim().max(120).optional(),
  }),
  location: z.strictObject(
    {
      lat: z.number({ error: M.locationRequired }).min(-90).max(90),
      lng: z.number({ error: M.locationRequired }).min(-180).max(180),
    },
    { error: M.locationRequired },
  ),
  owner: z.strictObject({
    name: requiredText(M.ownerNameRequired),
    email: z
      .email({ error: M.emailInvalid })
      .max(200, { error: M.emailInvalid })
      .transform((email) => email.toLowerCase()),
    password: z.string({ error: M.passwordTooShort }).min(10, { error: M.passwordTooShort }).max(200),
  }),
});
export type SignUp = z.input<typeof SignUpSchema>;

/** `GET /api/console/signup`: whether the platform takes new shops, and the countries it serves. */
export interface SignUpInfo {
  mode: SignUpMode;
  countries: { code: string; name: string; currencyCode: string; phonePrefix: string }[];
}

export const AliasQuerySchema = z.strictObject({
  alias: z.string({ error: M.aliasFormat }).trim().toLowerCase().max(60, { error: M.aliasFormat }),
});

/** `GET /api/console/signup/alias?alias=`: can this alias be the new shop's link? */
export interface AliasAvailability {
  alias: string;
  available: boolean;
  problem: string | null;
}

/** `POST /api/console/signup` (201): the new shop; the owner is signed in by the answer's cookie. */
export interface SignUpResult {
  companyId: number;
  branchId: number;
  contactId: number;
  alias: string;
}

/** `GET /api/console/shop`: the owner's shops, open or not, with what each still needs to open. */
export interface OwnerShop {
  id: number;
  alias: string;
  name: string;
  open: boolean;
  checklist: ChecklistItem[];
  canOpen: boolean;
  modes: OwnerShopMode[];
  paymentTypes: { paymentMethod: string; showName: string; active: boolean }[];
  workingDays: { dayOfWeek: string; workingHours: { startAt: string; endAt: string }[] }[];
  /** holidays and one-off closures not over yet, earliest first */
  closures: ShopClosure[];
}

/** An order mode of the owner's shop with its hours (issue 27: hours per order mode). */
export interface OwnerShopMode {
  id: number;
  type: string;
  showName: string;
  active: boolean;
  /** it takes orders for now, in `nowDays` */
  nowEnabled: boolean;
  nowDays: OwnerShop['workingDays'];
  /** it takes scheduled orders, for the slots of `scheduledDays` */
  useSchedule: boolean;
  scheduledDays: OwnerShop['workingDays'];
  /** minutes the kitchen needs (lead), the slots' length, how many days ahead a diner may choose */
  schedule: { leadMinutes: number; slotMinutes: number; daysAhead: number };
}

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Usá horas en formato HH:MM.' });

const WorkingDaysInputSchema = z
  .array(
    z.strictObject({
      dayOfWeek: DayOfWeekSchema,
      workingHours: z.array(z.strictObject({ startAt: hhmm, endAt: hhmm })).max(6),
    }),
  )
  .max(7);

export const ShopHoursSchema = z.strictObject({ workingDays: WorkingDaysInputSchema });

/**
 * `PUT /api/console/shop/{contactId}/modes/{modeId}/hours`: one order mode's hours for orders now and
 * for scheduled orders (several ranges a day, past midnight allowed), and its scheduling settings. The
 * rules between ranges are core's `workingDaysProblems`; the bounds and "at least one way to order" are
 * checked by the server with core's `modeHoursProblems`.
 */
export const ModeHoursSchema = z.strictObject({
  nowEnabled: z.boolean(),
  nowDays: WorkingDaysInputSchema,
  useSchedule: z.boolean(),
  scheduledDays: WorkingDaysInputSchema,
  schedule: z.strictObject({
    leadMinutes: z.number().int(),
    slotMinutes: z.number().int(),
    daysAhead: z.number().int(),
  }),
});
export type ModeHoursInput = z.infer<typeof ModeHoursSchema>;

const closureDate = z
  .string({ error: CLOSURE_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CLOSURE_MESSAGES.dateInvalid });

/**
 * `PUT /api/console/shop/{contactId}/closures`: every closure of the shop, replacing the ones it had
 * (an empty list removes them). A blank message is none. The rules between dates (real dates, end
 * after start, not over, at most a year, no overlap) are core's `closureProblems`, run by the server
 * with the shop's local today.
 */
export const ShopClosuresSchema = z.strictObject(
  {
    closures: z
      .array(
        z.strictObject(
          {
            startsOn: closureDate,
            endsOn: closureDate,
            message: z
              .string({ error: CLOSURE_MESSAGES.messageTooLong })
              .trim()
              .max(MAX_CLOSURE_MESSAGE_LENGTH, { error: CLOSURE_MESSAGES.messageTooLong })
              .nullish()
              .transform((message) => message || null),
          },
          { error: CLOSURE_MESSAGES.closureInvalid },
        ),
        { error: CLOSURE_MESSAGES.closureInvalid },
      )
      .max(MAX_CLOSURES, { error: CLOSURE_MESSAGES.tooMany }),
  },
  { error: CLOSURE_MESSAGES.closureInvalid },
);
export type ShopClosuresInput = z.input<typeof ShopClosuresSchema>;

/** The first modes a new shop turns on; delivery waits for its zones (the shop's delivery screen). */
export const STARTER_MODE_TYPES = ['TAKE_AWAY', 'TABLE', 'COUNTER_SELF_SERVICE', 'DELIVERY'] as const;
export const ShopModesSchema = z.strictObject({
  types: z.array(z.enum(STARTER_MODE_TYPES, { error: 'Elegí formas de pedido de la lista.' })).max(4),
});

export const ShopPaymentsSchema = z.strictObject({
  cash: z.boolean(),
});

// ------------------------------------------------------------------ menu draft

const name = z.string({ error: M.nameRequired }).trim().min(1, { error: M.nameRequired }).max(120);
const optionalText = z.string().trim().max(600).nullish();
const price = z.number({ error: M.priceInvalid }).min(0, { error: M.priceInvalid }).max(100_000_000);
const dbId = z.number().int().positive().max(2_147_483_647).optional();
const key = z.string().trim().min(1).max(80);

const DraftPlateSchema = z.strictObject({
  id: dbId,
  key,
  name,
  description: optionalText,
  price,
  imageUrl: z.string().trim().max(500).nullish(),
  visible: z.boolean(),
  outOfStock: z.boolean(),
  maxQuantity: z.number().int().min(1).max(999).nullish(),
  indicators: z.array(key).max(20),
  sizes: z.array(z.strictObject({ id: dbId, name, price })).max(20),
  garnishGroups: z
    .array(
      z.strictObject({
        id: dbId,
        name,
        minGarnishAmount: z.number().int().min(0).max(99),
        maxGarnishAmount: z.number().int().min(1).max(99),
        multipleSelection: z.boolean(),
        mandatory: z.boolean(),
        garnishes: z
          .array(z.strictObject({ id: dbId, name, description: optionalText, price, visible: z.boolean() }))
          .min(1, { error: 'Cada grupo de opciones necesita al menos una opción.' })
          .max(60),
      }),
    )
    .max(20),
  excludedCategories: z.array(key).max(50),
});

export const MenuDraftSchema = z.strictObject({
  menus: z
    .array(
      z.strictObject({
        id: dbId,
        key,
        name,
        categories: z
          .array(
            z.strictObject({
              id: dbId,
              key,
              name,
              description: optionalText,
              visible: z.boolean(),
              plates: z.array(DraftPlateSchema).max(300),
            }),
          )
          .max(100),
        remarked: z.array(key).max(30),
        upsold: z.array(key).max(30),
      }),
    )
    .min(1, { error: M.menuRequired })
    .max(10),
  indicators: z
    .array(
      z.strictObject({
        id: dbId,
        key,
        showName: name,
        backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Elegí un color.' }),
        textColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'Elegí un color.' }),
      }),
    )
    .max(30),
  menuDiscounts: z
    .array(
      z.strictObject({
        id: dbId,
        name,
        type: z.enum(MENU_DISCOUNT_TYPES),
        percentage: z.number().nullish(),
        fixedDiscount: z.number().nullish(),
        buy: z.number().int().nullish(),
        pay: z.number().int().nullish(),
        finalPrice: z.number().nullish(),
        active: z.boolean(),
        plates: z.array(key).max(300),
      }),
    )
    .max(100),
}) satisfies z.ZodType<MenuDraft>;

export const SaveMenuDraftSchema = z.strictObject({
  /** the version the editor started from: a save over someone else's newer one is refused (409) */
  baseVersion: z.number().int().min(0),
  draft: MenuDraftSchema,
});

export const PublishMenuSchema = z.strictObject({ version: z.number().int().min(0) });

/** `GET /api/console/menu/draft` and the answer of saving it. */
export interface MenuDraftState {
  draft: MenuDraft;
  /** 0 while nothing is drafted (the draft is the published menu) */
  version: number;
  /** true when the draft differs from what diners see */
  hasChanges: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  currency: string;
  currencyDecimals: number;
}

/** `POST /api/console/menu/publish`: the menus as diners now see them. */
export interface MenuPublishResult {
  menus: { id: number; name: string; hash: string }[];
  publishedAt: string;
}

/** `GET /api/console/changes`: who changed what in the back office, newest first. */
export interface BackOfficeChange {
  id: number;
  area: string;
  summary: string;
  staffName: string | null;
  createdAt: string;
}
