/**
 * The reward link: a storefront URL carrying `?loyaltyReward={id}` opens the reward sign-up. Kept apart
 * from the modal, as the app shell reads it on every page and must stay small.
 */
export const REWARD_PARAM = 'loyaltyReward';
/** A message the page shows once after the reload that follows a claim. */
export const REWARD_CLAIMED_FLASH_KEY = 'comanda:reward-claimed';

/** The reward id of the query string, or null when there is none (or it is not a positive integer). */
export function rewardIdOf(search: string): number | null {
  const raw = new URLSearchParams(search).get(REWARD_PARAM);
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The query string without the reward parameter (the rest of an entry link stays). */
export function searchWithoutReward(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(REWARD_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** The spec's reload target after a claim: the same page without the query string. */
export function urlWithoutQuery(location: Pick<Location, 'pathname' | 'hash'>): string {
  return `${location.pathname}${location.hash}`;
}

/** Reads and forgets the message left by a claim before its reload. */
export function takeRewardFlash(): string | null {
  try {
    const message = globalThis.sessionStorage?.getItem(REWARD_CLAIMED_FLASH_KEY) ?? null;
    if (message !== null) globalThis.sessionStorage?.removeItem(REWARD_CLAIMED_FLASH_KEY);
    return message;
  } catch {
    return null;
  }
}
