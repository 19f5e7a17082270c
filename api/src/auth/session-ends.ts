/**
 * How another domain ends sessions, inside its own transaction: an agent's lock ends the
 * sessions of the account and of its whole downline, a password reset those of the account.
 * Their refresh tokens are revoked with them, and after commit one `session.ended` per user
 * tells realtime to close the sockets. The per-request check refuses the sessions from then on.
 */
import type { DomainEvents } from '../common/domain-events';
import type { Tx } from '../db/database';
import type { SessionEndReason } from './auth.events';
import { endLiveSessions, endLiveSessionsOfSubtree, revokeRefreshTokensOfSessions } from './auth.repository';

/** Ends the live sessions of `rootUserId` and of every account below it; returns how many. */
export async function endSessionsOfSubtree(tx: Tx, events: DomainEvents, rootUserId: string, reason: SessionEndReason): Promise<number> {
  const ended = await endLiveSessionsOfSubtree(tx, rootUserId, reason);
  await revokeRefreshTokensOfSessions(
    tx,
    ended.map((session) => session.id),
  );
  publishAfterCommit(tx, events, ended, reason);
  return ended.length;
}

/** Ends every live session of one account; returns how many. */
export async function endSessionsOfUser(tx: Tx, events: DomainEvents, userId: string, reason: SessionEndReason): Promise<number> {
  const endedIds = await endLiveSessions(tx, userId, reason, null);
  await revokeRefreshTokensOfSessions(tx, endedIds);
  publishAfterCommit(
    tx,
    events,
    endedIds.map((id) => ({ id, userId })),
    reason,
  );
  return endedIds.length;
}

function publishAfterCommit(tx: Tx, events: DomainEvents, ended: ReadonlyArray<{ id: string; userId: string }>, reason: SessionEndReason): void {
  const byUser = new Map<string, string[]>();
  for (const session of ended) byUser.set(session.userId, [...(byUser.get(session.userId) ?? []), session.id]);
  tx.afterCommit(() => {
    for (const [userId, endedSessionIds] of byUser) events.publish('session.ended', { userId, endedSessionIds, liveSessionId: null, reason });
  });
}
