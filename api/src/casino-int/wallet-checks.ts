/**
 * The player checks of a wallet debit (CW-1 `debit`), in the debit's transaction under the
 * player's wallet lock. ONE call site: the wallet service calls `checkWalletDebit` before it moves
 * money, so every rule about whether a player may stake lands here.
 */
import type { Queryable } from '../db/database';
import { stakeRefusal } from '../responsible-gambling/rg-check';
import { refusalMessage } from '../responsible-gambling/rg-rules';
import { isBetLocked } from '../users/users.repository';
import { isAccountBlocked } from './wallet.repository';

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
 * status) or a betting lock refuses with PLAYER_BLOCKED; so do a time-out and a self-exclusion
 * (responsible gambling, ADR 0019), while its stake and loss limits refuse with LIMIT_EXCEEDED,
 * each with the player-facing words the sports and live-casino refusals use.
 */
export async function checkWalletDebit(client: Queryable, userId: string, amountPaise: bigint): Promise<void> {
  if ((await isAccountBlocked(client, userId)) !== false) throw new WalletRefusal('PLAYER_BLOCKED', 'The player account is locked');
  if (await isBetLocked(client, userId)) throw new WalletRefusal('PLAYER_BLOCKED', 'The player\'s betting is locked');
  const refusal = await stakeRefusal(client, userId, amountPaise);
  if (refusal === null) return;
  const blocksPlayer = refusal.kind === 'SELF_EXCLUDED' || refusal.kind === 'TIME_OUT';
  throw new WalletRefusal(blocksPlayer ? 'PLAYER_BLOCKED' : 'LIMIT_EXCEEDED', refusalMessage(refusal));
}
