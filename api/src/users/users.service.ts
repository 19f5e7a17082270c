/** Use cases of the hierarchy that step 1 needs: the caller's direct downline. */
import { ROLE_LABELS, type DownlineRow } from '@backlay/shared/contracts';
import type { Database } from '../db/database';
import { paiseToRupees } from '../ledger/money';
import * as repo from './users.repository';

export class UsersService {
  constructor(private readonly db: Database) {}

  /** The caller's direct children, ordered by username. */
  async downline(actorId: string): Promise<DownlineRow[]> {
    const children = await repo.listChildren(this.db, actorId);
    return children.map((child) => ({
      _id: child.id,
      username: child.username,
      role: child.role,
      roleLabel: ROLE_LABELS[child.role],
      status: child.status,
      balance: paiseToRupees(child.balanceMinor),
      exposer: paiseToRupees(child.exposureMinor),
      createdAt: child.createdAt.toISOString(),
    }));
  }
}
