import { INACTIVITY_LOGOUT_MS, BLUR_TIMEOUT_MS } from '@backlay/shared/contracts';
import { startBlurTracker, startInactivityTimer } from './timers';

describe('inactivity timer', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('expires after 72,000,000 ms without mouse or key activity', () => {
    const onExpire = jest.fn();
    const dispose = startInactivityTimer(INACTIVITY_LOGOUT_MS, onExpire);
    jest.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    dispose();
  });

  it('restarts on mouse moves and key presses', () => {
    const onExpire = jest.fn();
    const dispose = startInactivityTimer(INACTIVITY_LOGOUT_MS, onExpire);
    jest.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 10);
    window.dispatchEvent(new MouseEvent('mousemove'));
    jest.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 10);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    jest.advanceTimersByTime(INACTIVITY_LOGOUT_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    dispose();
  });

  it('does nothing once disposed', () => {
    const onExpire = jest.fn();
    startInactivityTimer(1000, onExpire)();
    jest.advanceTimersByTime(5000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});

describe('blur tracker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sets the flag 180000 ms after a blur, and focus clears it', () => {
    const flags: boolean[] = [];
    const dispose = startBlurTracker(BLUR_TIMEOUT_MS, (on) => flags.push(on));
    window.dispatchEvent(new Event('blur'));
    jest.advanceTimersByTime(BLUR_TIMEOUT_MS - 1);
    expect(flags).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(flags).toEqual([true]);
    window.dispatchEvent(new Event('focus'));
    expect(flags).toEqual([true, false]);
    dispose();
  });

  it('a focus before the time is up cancels the timer', () => {
    const flags: boolean[] = [];
    const dispose = startBlurTracker(BLUR_TIMEOUT_MS, (on) => flags.push(on));
    window.dispatchEvent(new Event('blur'));
    jest.advanceTimersByTime(1000);
    window.dispatchEvent(new Event('focus'));
    jest.advanceTimersByTime(BLUR_TIMEOUT_MS);
    expect(flags).toEqual([false]);
    dispose();
  });

  it('follows visibility: on when visible, off when hidden', () => {
    const flags: boolean[] = [];
    let state: DocumentVisibilityState = 'hidden';
    const doc = { visibilityState: 'hidden' as DocumentVisibilityState, addEventListener: document.addEventListener.bind(document), removeEventListener: document.removeEventListener.bind(document) };
    Object.defineProperty(doc, 'visibilityState', { get: () => state });
    const dispose = startBlurTracker(BLUR_TIMEOUT_MS, (on) => flags.push(on), window, doc);
    document.dispatchEvent(new Event('visibilitychange'));
    state = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flags).toEqual([false, true]);
    dispose();
  });
});
