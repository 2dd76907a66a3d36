import { describe, expect, it } from 'vitest';
import { rewardIdOf, searchWithoutReward, urlWithoutQuery } from './reward-link-params.ts';

describe('the reward link', () => {
  it.each([
    ['?loyaltyReward=3', 3],
    ['?campaignId=ig&loyaltyReward=12', 12],
    ['?loyaltyReward=0', null],
    ['?loyaltyReward=abc', null],
    ['?loyaltyReward=-1', null],
    ['?loyaltyReward=', null],
    ['', null],
  ])('%s names reward %s', (search, id) => {
    expect(rewardIdOf(search)).toBe(id);
  });

  it('closing keeps the rest of an entry link', () => {
    expect(searchWithoutReward('?campaignId=ig&loyaltyReward=3')).toBe('?campaignId=ig');
    expect(searchWithoutReward('?loyaltyReward=3')).toBe('');
  });

  it('reloads without the query string after a claim', () => {
    expect(urlWithoutQuery({ pathname: '/menu/donmateo-palermo/Delivery', hash: '' })).toBe(
      '/menu/donmateo-palermo/Delivery',
    );
  });
});
