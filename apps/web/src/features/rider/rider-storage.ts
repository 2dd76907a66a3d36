/**
 * What the register page keeps between its variants (the phone and the rider found, in session
 * storage) and the spec's stored rider data (local storage). The rider token lives only in the
 * server's httpOnly cookie: nothing here ever holds it.
 */
import type { Rider, RiderShiftAnswer } from '@comanda/core/contract';

/** The register flow of one contact, for the tab's life. */
export interface RiderFlow {
  /** The phone as typed, shown in the register variant's disabled field. */
  typedPhone: string;
  /** The phone as E.164, sent to the server. */
  phone: string;
  rider: Pick<Rider, 'id' | 'name' | 'active'> | null;
  /** The success variant's message: a shift started or ended. */
  outcome: 'started' | 'ended' | null;
  /** After a start: the rider's redirect page to their shipments. */
  shipmentsUrl: string | null;
}

/** The spec's stored rider data: who rides for which contact, never the token. */
export interface StoredRider {
  id: number;
  name: string;
  phone: string;
  active: boolean;
  branchContactId: number;
  shipmentsUrl: string;
  shiftEndsAt: string | null;
}

const FLOW_KEY_PREFIX = 'comanda.rider.flow.';
export const STORED_RIDER_KEY = 'comanda.rider';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(kind: 'sessionStorage' | 'localStorage'): KeyValueStore | null {
  try {
    return globalThis[kind] ?? null;
  } catch {
    // storage can be blocked (private mode, embedded views): the flow then lives in memory only
    return null;
  }
}

const memory = new Map<string, string>();

function read<T>(kind: 'sessionStorage' | 'localStorage', key: string): T | null {
  try {
    const text = storage(kind)?.getItem(key) ?? memory.get(key) ?? null;
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(kind: 'sessionStorage' | 'localStorage', key: string, value: unknown): void {
  const text = JSON.stringify(value);
  memory.set(key, text);
  try {
    storage(kind)?.setItem(key, text);
  } catch {
    // full or blocked storage: the in-memory copy still carries the flow through this visit
  }
}

export function readRiderFlow(alias: string): RiderFlow | null {
  return read<RiderFlow>('sessionStorage', FLOW_KEY_PREFIX + alias);
}

export function saveRiderFlow(alias: string, flow: RiderFlow): void {
  write('sessionStorage', FLOW_KEY_PREFIX + alias, flow);
}

/** The rider data worth keeping from a shift answer: the token and anything else are left out. */
export function storedRiderOf(answer: RiderShiftAnswer): StoredRider {
  return {
    id: answer.id,
    name: answer.name,
    phone: answer.phone,
    active: answer.active,
    branchContactId: answer.riderUser.branchContact.id,
    shipmentsUrl: answer.shipmentsUrl,
    shiftEndsAt: answer.shiftEndsAt,
  };
}

export function readStoredRider(): StoredRider | null {
  return read<StoredRider>('localStorage', STORED_RIDER_KEY);
}

export function saveStoredRider(answer: RiderShiftAnswer): void {
  write('localStorage', STORED_RIDER_KEY, storedRiderOf(answer));
}
