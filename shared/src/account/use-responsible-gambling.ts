import { useEffect, useState } from 'react';
import type { RgLimitType, ResponsibleGamblingView } from '../contracts/index';
import { useApis } from '../kernel/apis';
import { on } from '../kernel/bus';
import { useLoad } from '../kernel/use-load';

/**
 * The signed-in player's own responsible-gambling settings (GET responsible-gambling, ADR 0019):
 * read once when the component mounts, then replaced by the view the settings page publishes
 * (`rg.settingsChanged`) whenever the player saves one. No polling: a limit or an exclusion only
 * changes when the player changes it (a pending raise shows after the next page load). Null while
 * loading, and when the settings cannot be read (not a player, signed out): the server stays the
 * authority and refuses what it must.
 */
export function useResponsibleGambling(): ResponsibleGamblingView | null {
  const { responsibleGambling } = useApis();
  const { load } = useLoad(() => responsibleGambling.own());
  const [fresh, setFresh] = useState<ResponsibleGamblingView | null>(null);
  useEffect(() => {
    const sub = on('rg.settingsChanged').subscribe(setFresh);
    return () => sub.unsubscribe();
  }, []);
  return fresh ?? (load.state === 'done' ? load.value : null);
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
