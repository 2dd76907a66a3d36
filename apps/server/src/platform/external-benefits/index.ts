import { createHttpBenefitsPartner } from './http-partner.ts';
import type { BenefitsPartner } from './partner.ts';
import { createSandboxPartner } from './sandbox-partner.ts';

export * from './http-partner.ts';
export * from './partner.ts';
export * from './sandbox-partner.ts';

export interface BenefitsConfig {
  NODE_ENV: 'development' | 'production' | 'test';
  /** `name=https://partner.example/benefits` pairs (BENEFIT_PARTNERS). */
  BENEFIT_PARTNERS?: readonly { name: string; url: string }[];
  /** The offline sandbox partner; on unless production, unless set. */
  BENEFITS_SANDBOX?: boolean | undefined;
}

/** The partners by name: the configured ones, and the sandbox where it is on. */
export function createBenefitPartners(config: BenefitsConfig): Map<string, BenefitsPartner> {
  const partners = new Map<string, BenefitsPartner>();
  if (config.BENEFITS_SANDBOX ?? config.NODE_ENV !== 'production') {
    const sandbox = createSandboxPartner();
    partners.set(sandbox.name, sandbox);
  }
  for (const { name, url } of config.BENEFIT_PARTNERS ?? [])
    partners.set(name, createHttpBenefitsPartner({ name, url }));
  return partners;
}
