import { scheduleSlotToDate } from '@comanda/core';
import { describe, expect, it } from 'vitest';
import { loadSlotToDate } from './slot-instant.ts';

describe('the scheduled slot’s instant, loaded on demand', () => {
  it('is core’s scheduleSlotToDate: the same instant the server checks on placement', async () => {
    const slotToDate = await loadSlotToDate();
    expect(slotToDate).toBe(scheduleSlotToDate);
    expect(slotToDate('2026-11-27', '13:30', 'America/Argentina/Buenos_Aires')?.toISOString()).toBe(
      '2026-11-27T16:30:00.000Z',
    );
    expect(slotToDate('2026-02-30', '13:30', 'America/Argentina/Buenos_Aires')).toBeNull();
  });
});
