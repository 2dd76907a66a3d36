import { describe, expect, it } from 'vitest';
import {
  CONSOLE_ORDER_EVENT,
  contactOrdersChannel,
  LIVE_CHANNELS,
  orderChannel,
  trackingChannel,
} from './channels.ts';

describe('live channels', () => {
  it('names each channel after its subject, the tracking one with the spec prefix', () => {
    expect(orderChannel(7)).toBe('order-7');
    expect(contactOrdersChannel(3)).toBe('contact-orders-3');
    expect(trackingChannel(42)).toBe('tracking-42');
    expect(CONSOLE_ORDER_EVENT).toBe('console-order');
  });

  it('gives every channel its own name and event, so no two subjects share a stream', () => {
    const names = Object.values(LIVE_CHANNELS).map((channel) => channel.name(1));
    const events = Object.values(LIVE_CHANNELS).map((channel) => channel.event);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(events).size).toBe(events.length);
  });
});
