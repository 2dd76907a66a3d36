/**
 * Failed secrets (staff passwords, a shop's rider security code, a diner's one-time code) slow down the
 * one who sends them, never the account for everyone: a stranger's wrong guesses from one address
 * cannot keep the owner, the riders or a diner out (core's attempt-backoff.ts holds the waits).
 *
 * Three counts, each with its own backoff:
 * - the account from this address: a few free failures, then 1 s, 2 s, 4 s … up to 15 minutes;
 * - this address over every account: one address trying many e-mails or many shops;
 * - the account over every address: a guessing spread over many addresses. Addresses that once got the
 *   secret right for the account are remembered for 30 days and never held by this count, so an
 *   attack from many addresses still lets the real user in from where she signs in.
 * A right secret clears the account's count from that address only.
 */

import { isIPv6 } from 'node:net';
import {
  ACCOUNT_ADDRESS_BACKOFF,
  ACCOUNT_BACKOFF,
  ADDRESS_BACKOFF,
  type BackoffPolicy,
  nextAttemptAt,
  tooManyAttemptsMessage,
} from '@comanda/core';
import { type AttemptStore, createMemoryAttemptStore } from './attempt-limiter.ts';
import { AppError } from './errors.ts';

const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/**
 * The address as counted: IPv4 as is (also when written as IPv4-mapped IPv6), IPv6 by its /64, the
 * block one subscriber gets, so stepping through a home's addresses does not reset the count.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

export interface FailureThrottlePolicies {
  accountAddress: BackoffPolicy;
  address: BackoffPolicy;
  account: BackoffPolicy;
}

export class FailureThrottle {
  constructor(
    /** Keeps this throttle's keys apart from others' in a shared store ('staff-sign-in', 'rider-code'). */
    private readonly name: string,
    private readonly store: AttemptStore = createMemoryAttemptStore(),
    private readonly policies: FailureThrottlePolicies = {
      accountAddress: ACCOUNT_ADDRESS_BACKOFF,
      address: ADDRESS_BACKOFF,
      account: ACCOUNT_BACKOFF,
    },
  ) {}

  /**
   * Refuses with a 429 (its Retry-After and the wait in the message) while any count asks this sender
   * to wait; checked before the secret is compared, so a held sender learns nothing.
   */
  async check(account: string, ip: string, now: number): Promise<void> {
    const address = addressKey(ip);
    const counts: [string, BackoffPolicy][] = [
      [this.pairKey(account, address), this.policies.accountAddress],
      [this.addressKeyOf(address), this.policies.address],
    ];
    const known = (await this.store.times(this.knownKey(account, address), now, KNOWN_ADDRESS_MS)).length > 0;
    if (!known) counts.push([this.accountKey(account), this.policies.account]);
    let until = 0;
    for (const [key, policy] of counts) {
      const at = nextAttemptAt(await this.store.times(key, now, policy.windowMs), now, policy);
      if (at !== null) until = Math.max(until, at);
    }
    if (until > now)
      throw new AppError('RATE_LIMITED', 429, tooManyAttemptsMessage(until - now)).retryAfter(
        Math.ceil((until - now) / 1000),
      );
  }

  async failed(account: string, ip: string, now: number): Promise<void> {
    const address = addressKey(ip);
    await Promise.all([
      this.store.record(this.pairKey(account, address), now, this.policies.accountAddress.windowMs),
      this.store.record(this.addressKeyOf(address), now, this.policies.address.windowMs),
      this.store.record(this.accountKey(account), now, this.policies.account.windowMs),
    ]);
  }

  /** The right secret: this address's failures on the account are forgotten and the address known. */
  async succeeded(account: string, ip: string, now: number): Promise<void> {
    const address = addressKey(ip);
    await this.store.reset(this.pairKey(account, address));
    await this.store.reset(this.knownKey(account, address));
    await this.store.record(this.knownKey(account, address), now, KNOWN_ADDRESS_MS);
  }

  private pairKey(account: string, address: string) {
    return `${this.name}:account-address:${account}|${address}`;
  }
  private addressKeyOf(address: string) {
    return `${this.name}:address:${address}`;
  }
  private accountKey(account: string) {
    return `${this.name}:account:${account}`;
  }
  private knownKey(account: string, address: string) {
    return `${this.name}:known:${account}|${address}`;
  }
}
