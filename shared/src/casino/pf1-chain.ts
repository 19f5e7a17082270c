/**
 * The per-table hash chain that supplies PF-1 server seeds for shared rounds (docs/rules/casino-fairness.md §2.1
 * "Crash-style shared rounds", §2.2 "Shared tables"). From a secret start h_0, h_{k+1} =
 * SHA-256(lowercase hex of h_k). The last element is published as the commitment when the table
 * opens and the chain is played backwards, so each revealed seed hashes to the one revealed before
 * it (round 1's seed hashes to the commitment) and no future seed can be derived from a past one.
 */
import { assertServerSeed, sha256Hex } from './pf1';

function assertLength(length: number): void {
  if (!Number.isSafeInteger(length) || length < 2) throw new Error(`a hash chain has at least 2 elements (a commitment and one round), not ${length}`);
}

/**
 * The whole chain [h_0 = secretStart, h_1, …, h_{length−1} = commitment]. It serves rounds
 * 1 … length−1: round n uses h_{length−1−n}, so the last round uses the secret start itself.
 * Meant for short chains and tests; a long-running table uses `seedAt`.
 */
export async function chainSeeds(secretStart: string, length: number): Promise<string[]> {
  assertServerSeed(secretStart);
  assertLength(length);
  const chain = [secretStart];
  while (chain.length < length) chain.push(await sha256Hex(chain[chain.length - 1]));
  return chain;
}

/**
 * The seed of round `round` (1 … length−1) of the chain that starts at `secretStart` and has
 * `length` elements; round 0 is the commitment. Costs length−1−round hashes.
 */
export async function seedAt(secretStart: string, length: number, round: number): Promise<string> {
  assertServerSeed(secretStart);
  assertLength(length);
  if (!Number.isSafeInteger(round) || round < 0 || round > length - 1) throw new Error(`round ${round} is outside the chain's 0 … ${length - 1}`);
  let seed = secretStart;
  for (let k = 0; k < length - 1 - round; k++) seed = await sha256Hex(seed);
  return seed;
}

/** The chain's commitment (its last element), published when the table opens. */
export function chainCommitment(secretStart: string, length: number): Promise<string> {
  return seedAt(secretStart, length, 0);
}

/**
 * True when `seed` is the link just before `previousSeedOrCommitment`: SHA-256(seed) equals the
 * seed revealed for the previous round, or the commitment for round 1. Both are lowercase hex.
 */
export async function verifyChainLink(seed: string, previousSeedOrCommitment: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(seed) || !/^[0-9a-f]{64}$/.test(previousSeedOrCommitment)) return false;
  return (await sha256Hex(seed)) === previousSeedOrCommitment;
}
