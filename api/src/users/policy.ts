/**
 * Authorization of the hierarchy: the one place that decides whether an agent may act on a
 * user. It always reads the hierarchy from the database (never from a token), so a move or a
 * lock applies on the very next request (QUALITY T9).
 */
import type { Database, Queryable } from '../db/database';
import { hasAncestor } from './users.repository';

export class UsersPolicy {
  constructor(private readonly db: Database) {}

  /**
   * True when `targetId` is below `actorId` in the hierarchy (a child, grandchild, …). A user
   * is not in its own downline.
   */
  isInDownline(actorId: string, targetId: string, q: Queryable = this.db): Promise<boolean> {
    if (actorId === targetId) return Promise.resolve(false);
    return hasAncestor(q, targetId, actorId);
  }
}
