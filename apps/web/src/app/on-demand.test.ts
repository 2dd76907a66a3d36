import { describe, expect, it, vi } from 'vitest';
import { onDemand } from './on-demand.ts';

describe('a value downloaded on demand', () => {
  it('downloads once however often it is asked for, and tells its listeners when it arrived', async () => {
    const download = vi.fn(async () => 'rules');
    const value = onDemand(download);
    const heard = vi.fn();
    value.subscribe(heard);
    expect(value.current()).toBeNull();
    const [first, second] = await Promise.all([value.load(), value.load()]);
    expect([first, second, value.current()]).toEqual(['rules', 'rules', 'rules']);
    expect(download).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next call', async () => {
    const download = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('rules');
    const value = onDemand<string>(download);
    await expect(value.load()).rejects.toThrow('offline');
    expect(value.current()).toBeNull();
    await expect(value.load()).resolves.toBe('rules');
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('stops telling a listener that unsubscribed', async () => {
    const value = onDemand(async () => 1);
    const heard = vi.fn();
    value.subscribe(heard)();
    await value.load();
    expect(heard).not.toHaveBeenCalled();
  });
});
