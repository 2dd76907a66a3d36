/**
 * A real benefits partner over HTTP: `POST {url}` with the member's bearer token and the spec's body
 * (branchId, branchContactId, externalUserId, orderModeType), answering `{generalDiscounts: [{name, type,
 * value, externalBenefitType}]}` (FIXED in currency units, PERCENT a ratio): the same shape this server
 * answers the storefront. 401 or 403 is a refused member; anything else that is not 2xx, a timeout (3 s)
 * or an unreadable answer is an unavailable partner. Benefits the checkout could not price are dropped.
 */
import { MAX_EXTERNAL_BENEFITS } from '@comanda/core/contract';
import { z } from 'zod';
import {
  type BenefitsPartner,
  isUsableBenefit,
  PartnerRefusedError,
  PartnerUnavailableError,
} from './partner.ts';

export interface HttpPartnerOptions {
  name: string;
  url: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const AnswerSchema = z.object({
  generalDiscounts: z.array(
    z.object({
      name: z.string(),
      type: z.enum(['PERCENT', 'FIXED']),
      value: z.number(),
      externalBenefitType: z.string(),
    }),
  ),
});

export function createHttpBenefitsPartner(options: HttpPartnerOptions): BenefitsPartner {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 3000;
  return {
    name: options.name,
    async benefitsFor({ token, ...body }) {
      let res: Response;
      try {
        res = await doFetch(options.url, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            Accept: 'application/json',
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new PartnerUnavailableError(`${options.name}: ${String(error)}`);
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new PartnerRefusedError(`${options.name}: HTTP ${res.status}`);
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new PartnerUnavailableError(`${options.name}: HTTP ${res.status}`);
      }
      let answer: z.infer<typeof AnswerSchema>;
      try {
        answer = AnswerSchema.parse(await res.json());
      } catch (error) {
        throw new PartnerUnavailableError(`${options.name}: unreadable answer (${String(error)})`);
      }
      return answer.generalDiscounts
        .map((b) => ({ ...b, name: b.name.trim(), externalBenefitType: b.externalBenefitType.trim() }))
        .filter(isUsableBenefit)
        .slice(0, MAX_EXTERNAL_BENEFITS);
    },
  };
}
