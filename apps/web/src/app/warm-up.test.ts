import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpBrowserState, warmUpDateFormatting } from './warm-up.ts';

function fakeHistory(state: unknown) {
  const history = { state, replaceState: vi.fn() };
  vi.stubGlobal('history', history);
  return history;
}

describe('warm-up before the app starts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("numbers a new history entry as React Router would (idx 0), keeping the entry's state", () => {
    vi.stubGlobal('localStorage', { length: 0 });
    const history = fakeHistory({ usr: { from: 'menu' }, key: 'abc' });
    warmUpBrowserState();
    expect(history.replaceState).toHaveBeenCalledWith({ usr: { from: 'menu' }, key: 'abc', idx: 0 }, '');
  });

  it('numbers an entry without state', () => {
    vi.stubGlobal('localStorage', { length: 0 });
    const history = fakeHistory(null);
    warmUpBrowserState();
    expect(history.replaceState).toHaveBeenCalledWith({ idx: 0 }, '');
  });

  it('leaves a numbered entry (a reload, a return) alone', () => {
    vi.stubGlobal('localStorage', { length: 0 });
    const history = fakeHistory({ usr: null, key: 'k', idx: 3 });
    warmUpBrowserState();
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('reads localStorage once, and a disabled storage does not stop the start', () => {
    const read = vi.fn(() => 2);
    vi.stubGlobal('localStorage', Object.defineProperty({}, 'length', { get: read }));
    fakeHistory({ idx: 0 });
    warmUpBrowserState();
    expect(read).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'localStorage',
      Object.defineProperty({}, 'length', {
        get: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    );
    const history = fakeHistory(null);
    expect(() => warmUpBrowserState()).not.toThrow();
    expect(history.replaceState).toHaveBeenCalledOnce();
  });
});

describe('warm-up when the browser refuses', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a history that refuses the write does not stop the start', () => {
    vi.stubGlobal('localStorage', { length: 0 });
    vi.stubGlobal('history', {
      state: null,
      replaceState: () => {
        throw new DOMException('refused', 'SecurityError');
      },
    });
    expect(() => warmUpBrowserState()).not.toThrow();
  });
});

describe('warm-up of the date formatting', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds one formatter on the pages whose first screen shows a shop-zone time, none elsewhere', () => {
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    warmUpDateFormatting('/menu/donmateo-palermo/Delivery');
    warmUpDateFormatting('/menu/donmateo-palermo/preview');
    warmUpDateFormatting('/menu');
    expect(built).not.toHaveBeenCalled();
    warmUpDateFormatting('/logistics/tracking/order/donmateo-palermo/DMP2LV8C5Z');
    warmUpDateFormatting('/menu/donmateo-palermo/order/DMP2LV8C5Z');
    expect(built).toHaveBeenCalledTimes(2);
  });
});
