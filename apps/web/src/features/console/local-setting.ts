import { useCallback, useState } from 'react';

/** The console's preferences on this device (sound, printing, chosen contact). */
export const SETTING_KEYS = {
  muted: 'comanda.console.muted',
  printOnAccept: 'comanda.console.printOnAccept',
  contactId: 'comanda.console.contactId',
} as const;

export function readSetting(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage blocked: the preference lasts as long as the page
  }
}

function writeSetting(key: string, value: string | null) {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage blocked or full: nothing to do
  }
}

/** A boolean preference remembered in localStorage. */
export function useLocalFlag(key: string, initial = false): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => {
    const stored = readSetting(key);
    return stored === null ? initial : stored === 'true';
  });
  const update = useCallback(
    (next: boolean) => {
      setValue(next);
      writeSetting(key, String(next));
    },
    [key],
  );
  return [value, update];
}

/** A text preference remembered in localStorage; null clears it. */
export function useLocalText(key: string): [string | null, (value: string | null) => void] {
  const [value, setValue] = useState(() => readSetting(key));
  const update = useCallback(
    (next: string | null) => {
      setValue(next);
      writeSetting(key, next);
    },
    [key],
  );
  return [value, update];
}
