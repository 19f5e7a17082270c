import { useEffect, useState } from 'react';
import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs';
import type { RgLimitType, ResponsibleGamblingView } from '../contracts/index';
import { useApis } from '../kernel/apis';
import { on } from '../kernel/bus';
import { currentUser, user$ } from '../kernel/session';
import { useObservable } from '../kernel/use-observable';

/** The settings read for one player (`key`: its user id), null until the answer. */
interface Held {
  key: string;
  view: ResponsibleGamblingView | null;
}

/**
 * The page's one copy of the player's settings (module state of @backlay/shared, which every app
 * shares): the layout's banner and every slip read it, so a slip that opens costs no request.
 * `readFor` is the player whose settings were asked for (null: none yet, or signed out since).
 */
const held = new BehaviorSubject<Held | null>(null);
let readFor: string | null = null;

/** Forget the settings: the next hook reads them again. Sign-out does it (user$ turns null). */
function forget(): void {
  readFor = null;
  held.next(null);
}

/** The signed-in user's id (null: signed out), without the balance updates of user$. */
const userId$ = user$.pipe(
  map((user) => user?._id ?? null),
  distinctUntilChanged(),
);

userId$.subscribe((id) => {
  if (id === null) forget();
});
// The settings page publishes the server's answer to each save: that is the new view, no read.
on('rg.settingsChanged').subscribe((view) => {
  const key = currentUser()?._id;
  if (key === undefined) return;
  readFor = key;
  held.next({ key, view });
});

/**
 * The settings of player `key`: read with `read` the first time anyone asks (once per page per
 * player), then what the store holds. A failed read is not tried again on this page (the server
 * stays the authority and refuses what it must); it shows as null.
 */
function settingsOf(key: string, read: () => Promise<ResponsibleGamblingView>): Observable<ResponsibleGamblingView | null> {
  if (readFor !== key) {
    readFor = key;
    held.next({ key, view: null });
    read().then(
      (view) => {
        // Unless the player signed out meanwhile, or saved a setting (the newer view) first.
        if (readFor === key && (held.getValue()?.view ?? null) === null) held.next({ key, view });
      },
      () => undefined,
    );
  }
  return held.pipe(
    map((h) => (h !== null && h.key === key ? h.view : null)),
    distinctUntilChanged(),
  );
}

/**
 * The signed-in player's own responsible-gambling settings (GET responsible-gambling, ADR 0019):
 * read once per page per player, however many components ask (the layout's banner, each slip as
 * it opens), then replaced by the view the settings page publishes (`rg.settingsChanged`)
 * whenever the player saves one; forgotten on sign-out. No polling: a limit or an exclusion only
 * changes when the player changes it (a pending raise shows after the next page load). Null while
 * loading, signed out, and when the settings cannot be read (not a player): the server stays the
 * authority and refuses what it must.
 */
export function useResponsibleGambling(): ResponsibleGamblingView | null {
  const { responsibleGambling } = useApis();
  const key = useObservable(userId$, null);
  const [view, setView] = useState<ResponsibleGamblingView | null>(() => {
    const h = held.getValue();
    return h !== null && h.key === key ? h.view : null;
  });
  useEffect(() => {
    // Signed out (the layout is going): nothing to read.
    if (key === null) {
      setView(null);
      return undefined;
    }
    const sub = settingsOf(key, () => responsibleGambling.own()).subscribe(setView);
    return () => sub.unsubscribe();
  }, [key, responsibleGambling]);
  return view;
}

/**
 * The amount of the limit of `type` in force at `now` (rupees), or null when there is none: a
 * pending raise or removal counts from its time, as the server reads it (ADR 0019).
 */
export function limitInForce(view: ResponsibleGamblingView | null, type: RgLimitType, now = Date.now()): number | null {
  const limit = view?.limits.find((l) => l.type === type);
  if (limit === undefined) return null;
  return limit.pending !== null && Date.parse(limit.pending.effectiveAt) <= now ? limit.pending.amount : limit.amount;
}

/** The time-out or self-exclusion running at `now`, or null (one that has ended no longer counts). */
export function exclusionInForce(view: ResponsibleGamblingView | null, now = Date.now()): ResponsibleGamblingView['exclusion'] {
  const exclusion = view?.exclusion ?? null;
  return exclusion !== null && Date.parse(exclusion.endsAt) > now ? exclusion : null;
}
