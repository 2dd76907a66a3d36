import { useEffect, useSyncExternalStore } from 'react';

/**
 * A value (usually a rule of core) whose module downloads only when a screen first needs it, so it stays
 * out of the page's first load: the phone check's metadata, the time-zone rules of a scheduled slot.
 */
export interface OnDemand<T> {
  /** Starts (once) the download; a failed one is tried again on the next call. */
  load(): Promise<T>;
  /** The value once downloaded, else null. */
  current(): T | null;
  subscribe(listener: () => void): () => void;
}

export function onDemand<T>(download: () => Promise<T>): OnDemand<T> {
  let loaded: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= download().then(
        (value) => {
          loaded = value;
          for (const listener of listeners) listener();
          return value;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    current: () => loaded,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The value once downloaded, else null (the component renders again when it arrives); `wanted` starts the download. */
export function useOnDemand<T>(value: OnDemand<T>, wanted: boolean): T | null {
  const current = useSyncExternalStore(value.subscribe, value.current, value.current);
  useEffect(() => {
    // a failed download is asked for again by whoever needs the value next (placing the order)
    if (wanted && current === null) value.load().catch(() => {});
  }, [value, wanted, current]);
  return current;
}
