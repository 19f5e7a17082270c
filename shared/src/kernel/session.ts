import { BehaviorSubject, type Observable } from 'rxjs';
import type { UserInfo } from '../contracts/api';
import { STORAGE_KEYS } from './storage';

/** The signed-in user of the current area, or null. Owned by the shell, read by every app. */
const user = new BehaviorSubject<UserInfo | null>(null);

/** The signed-in user (null when signed out). */
export const user$: Observable<UserInfo | null> = user.asObservable();

/** Current value of user$, for event handlers. */
export function currentUser(): UserInfo | null {
  return user.getValue();
}

/** Replace the signed-in user (the shell calls this after user-info, and with null on logout). */
export function setUser(value: UserInfo | null): void {
  user.next(value);
}

/**
 * Apply a live balance update (rupees) to the signed-in user, which the header shows. Its one
 * caller is the shell's user socket (the `balance` message): a page that moves money, a placed bet
 * included, leaves the header to that message rather than writing its own reply's figures.
 */
export function setBalance(balance: number, exposer: number): void {
  const current = user.getValue();
  if (current) user.next({ ...current, balance, exposer });
}

/** Which of balance and exposure the player hid (docs/rules/product.md §1, persisted under hide_bal_exp). */
export interface HideFlags {
  balance: boolean;
  exposure: boolean;
}

function readHideFlags(): HideFlags {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEYS.hideBalanceExposure) ?? '{}') as Partial<HideFlags>;
    return { balance: raw.balance === true, exposure: raw.exposure === true };
  } catch {
    return { balance: false, exposure: false };
  }
}

const hide = new BehaviorSubject<HideFlags>(readHideFlags());

/** The hide flags. */
export const hideFlags$: Observable<HideFlags> = hide.asObservable();

/** Toggle one hide flag and persist it. */
export function toggleHide(which: keyof HideFlags): void {
  const next = { ...hide.getValue(), [which]: !hide.getValue()[which] };
  localStorage.setItem(STORAGE_KEYS.hideBalanceExposure, JSON.stringify(next));
  hide.next(next);
}
