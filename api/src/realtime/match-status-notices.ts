/**
 * Which match status changes every player page is told of (issue 33, ADR 0058): the match lists
 * (home, in-play, a sport's list) show a match that ends as Finished at once, and one that starts
 * as In-play, without waiting for their next fetch.
 *
 * The feed ingest's `catalog.matchChanged` carries the stored status of every match the feed
 * touched, at every tick the match changed: most of them repeat what the last one said. This
 * remembers the last status per match and answers only a change; a match first seen closed (an
 * instance that took over the ingest, or a match the feed closed as vanished) is answered too,
 * since nothing says the pages know it. A page that hears a status twice shows the same thing.
 */
import type { SocketMatchStatusPayload } from '@backlay/shared/contracts';

type MatchStatus = SocketMatchStatusPayload['status'];

/** Matches remembered at most: past it the memory starts again (a repeat notice is harmless). */
export const MATCH_STATUS_MEMORY = 20_000;

export class MatchStatusNotices {
  private readonly last = new Map<string, MatchStatus>();

  /** The notice for a match's status as the feed stored it now, or null when the pages know it. */
  noticeOf(matchId: string, status: MatchStatus | undefined): SocketMatchStatusPayload | null {
    if (status === undefined) return null;
    const before = this.last.get(matchId);
    if (before === status) return null;
    if (this.last.size >= MATCH_STATUS_MEMORY && before === undefined) this.last.clear();
    this.last.set(matchId, status);
    return before !== undefined || status === 'closed' ? { matchId, status } : null;
  }
}
