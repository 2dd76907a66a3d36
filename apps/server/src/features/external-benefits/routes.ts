import {
  EXTERNAL_BENEFIT_MESSAGES,
  type ExternalBenefitsAnswer,
  ExternalBenefitsBodySchema,
  MAX_EXTERNAL_BENEFITS,
  PartnerParamSchema,
} from '@comanda/core/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as t from '../../db/schema.ts';
import { bearerTokenOf } from '../../platform/auth/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  type BenefitsPartner,
  createSandboxPartner,
  isUsableBenefit,
  type PartnerBenefit,
  PartnerRefusedError,
} from '../../platform/external-benefits/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { currencyDecimalsOf } from '../diner/queries.ts';
import { grantBenefits } from './grants.ts';

/**
 * `POST /api/external-benefits/{partner}` (storefront.md section 7): the benefits a partner's member has
 * at a shop and mode, asked of the partner with the member's bearer token, granted here and answered as
 * general discounts. A branch takes part only in the partners its generalConfig names; elsewhere the
 * member has no benefits. The storefront keeps any failure silent (logged only).
 */
export async function externalBenefitRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.database;
  const sandbox = createSandboxPartner();
  const partners: ReadonlyMap<string, BenefitsPartner> =
    app.deps.benefitPartners ?? new Map([[sandbox.name, sandbox]]);

  app.post<{ Params: { partner: string } }>(
    '/api/external-benefits/:partner',
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply): Promise<ExternalBenefitsAnswer> => {
      const name = PartnerParamSchema.safeParse(request.params.partner);
      const partner = name.success ? partners.get(name.data) : undefined;
      if (!partner) throw notFound(EXTERNAL_BENEFIT_MESSAGES.partnerUnknown);
      const body = parseInput(ExternalBenefitsBodySchema, request.body);
      const token = bearerTokenOf(request.headers.authorization);
      if (!token) throw new AppError('UNAUTHORIZED', 401, EXTERNAL_BENEFIT_MESSAGES.tokenMissing);
      reply.header('Cache-Control', 'no-store');

      const [place] = await db
        .select({
          contactId: t.branchContacts.id,
          country: t.branchContacts.country,
          generalConfig: t.branches.generalConfig,
        })
        .from(t.branchContacts)
        .innerJoin(t.branches, eq(t.branches.id, t.branchContacts.branchId))
        .innerJoin(t.orderModes, eq(t.orderModes.branchContactId, t.branchContacts.id))
        .where(
          and(
            eq(t.branchContacts.id, body.branchContactId),
            eq(t.branchContacts.branchId, body.branchId),
            eq(t.branchContacts.active, true),
            eq(t.branches.active, true),
            eq(t.orderModes.type, body.orderModeType),
            eq(t.orderModes.active, true),
          ),
        )
        .limit(1);
      if (!place) throw notFound(EXTERNAL_BENEFIT_MESSAGES.contactNotFound);
      // the branch's own choice: a partner's discount is money off the shop's prices
      if (!place.generalConfig.externalBenefitPartners?.includes(partner.name))
        return { generalDiscounts: [] };

      let benefits: PartnerBenefit[];
      try {
        benefits = await partner.benefitsFor({
          externalUserId: body.externalUserId,
          token,
          branchId: body.branchId,
          branchContactId: body.branchContactId,
          orderModeType: body.orderModeType,
        });
      } catch (error) {
        // the storefront keeps both silent: this log is where they are seen
        if (error instanceof PartnerRefusedError) {
          app.appLog.info({ partner: partner.name }, 'benefits partner refused a member');
          throw new AppError('EXTERNAL_USER_REFUSED', 401, EXTERNAL_BENEFIT_MESSAGES.refused);
        }
        app.appLog.warn({ err: error, partner: partner.name }, 'benefits partner failed');
        throw new AppError('BENEFITS_PARTNER_FAILED', 502, EXTERNAL_BENEFIT_MESSAGES.unavailable);
      }
      const generalDiscounts = await grantBenefits(
        db,
        {
          partner: partner.name,
          externalUserId: body.externalUserId,
          branchContactId: place.contactId,
          orderModeType: body.orderModeType,
        },
        benefits.filter(isUsableBenefit).slice(0, MAX_EXTERNAL_BENEFITS),
        await currencyDecimalsOf(db, place.country),
        app.deps.clock(),
      );
      return { generalDiscounts };
    },
  );
}
