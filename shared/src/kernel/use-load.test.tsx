import { act, renderHook } from '@testing-library/react';
import { on } from './bus';
import { useLoad } from './use-load';

/** One interval at a time: each tick's render (and its fetch) happens before the next. */
const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

const failure = (message: string, silent = false) => Object.assign(new Error(message), { silent });

describe('useLoad, the one loader of every screen', () => {
  let toasts: string[];
  let sub: { unsubscribe(): void };
  beforeEach(() => {
    jest.useFakeTimers();
    toasts = [];
    sub = on('ui.notify').subscribe((n) => toasts.push(n.message));
  });
  afterEach(() => {
    sub.unsubscribe();
    jest.useRealTimers();
  });

  it('shows a failed first load in place, and toasts a failed reload while keeping the data', async () => {
    const fetch = jest.fn().mockRejectedValueOnce(failure('Refused')).mockResolvedValueOnce(1).mockRejectedValueOnce(failure('Lost'));
    const { result, rerender } = renderHook(({ key }) => useLoad(fetch, key), { initialProps: { key: 'a' } });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.load).toEqual({ state: 'fail', message: 'Refused' });
    expect(toasts).toEqual([]);
    rerender({ key: 'b' });
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.load).toEqual({ state: 'done', value: 1 });
    act(() => result.current.reload());
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.load).toEqual({ state: 'done', value: 1 });
    expect(toasts).toEqual(['Lost']);
  });

  it('refreshes on its timer while the page is visible; a failed refresh toasts once until one succeeds', async () => {
    const fetch = jest.fn().mockResolvedValueOnce(1).mockRejectedValueOnce(failure('Lost')).mockRejectedValueOnce(failure('Lost')).mockResolvedValueOnce(2).mockRejectedValueOnce(failure('Lost again'));
    const { result } = renderHook(() => useLoad(fetch, 'k', { refreshMs: 5_000 }));
    await act(() => jest.advanceTimersByTimeAsync(0));
    expect(result.current.load).toEqual({ state: 'done', value: 1 });
    await tick(5_000);
    await tick(5_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(result.current.load).toEqual({ state: 'done', value: 1 });
    expect(toasts).toEqual(['Lost']);
    await tick(5_000);
    await tick(5_000);
    expect(result.current.load).toEqual({ state: 'done', value: 2 });
    expect(toasts).toEqual(['Lost', 'Lost again']);
  });

  it('keeps a failed refresh or reload quiet when asked, as the players\' match and race lists and the casino table do', async () => {
    const fetch = jest.fn().mockResolvedValueOnce(1).mockRejectedValue(failure('Network Error'));
    const { result } = renderHook(() => useLoad(fetch, 'k', { refreshMs: 5_000, quietReload: true }));
    await tick(0);
    for (let i = 0; i < 3; i += 1) await tick(5_000);
    act(() => result.current.reload());
    await tick(0);
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(result.current.load).toEqual({ state: 'done', value: 1 });
    expect(toasts).toEqual([]);
  });

  it('does not refresh a hidden page, and refreshes at once when it is shown again', async () => {
    const fetch = jest.fn().mockResolvedValue(1);
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    renderHook(() => useLoad(fetch, 'k', { refreshMs: 5_000 }));
    for (let i = 0; i < 4; i += 1) await tick(5_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    visibility.mockReturnValue('visible');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(fetch).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });

  it('drops a stale answer when the key changes meanwhile', async () => {
    let resolveFirst: (v: string) => void = () => undefined;
    const fetch = jest.fn().mockImplementationOnce(() => new Promise<string>((r) => (resolveFirst = r))).mockResolvedValueOnce('second');
    const { result, rerender } = renderHook(({ key }) => useLoad(fetch, key), { initialProps: { key: 'a' } });
    rerender({ key: 'b' });
    await act(() => jest.advanceTimersByTimeAsync(0));
    await act(async () => resolveFirst('first'));
    expect(result.current.load).toEqual({ state: 'done', value: 'second' });
  });
});
