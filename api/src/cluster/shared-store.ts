/**
 * The short-lived state that every API instance must see alike (ADR 0022): login and
 * transaction-password throttles, two-factor login challenges, the last request of each session.
 * One interface, two homes, chosen once at startup by cluster.ts: in this process's memory when
 * REDIS_URL is unset (one instance), in Redis when it is set (several instances).
 *
 * Entries live `ttlMs`. The memory store measures it on the injected clock, so tests that move
 * the clock see entries expire; Redis measures it on its own clock. Callers that need an exact
 * time (a lock's end) store that time in the value and compare it on their clock: the TTL only
 * frees the memory.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../common/clock';

export interface SharedStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Reads and deletes in one step: of two callers at once, one gets the value (one-use tokens). */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Adds one to a counter (0 when absent or expired) and gives it `ttlMs` more; the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  /**
   * Holds `member`'s place in the set `key` for `ttlMs` and answers how many places are held,
   * its own included, in one step; places past their time are dropped first (so a place of a
   * process that died is freed by time alone).
   */
  hold(key: string, member: string, ttlMs: number): Promise<number>;
  /** Gives `member`'s place in `key` back. */
  unhold(key: string, member: string): Promise<void>;
}

interface Entry {
  value: string;
  expiresMs: number;
}

/** One process's store: a Map in least-recently-written order, bounded, expired on the clock. */
export class MemoryStore implements SharedStore {
  private readonly entries = new Map<string, Entry>();
  /** The sets of `hold`: member → the end of its place (held only while attempts run: small). */
  private readonly places = new Map<string, Map<string, number>>();

  constructor(
    private readonly clock: Clock,
    /** Bound on entries; the least recently written are forgotten first. */
    private readonly maxEntries = 500_000,
  ) {}

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.live(key)?.value ?? null);
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    this.write(key, value, ttlMs);
    return Promise.resolve();
  }

  take(key: string): Promise<string | null> {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return Promise.resolve(value);
  }

  delete(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  increment(key: string, ttlMs: number): Promise<number> {
    const count = Number(this.live(key)?.value ?? '0') + 1;
    this.write(key, String(count), ttlMs);
    return Promise.resolve(count);
  }

  hold(key: string, member: string, ttlMs: number): Promise<number> {
    const now = this.clock.nowMs();
    const places = this.places.get(key) ?? new Map<string, number>();
    for (const [held, untilMs] of places) if (untilMs <= now) places.delete(held);
    places.set(member, now + ttlMs);
    this.places.set(key, places);
    return Promise.resolve(places.size);
  }

  unhold(key: string, member: string): Promise<void> {
    const places = this.places.get(key);
    places?.delete(member);
    if (places?.size === 0) this.places.delete(key);
    return Promise.resolve();
  }

  /** Live entries (tests, metrics). */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresMs > this.clock.nowMs()) return entry;
    this.entries.delete(key);
    return undefined;
  }

  private write(key: string, value: string, ttlMs: number): void {
    // Re-inserted so that the Map's order is the order of writes: eviction takes the oldest.
    this.entries.delete(key);
    this.entries.set(key, { value, expiresMs: this.clock.nowMs() + ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) return;
      this.entries.delete(oldest);
    }
  }
}

/** The store of a cluster: plain Redis keys under the cluster's prefix. */
export class RedisStore implements SharedStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.redis.set(this.prefix + key, value, 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const results = await this.redis
      .multi()
      .incr(this.prefix + key)
      .pexpire(this.prefix + key, Math.max(1, Math.ceil(ttlMs)))
      .exec();
    const [error, count] = results?.[0] ?? [new Error('the increment did not run'), null];
    if (error !== null) throw error;
    return Number(count);
  }

  async hold(key: string, member: string, ttlMs: number): Promise<number> {
    // Scores are the places' ends on this process's clock; the instances' clocks agree to well
    // within a place's lifetime.
    const now = Date.now();
    const ttl = Math.max(1, Math.ceil(ttlMs));
    const results = await this.redis
      .multi()
      .zremrangebyscore(this.prefix + key, '-inf', now)
      .zadd(this.prefix + key, now + ttl, member)
      .pexpire(this.prefix + key, ttl)
      .zcard(this.prefix + key)
      .exec();
    const [error, count] = results?.[3] ?? [new Error('the hold did not run'), null];
    if (error !== null) throw error;
    return Number(count);
  }

  async unhold(key: string, member: string): Promise<void> {
    await this.redis.zrem(this.prefix + key, member);
  }
}
