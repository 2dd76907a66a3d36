/**
 * Part of the storefront shell: opens the reward sign-up when the URL carries `?loyaltyReward={id}`.
 * The modal is a lazy chunk, so a plain visit downloads nothing of it; after a claim's reload this shows
 * the message the claim left.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useStableNavigate } from '../../app/navigate.ts';
import { useToast } from '../../ui/toast.tsx';
import { rewardIdOf, searchWithoutReward, takeRewardFlash } from './reward-link-params.ts';

const RewardModal = lazy(() => import('./reward-modal.tsx'));

export function LoyaltyRewardLink({ alias }: { alias: string | undefined }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useStableNavigate();
  const showToast = useToast();
  const rewardId = rewardIdOf(search);

  useEffect(() => {
    const flash = takeRewardFlash();
    if (flash) showToast(flash);
  }, [showToast]);

  if (!alias || rewardId === null) return null;
  return (
    <Suspense fallback={null}>
      <RewardModal
        rewardId={rewardId}
        alias={alias}
        onClose={() => {
          // closed without claiming: the link is not asked again on this page
          navigate(`${pathname}${searchWithoutReward(search)}${hash}`, { replace: true });
        }}
      />
    </Suspense>
  );
}
