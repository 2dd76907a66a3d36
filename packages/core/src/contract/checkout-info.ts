/**
 * The checkout's read calls (storefront.md section 7, post-order-and-logistics.md section 7): fees,
 * general discounts and surcharges of an order mode, the loyalty programme, the ordering customer and
 * the points history. Amounts are currency units; points are whole points (one point, one unit).
 */
import { z } from 'zod';
import { IdParamSchema, OffsetQuerySchema, pageSizeQuerySchema } from './common.ts';

/** GET /api/ordermodes/{id}/fees: the service fee is userFee plus percentageUserFee (a ratio) of the total. */
export const FeesSchema = z.object({
  userFee: z.number(),
  percentageUserFee: z.number(),
});
export type Fees = z.infer<typeof FeesSchema>;

/** GET /api/ordermodes/{id}/generaldiscounts and /generalsurcharges: PERCENT is a ratio, FIXED currency units. */
export const GeneralAdjustmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(['PERCENT', 'FIXED']),
  value: z.number(),
});
export type GeneralAdjustment = z.infer<typeof GeneralAdjustmentSchema>;

export const LoyaltyProgramSchema = z.object({
  id: z.number(),
  name: z.string(),
  active: z.boolean(),
  /** Share of the order earned as points, a ratio (the screen shows it times 100). */
  orderPercentage: z.number(),
  minRedeemedPoints: z.number(),
  maxRedeemedPoints: z.number().nullable(),
  /** Largest share of the order amount that points may pay, a ratio. */
  maxRedeemedPercentage: z.number().nullable(),
  supportsDiscounts: z.boolean(),
  /** The branch contacts taking part. */
  branchContactIds: z.array(z.number()),
});
export type LoyaltyProgram = z.infer<typeof LoyaltyProgramSchema>;

/** GET /api/branch/{id}/loyalty-program: a branch without a programme answers an empty object. */
export const LoyaltyProgramAnswerSchema = z.union([LoyaltyProgramSchema, z.strictObject({})]);
export type LoyaltyProgramAnswer = z.infer<typeof LoyaltyProgramAnswerSchema>;

export const RegisteredAddressSchema = z.object({
  id: z.number(),
  street: z.string(),
  number: z.string().nullable(),
  details: z.string().nullable(),
  betweenStreets: z.string().nullable(),
  city: z.string().nullable(),
  /** state or province */
  locality: z.string().nullable(),
  postalCode: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type RegisteredAddress = z.infer<typeof RegisteredAddressSchema>;

/**
 * GET /api/orderingcustomer/{phone}?branchId: the diner's profile at that business (name, consent, the
 * addresses remembered from the diner's signed-in orders there, last used first); an unknown phone
 * answers optIn false, no addresses, no name.
 */
export const OrderingCustomerSchema = z.object({
  optIn: z.boolean(),
  addressesRegistered: z.array(RegisteredAddressSchema),
  name: z.string().nullable(),
  /** The phone as E.164. */
  phone: z.string(),
  loyaltyPointsBalance: z.number(),
});
export type OrderingCustomer = z.infer<typeof OrderingCustomerSchema>;

export const OrderingCustomerQuerySchema = z.object({ branchId: IdParamSchema });

export const LOYALTY_HISTORY_PAGE_SIZE = 20;
export const LOYALTY_HISTORY_MAX_PAGE_SIZE = 50;

export const LoyaltyHistoryQuerySchema = z.object({
  offset: OffsetQuerySchema,
  limit: pageSizeQuerySchema(LOYALTY_HISTORY_MAX_PAGE_SIZE, LOYALTY_HISTORY_PAGE_SIZE),
});

/** One points movement, newest first; orderCode is null for movements without an order (rewards, adjustments). */
export const LoyaltyHistoryRowSchema = z.object({
  orderCode: z.string().nullable(),
  /** ISO date-time. */
  createdAt: z.string(),
  amount: z.number(),
  postBalance: z.number(),
});
export type LoyaltyHistoryRow = z.infer<typeof LoyaltyHistoryRowSchema>;
