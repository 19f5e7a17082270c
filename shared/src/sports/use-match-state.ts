import { useEffect, useState } from 'react';
import { sharedT } from '../i18n/shared-catalog';
import { useApis } from '../kernel/apis';
import type { MatchDataStatus } from '../kernel/sequenced-watches';
import { initialMatchState, type MatchState } from './market-state';

/**
 * The live image of a match from the page's market-data client (`useApis().marketData`), for the
 * life of the component: watching starts on mount (or when the match changes) and stops on
 * unmount, which unsubscribes the match on the socket once no other screen watches it. The
 * players' odds page and the agents' live prices both read a match through it; a test hands it
 * its own client through `renderWithApis` (ADR 0051).
 */
export function useMatchState(matchId: string): MatchState {
  const { marketData: source } = useApis();
  const [state, setState] = useState<MatchState>(() => initialMatchState(matchId));
  useEffect(() => {
    setState(initialMatchState(matchId));
    const subscription = source.watchMatch(matchId).subscribe(setState);
    return () => subscription.unsubscribe();
  }, [source, matchId]);
  return state;
}

/** The live prices' connection beside a match's markets, in the page's language (call at render). */
export function priceConnectionText(status: MatchDataStatus): string {
  return sharedT(`priceConnection.${status}`);
}

/** How the live prices' connection reads beside a match's markets (English; a screen shows priceConnectionText). */
export const PRICE_CONNECTION_TEXT: Record<MatchDataStatus, string> = {
  connecting: 'Connecting to live prices…',
  live: 'Live',
  resyncing: 'Reconnecting to live prices…',
  unavailable: 'No live prices',
};
