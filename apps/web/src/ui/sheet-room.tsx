import { useRef } from 'react';
import { useBottomOffset } from './bottom-offset.ts';

const panelOf = (element: HTMLElement) => element.closest<HTMLElement>('.modal__panel');

/** Inside a short bottom sheet: toasts rise above the sheet, so they never cover its question. */
export function SheetRoom() {
  const ref = useRef<HTMLSpanElement>(null);
  useBottomOffset(ref, true, panelOf);
  return <span ref={ref} hidden />;
}
