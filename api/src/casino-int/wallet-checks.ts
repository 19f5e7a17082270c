/**
 * The player checks of a wallet debit (CW-1 `debit`), in the debit's transaction under the
 * player's wallet lock. ONE call site: the wallet service calls `checkWalletDebit` before it moves
 * money, so every rule about whether a player may stake lands here.
 */
import type { Queryable } from '../db/database';
import { isBetLocked } from '../users/users.repository';

/** A refusal in CW-1 terms: the wallet answers it as a status (HTTP 200). */
export class WalletRefusal extends Error {
  override readonly name = 'WalletRefusal';
  constructor(
    readonly status: 'PLAYER_BLOCKED' | 'LIMIT_EXCEEDED',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Whether `userId` may stake `amountPaise` now: an account lock (the player's or an ancestor's
 * status) or a betting lock refuses with PLAYER_BLOCKED.
 *
 * INTEGRATION POINT (issue 19 × responsible gambling, branch `rg`): the responsible-gambling
 * stake check (api/src/responsible-gambling) plugs in HERE, at the end of this function, and
 * throws `new WalletRefusal('LIMIT_EXCEEDED', <its message>)` when a limit refuses the stake.
 */
export async function checkWalletDebit(client: Queryable, userId: string, amountPaise: bigint): Promise<void> {
  const { rows } = await client.query<{ blocked: boolean }>(
    `SELECT (u.status <> 'active' OR EXISTS (
               SELECT 1 FROM users anc WHERE anc.id = ANY (u.ancestors) AND anc.status <> 'active')) AS blocked
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (rows[0]?.blocked !== false) throw new WalletRefusal('PLAYER_BLOCKED', 'The player account is locked');
  if (await isBetLocked(client, userId)) throw new WalletRefusal('PLAYER_BLOCKED', 'The player\'s betting is locked');
  // responsible-gambling: the RG stake check of `amountPaise` goes here (see the doc comment).
  void amountPaise;
}
