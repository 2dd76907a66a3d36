import { describe, expect, it } from 'vitest';
import { dragProposal, keyboardSlider, moveSlider, releaseSlider } from './slider.ts';

describe('slide to advance', () => {
  it('follows the finger as a share of the thumb travel', () => {
    expect(dragProposal(0, 20, 80, 300)).toBe(20);
    expect(dragProposal(40, 100, 70, 300)).toBe(30);
    expect(dragProposal(10, 0, 50, 0)).toBe(10);
  });

  it('ignores a move that jumps more than 20 at once, and stays within 0 and 100', () => {
    expect(moveSlider(0, 20)).toBe(20);
    expect(moveSlider(0, 21)).toBe(0);
    expect(moveSlider(70, 90)).toBe(90);
    expect(moveSlider(90, 115)).toBe(100);
    expect(moveSlider(5, -10)).toBe(0);
  });

  it('confirms only when released at 85 or more', () => {
    expect(releaseSlider(85)).toEqual({ confirmed: true, value: 100 });
    expect(releaseSlider(84.9)).toEqual({ confirmed: false, value: 0 });
    expect(releaseSlider(0)).toEqual({ confirmed: false, value: 0 });
  });

  it('moves in steps of 10 from the keyboard and confirms with Enter or Space', () => {
    expect(keyboardSlider(0, 'ArrowRight')).toEqual({ value: 10, confirmed: false });
    expect(keyboardSlider(10, 'ArrowLeft')).toEqual({ value: 0, confirmed: false });
    expect(keyboardSlider(50, 'Home')).toEqual({ value: 0, confirmed: false });
    expect(keyboardSlider(0, 'Enter')).toEqual({ value: 100, confirmed: true });
    expect(keyboardSlider(0, ' ')).toEqual({ value: 100, confirmed: true });
    expect(keyboardSlider(0, 'Tab')).toBeNull();
  });
});
