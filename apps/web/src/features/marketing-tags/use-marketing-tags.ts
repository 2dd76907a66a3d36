/**
 * The branch's tracking tags (Facebook pixel, Google Tag Manager, Google Analytics), only when the branch
 * configures them, injected once per page load after the page is interactive. The injecting code is a
 * separate chunk: a branch without tags (the demo) downloads nothing and contacts no third party.
 */
import type { Branch } from '@comanda/core/contract';
import { useEffect } from 'react';
import { whenIdle } from './when-idle.ts';

/** Tags wait this long after the load event, then for an idle moment. */
export const TAGS_DELAY_AFTER_LOAD_MS = 1500;

export function useMarketingTags(branch: Branch | null): void {
  const fbPixelId = branch?.fbPixelId?.trim() || null;
  const googleTagManagerId = branch?.googleTagManagerId?.trim() || null;
  const googleAnalyticsId = branch?.googleAnalyticsId?.trim() || null;

  useEffect(() => {
    if (!fbPixelId && !googleTagManagerId && !googleAnalyticsId) return;
    return whenIdle(() => {
      void import('./inject-tags.ts')
        .then(({ injectMarketingTags }) =>
          injectMarketingTags({ fbPixelId, googleTagManagerId, googleAnalyticsId }),
        )
        .catch(() => {
          // a blocked or failed tag never affects the storefront
        });
    }, TAGS_DELAY_AFTER_LOAD_MS);
  }, [fbPixelId, googleTagManagerId, googleAnalyticsId]);
}
