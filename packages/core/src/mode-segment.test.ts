import { describe, expect, it } from 'vitest';
import { encodeModeSegment, matchesModeSegment } from './mode-segment.ts';

describe('mode segment', () => {
  it('replaces spaces with underscores', () => {
    expect(encodeModeSegment('Take Away')).toBe('Take_Away');
    expect(encodeModeSegment('Delivery')).toBe('Delivery');
  });
  it('matches a segment against a show name, accents and case included', () => {
    expect(matchesModeSegment('Take_Away', 'Take Away')).toBe(true);
    expect(matchesModeSegment('take_away', 'Take Away')).toBe(true);
    expect(matchesModeSegment('Men%C3%BA_del_d%C3%ADa', 'Menú del día')).toBe(true);
    expect(matchesModeSegment('Mesa', 'Mostrador')).toBe(false);
  });
});
