/**
 * Partnership distribution up the hierarchy (docs/rules/money.md §7.9), in integer paise. Pure: the server's
 * settlement and the admin's market analysis use the same function.
 */

/** One agent on a user's path, nearest first, with its cumulative share in basis points (100% = 10000). */
export interface ChainAgent {
  id: string;
  shareBps: number;
}

/** Each agent's P/L from one user's P/L. */
export interface AgentAmount {
  id: string;
  /** The agent's own share in basis points: S(a_i) − S(a_{i−1}). */
  ownShareBps: number;
  amountMinor: number;
}

/** Full share: the root's cumulative share. */
export const FULL_SHARE_BPS = 10_000;

/**
 * Split −(user P/L) over the chain (nearest agent first, root last). Each agent gets
 * −userPnl × ownShare / 100 %, rounded toward zero in paise; the rounding residue goes to the
 * root so the amounts sum to −userPnl exactly (T28).
 * Throws when the chain breaks the rules (child share above its parent's, root ≠ 100 %).
 */
export function distributePartnership(chain: readonly ChainAgent[], userPnlMinor: number): AgentAmount[] {
  if (chain.length === 0) throw new Error('a user has at least one agent above it');
  if (!Number.isSafeInteger(userPnlMinor)) throw new Error('P/L must be an integer number of paise');
  if (chain[chain.length - 1].shareBps !== FULL_SHARE_BPS) throw new Error('the root holds 100 %');
  const total = -userPnlMinor;
  let previous = 0;
  const out: AgentAmount[] = chain.map((agent) => {
    if (agent.shareBps < previous) throw new Error(`share of ${agent.id} is below its child's`);
    const ownShareBps = agent.shareBps - previous;
    previous = agent.shareBps;
    return { id: agent.id, ownShareBps, amountMinor: Math.trunc((total * ownShareBps) / FULL_SHARE_BPS) };
  });
  const residue = total - out.reduce((sum, a) => sum + a.amountMinor, 0);
  out[out.length - 1].amountMinor += residue;
  return out;
}

/** Ref P/L = balance − credit reference (docs/rules/money.md §7.10), paise. */
export function refPnlMinor(balanceMinor: number, creditReferenceMinor: number): number {
  return balanceMinor - creditReferenceMinor;
}

/** Convert a percentage with at most two decimals to basis points. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}
