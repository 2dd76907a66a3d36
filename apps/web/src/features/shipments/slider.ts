/**
 * The slide-to-advance control's arithmetic (sections 5 and 9): the value is the thumb's travel in
 * percent; a move that jumps more than 20 at once is ignored (a tap at the far end is not a slide),
 * and only a release at 85 or more confirms.
 */
import { nextSliderValue, sliderConfirms } from '@comanda/core';

/** The value a drag proposes: where the pointer went, in percent of the thumb's travel. */
export function dragProposal(startValue: number, startX: number, x: number, travelPx: number): number {
  if (travelPx <= 0) return startValue;
  return startValue + ((x - startX) / travelPx) * 100;
}

/** The slider's next value after a pointer move (jumps over the tolerance ignored). */
export function moveSlider(current: number, proposed: number): number {
  return nextSliderValue(current, proposed);
}

/** On release: confirmed at 85 or more (the thumb stays at the end), otherwise back to the start. */
export function releaseSlider(value: number): { confirmed: boolean; value: number } {
  return sliderConfirms(value) ? { confirmed: true, value: 100 } : { confirmed: false, value: 0 };
}

/** Keyboard steps stay inside the tolerance; Enter and Space confirm at once. */
export const KEYBOARD_STEP = 10;

export function keyboardSlider(current: number, key: string): { value: number; confirmed: boolean } | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return { value: moveSlider(current, current + KEYBOARD_STEP), confirmed: false };
    case 'ArrowLeft':
    case 'ArrowDown':
      return { value: moveSlider(current, current - KEYBOARD_STEP), confirmed: false };
    case 'Home':
      return { value: 0, confirmed: false };
    case 'Enter':
    case ' ':
      return { value: 100, confirmed: true };
    default:
      return null;
  }
}
