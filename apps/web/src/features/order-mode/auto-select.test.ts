import type { OrderMode } from '@comanda/core/contract';
import { describe, expect, it } from 'vitest';
import { autoSelectedMode } from './auto-select.ts';

const delivery = { id: 1, type: 'DELIVERY', showName: 'Delivery' } as OrderMode;
const takeAway = { id: 2, type: 'TAKE_AWAY', showName: 'Take Away' } as OrderMode;

describe('autoSelectedMode (storefront.md section 2)', () => {
  it('opens the mode of the hash only while the hash-selection flag is on', () => {
    const modes = [delivery, takeAway];
    expect(autoSelectedMode(modes, { hash: '#TAKE_AWAY', hashSelection: true, aliasStored: true })).toBe(
      takeAway,
    );
    expect(
      autoSelectedMode(modes, { hash: '#TAKE_AWAY', hashSelection: false, aliasStored: true }),
    ).toBeUndefined();
  });

  it('otherwise opens the only mode there is', () => {
    expect(autoSelectedMode([delivery], { hash: '', hashSelection: false, aliasStored: true })).toBe(
      delivery,
    );
    expect(autoSelectedMode([delivery], { hash: '#TAKE_AWAY', hashSelection: true, aliasStored: true })).toBe(
      delivery,
    );
    expect(
      autoSelectedMode([delivery, takeAway], { hash: '', hashSelection: true, aliasStored: true }),
    ).toBeUndefined();
  });

  it('opens nothing until the alias on screen is the one in the store', () => {
    expect(
      autoSelectedMode([delivery], { hash: '', hashSelection: false, aliasStored: false }),
    ).toBeUndefined();
    expect(
      autoSelectedMode([delivery, takeAway], { hash: '#DELIVERY', hashSelection: true, aliasStored: false }),
    ).toBeUndefined();
  });
});
