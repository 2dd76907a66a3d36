import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBenefitsPartner, startFakeBenefitsPartner } from '../../../test/fake-benefits-partner.ts';
import { loadConfig } from '../config.ts';
import { createHttpBenefitsPartner } from './http-partner.ts';
import { createBenefitPartners } from './index.ts';
import { PartnerRefusedError, PartnerUnavailableError } from './partner.ts';
import { createSandboxPartner, SANDBOX_BENEFIT, sandboxMemberToken } from './sandbox-partner.ts';

const REQUEST = {
  externalUserId: 'socio-7',
  token: 'token-socio-7',
  branchId: 1,
  branchContactId: 2,
  orderModeType: 'DELIVERY' as const,
};

describe('a benefits partner over HTTP (against a local fake)', () => {
  let fake: FakeBenefitsPartner;
  beforeAll(async () => {
    fake = await startFakeBenefitsPartner();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    fake.members = {
      'token-socio-7': [
        { name: ' Club 10% ', type: 'PERCENT', value: 0.1, externalBenefitType: 'CLUB' },
        { name: 'Club $500', type: 'FIXED', value: 500, externalBenefitType: 'CLUB_FIXED' },
        // ones the checkout could not price are dropped
        { name: 'Roto', type: 'PERCENT', value: 1.5, externalBenefitType: 'CLUB' },
        { name: '', type: 'FIXED', value: 100, externalBenefitType: 'CLUB' },
      ],
    };
  });
  // the fake answers at once; the generous limit only ends a hung test
  const partner = () => createHttpBenefitsPartner({ name: 'club', url: fake.url, timeoutMs: 15_000 });

  it('posts the spec’s body with the member’s bearer token and reads the general discounts', async () => {
    const benefits = await partner().benefitsFor(REQUEST);
    expect(benefits).toEqual([
      { name: 'Club 10%', type: 'PERCENT', value: 0.1, externalBenefitType: 'CLUB' },
      { name: 'Club $500', type: 'FIXED', value: 500, externalBenefitType: 'CLUB_FIXED' },
    ]);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.headers.authorization).toBe('Bearer token-socio-7');
    expect(fake.requests[0]?.body).toEqual({
      externalUserId: 'socio-7',
      branchId: 1,
      branchContactId: 2,
      orderModeType: 'DELIVERY',
    });
  });

  it('reports a refused member, and an unavailable partner on errors, garbage or a timeout', async () => {
    await expect(partner().benefitsFor({ ...REQUEST, token: 'otro' })).rejects.toBeInstanceOf(
      PartnerRefusedError,
    );
    fake.mode = 'error';
    await expect(partner().benefitsFor(REQUEST)).rejects.toBeInstanceOf(PartnerUnavailableError);
    fake.mode = 'garbage';
    await expect(partner().benefitsFor(REQUEST)).rejects.toBeInstanceOf(PartnerUnavailableError);
    fake.mode = 'slow';
    const impatient = createHttpBenefitsPartner({ name: 'club', url: fake.url, timeoutMs: 50 });
    await expect(impatient.benefitsFor(REQUEST)).rejects.toBeInstanceOf(PartnerUnavailableError);
  });
});

describe('the sandbox partner and the configuration', () => {
  it('grants 10% to a member with the sandbox token, none to sin-beneficios, refuses another token', async () => {
    const sandbox = createSandboxPartner();
    const ask = (externalUserId: string, token: string) =>
      sandbox.benefitsFor({ ...REQUEST, externalUserId, token });
    expect(await ask('socio-1', sandboxMemberToken('socio-1'))).toEqual([SANDBOX_BENEFIT]);
    expect(await ask('sin-beneficios-2', sandboxMemberToken('sin-beneficios-2'))).toEqual([]);
    await expect(ask('socio-1', sandboxMemberToken('socio-2'))).rejects.toBeInstanceOf(PartnerRefusedError);
  });

  it('offers the sandbox outside production, and the configured partners by name', () => {
    const names = (env: Record<string, string>) => [...createBenefitPartners(loadConfig(env)).keys()];
    expect(names({})).toEqual(['sandbox']);
    expect(
      names({ BENEFIT_PARTNERS: 'club=https://club.example/benefits otro=http://127.0.0.1:9/b' }),
    ).toEqual(['sandbox', 'club', 'otro']);
    expect(names({ BENEFITS_SANDBOX: 'false' })).toEqual([]);
    expect([...createBenefitPartners({ NODE_ENV: 'production' }).keys()]).toEqual([]);
    expect(() => loadConfig({ BENEFIT_PARTNERS: 'Club=https://club.example' })).toThrow(/BENEFIT_PARTNERS/);
    expect(() => loadConfig({ BENEFIT_PARTNERS: 'sandbox=https://club.example' })).toThrow(
      /BENEFIT_PARTNERS/,
    );
    expect(() => loadConfig({ BENEFIT_PARTNERS: 'club=ftp://club.example' })).toThrow(/BENEFIT_PARTNERS/);
  });
});
