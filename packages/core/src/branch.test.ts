import { describe, expect, it } from 'vitest';
import { bannerUrlOf } from './branch.ts';

describe('bannerUrlOf', () => {
  it('gives the banner only when the branch opted into it', () => {
    expect(bannerUrlOf({ withCustomBannerLogo: true, customBannerURL: '/b.png' })).toBe('/b.png');
    expect(bannerUrlOf({ withCustomBannerLogo: false, customBannerURL: '/b.png' })).toBeNull();
    expect(bannerUrlOf({ withCustomBannerLogo: true, customBannerURL: null })).toBeNull();
  });
});
