import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/** The value an observable emits synchronously on subscription (a store's current value), or `initial`. */
function currentValue<T>(source: Observable<T>, initial: T): T {
  let value = initial;
  source.subscribe((v) => { value = v; }).unsubscribe();
  return value;
}

/**
 * Subscribe to an observable for the life of the component; unsubscribes on unmount. A store's
 * current value is used from the first render, so a signed-in page never flashes signed out.
 */
export function useObservable<T>(source: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(() => currentValue(source, initial));
  useEffect(() => {
    const sub = source.subscribe(setValue);
    return () => sub.unsubscribe();
  }, [source]);
  return value;
}
