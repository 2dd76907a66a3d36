/**
 * The branch's tracking tags (Facebook pixel, Google Tag Manager, Google Analytics), only when the branch
 * configures them, injected once per page load after the page is interactive (inject-tags.ts reads the
 * ids and generalConfig.onlineMarketingConfig, which may turn them off); they then hear the storefront's
 * conversions. The injecting code is a separate chunk: a branch without tags (the demo) downloads
 * nothing and contacts no third party.
 */
import type { Branch } from '@comanda/core/contract';
import { useEffect } from 'react';
import { whenIdle } from '../../app/when-idle.ts';

/** Tags wait this long after the load event, then for an idle moment. */
export const TAGS_DELAY_AFTER_LOAD_MS = 1500;

export function useMarketingTags(branch: Branch | null, currency: string | null): void {
  const tagged = branch?.fbPixelId || branch?.googleTagManagerId || branch?.googleAnalyticsId ? branch : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per branch and currency (a branch page has none); its settings as they are then
  useEffect(() => {
    if (!tagged) return;
    return whenIdle(() => {
      void import('./inject-tags.ts')
        .then(({ injectMarketingTags }) => injectMarketingTags(tagged, currency))
        .catch(() => {
          // a blocked or failed tag never affects the storefront
        });
    }, TAGS_DELAY_AFTER_LOAD_MS);
  }, [tagged?.id, currency]);
}
