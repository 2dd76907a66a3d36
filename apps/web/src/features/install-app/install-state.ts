/**
 * Install-app state: the browser's deferred `beforeinstallprompt` (Chrome, Edge, Samsung), iOS Safari's
 * manual 'Add to Home Screen', whether the storefront already runs installed, and which aliases were
 * already offered the app (localStorage 'comanda:install-prompt', at most once per alias).
 */

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallKind = 'prompt' | 'ios';

export const INSTALL_STORAGE_KEY = 'comanda:install-prompt';

let deferred: BeforeInstallPromptEvent | null = null;
let openRequested = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// captured as early as the app code runs: the event fires once, soon after the manifest is known
globalThis.addEventListener?.('beforeinstallprompt', (event) => {
  event.preventDefault();
  deferred = event as BeforeInstallPromptEvent;
  notify();
});
globalThis.addEventListener?.('appinstalled', () => {
  deferred = null;
  notify();
});

/** The order payload's installedApp: the storefront runs as an installed app (standalone). */
export function isInstalledApp(): boolean {
  if (typeof window === 'undefined') return false;
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** iOS Safari installs only by hand (Share, then Add to Home Screen); in-app browsers cannot at all. */
export function isIosSafari(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ua = navigator.userAgent;
  const ios =
    /iPhone|iPad|iPod/.test(ua) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
  return ios && /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|Instagram|FBAN|FBAV|Line\//.test(ua);
}

/** What install offer this browser supports right now, or null (installed, or not installable). */
export function installKind(): InstallKind | null {
  if (isInstalledApp()) return null;
  if (deferred) return 'prompt';
  return isIosSafari() ? 'ios' : null;
}

/**
 * Opens the install prompt now, ignoring the once-per-alias rule (the follow-up page's showPWA flag, a
 * later issue). Returns whether this browser can show one; the mounted InstallAppPrompt opens it.
 */
export function openInstallPrompt(): boolean {
  if (installKind() === null) return false;
  openRequested = true;
  notify();
  return true;
}

export function isOpenRequested(): boolean {
  return openRequested;
}

export function clearOpenRequest(): void {
  openRequested = false;
}

/** The browser's own install dialog; resolves whether the diner accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  try {
    await event.prompt();
    return (await event.userChoice).outcome === 'accepted';
  } catch {
    return false;
  }
}

function offeredAliases(): Record<string, number> {
  try {
    const raw = globalThis.localStorage?.getItem(INSTALL_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function wasOfferedFor(alias: string): boolean {
  return alias in offeredAliases();
}

export function markOfferedFor(alias: string): void {
  try {
    globalThis.localStorage?.setItem(
      INSTALL_STORAGE_KEY,
      JSON.stringify({ ...offeredAliases(), [alias]: Date.now() }),
    );
  } catch {
    // without storage the offer may repeat on a later visit, which is harmless
  }
}
