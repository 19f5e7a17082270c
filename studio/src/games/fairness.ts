/**
 * The player's PF-1 seed pair at the studio (docs/rules/casino-fairness.md §2.1, Stake's model): a server seed the
 * player sees only as its SHA-256 until they rotate, a client seed they may edit, and a nonce that
 * grows by one per bet. Rotating reveals the old server seed (so every past round can be checked)
 * and commits to a new one. One pair per player, shared by the three games.
 */
import { randomBytes } from 'node:crypto';
import { serverSeedHash } from '@backlay/shared/casino';

export interface SeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next bet uses. */
  nonce: number;
}

/** A client seed: 1–64 printable ASCII characters, so it reads the same wherever it is pasted. */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;
export function isClientSeed(value: unknown): value is string {
  return typeof value === 'string' && CLIENT_SEED.test(value);
}

export function newServerSeed(): string {
  return randomBytes(32).toString('hex');
}

export async function newSeedPair(clientSeed: string = randomBytes(8).toString('hex')): Promise<SeedPair> {
  const serverSeed = newServerSeed();
  return { serverSeed, serverSeedHash: await serverSeedHash(serverSeed), clientSeed, nonce: 0 };
}
