import { BehaviorSubject, type Observable } from 'rxjs';

const flag = new BehaviorSubject<boolean>(true);

/** The tab flag of docs/rules/product.md §4 (see startBlurTracker). */
export const tabFlag$: Observable<boolean> = flag.asObservable();

/** Set the tab flag. */
export function setTabFlag(on: boolean): void {
  if (flag.getValue() !== on) flag.next(on);
}
