import { fieldId } from './editor-problems.ts';

/**
 * Takes the owner to the field of a draft path: its own input, or the nearest one above it when the
 * path names a list ('…garnishGroups.0.garnishes') rather than an input. Answers whether one was found.
 */
export function focusField(path: string): boolean {
  let at = path;
  for (;;) {
    const element = document.getElementById(fieldId(at));
    if (element) {
      element.focus({ preventScroll: true });
      element.scrollIntoView({ block: 'center' });
      return true;
    }
    const dot = at.lastIndexOf('.');
    if (dot < 0) return false;
    at = at.slice(0, dot);
  }
}

/** The same once the panel that holds the field has opened (the dialog focuses its first control first). */
export function focusFieldSoon(path: string): void {
  window.setTimeout(() => focusField(path), 30);
}

/**
 * When a panel closes over something that no longer exists (a deleted plate, a blank one dropped),
 * focus would fall to the page's start: it goes to the first of these controls that exists instead.
 * Waits for the dialogs' closing animation, which hands focus back first.
 */
export function refocusSoon(ids: string[]): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    for (const id of ids) {
      const element = document.getElementById(id);
      if (element) {
        element.focus();
        return;
      }
    }
  }, 260);
}
