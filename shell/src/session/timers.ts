/**
 * Session timers of docs/rules/product.md §4. Each returns a dispose function; the shell starts them while a user
 * is signed in and disposes them on logout.
 */

/**
 * Inactivity: any mouse move or key press restarts the timer; when it runs out, `onExpire` is
 * called once (the shell logs the user out).
 */
export function startInactivityTimer(timeoutMs: number, onExpire: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reset = () => {
    clearTimeout(timer);
    timer = setTimeout(onExpire, timeoutMs);
  };
  target.addEventListener('mousemove', reset);
  target.addEventListener('keydown', reset);
  reset();
  return () => {
    clearTimeout(timer);
    target.removeEventListener('mousemove', reset);
    target.removeEventListener('keydown', reset);
  };
}

/**
 * The tab flag: a blur starts a timer that sets the flag on after `blurTimeoutMs`; a focus clears
 * the timer and resets the flag; a visibility change sets the flag on when the tab becomes
 * visible and off when it is hidden (docs/rules/product.md §4). Consumers (market data in later steps) read it to
 * resynchronise a tab that has been away.
 */
export function startBlurTracker(
  blurTimeoutMs: number,
  onFlag: (on: boolean) => void,
  win: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'> = document,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onBlur = () => {
    clearTimeout(timer);
    timer = setTimeout(() => onFlag(true), blurTimeoutMs);
  };
  const onFocus = () => {
    clearTimeout(timer);
    onFlag(false);
  };
  const onVisibility = () => onFlag(doc.visibilityState === 'visible');
  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  doc.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearTimeout(timer);
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', onFocus);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
