/**
 * The one server-side check of responsible gambling (ADR 0019), for every money-in-play path:
 * call it inside the transaction that writes the stake, debit or deposit, after locking the
 * player's wallet row, so the check cannot race with the write. It is one query; a player with
 * no limits and no exclusion (ledger_accounts.rg_active false) costs only the flag's read.
 *
 * Bet placement (sports and live casino) runs the same SQL function, `rg_refusal`, inside its
 * one database call (place_runner_bet.sql, place_fancy_bet_checked.sql) and throws the same
 * RgRefusalError through `placementRefusalError`.
 */
import type { Queryable } from '../db/database';
import { depositRefusalOf, stakeRefusalOf } from './responsible-gambling.repository';
import { refusalOf, RgRefusalError, type RawRefusal, type RgRefusal } from './rg-rules';

export { RgRefusalError, type RgRefusal } from './rg-rules';

/**
 * The refusal of a stake (or a game wallet's debit) of `stakeMinor` by `userId`, or null. The
 * stake limit compares `stakeMinor`; the loss limits add the wallet's exposure to it (what is at
 * risk) to the net loss of settled play in each window.
 */
export async function stakeRefusal(q: Queryable, userId: string, stakeMinor: bigint): Promise<RgRefusal | null> {
  const raw = await stakeRefusalOf(q, userId, stakeMinor);
  return raw === null ? null : refusalOf(raw);
}

/** Throws RgRefusalError (code = kind) when the stake or debit is refused. */
export async function assertMayStake(q: Queryable, userId: string, stakeMinor: bigint): Promise<void> {
  const refusal = await stakeRefusal(q, userId, stakeMinor);
  if (refusal !== null) throw new RgRefusalError(refusal);
}

/**
 * Throws RgRefusalError when a deposit of `amountMinor` to `userId` is refused (an exclusion, or a
 * deposit limit). `alreadyRecorded`: the id of the deposit's own row when it is written already (the
 * payment request being approved, or the CHIP_DEPOSIT journal just posted), so it is not counted twice.
 */
export async function assertMayDeposit(q: Queryable, userId: string, amountMinor: bigint, alreadyRecorded: string | null = null): Promise<void> {
  const raw = await depositRefusalOf(q, userId, amountMinor, alreadyRecorded);
  if (raw !== null) throw new RgRefusalError(refusalOf(raw));
}

/** The RgRefusalError of the refusal a placement function returned in its `detail.rg`. */
export function placementRefusalError(raw: RawRefusal): RgRefusalError {
  return new RgRefusalError(refusalOf(raw));
}
