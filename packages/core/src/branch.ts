import type { Branch } from './contract/diner.ts';

/** The branch's banner, only when it opted into one (withCustomBannerLogo); otherwise null. */
export function bannerUrlOf(branch: Pick<Branch, 'withCustomBannerLogo' | 'customBannerURL'>): string | null {
  return branch.withCustomBannerLogo && branch.customBannerURL ? branch.customBannerURL : null;
}
