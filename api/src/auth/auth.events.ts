/** The events of signing in (common/domain-events.ts): sessions that ended. */
import type {} from '../common/domain-events';

/** Why a session ended (sessions.ended_reason). */
export type SessionEndReason = 'replaced' | 'logout' | 'password_changed' | 'refresh_reuse' | 'locked' | 'password_reset' | 'idle';

declare module '../common/domain-events' {
  interface DomainEventMap {
    /**
     * Sessions of a user ended (a new login, a logout, a lock, a password change or reset);
     * `liveSessionId` is the session that remains, if any. Realtime closes the others' sockets.
     */
    'session.ended': {
      userId: string;
      endedSessionIds: string[];
      liveSessionId: string | null;
      reason: SessionEndReason;
    };
  }
}
