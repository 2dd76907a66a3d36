/**
 * The offline benefits partner (`sandbox`), on by default outside production: a member's token is
 * `sandbox-{externalUserId}`, and every member gets 10% off, except ids starting with `sin-beneficios`,
 * who have none. It calls nothing, so demos and tests work without a partner.
 */
import type { BenefitsPartner, PartnerBenefit } from './partner.ts';
import { PartnerRefusedError } from './partner.ts';

export const SANDBOX_PARTNER = 'sandbox';

/** The token the sandbox accepts for a member (the README documents it for the demo). */
export function sandboxMemberToken(externalUserId: string): string {
  return `sandbox-${externalUserId}`;
}

export const SANDBOX_BENEFIT: PartnerBenefit = {
  name: 'Beneficio Club Sandbox',
  type: 'PERCENT',
  value: 0.1,
  externalBenefitType: 'PARTNER_DISCOUNT',
};

export function createSandboxPartner(): BenefitsPartner {
  return {
    name: SANDBOX_PARTNER,
    async benefitsFor({ externalUserId, token }) {
      if (token !== sandboxMemberToken(externalUserId))
        throw new PartnerRefusedError('sandbox: the token is not the member’s');
      return externalUserId.startsWith('sin-beneficios') ? [] : [SANDBOX_BENEFIT];
    },
  };
}
