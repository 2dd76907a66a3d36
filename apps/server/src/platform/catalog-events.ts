import type { Bus } from './bus.ts';

/**
 * Menus, modes and contacts are read far more than they change, so read paths keep answers in memory.
 * Whoever changes catalogue data publishes here; every process (through the bus) drops its copies.
 */
export const CATALOG_CHANNEL = 'catalog';
export const CATALOG_CHANGED = 'catalog-changed';

export function publishCatalogChange(
  bus: Bus,
  what: { branchContactId?: number; menuId?: number } = {},
): Promise<void> {
  return bus.publish(CATALOG_CHANNEL, CATALOG_CHANGED, what);
}

/** A small time-bounded memo with a size cap, cleared by catalogue changes. */
export class ReadCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get(key: string, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The pending or settled answer for `key`, loading it once; concurrent callers share one load. */
export function remember<V>(cache: ReadCache<Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
  let pending = cache.get(key);
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key)); // a failed load is not remembered
  }
  return pending;
}
