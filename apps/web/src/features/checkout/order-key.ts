/**
 * The idempotency key of the order a checkout is placing. It is kept in the browser with a fingerprint
 * of the order's payload: a reload and retry of the same order sends the same key, so the server answers
 * the order it may already have stored instead of placing a second one; a changed order gets a new key.
 */
const storageKey = (alias: string) => `comanda:order-key:${alias}`;

interface StoredKey {
  key: string;
  fingerprint: string;
}

/** FNV-1a of the payload's JSON: enough to tell one order's payload from another's. */
function fingerprintOf(payload: unknown): string {
  const text = JSON.stringify(payload);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16)}:${text.length}`;
}

function read(alias: string): StoredKey | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(alias)) ?? 'null') as StoredKey | null;
    return stored && typeof stored.key === 'string' && typeof stored.fingerprint === 'string' ? stored : null;
  } catch {
    return null;
  }
}

/** The key for placing `payload` at this shop: the stored one for the same payload, else a new one. */
export function orderKeyFor(alias: string, payload: unknown): string {
  const fingerprint = fingerprintOf(payload);
  const stored = read(alias);
  if (stored?.fingerprint === fingerprint) return stored.key;
  const key = crypto.randomUUID();
  try {
    localStorage.setItem(storageKey(alias), JSON.stringify({ key, fingerprint } satisfies StoredKey));
  } catch {
    // private mode without storage: the key still protects double taps within this page
  }
  return key;
}

/** The order was placed: the next order starts with a new key. */
export function forgetOrderKey(alias: string): void {
  try {
    localStorage.removeItem(storageKey(alias));
  } catch {
    // nothing stored
  }
}
