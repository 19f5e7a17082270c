import { useEffect, useState } from 'react';
import { initialMatchState, useApis, type MatchState } from '@backlay/shared';

/**
 * The live image of a match from the page's data connection, for the life of the component:
 * watching starts on mount (or when the match changes) and stops on unmount, which unsubscribes
 * the match on the socket once no other screen watches it.
 */
export function useMatchState(matchId: string): MatchState {
  const { marketData: marketData } = useApis();
  const [state, setState] = useState<MatchState>(() => initialMatchState(matchId));
  useEffect(() => {
    setState(initialMatchState(matchId));
    const subscription = marketData.watchMatch(matchId).subscribe(setState);
    return () => subscription.unsubscribe();
  }, [marketData, matchId]);
  return state;
}
