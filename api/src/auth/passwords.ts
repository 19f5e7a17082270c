/** Password hashing with argon2id (@node-rs/argon2, work done off the event loop). */
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { Argon2Cost } from '../config';

// Algorithm is a const enum in the typings, which isolated-module compilers cannot inline.
const ARGON2ID = 2 as Algorithm;

export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly cost: Argon2Cost) {}

  hash(plain: string): Promise<string> {
    return hash(plain, {
      algorithm: ARGON2ID,
      memoryCost: this.cost.memoryCostKib,
      timeCost: this.cost.timeCost,
      parallelism: this.cost.parallelism,
    });
  }

  /** True when `plain` matches `stored`; false also for a malformed stored hash. */
  async verify(stored: string, plain: string): Promise<boolean> {
    try {
      return await verify(stored, plain);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same work as a real verification and returns false: used for unknown
   * usernames so that response time does not reveal whether an account exists.
   */
  async verifyDummy(plain: string): Promise<false> {
    this.dummyHash ??= this.hash(randomBytes(16).toString('hex'));
    await this.verify(await this.dummyHash, plain);
    return false;
  }
}
